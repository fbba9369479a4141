"""Alembic environment: migrates ``SQLModel.metadata`` (every table in ``pbem.store.models``).

Run programmatically by ``pbem.store.db.create_schema`` (which hands over its
connection), or from the command line with the top-level ``alembic.ini``
(``PBEM_DATABASE_URL`` or ``-x url=...`` names the database).
"""

from __future__ import annotations

import os

from alembic import context
from sqlmodel import SQLModel

import pbem.store.models  # noqa: F401  (registers every table)
from pbem.store.db import make_engine
from pbem.store.models import include_name

config = context.config
target_metadata = SQLModel.metadata


def _url() -> str:
    return (
        context.get_x_argument(as_dictionary=True).get("url")
        or os.environ.get("PBEM_DATABASE_URL")
        or config.get_main_option("sqlalchemy.url")
        or "sqlite:///instance/pbem.sqlite"
    )


def _configure(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        include_name=include_name,
    )


def run_migrations_offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = make_engine(_url())
    with engine.connect() as connection:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
