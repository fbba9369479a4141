"""Notification commands on the ``pbem`` group: ``worker``, ``send-outbox``, ``notify-tick``.

``flask --app pbem pbem worker`` is the Procfile's ``worker:`` line (see pbem/clock.py).
"""

from __future__ import annotations

import logging
import signal
import threading

import click
from flask import current_app

from pbem.web.cli import pbem_cli


def _worker():  # type: ignore[no-untyped-def]
    from pbem.clock import Worker

    return Worker(current_app._get_current_object())  # type: ignore[attr-defined]


@pbem_cli.command("worker")
def worker_command() -> None:
    """Run the scheduler: outbox delivery, reminders, deadline policies, digests."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    stop = threading.Event()

    def _stop(signum: int, _frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    _worker().run(stop)


@pbem_cli.command("send-outbox")
def send_outbox_command() -> None:
    """Deliver every due outbox row once, now."""
    sent = _worker().job("dispatch")
    click.echo(f"sent {sent} message(s)")


@pbem_cli.command("notify-tick")
def notify_tick_command() -> None:
    """Run every scheduler job once, now (deadlines, reminders, digests, delivery)."""
    _worker().tick()
    click.echo("done")
