"""``pytest --database-tests-only``: the second CI pass (PostgreSQL) runs only the tests that use the
database under test; the others never read ``PBEM_TEST_DATABASE_URL`` (pure rules, conformance,
the browser's own SQLite server, the outbox's own SQLite file), so the SQLite pass already ran
them exactly. They are deselected (counted as such in the summary), not skipped.

A test uses the database under test when its fixtures reach ``database_url`` (statically, or
through the fixtures that ask for it at run time), or its module reads the URL or builds apps on
it itself. ``PBEM_TEST_RECORD_DATABASE=FILE`` makes ``database_url`` append the id of every test
that asks for it to FILE, so a full run can check that nothing using it was deselected
(tests/test_database_pass.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: Fixtures whose value is, or is built on, the database under test.
DATABASE_FIXTURES = frozenset({"database_url", "db_engine", "session", "app", "csrf_app", "user_factory"})
#: Module text that means the module reaches the database URL by itself.
MODULE_MARKS = ("PBEM_TEST_DATABASE_URL", "fixtures_db import", "make_test_app", "getfixturevalue")
_MODULES: dict[Path, bool] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--database-tests-only", action="store_true",
                     help="run only the tests that use PBEM_TEST_DATABASE_URL (the PostgreSQL pass of CI)")


def uses_database(item: pytest.Item) -> bool:
    if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    path = Path(str(item.fspath))
    if path not in _MODULES:
        text = path.read_text(encoding="utf-8")
        _MODULES[path] = any(mark in text for mark in MODULE_MARKS)
    return _MODULES[path]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--database-tests-only"):
        return
    keep = [item for item in items if uses_database(item)]
    dropped = [item for item in items if not uses_database(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def record(nodeid: str) -> None:
    """Note that ``nodeid`` asked for the database under test (``PBEM_TEST_RECORD_DATABASE``)."""
    target = os.environ.get("PBEM_TEST_RECORD_DATABASE")
    if target:
        with open(target, "a", encoding="utf-8") as fh:
            fh.write(nodeid + "\n")
