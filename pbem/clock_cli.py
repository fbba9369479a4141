"""The scheduler's commands: ``worker``, ``send-outbox``, ``notify-tick`` (:data:`COMMANDS`).

The app factory adds them to the ``pbem`` group (``flask --app pbem pbem worker`` is the
Procfile's ``worker:`` line, see pbem/clock.py); they belong to the scheduler layer, so
neither the notifications nor the web import the clock for them.
"""

from __future__ import annotations

import logging
import signal
import threading

import click
from flask import current_app
from flask.cli import with_appcontext


def _worker():  # type: ignore[no-untyped-def]
    from pbem.clock import Worker

    return Worker(current_app._get_current_object())  # type: ignore[attr-defined]


@click.command("worker")
@with_appcontext
def worker_command() -> None:
    """Run the scheduler: outbox delivery, reminders, deadline policies, digests."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    stop = threading.Event()

    def _stop(signum: int, _frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    _worker().run(stop)


@click.command("send-outbox")
@with_appcontext
def send_outbox_command() -> None:
    """Deliver every due outbox row once, now."""
    sent = _worker().job("dispatch")
    click.echo(f"sent {sent} message(s)")


@click.command("notify-tick")
@with_appcontext
def notify_tick_command() -> None:
    """Run every scheduler job once, now (deadlines, reminders, digests, delivery)."""
    _worker().tick()
    click.echo("done")


COMMANDS = [worker_command, send_outbox_command, notify_tick_command]
