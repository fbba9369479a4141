"""Transports that deliver one outbox row: SMTP, ``.eml`` files, chat webhooks.

``transport_from_config(config)`` picks one from the ``MAIL_*`` settings (see
docs/notifications.md): SMTP when ``MAIL_TRANSPORT`` is ``smtp`` or ``MAIL_HOST``
is set, otherwise ``.eml`` files under ``MAIL_FILE_DIR`` (``instance/mail/``).
Webhook rows always go to :class:`WebhookTransport`.
"""

from __future__ import annotations

import json
import logging
import smtplib
import ssl
import urllib.error
import urllib.request
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from pbem.notify.outbox import PermanentError, TransientError, Transport
from pbem.store.models.outbox import WEBHOOK, OutboxMessage

log = logging.getLogger(__name__)

SECURITY_MODES = ("none", "starttls", "tls")


def build_email(row: OutboxMessage, sender: str) -> EmailMessage:
    """The MIME message for an email row (text part, plus an HTML alternative if any)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = row.to_address
    msg["Subject"] = row.subject
    msg["Message-ID"] = row.message_id
    if row.created_at is not None:
        msg["Date"] = format_datetime(row.created_at)
    for name, value in json.loads(row.headers or "{}").items():
        msg[name] = value
    msg.set_content(row.text)
    if row.html:
        msg.add_alternative(row.html, subtype="html")
    return msg


class FileTransport:
    """The embedded default: each message becomes ``<dir>/<id>-<kind>.eml``, and a log line."""

    def __init__(self, directory: str | Path, sender: str) -> None:
        self.directory = Path(directory)
        self.sender = sender

    def send(self, message: OutboxMessage) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"{message.id:06d}-{message.kind}.eml"
        path.write_bytes(bytes(build_email(message, self.sender)))
        log.info("mail to %s (%s) written to %s", message.to_address, message.subject, path)

    def close(self) -> None:
        pass


class SmtpTransport:
    """SMTP with STARTTLS or implicit TLS and optional login; one connection reused."""

    def __init__(self, host: str, port: int, *, sender: str, security: str = "starttls",
                 username: str | None = None, password: str | None = None,
                 timeout: float = 30.0, ssl_context: ssl.SSLContext | None = None) -> None:
        if security not in SECURITY_MODES:
            raise ValueError(f"MAIL_SECURITY must be one of {', '.join(SECURITY_MODES)}")
        self.host, self.port, self.sender, self.security = host, port, sender, security
        self.username, self.password, self.timeout = username, password, timeout
        self.ssl_context = ssl_context
        self._conn: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        if self._conn is not None:
            return self._conn
        context = self.ssl_context or ssl.create_default_context()
        conn: smtplib.SMTP
        if self.security == "tls":
            conn = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context)
        else:
            conn = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            if self.security == "starttls":
                conn.starttls(context=context)
        if self.username:
            conn.login(self.username, self.password or "")
        self._conn = conn
        return conn

    def send(self, message: OutboxMessage) -> None:
        try:
            conn = self._connect()
            conn.send_message(build_email(message, self.sender))
        except smtplib.SMTPRecipientsRefused as exc:
            self.close()
            codes = [code for code, _ in exc.recipients.values()]
            if codes and all(code >= 500 for code in codes):
                raise PermanentError(f"recipient refused: {exc.recipients}") from exc
            raise TransientError(f"recipient deferred: {exc.recipients}") from exc
        except smtplib.SMTPAuthenticationError as exc:
            self.close()
            raise TransientError(f"SMTP login failed: {exc.smtp_code}") from exc
        except smtplib.SMTPResponseException as exc:
            self.close()
            text = f"{exc.smtp_code} {exc.smtp_error!r}"
            if 500 <= exc.smtp_code < 600 and exc.smtp_code not in (530, 535):
                raise PermanentError(text) from exc
            raise TransientError(text) from exc
        except (smtplib.SMTPException, OSError) as exc:
            self.close()
            raise TransientError(f"{type(exc).__name__}: {exc}") from exc

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            conn.quit()
        except (smtplib.SMTPException, OSError):
            conn.close()


class WebhookTransport:
    """POSTs the row's JSON body (Discord-compatible ``{"content": ...}``) to its URL."""

    def __init__(self, timeout: float = 10.0) -> None:
        self.timeout = timeout

    def send(self, message: OutboxMessage) -> None:
        request = urllib.request.Request(
            message.to_address, data=message.headers.encode("utf-8"), method="POST",
            headers={"Content-Type": "application/json", "User-Agent": "pbem-notify"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                response.read()
        except urllib.error.HTTPError as exc:
            if exc.code == 429 or exc.code >= 500:
                raise TransientError(f"webhook HTTP {exc.code}") from exc
            raise PermanentError(f"webhook HTTP {exc.code}") from exc
        except (urllib.error.URLError, OSError) as exc:
            raise TransientError(f"webhook: {exc}") from exc

    def close(self) -> None:
        pass


class Router:
    """Sends email rows through ``mail`` and webhook rows through ``webhook``."""

    def __init__(self, mail: Transport, webhook: Transport | None = None) -> None:
        self.mail = mail
        self.webhook = webhook or WebhookTransport()

    def send(self, message: OutboxMessage) -> None:
        (self.webhook if message.channel == WEBHOOK else self.mail).send(message)

    def close(self) -> None:
        self.mail.close()
        self.webhook.close()


def transport_from_config(config: Any) -> Router:
    """The transport the ``MAIL_*`` settings describe (``config`` is a mapping)."""
    sender = config.get("MAIL_FROM") or "pbem <pbem@localhost>"
    if config.get("MAIL_TRANSPORT") == "smtp" or config.get("MAIL_HOST"):
        security = str(config.get("MAIL_SECURITY") or "starttls").lower()
        default_port = {"tls": 465, "starttls": 587}.get(security, 25)
        host = str(config.get("MAIL_HOST") or "localhost")
        mail: Transport = SmtpTransport(
            host, int(config.get("MAIL_PORT") or default_port),
            sender=sender, security=security, username=config.get("MAIL_USERNAME") or None,
            password=config.get("MAIL_PASSWORD") or None,
            timeout=float(config.get("MAIL_TIMEOUT") or 30))
    else:
        mail = FileTransport(config.get("MAIL_FILE_DIR") or "instance/mail", sender)
    return Router(mail)
