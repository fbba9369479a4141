"""``battle_odds``: the pre-battle odds of each battle a game opened, and how lucky it was
(docs/odds.md, "Odds in the record").

A side table keyed by ``(game_id, seq)``, ``seq`` the event that opened the battle: the event log
itself is unchanged (its hash chain, replay and export stay as they were), and every row can be
worked out again from the log (the odds are a pure function of the public position then).
``record`` is the ruleset's JSON (``Ruleset.battle_odds``); ``end_seq`` and ``percentile`` are set
when the battle ends (``Ruleset.battle_luck``: 0.5 is average luck for the attacker).
"""

from __future__ import annotations

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel


class BattleOdds(SQLModel, table=True):
    __tablename__ = "battle_odds"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_battle_odds_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int  # the event that opened the battle
    place: str = Field(max_length=80)
    attacker: str = Field(max_length=40)  # the attacking seat
    record: str = Field(sa_column=Column(Text, nullable=False))  # canonical JSON
    end_seq: int | None = Field(default=None)
    percentile: float | None = Field(default=None)
