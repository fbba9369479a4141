"""A view's earlier reads must not make its order fail when another game was written meanwhile."""

from __future__ import annotations

from sqlmodel import Session

from pbem.services import games as game_service
from pbem.services import orders as order_service
from pbem.store.models.accounts import User
from pbem.web.api_session import write_session
from pbem.web.db import db_session, get_engine
from tests.web.test_play import last_seq, race_game


def _order_elsewhere(app, game_id, user):
    with Session(get_engine(app)) as other:
        order_service.submit_order(other, game_id=game_id, user_id=user.id, seat="red",
                                   order={"type": "step", "n": 1},
                                   expected_seq=last_seq(app, game_id))


def test_order_succeeds_when_another_game_was_written_since_the_request_read(app, user_factory):
    game_a, red_a, _blue_a = race_game(app, user_factory)
    game_b, red_b, _blue_b = race_game(app, user_factory)
    with app.test_request_context(f"/games/{game_a}/orders", method="POST"):
        db_session().get(User, red_a.id)  # the request has read: a transaction is open
        _order_elsewhere(app, game_b, red_b)  # another club's order is stored meanwhile
        result = order_service.submit_order(write_session(), game_id=game_a, user_id=red_a.id,
                                            seat="red", order={"type": "step", "n": 2},
                                            expected_seq=last_seq(app, game_a))
    assert result.last_seq == last_seq(app, game_a)


def test_new_game_succeeds_when_another_game_was_written_since_the_request_read(app,
                                                                                user_factory):
    _game_b, red_b, _blue_b = race_game(app, user_factory)
    organiser = user_factory()
    with app.test_request_context("/games/new", method="POST"):
        db_session().get(User, organiser.id)
        _order_elsewhere(app, _game_b, red_b)
        game = game_service.create_game(write_session(), organiser_id=organiser.id,
                                        ruleset_key="race", title="Nuova", options={})
    assert game.id is not None
