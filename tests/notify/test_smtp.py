"""Delivery through a real SMTP server on loopback (aiosmtpd), and the .eml file default."""

from __future__ import annotations

import ssl
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from pathlib import Path

from aiosmtpd.smtp import AuthResult

from pbem.notify.outbox import RetryPolicy, dispatch_pending, enqueue_email
from pbem.notify.transports import FileTransport, SmtpTransport, transport_from_config
from pbem.store.models.outbox import SENT, OutboxMessage
from tests.notify.conftest import RecordingHandler, smtp_server

NOW = datetime(2026, 3, 28, 12, 0, tzinfo=UTC)


def _queue(session_factory, **extra) -> int:  # type: ignore[no-untyped-def]
    with session_factory() as session:
        row = enqueue_email(session, to_address="anna@example.org", subject="Il tuo turno",
                            text="Tocca a te.", html="<p>Tocca a te.</p>", kind="your_turn",
                            headers={"List-Unsubscribe": "<https://x.example/u/1>"}, **extra)
        session.commit()
        return int(row.id)  # type: ignore[arg-type]


def test_smtp_delivers_text_and_html_with_stable_message_id(session_factory, smtpd) -> None:  # type: ignore[no-untyped-def]
    controller, handler = smtpd
    row_id = _queue(session_factory)
    transport = SmtpTransport("127.0.0.1", controller.port, sender="pbem <pbem@club.example>",
                              security="none")
    assert dispatch_pending(session_factory, transport, NOW) == 1
    transport.close()
    (msg,) = handler.messages
    with session_factory() as session:
        row = session.get(OutboxMessage, row_id)
    assert msg["Message-ID"] == row.message_id  # type: ignore[union-attr]
    assert msg["Subject"] == "Il tuo turno" and msg["To"] == "anna@example.org"
    assert msg["List-Unsubscribe"] == "<https://x.example/u/1>"
    types = [part.get_content_type() for part in msg.walk()]
    assert "text/plain" in types and "text/html" in types


def test_smtp_server_refusing_twice_delivers_on_third_attempt(session_factory) -> None:  # type: ignore[no-untyped-def]
    handler = RecordingHandler(refuse=2)
    policy = RetryPolicy(base=timedelta(minutes=1))
    row_id = _queue(session_factory)
    with smtp_server(handler) as controller:
        transport = SmtpTransport("127.0.0.1", controller.port, sender="pbem@club.example",
                                  security="none")
        clock = NOW
        for _ in range(5):
            dispatch_pending(session_factory, transport, clock, policy=policy)
            clock += timedelta(hours=1)
        transport.close()
    with session_factory() as session:
        row = session.get(OutboxMessage, row_id)
    assert handler.refused == 2
    assert len(handler.messages) == 1
    assert (row.status, row.attempts) == (SENT, 3)  # type: ignore[union-attr]


def test_smtp_starttls_with_login(session_factory, tls_files) -> None:  # type: ignore[no-untyped-def]
    cert, key = tls_files
    server_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_ctx.load_cert_chain(cert, key)
    logins: list[str] = []

    def authenticator(server, session, envelope, mechanism, auth_data):  # type: ignore[no-untyped-def]
        ok = auth_data.login == b"club" and auth_data.password == b"s3cret"
        if ok:
            logins.append(auth_data.login.decode())
        return AuthResult(success=ok)

    handler = RecordingHandler()
    client_ctx = ssl.create_default_context(cafile=cert)
    with smtp_server(handler, tls_context=server_ctx, require_starttls=True,
                     authenticator=authenticator, auth_required=True) as controller:
        transport = SmtpTransport("127.0.0.1", controller.port, sender="pbem@club.example",
                                  security="starttls", username="club", password="s3cret",
                                  ssl_context=client_ctx)
        _queue(session_factory)
        assert dispatch_pending(session_factory, transport, NOW) == 1
        transport.close()
    assert logins == ["club"] and len(handler.messages) == 1


def test_file_transport_writes_readable_eml(session_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _queue(session_factory)
    transport = FileTransport(tmp_path / "mail", "pbem@localhost")
    assert dispatch_pending(session_factory, transport, NOW) == 1
    (path,) = (tmp_path / "mail").glob("*.eml")
    msg = message_from_bytes(path.read_bytes())
    assert msg["Subject"] == "Il tuo turno"
    assert "Tocca a te." in msg.get_payload()[0].get_payload(decode=True).decode()  # type: ignore[index,union-attr]


def test_transport_from_config_defaults_to_files_and_uses_smtp_when_host_set() -> None:
    default = transport_from_config({"MAIL_FILE_DIR": "/tmp/x"})
    assert isinstance(default.mail, FileTransport)
    smtp = transport_from_config({"MAIL_HOST": "mail.example", "MAIL_SECURITY": "tls"})
    assert isinstance(smtp.mail, SmtpTransport) and smtp.mail.port == 465


def test_built_message_parses_and_refuses_header_injection() -> None:
    from email import message_from_bytes, policy

    from pbem.notify.transports import build_email

    row = OutboxMessage(id=1, kind="t", to_address="anna@example.org",
                        subject="Partita «Venerdì»\r\nBcc: evil@example.org", text="Città = 1\n",
                        html="<p>Città</p>", message_id="<x@pbem.invalid>",
                        headers='{"List-Unsubscribe": "<https://x.example/u>\\nX-Evil: 1"}')
    msg = message_from_bytes(build_email(row, "Club «Roma» <pbem@club.example>", crlf=True),
                             policy=policy.default)
    assert msg["Subject"] == "Partita «Venerdì» Bcc: evil@example.org"
    assert msg["Bcc"] is None and msg["X-Evil"] is None
    assert msg["From"].addresses[0].display_name == "Club «Roma»"
    assert msg.get_body(preferencelist=("plain",)).get_content().splitlines() == ["Città = 1"]
    assert "Città" in msg.get_body(preferencelist=("html",)).get_content()
