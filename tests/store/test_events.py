"""The append-only, hash-chained event log (docs/event-log.md)."""

from __future__ import annotations

import hashlib
import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import update
from sqlmodel import Session, select

from pbem.engine.events import canonical_json
from pbem.store import events as log
from pbem.store.errors import SeqConflict
from pbem.store.models.accounts import User
from pbem.store.models.games import Event, Game, utcnow

T0 = datetime(2026, 11, 21, 18, 30, 15, 123456, tzinfo=UTC)


def ev(seat: str | None, type_: str, **payload: object) -> dict:
    return {"seat": seat, "type": type_, "v": 1, "payload": payload}


@pytest.fixture
def game_id(session: Session) -> int:
    user = User(email="o@example.org", display_name="O", password_hash="-", created_at=utcnow())
    session.add(user)
    session.commit()
    game = Game(ruleset_key="race", ruleset_version="1", title="t", organiser_id=user.id)
    session.add(game)
    session.commit()
    return game.id


def test_append_numbers_events_and_chains_hashes(session: Session, game_id: int) -> None:
    log.append(
        session, game_id, 0, [ev(None, "game.created", a=1), ev("red", "order", n="è")], now=T0
    )
    session.commit()
    rows = log.load_rows(session, game_id)
    assert [r.seq for r in rows] == [1, 2]
    assert rows[0].prev_hash == log.GENESIS and rows[1].prev_hash == rows[0].hash
    doc = {
        "game_id": game_id,
        "seq": 2,
        "seat": "red",
        "type": "order",
        "v": 1,
        "payload": {"n": "è"},
        "created_at": "2026-11-21T18:30:15.123456Z",
        "prev_hash": rows[0].hash,
    }
    expected = hashlib.sha256(canonical_json(doc).encode("utf-8")).hexdigest()
    assert rows[1].hash == expected
    assert log.load(session, game_id, after_seq=1) == [
        {"seq": 2, "seat": "red", "type": "order", "v": 1, "payload": {"n": "è"}}
    ]
    assert session.get(Game, game_id).last_seq == 2
    assert log.verify_chain(rows) is None


def test_stale_expected_seq_raises_stale_game_and_writes_nothing(
    session: Session, game_id: int
) -> None:
    log.append(session, game_id, 0, [ev(None, "game.created")])
    session.commit()
    with pytest.raises(SeqConflict) as err:
        log.append(session, game_id, 0, [ev(None, "game.created")])
    assert err.value.last_seq == 1
    assert "now at event 1" in err.value.message
    session.rollback()
    assert len(log.load_rows(session, game_id)) == 1


def test_unique_seq_turns_a_writer_that_slipped_past_into_stale_game(
    session: Session, game_id: int
) -> None:
    """Even if game.last_seq lags behind, UNIQUE(game_id, seq) refuses a second row at a seq."""
    log.append(session, game_id, 0, [ev(None, "game.created")])
    session.commit()
    session.exec(update(Game).where(Game.id == game_id).values(last_seq=0))
    session.commit()
    with pytest.raises(SeqConflict):
        log.append(session, game_id, 0, [ev(None, "game.created")])
    session.rollback()
    assert [r.seq for r in log.load_rows(session, game_id)] == [1]


def test_two_threads_appending_at_one_seq_store_exactly_one(db_engine, game_id: int) -> None:
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def writer(name: str) -> None:
        with Session(db_engine, expire_on_commit=False) as s:
            barrier.wait()
            try:
                from pbem.store.db import begin_write

                begin_write(s)
                log.append(s, game_id, 0, [ev(None, "game.created", by=name)])
                s.commit()
                outcomes.append("stored")
            except SeqConflict:
                outcomes.append("stale")

    threads = [threading.Thread(target=writer, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == ["stale", "stored"]
    with Session(db_engine) as s:
        assert len(log.load_rows(s, game_id)) == 1


@pytest.mark.parametrize(
    "field,value",
    [
        ("payload", '{"a":2}'),
        ("seat", "blue"),
        ("hash", "f" * 64),
        ("type", "game.other"),
        ("prev_hash", "0" * 63 + "1"),
    ],
)
def test_verify_chain_finds_an_edited_row_at_its_seq(
    session: Session, game_id: int, field: str, value: str
) -> None:
    log.append(
        session,
        game_id,
        0,
        [ev(None, "game.created", a=1), ev("red", "order", a=1), ev("red", "order", a=1)],
    )
    session.commit()
    session.exec(
        update(Event).where(Event.game_id == game_id, Event.seq == 2).values({field: value})
    )
    session.commit()
    assert log.verify_chain(log.load_rows(session, game_id)) == 2


def test_verify_chain_finds_a_removed_row(session: Session, game_id: int) -> None:
    log.append(
        session, game_id, 0, [ev(None, "game.created"), ev("red", "order"), ev("red", "order")]
    )
    session.commit()
    rows = log.load_rows(session, game_id)
    assert log.verify_chain([rows[0], rows[2]]) == 2


def test_stored_times_round_trip_exactly(session: Session, game_id: int) -> None:
    log.append(session, game_id, 0, [ev(None, "game.created")], now=T0)
    session.commit()
    session.expunge_all()
    row = session.exec(select(Event).where(Event.game_id == game_id)).one()
    assert log.iso(row.created_at) == "2026-11-21T18:30:15.123456Z"


def test_docs_independent_chain_check_agrees_with_the_store(session: Session,
                                                            game_id: int) -> None:
    """The stdlib re-implementation printed in docs/event-log.md, section 2, on stored rows."""
    import json

    def canonical(v: object) -> str:
        return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def check(events: list[dict]) -> int | None:
        prev = "0" * 64
        for i, e in enumerate(events, start=1):
            keys = ("game_id", "seq", "seat", "type", "v", "payload", "created_at")
            doc = {k: e[k] for k in keys}
            doc["prev_hash"] = prev
            digest = hashlib.sha256(canonical(doc).encode("utf-8")).hexdigest()
            if e["seq"] != i or e["prev_hash"] != prev or e["hash"] != digest:
                return i
            prev = digest
        return None

    log.append(session, game_id, 0, [ev(None, "game.created", a=[1, "ü"]), ev("red", "order")])
    session.commit()
    exported = [{"game_id": r.game_id, "seq": r.seq, "seat": r.seat, "type": r.type, "v": r.v,
                 "payload": json.loads(r.payload), "created_at": log.iso(r.created_at),
                 "prev_hash": r.prev_hash, "hash": r.hash} for r in log.load_rows(session, game_id)]
    assert check(exported) is None
    exported[1]["payload"] = {"x": 1}
    assert check(exported) == 2 == log.verify_chain(exported)


def test_only_a_seq_clash_is_a_stale_game_other_database_errors_propagate(
    session: Session, game_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy.exc import OperationalError

    def locked(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(session, "flush", locked)
    with pytest.raises(OperationalError):  # not a SeqConflict: the web answers 503 "try again"
        log.append(session, game_id, 0, [ev(None, "game.created")])
