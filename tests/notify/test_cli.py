"""The ``pbem`` CLI commands of the notifications: one tick, and a one-off outbox delivery."""

from __future__ import annotations

from datetime import timedelta
from email import message_from_bytes
from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.notify.outbox import enqueue_email
from pbem.web.db import get_engine
from tests.notify.race_games import add_user, start_race


@pytest.fixture
def db(app):  # type: ignore[no-untyped-def]
    with Session(get_engine(app), expire_on_commit=False) as session:
        yield session


def test_send_outbox_writes_eml_files_with_the_default_transport(app, db) -> None:  # type: ignore[no-untyped-def]
    enqueue_email(db, to_address="anna@example.org", subject="Benvenuta", text="Ciao Anna",
                  kind="test")
    db.commit()
    result = app.test_cli_runner().invoke(args=["pbem", "send-outbox"])
    assert result.exit_code == 0 and "sent 1 message(s)" in result.output
    (path,) = Path(app.config["MAIL_FILE_DIR"]).glob("*.eml")
    assert message_from_bytes(path.read_bytes())["Subject"] == "Benvenuta"


def test_notify_tick_renders_and_delivers_a_started_game(app, db) -> None:  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    users = {n: add_user(db, n) for n in ("olga", "rita", "bruno")}
    start_race(db, users, now=datetime.now(UTC) - timedelta(minutes=1))
    result = app.test_cli_runner().invoke(args=["pbem", "notify-tick"])
    assert result.exit_code == 0, result.output
    mails = [path.read_bytes() for path in Path(app.config["MAIL_FILE_DIR"]).glob("*.eml")]
    assert sum(b"Your turn in Friday race" in m for m in mails) == 1
    assert sum(b"Friday race has started" in m for m in mails) == 1  # the other player (issue 10)
