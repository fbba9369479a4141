"""Transports that deliver one outbox row: SMTP, ``.eml`` files, chat webhooks.

``transport_from_config(config)`` picks one from the ``MAIL_*`` settings (see
docs/notifications.md): SMTP when ``MAIL_TRANSPORT`` is ``smtp`` or ``MAIL_HOST``
is set, otherwise ``.eml`` files under ``MAIL_FILE_DIR`` (``instance/mail/``).
Webhook rows always go to :class:`WebhookTransport`.
"""

from __future__ import annotations

import binascii
import hashlib
import json
import logging
import smtplib
import ssl
import threading
import urllib.error
import urllib.request
import uuid
from email.header import Header
from email.utils import format_datetime, formataddr, parseaddr
from pathlib import Path
from typing import Any

from pbem.notify.outbox import PermanentError, TransientError, Transport
from pbem.store.models.outbox import WEBHOOK, OutboxMessage

log = logging.getLogger(__name__)

SECURITY_MODES = ("none", "starttls", "tls")


def _header_value(value: str) -> str:
    """One header line: no CR/LF (no header injection); RFC 2047 words if not ASCII."""
    value = " ".join(str(value).splitlines()).strip()
    return value if value.isascii() else Header(value, "utf-8").encode()


def _address(value: str) -> str:
    name, addr = parseaddr(" ".join(str(value).splitlines()))
    return formataddr((name, addr), charset="utf-8") if name else addr


def _qp_part(subtype: str, body: str) -> bytes:
    """A text part in quoted-printable UTF-8: 7-bit safe, and readable in an .eml file."""
    encoded = binascii.b2a_qp(body.replace("\r\n", "\n").encode("utf-8"), istext=True)
    return (f"Content-Type: text/{subtype}; charset=\"utf-8\"\n"
            "Content-Transfer-Encoding: quoted-printable\n\n").encode() + encoded


def build_email(row: OutboxMessage, sender: str, *, crlf: bool = False) -> bytes:
    """The RFC 5322 bytes of an email row: a text part, plus an HTML alternative if any.

    Written directly (``binascii`` quoted-printable) rather than through ``email.message``,
    which costs several times more CPU per message. ``crlf`` for the wire (RFC 5321).
    """
    headers = [("From", _address(sender)), ("To", _address(row.to_address)),
               ("Subject", _header_value(row.subject)), ("Message-ID", row.message_id)]
    if row.created_at is not None:
        headers.append(("Date", format_datetime(row.created_at)))
    headers += [(str(k), _header_value(v)) for k, v in json.loads(row.headers or "{}").items()
                if str(k).replace("-", "").isalnum()]
    headers.append(("MIME-Version", "1.0"))
    head = "".join(f"{name}: {value}\n" for name, value in headers).encode()
    text = _qp_part("plain", row.text)
    if row.html:
        boundary = f"=_pbem_{uuid.uuid4().hex}"
        body = (f'Content-Type: multipart/alternative; boundary="{boundary}"\n\n'
                f"--{boundary}\n").encode() + text + f"\n--{boundary}\n".encode() \
            + _qp_part("html", row.html) + f"\n--{boundary}--\n".encode()
    else:
        body = text + b"\n"
    data = head + body
    return data.replace(b"\n", b"\r\n") if crlf else data


class FileTransport:
    """The embedded default: each message becomes ``<dir>/<id>-<kind>-<tag>.eml``, and a log line."""

    def __init__(self, directory: str | Path, sender: str) -> None:
        self.directory = Path(directory)
        self.sender = sender

    def send(self, message: OutboxMessage) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        tag = hashlib.sha256(message.message_id.encode()).hexdigest()[:8]  # survives a DB reset
        path = self.directory / f"{message.id:06d}-{message.kind}-{tag}.eml"
        path.write_bytes(build_email(message, self.sender))
        log.info("mail to %s (%s) written to %s", message.to_address, message.subject, path)

    def close(self) -> None:
        pass


class SmtpTransport:
    """SMTP with STARTTLS or implicit TLS and optional login.

    Connections are kept open and reused; each ``send`` borrows one from a free list,
    so several threads may send at once, each on its own connection.
    """

    def __init__(self, host: str, port: int, *, sender: str, security: str = "starttls",
                 username: str | None = None, password: str | None = None,
                 timeout: float = 30.0, ssl_context: ssl.SSLContext | None = None) -> None:
        if security not in SECURITY_MODES:
            raise ValueError(f"MAIL_SECURITY must be one of {', '.join(SECURITY_MODES)}")
        self.host, self.port, self.sender, self.security = host, port, sender, security
        self.username, self.password, self.timeout = username, password, timeout
        self.ssl_context = ssl_context
        self._free: list[smtplib.SMTP] = []
        self._lock = threading.Lock()

    def _connect(self) -> smtplib.SMTP:
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
        return conn

    def _borrow(self) -> smtplib.SMTP:
        with self._lock:
            if self._free:
                return self._free.pop()
        return self._connect()

    def _give_back(self, conn: smtplib.SMTP) -> None:
        with self._lock:
            self._free.append(conn)

    def send(self, message: OutboxMessage) -> None:
        conn: smtplib.SMTP | None = None
        try:
            conn = self._borrow()
            data = build_email(message, self.sender, crlf=True)
            conn.sendmail(parseaddr(self.sender)[1], [message.to_address], data)
        except smtplib.SMTPRecipientsRefused as exc:
            self._discard(conn)
            codes = [code for code, _ in exc.recipients.values()]
            if codes and all(code >= 500 for code in codes):
                raise PermanentError(f"recipient refused: {exc.recipients}") from exc
            raise TransientError(f"recipient deferred: {exc.recipients}") from exc
        except smtplib.SMTPAuthenticationError as exc:
            self._discard(conn)
            raise TransientError(f"SMTP login failed: {exc.smtp_code}") from exc
        except smtplib.SMTPResponseException as exc:
            self._discard(conn)
            text = f"{exc.smtp_code} {exc.smtp_error!r}"
            if 500 <= exc.smtp_code < 600 and exc.smtp_code not in (530, 535):
                raise PermanentError(text) from exc
            raise TransientError(text) from exc
        except (smtplib.SMTPException, OSError) as exc:
            self._discard(conn)
            raise TransientError(f"{type(exc).__name__}: {exc}") from exc
        self._give_back(conn)

    def _discard(self, conn: smtplib.SMTP | None) -> None:
        """Close a connection after an error (the next send opens a new one)."""
        if conn is not None:
            self._quit(conn)

    @staticmethod
    def _quit(conn: smtplib.SMTP) -> None:
        try:
            conn.quit()
        except (smtplib.SMTPException, OSError):
            conn.close()

    def close(self) -> None:
        """Close the idle connections."""
        with self._lock:
            conns, self._free = self._free, []
        for conn in conns:
            self._quit(conn)


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
