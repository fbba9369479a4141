"""What each viewer sees, and which games are listed where."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from pbem.services import games, orders, queries, views
from pbem.services.errors import NotFound


def test_player_sees_their_seat_owed_decision_and_legal_orders(
    session: Session, game, users
) -> None:
    page = views.game_view(session, game_id=game.id, user_id=users["rita"].id)
    assert page["seat"] == "red" and page["my_seats"] == ["red"]
    assert page["my_owed"][0]["kind"] == "move"
    assert {"type": "roll"} in page["legal"]["orders"]
    assert page["view"]["pos"] == {"red": 0, "blue": 0}
    assert [(s["id"], s["user_name"], s["owes"]) for s in page["seats"]] == [
        ("red", "Rita", True),
        ("blue", "Bruno", False),
    ]
    other = views.game_view(session, game_id=game.id, user_id=users["bruno"].id)
    assert other["seat"] == "blue" and other["my_owed"] == [] and other["legal"] is None


def test_public_game_gives_non_members_the_spectator_view(session: Session, game, users) -> None:
    page = views.game_view(session, game_id=game.id, user_id=users["carla"].id)
    assert page["seat"] is None and page["my_owed"] == [] and page["view"] is not None
    anonymous = views.game_view(session, game_id=game.id, user_id=None)
    assert anonymous["last_seq"] == game.last_seq


def test_private_game_is_invisible_to_non_members(session: Session, make_game, users) -> None:
    game = make_game(visibility="private")
    for outsider in (users["carla"].id, None):
        with pytest.raises(NotFound) as err:
            views.game_view(session, game_id=game.id, user_id=outsider)
        assert err.value.status == 404
        assert not queries.visible(session, game, outsider)
    assert views.game_view(session, game_id=game.id, user_id=users["olga"].id)["is_organiser"]
    assert views.game_view(session, game_id=game.id, user_id=users["rita"].id)["seat"] == "red"
    assert game.id not in [g["game"].id for g in queries.open_games(session)]


def test_view_after_orders_reflects_events_past_the_snapshot(session: Session, game, users) -> None:
    orders.submit_order(
        session,
        game_id=game.id,
        user_id=users["rita"].id,
        seat="red",
        order={"type": "step", "n": 3},
        expected_seq=game.last_seq,
    )
    page = views.game_view(session, game_id=game.id, user_id=users["carla"].id)
    assert page["view"]["pos"]["red"] == 3 and page["last_seq"] == game.last_seq


def test_my_games_lists_games_owing_my_decision_first(session: Session, make_game, users) -> None:
    waiting = make_game()  # red (Rita) owes
    orders.submit_order(
        session,
        game_id=waiting.id,
        user_id=users["rita"].id,
        seat="red",
        order={"type": "end"},
        expected_seq=waiting.last_seq,
    )  # blue owes now
    owing = make_game()
    mine = queries.my_games(session, users["bruno"].id)
    assert [g["game"].id for g in mine] == [waiting.id, owing.id]
    assert mine[0]["owed"] == ["blue"] and mine[1]["owed"] == []
    rita = queries.my_games(session, users["rita"].id)
    assert [g["game"].id for g in rita] == [owing.id, waiting.id]


def test_open_games_are_public_forming_with_a_free_seat(session: Session, make_game, users) -> None:
    forming = make_game(start=False)
    full = make_game(start=False)
    for user, seat in (("rita", "red"), ("bruno", "blue")):
        games.join_game(session, game_id=full.id, user_id=users[user].id, seat=seat)
    make_game()  # started
    listed = queries.open_games(session)
    assert [g["game"].id for g in listed] == [forming.id]
    assert [s["id"] for s in listed[0]["free_seats"]] == ["red", "blue"]


def test_my_games_of_a_user_without_games_is_empty(session: Session, game, users) -> None:
    assert queries.my_games(session, users["carla"].id) == []
    organised = queries.my_games(session, users["olga"].id)
    assert [(g["game"].id, g["seats"], g["owed"]) for g in organised] == [(game.id, [], [])]
