"""Migration 0006: existing accounts become confirmed; an address is unique among confirmed accounts
only (unconfirmed registrations may share it); downgrade restores the unique address. On SQLite
and, when ``PBEM_TEST_DATABASE_URL`` is set, on PostgreSQL (a database of its own)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from alembic import command
from sqlalchemy import Engine, exc, text
from sqlalchemy.engine import make_url

from pbem.store.db import alembic_config, make_engine

ENV = "PBEM_TEST_DATABASE_URL"
INSERT = text('INSERT INTO "user" (email, display_name, password_hash, timezone, language, created_at, '
              'is_active, session_version{extra}) VALUES (:email, :name, \'-\', \'UTC\', \'en\', '
              'CURRENT_TIMESTAMP, :active, 1{values})')


def _insert(conn, email: str, confirmed: bool | None = None) -> None:  # type: ignore[no-untyped-def]
    extra, values = (", email_confirmed", ", :confirmed") if confirmed is not None else ("", "")
    statement = text(INSERT.text.format(extra=extra, values=values))
    conn.execute(statement, {"email": email, "name": email, "active": True, "confirmed": confirmed})


@pytest.fixture(params=["sqlite"] + (["postgresql"] if os.environ.get(ENV) else []))
def fresh_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite'}")
        yield engine
        engine.dispose()
        return
    name = f"pbem_migration_{uuid.uuid4().hex[:10]}"
    admin = make_url(os.environ[ENV]).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    engine = make_engine(make_url(os.environ[ENV]).set(database=name).render_as_string(hide_password=False))
    try:
        yield engine
    finally:
        engine.dispose()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _migrate(engine: Engine, target: str, down: bool = False) -> None:
    with engine.begin() as connection:
        cfg = alembic_config(engine)
        cfg.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(cfg, target)


def test_migration_0006_confirms_existing_accounts_and_lets_unconfirmed_ones_share_an_address(
        fresh_engine: Engine) -> None:
    _migrate(fresh_engine, "0005_battle_odds")
    with fresh_engine.begin() as conn:
        _insert(conn, "old@example.org")
    _migrate(fresh_engine, "head")
    with fresh_engine.begin() as conn:
        confirmed = conn.execute(text('SELECT email_confirmed FROM "user" WHERE email = \'old@example.org\'')).scalar()
        assert bool(confirmed) is True
        _insert(conn, "old@example.org", confirmed=False)  # a registration with a taken address
        _insert(conn, "old@example.org", confirmed=False)
        _insert(conn, "new@example.org", confirmed=False)
        assert conn.execute(text('SELECT count(*) FROM "user"')).scalar() == 4
    with pytest.raises(exc.IntegrityError), fresh_engine.begin() as conn:
        _insert(conn, "old@example.org", confirmed=True)  # one confirmed account per address
    with fresh_engine.begin() as conn:
        conn.execute(text('DELETE FROM "user" WHERE NOT email_confirmed'))
    _migrate(fresh_engine, "0005_battle_odds", down=True)
    with pytest.raises(exc.IntegrityError), fresh_engine.begin() as conn:
        _insert(conn, "old@example.org")  # unique again
