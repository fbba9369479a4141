"""A game's life: create, join (invite, multi-seat rule), start, pause, replace, leave, deadline."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session

from pbem.engine import register
from pbem.engine.registry import unregister
from pbem.services import games
from pbem.services.common import holders
from pbem.services.errors import BadRequest, Conflict, Forbidden, NotFound
from pbem.store import events as log
from pbem.store.models.games import Game
from tests.rulesets.race import Race

T0 = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)


class SideRace(Race):
    """Race with two seats on the red side: a player may hold both of them ("side")."""

    key = "race_sides"
    multi_seat = "side"

    def seats(self, options):
        return [
            {"id": "red", "name": "Red", "side": "reds"},
            {"id": "pink", "name": "Pink", "side": "reds"},
            {"id": "blue", "name": "Blue", "side": "blues"},
        ]


@pytest.fixture
def side_ruleset():
    register("race_sides", SideRace)
    yield
    unregister("race_sides")


def join(session, game, user, seat, token=None):
    return games.join_game(session, game_id=game.id, user_id=user.id, seat=seat, invite_token=token)


def test_create_validates_options_through_the_ruleset(session: Session, users) -> None:
    with pytest.raises(BadRequest) as err:
        games.create_game(
            session,
            organiser_id=users["olga"].id,
            ruleset_key="race",
            title="x",
            options={"goal": 2},
        )
    assert err.value.status == 400 and "goal" in err.value.message
    assert "ENGINE-OPT-2" in err.value.message
    with pytest.raises(BadRequest, match="no game type"):
        games.create_game(
            session, organiser_id=users["olga"].id, ruleset_key="chess", title="x", options={}
        )
    with pytest.raises(BadRequest, match="title"):
        games.create_game(
            session, organiser_id=users["olga"].id, ruleset_key="race", title="  ", options={}
        )
    game = games.create_game(
        session, organiser_id=users["olga"].id, ruleset_key="race", title="Ok", options={}
    )
    assert json.loads(game.options) == {"goal": 30} and game.status == "forming"
    assert game.ruleset_version == "1" and game.invite_token is None


def test_private_game_needs_the_invite_token(session: Session, make_game, users) -> None:
    game = make_game(start=False, visibility="private")
    assert game.invite_token
    with pytest.raises(Forbidden, match="invitation"):
        join(session, game, users["rita"], "red")
    with pytest.raises(Forbidden):
        join(session, game, users["rita"], "red", token="wrong")
    join(session, game, users["rita"], "red", token=game.invite_token)
    assert holders(session, game.id)["red"].user_id == users["rita"].id


def test_taken_or_unknown_seat_is_refused(session: Session, make_game, users) -> None:
    game = make_game(start=False)
    join(session, game, users["rita"], "red")
    with pytest.raises(Conflict, match="already taken"):
        join(session, game, users["bruno"], "red")
    with pytest.raises(BadRequest, match="no seat 'green'"):
        join(session, game, users["bruno"], "green")
    with pytest.raises(NotFound):
        games.join_game(session, game_id=9999, user_id=users["bruno"].id, seat="red")


def test_multi_seat_none_refuses_a_second_seat(session: Session, make_game, users) -> None:
    game = make_game(start=False)
    join(session, game, users["rita"], "red")
    with pytest.raises(Conflict, match="only one seat"):
        join(session, game, users["rita"], "blue")


def test_multi_seat_side_allows_seats_of_one_side_only(
    session: Session, users, side_ruleset
) -> None:
    game = games.create_game(
        session, organiser_id=users["olga"].id, ruleset_key="race_sides", title="Sides", options={}
    )
    join(session, game, users["rita"], "red")
    join(session, game, users["rita"], "pink")
    with pytest.raises(Conflict, match="only on one side"):
        join(session, game, users["rita"], "blue")


def test_only_the_organiser_starts_and_only_with_every_seat_held(
    session: Session, make_game, users
) -> None:
    game = make_game(start=False)
    join(session, game, users["rita"], "red")
    with pytest.raises(Forbidden):
        games.start_game(session, game_id=game.id, user_id=users["rita"].id)
    with pytest.raises(Conflict, match="free: Blue"):
        games.start_game(session, game_id=game.id, user_id=users["olga"].id)
    assert session.get(Game, game.id).status == "forming" and not log.load(session, game.id)
    join(session, game, users["bruno"], "blue")
    games.start_game(session, game_id=game.id, user_id=users["olga"].id)
    with pytest.raises(Conflict, match="already started"):
        games.start_game(session, game_id=game.id, user_id=users["olga"].id)


def test_replacing_a_player_is_logged_and_organiser_only(
    session: Session, game: Game, users
) -> None:
    with pytest.raises(Forbidden):
        games.replace_player(
            session,
            game_id=game.id,
            user_id=users["rita"].id,
            seat="red",
            new_user_id=users["carla"].id,
        )
    games.replace_player(
        session,
        game_id=game.id,
        user_id=users["olga"].id,
        seat="red",
        new_user_id=users["carla"].id,
    )
    last = log.load(session, game.id)[-1]
    assert last["type"] == "seat.replaced"
    assert last["payload"] == {
        "seat": "red",
        "user": users["carla"].id,
        "name": "Carla",
        "previous": users["rita"].id,
    }
    assert holders(session, game.id)["red"].user_id == users["carla"].id


def test_leaving_after_the_start_is_logged_and_the_seat_can_be_refilled(
    session: Session, game: Game, users
) -> None:
    with pytest.raises(Forbidden):
        games.leave_seat(session, game_id=game.id, user_id=users["carla"].id, seat="red")
    games.leave_seat(session, game_id=game.id, user_id=users["rita"].id, seat="red")
    assert log.load(session, game.id)[-1]["type"] == "seat.left"
    assert "red" not in holders(session, game.id)
    join(session, game, users["carla"], "red")
    last = log.load(session, game.id)[-1]
    assert (last["type"], last["payload"]["user"]) == ("seat.joined", users["carla"].id)


def test_pause_and_resume_are_logged_and_organiser_only(
    session: Session, game: Game, users
) -> None:
    with pytest.raises(Forbidden):
        games.pause_game(session, game_id=game.id, user_id=users["rita"].id)
    games.pause_game(session, game_id=game.id, user_id=users["olga"].id)
    with pytest.raises(Conflict):
        games.pause_game(session, game_id=game.id, user_id=users["olga"].id)
    games.resume_game(session, game_id=game.id, user_id=users["olga"].id)
    types = [e["type"] for e in log.load(session, game.id)[-2:]]
    assert types == ["game.paused", "game.resumed"]


def test_set_deadline_sets_the_next_deadline(session: Session, game: Game, users) -> None:
    with pytest.raises(BadRequest, match="between 1 and"):
        games.set_deadline(session, game_id=game.id, user_id=users["olga"].id, hours=0)
    row = games.set_deadline(session, game_id=game.id, user_id=users["olga"].id, hours=48, now=T0)
    assert row.deadline_hours == 48 and row.deadline_at == T0 + timedelta(hours=48)
    with pytest.raises(Forbidden):
        games.set_deadline(session, game_id=game.id, user_id=users["rita"].id, hours=5)
