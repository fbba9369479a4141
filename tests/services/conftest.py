"""Users and games for the service tests (the ``race`` ruleset: seats red and blue)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlmodel import Session

from pbem.services import games
from pbem.store.models.accounts import User
from pbem.store.models.games import Game, utcnow


def add_user(session: Session, name: str) -> User:
    user = User(
        email=f"{name}@example.org",
        display_name=name.title(),
        password_hash="-",
        created_at=utcnow(),
    )
    session.add(user)
    session.commit()
    return user


@pytest.fixture
def users(session: Session) -> dict[str, User]:
    return {n: add_user(session, n) for n in ("olga", "rita", "bruno", "carla")}


@pytest.fixture
def make_game(session: Session, users: dict[str, User]) -> Callable[..., Game]:
    """A race game organised by Olga; ``start`` seats Rita (red) and Bruno (blue) and starts."""

    def make(start: bool = True, visibility: str = "public", **options: Any) -> Game:
        game = games.create_game(
            session,
            organiser_id=users["olga"].id,
            ruleset_key="race",
            title="Friday race",
            options=options or {"goal": 30},
            visibility=visibility,
        )
        if start:
            token = game.invite_token
            games.join_game(
                session, game_id=game.id, user_id=users["rita"].id, seat="red", invite_token=token
            )
            games.join_game(
                session, game_id=game.id, user_id=users["bruno"].id, seat="blue", invite_token=token
            )
            games.start_game(session, game_id=game.id, user_id=users["olga"].id)
        return game

    return make


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game()
