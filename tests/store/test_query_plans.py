"""The "latest X of a game" queries use ``UNIQUE(game_id, seq)`` from its end and stop at the first
match (``ORDER BY seq DESC LIMIT 1``), however long the log: checked with the database's own
EXPLAIN on both databases (PostgreSQL: EXPLAIN ANALYZE counts the rows each scan touched).

A log of 4,000 events (and a second game beside it) with 40 snapshots; an order every 10 events.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Engine, event, insert
from sqlmodel import Session

from pbem.services import notifications, reading
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.models.games import Event, Game, Snapshot, utcnow
from tests.services.conftest import add_user

EVENTS = 4000
ORDER_EVERY = 10


def _long_game(session: Session) -> int:
    olga = add_user(session, "olga")
    ids = []
    for title in ("Long", "Beside"):
        game = Game(ruleset_key="race", ruleset_version="1", title=title, organiser_id=olga.id,
                    last_seq=EVENTS)
        session.add(game)
        session.flush()
        ids.append(int(game.id))  # type: ignore[arg-type]
    now = utcnow()
    session.execute(insert(Event), [
        {"game_id": gid, "seq": seq, "seat": "red" if seq % 20 < 10 else "blue",
         "type": "order" if seq % ORDER_EVERY == 1 else "race.stepped", "v": 1,
         "payload": "{}", "user_id": None, "created_at": now, "prev_hash": "0" * 64, "hash": f"{seq:064x}"}
        for gid in ids for seq in range(1, EVENTS + 1)])
    data = json.dumps({"state": {}})
    session.execute(insert(Snapshot), [
        {"game_id": gid, "seq": seq, "data": data, "rules_version": "1", "digest": snapshots.text_digest(data),
         "created_at": now} for gid in ids for seq in range(100, EVENTS + 1, 100)])
    session.commit()
    return ids[0]


@contextmanager
def _statements(engine: Engine) -> Iterator[list[tuple[str, Any]]]:
    seen: list[tuple[str, Any]] = []

    def keep(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", keep)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", keep)


def _plans(engine: Engine, statements: list[tuple[str, Any]]) -> list[Any]:
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            return [conn.exec_driver_sql(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", params).scalar()[0]["Plan"]
                    for sql, params in statements]
        return [[row[-1] for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", params)]
                for sql, params in statements]


def _nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


def _assert_probe_from_the_end(engine: Engine, plan: Any, table: str, most_rows: int) -> None:
    if engine.dialect.name == "sqlite":
        # SEARCH <table> USING [COVERING] INDEX sqlite_autoindex_<table>_1 (game_id=? AND seq<?)
        assert any(line.startswith(f"SEARCH {table} USING") and "INDEX" in line and "game_id=?" in line
                   for line in plan), plan
        assert not any("TEMP B-TREE" in line or line.startswith("SCAN") for line in plan), plan
        return
    assert plan["Node Type"] == "Limit", plan
    nodes = list(_nodes(plan))
    (scan,) = [n for n in nodes if n.get("Relation Name") == table]
    assert scan["Node Type"] in ("Index Scan", "Index Only Scan"), plan
    assert scan["Index Name"] == f"uq_{table}_game_seq" and scan["Scan Direction"] == "Backward", plan
    assert not any(n["Node Type"] == "Sort" for n in nodes), plan
    touched = scan["Actual Rows"] + scan.get("Rows Removed by Filter", 0)
    assert touched <= most_rows, f"{touched} rows read to find the first match: {plan}"


@pytest.fixture
def long_game(session: Session, db_engine: Engine) -> int:
    game_id = _long_game(session)
    with db_engine.begin() as conn:
        conn.exec_driver_sql("ANALYZE")
    return game_id


CASES: dict[str, tuple[str, int, Callable[[Session, int], Any], Any]] = {
    "log_head": ("event", 1, lambda s, g: log.head(s, g), (EVENTS, f"{EVENTS:064x}")),
    "newest_snapshot": ("snapshot", 1, lambda s, g: snapshots.newest(s, g).seq, EVENTS),
    "newest_snapshot_before": ("snapshot", 1, lambda s, g: snapshots.newest(s, g, 2550).seq, 2500),
    "group_start": ("event", ORDER_EVERY, lambda s, g: reading._group_start(s, g, 2555), 2551),
    "last_order_of_seats": ("event", 2 * ORDER_EVERY,
                            lambda s, g: notifications.last_order_seq(s, g, ["blue"], EVENTS), 3991),
}


@pytest.mark.parametrize("case", CASES)
def test_latest_of_a_game_is_one_index_probe_from_the_end(case: str, long_game: int, session: Session,
                                                         db_engine: Engine) -> None:
    table, most_rows, query, expected = CASES[case]
    session.expire_all()
    with _statements(db_engine) as seen:
        assert query(session, long_game) == expected
    searches = [s for s in seen if f"FROM {table}" in s[0] and "ORDER BY" in s[0]]
    assert len(searches) == 1, searches  # one probe (the row it names is then read by its id)
    (plan,) = _plans(db_engine, searches)
    _assert_probe_from_the_end(db_engine, plan, table, most_rows)
