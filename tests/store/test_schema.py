"""Migrations: the migrated database equals the models (an ``alembic check``)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect
from sqlmodel import SQLModel

import pbem.store.models  # noqa: F401
from pbem.store.models import include_name


def test_migrated_database_matches_every_model_table(db_engine: Engine) -> None:
    with db_engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "include_name": include_name})
        diff = compare_metadata(context, SQLModel.metadata)
    assert diff == [], (
        f"run tools/regen_migration.py: the migration differs from the models: {diff}"
    )


def test_scheduler_job_table_is_left_to_apscheduler(db_engine: Engine) -> None:
    """The worker's job store shares the database; migrations and this check ignore its table."""
    from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore

    store = SQLAlchemyJobStore(engine=db_engine)
    store.start(None, "default")  # creates apscheduler_jobs
    try:
        test_migrated_database_matches_every_model_table(db_engine)
        assert "apscheduler_jobs" in inspect(db_engine).get_table_names()
    finally:
        store.shutdown()


def test_schema_has_the_event_log_unique_position(db_engine: Engine) -> None:
    uniques = inspect(db_engine).get_unique_constraints("event")
    assert any(set(u["column_names"]) == {"game_id", "seq"} for u in uniques)


def test_sqlite_engine_turns_on_foreign_keys_and_wal(db_engine: Engine) -> None:
    if db_engine.dialect.name != "sqlite":
        assert db_engine.dialect.name == "postgresql"
        return
    with db_engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
