"""All tables. Importing this package registers every table on ``SQLModel.metadata``."""

from pbem.store.models import accounts, api, dice, games, outbox  # noqa: F401
