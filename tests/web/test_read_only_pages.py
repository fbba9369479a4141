"""Pages that only read (the game page, its board and history) open a read-only session.

On PostgreSQL its statements run without a transaction (no ``BEGIN``/``ROLLBACK`` round trips:
issue 11's page throughput); on every database it refuses to write, and a position is the one
the game row it was read with names, even when an order lands between the two reads.
"""

from __future__ import annotations

import pickle

import psycopg
import pytest
from sqlmodel import Session

from pbem.services import orders as order_service
from pbem.services import views
from pbem.store import snapshots
from pbem.store.db import READ_ONLY, ReadOnlySession, begin_write
from pbem.store.models.accounts import User
from pbem.store.models.games import Game
from pbem.web.db import db_session, get_engine
from tests.web.test_play import as_user, last_seq, race_game

READ_ONLY_PAGES = ("/games/{id}", "/games/{id}/history", "/games/{id}/board.svg")


def _order(app, game_id, user, n=1):
    with Session(get_engine(app)) as other:
        order_service.submit_order(other, game_id=game_id, user_id=user.id, seat="red",
                                   order={"type": "step", "n": n}, expected_seq=last_seq(app, game_id))


@pytest.mark.parametrize("page", READ_ONLY_PAGES)
def test_a_page_that_reads_gets_a_read_only_session(app, user_factory, page):
    game_id, _red, _blue = race_game(app, user_factory)
    with app.test_request_context(page.format(id=game_id), method="GET"):
        assert db_session().info.get(READ_ONLY) is True


@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_the_same_address_written_to_keeps_a_transaction(app, user_factory, method):
    """A refused order renders the game page again from a POST: that request may write."""
    game_id, _red, _blue = race_game(app, user_factory)
    with app.test_request_context(f"/games/{game_id}/orders", method=method):
        assert not db_session().info.get(READ_ONLY)
    with app.test_request_context(f"/games/{game_id}", method="POST"):
        assert not db_session().info.get(READ_ONLY)


def test_a_read_only_session_refuses_to_write(app, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    with app.test_request_context(f"/games/{game_id}", method="GET"):
        session = db_session()
        with pytest.raises(ReadOnlySession):
            begin_write(session)
        user = session.get(User, red.id)
        assert user is not None
        user.display_name = "Changed"
        with pytest.raises(ReadOnlySession):
            session.flush()
        session.rollback()
    with Session(get_engine(app)) as check:
        assert check.get(User, red.id).display_name == "Rosa"


def test_a_read_only_session_opens_no_transaction_on_postgresql(app, user_factory):
    """PostgreSQL: after a read the connection is idle (no ``BEGIN`` was sent, so no ``ROLLBACK``
    is owed). SQLite: the read-only session uses the site's own engine (its reads make no round
    trips and its connections issue their own ``BEGIN``)."""
    game_id, _red, _blue = race_game(app, user_factory)
    with app.test_request_context(f"/games/{game_id}", method="GET"):
        session = db_session()
        session.get(Game, game_id)
        dbapi = session.connection().connection.dbapi_connection
        if get_engine(app).dialect.name == "sqlite":
            assert session.get_bind().engine is get_engine(app)
        else:
            assert dbapi.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
    with app.test_request_context(f"/games/{game_id}/orders", method="POST"):
        session = db_session()
        session.get(Game, game_id)
        if get_engine(app).dialect.name != "sqlite":
            dbapi = session.connection().connection.dbapi_connection
            assert dbapi.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS


@pytest.mark.parametrize("page", READ_ONLY_PAGES)
def test_read_only_pages_still_render_for_a_player(app, client, user_factory, page):
    game_id, red, _blue = race_game(app, user_factory)
    _order(app, game_id, red)
    as_user(client, red)
    response = client.get(page.format(id=game_id))
    assert response.status_code in (200, 404)  # the race game has no board: 404, never a 500
    if page == "/games/{id}":
        assert response.status_code == 200
        assert "Rosa" in response.get_data(as_text=True)


def test_a_position_is_the_one_its_game_row_names_when_an_order_lands_between_the_reads(app, user_factory):
    """The page reads the game row, then the events: an order stored in between must not make the
    position (kept under the row's seq) one event ahead of it."""
    game_id, red, _blue = race_game(app, user_factory)
    with Session(get_engine(app), expire_on_commit=False) as reader:
        row = reader.get(Game, game_id)
        seen = row.last_seq
        before = snapshots.load_game(reader, row).view("red")
        _order(app, game_id, red)  # another request's order lands
        reader.commit()  # the next statement sees it (PostgreSQL's READ COMMITTED does so anyway)
        landed = last_seq(app, game_id)
        assert landed > seen
        assert snapshots.load_game(reader, row, at_last_seq=True).seq == seen
        after = snapshots.load_game(reader, row)  # the writer's reading (under the lock): the whole log
        assert after.seq == landed and after.view("red") != before
        views.POSITIONS.clear()
        position = views._position(reader, row, (seen, "head"), "red")
    assert pickle.loads(position["answers"])["view"] == before


def test_a_read_only_page_that_meets_a_busy_database_reads_again(app, client, user_factory, monkeypatch):
    """SQLite runs a request that met "database is locked" again; a page that only reads runs
    again as a reader (it never asks for the write lock). PostgreSQL answers 503, try again."""
    from sqlalchemy.exc import OperationalError

    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    real, calls = views.game_view, []

    def locked_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("SELECT", {}, Exception("database is locked"))
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "game_view", locked_once)
    page = client.get(f"/games/{game_id}")
    if get_engine(app).dialect.name == "sqlite":
        assert page.status_code == 200 and "Rosa" in page.get_data(as_text=True)
        assert len(calls) >= 2
    else:
        assert page.status_code == 503 and "try again" in page.get_data(as_text=True)
