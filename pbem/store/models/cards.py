"""Documents players bring to their games: the files a ruleset takes into its starting position
(option type ``file`` in ``Ruleset.options_schema``, e.g. Airwar Pacific!'s card list and decks).

``PlayerFile`` keeps a player's uploaded files in their profile for reuse; ``GameSetup`` holds the
starting position a forming game will start from (built from the chosen files when the game was
created). Bodies are JSON TEXT written with ``canonical_json``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from pbem.timeutil import utcnow


class PlayerFile(SQLModel, table=True):
    """One file of a player's library: a JSON document for one file option of one ruleset."""

    __tablename__ = "player_file"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    ruleset_key: str = Field(max_length=40)
    #: the file option's name in ``options_schema`` (``card_list``, ``decks``...)
    kind: str = Field(max_length=40)
    name: str = Field(max_length=200)
    body: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


class GameSetup(SQLModel, table=True):
    """The starting position of a forming game built from uploaded files (used by ``start_game``)."""

    __tablename__ = "game_setup"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    position: str = Field(sa_column=Column(Text, nullable=False))
