"""The server's dice source for a stored game (docs/dice.md).

``dice_for(session, game_row)`` returns a :class:`ServerDice`: secret seeds made
with :mod:`secrets`, kept in the ``dice_seed`` table (never shown before their
period is revealed), the period bookkeeping and the derivation of
:mod:`pbem.engine.dice`. New seed rows are added to the caller's session and
commit or roll back with the events that commit to them.

A game loaded later (another request, another process) gets a new source bound
to the log's dice meta and continues with the seeds already committed. A game
imported from an export has no stored seeds for its open periods: it can be
read and verified, but it cannot roll again (:class:`DiceUnavailable`).
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from sqlmodel import Session, select

from pbem.engine.dice import CommitRevealDice, commitment
from pbem.services.errors import Conflict
from pbem.store.models.dice import DiceSeed
from pbem.store.models.games import Game, utcnow


class DiceUnavailable(Conflict):
    """The seed a committed period needs is not stored on this server."""


class ServerDice(CommitRevealDice):
    """Commit-and-reveal dice whose seeds live in the database."""

    def __init__(self, session: Session, game_id: int) -> None:
        super().__init__(str(game_id))
        self.session = session
        self.row_game_id = game_id
        self.commitments: dict[int, str] = {}
        self.revealed_seeds: dict[int, str] = {}
        self._rows: dict[int, DiceSeed] = {}

    def bind(self, dice_meta: dict[str, Any]) -> None:
        super().bind(dice_meta)
        self.commitments = {int(k): v for k, v in dice_meta.get("commitments", {}).items()}
        self.revealed_seeds = {int(k): v["seed"] for k, v in dice_meta.get("revealed", {}).items()}

    def _row(self, period: int) -> DiceSeed | None:
        row = self._rows.get(period)
        if row is None:
            row = self.session.exec(
                select(DiceSeed).where(
                    DiceSeed.game_id == self.row_game_id, DiceSeed.period == period
                )
            ).first()
            if row is not None:
                self._rows[period] = row
        return row

    def seed_for(self, period: int) -> str:
        if period in self.revealed_seeds:
            return self.revealed_seeds[period]
        row = self._row(period)
        logged = self.commitments.get(period)
        if row is None:
            if logged is not None:
                raise DiceUnavailable(
                    f"The dice seed of period {period} of this game is not on this server "
                    "(an imported game cannot roll dice)."
                )
            row = DiceSeed(
                game_id=self.row_game_id,
                period=period,
                seed=(seed := secrets.token_hex(32)),
                commitment=commitment(seed),
            )
            self.session.add(row)
            self._rows[period] = row
        elif logged is not None and not hmac.compare_digest(row.commitment, logged):
            raise DiceUnavailable(
                f"The stored dice seed of period {period} does not match its commitment."
            )
        return row.seed

    def on_reveal(self, period: int) -> None:
        row = self._row(period)
        if row is not None and row.revealed_at is None:
            row.revealed_at = utcnow()
            self.session.add(row)


def dice_for(session: Session, game_row: Game) -> ServerDice:
    """The dice source of a stored game (its row must have an id)."""
    if game_row.id is None:
        raise ValueError("the game row has no id yet")
    return ServerDice(session, game_row.id)
