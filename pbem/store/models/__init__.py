"""All tables. Importing this package registers every table on ``SQLModel.metadata``."""

from __future__ import annotations

from typing import Any

from pbem.store.models import accounts, api, cards, dice, games, leagues, odds, outbox, trust  # noqa: F401

#: Tables in the same database that belong to libraries, not to our migrations
#: (APScheduler's persistent job store creates and manages ``apscheduler_jobs`` itself).
FOREIGN_TABLES = frozenset({"apscheduler_jobs"})


def include_name(name: str | None, type_: str, parent_names: dict[str, Any]) -> bool:
    """Alembic ``include_name`` hook: leave the libraries' tables alone."""
    return not (type_ == "table" and name in FOREIGN_TABLES)
