"""``--database-tests-only`` (the PostgreSQL pass of CI) keeps every test that uses the database
under test and drops the ones that never read it (tests/database_pass.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from tests.database_pass import uses_database

TESTS = Path(__file__).resolve().parent


def _item(module: str, *fixtures: str) -> SimpleNamespace:
    return SimpleNamespace(fixturenames=["request", *fixtures], fspath=TESTS / module)


def test_a_test_reaching_the_database_through_its_fixtures_is_kept() -> None:
    for fixture in ("database_url", "db_engine", "session", "app", "csrf_app", "user_factory"):
        assert uses_database(_item("engine/test_readjudicate.py", "tmp_path", fixture))  # type: ignore[arg-type]


def test_a_module_reading_the_database_url_itself_is_kept() -> None:
    # the multi-host test reads PBEM_TEST_DATABASE_URL; the order-limit one builds its own app on it
    for module in ("processes/test_multi_host.py", "web/test_order_limits.py", "web/test_api_schemathesis.py"):
        assert uses_database(_item(module))  # type: ignore[arg-type]


def test_pure_rules_and_the_browsers_own_sqlite_server_are_dropped() -> None:
    assert not uses_database(_item("engine/test_readjudicate.py", "tmp_path"))  # type: ignore[arg-type]
    assert not uses_database(_item("games/aa/test_fuzz_aa1941.py", "batch"))  # type: ignore[arg-type]
    assert not uses_database(_item("browser/test_play_aa.py", "live_server", "browser"))  # type: ignore[arg-type]
    assert not uses_database(_item("processes/test_sqlite_no_500.py", "tmp_path"))  # type: ignore[arg-type]
