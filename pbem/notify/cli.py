"""Notification commands on the ``pbem`` group (worker) (being written)."""

from pbem.web.cli import pbem_cli  # noqa: F401
