"""Helpers for notification tests: race games with deadlines, read-back of outbox rows."""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, select

from pbem.services import games
from pbem.services.orders import submit_order
from pbem.store.models.accounts import User
from pbem.store.models.games import Event, Game
from pbem.store.models.outbox import GameNotifySettings, OutboxMessage

T0 = datetime(2026, 1, 12, 18, 0, tzinfo=UTC)


def add_user(session: Session, name: str, **fields: Any) -> User:
    user = User(email=f"{name}@example.org", display_name=name.title(), password_hash="-",
                **fields)
    session.add(user)
    session.commit()
    return user


def start_race(session: Session, users: dict[str, User], *, now: datetime = T0,
               hours: int | None = 48, settings: dict[str, Any] | None = None,
               goal: int = 30) -> Game:
    """Olga organises; Rita is red (moves first), Bruno blue. Started at ``now``."""
    game = games.create_game(session, organiser_id=users["olga"].id, ruleset_key="race",
                             title="Friday race", options={"goal": goal}, deadline_hours=hours)
    if settings is not None:
        session.add(GameNotifySettings(game_id=game.id, **settings))
        session.commit()
    games.join_game(session, game_id=game.id, user_id=users["rita"].id, seat="red",
                    invite_token=game.invite_token)
    games.join_game(session, game_id=game.id, user_id=users["bruno"].id, seat="blue",
                    invite_token=game.invite_token)
    games.start_game(session, game_id=game.id, user_id=users["olga"].id, now=now)
    return game


def play(session: Session, game: Game, user: User, seat: str, order: dict[str, Any],
         now: datetime) -> None:
    session.refresh(game)
    submit_order(session, game_id=game.id, user_id=user.id, seat=seat, order=order,
                 expected_seq=game.last_seq, now=now)


def rows(session: Session, kind: str | None = None) -> list[OutboxMessage]:
    session.commit()  # end the read transaction: see what other sessions committed
    session.expire_all()
    query = select(OutboxMessage).order_by(OutboxMessage.id)  # type: ignore[arg-type]
    if kind is not None:
        query = query.where(OutboxMessage.kind == kind)
    return list(session.exec(query))


def context(row: OutboxMessage) -> dict[str, Any]:
    return json.loads(row.context)


def events(session: Session, game: Game, prefix: str = "") -> list[dict[str, Any]]:
    session.commit()  # end the read transaction: see what other sessions committed
    session.expire_all()
    found = session.exec(select(Event).where(Event.game_id == game.id).order_by(Event.seq))
    return [{"seq": e.seq, "seat": e.seat, "type": e.type, "payload": json.loads(e.payload)}
            for e in found if e.type.startswith(prefix)]


def factory(engine: Engine):  # type: ignore[no-untyped-def]
    def make() -> AbstractContextManager[Session]:
        return Session(engine, expire_on_commit=False)

    return make
