"""Chat webhook posts (Discord-compatible JSON) go through the outbox like emails."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from pbem.notify.outbox import dispatch_pending, enqueue_webhook
from pbem.notify.transports import FileTransport, Router
from pbem.store.models.outbox import FAILED, PENDING, SENT, OutboxMessage

NOW = datetime(2026, 3, 28, 12, 0, tzinfo=UTC)


class Hook(BaseHTTPRequestHandler):
    received: list[dict] = []
    status = 204

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers["Content-Length"]))
        type(self).received.append(json.loads(body))
        self.send_response(type(self).status)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hook_server():  # type: ignore[no-untyped-def]
    Hook.received, Hook.status = [], 204
    server = HTTPServer(("127.0.0.1", 0), Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api/webhooks/1/token"
    server.shutdown()


def _status(session_factory, row_id: int) -> str:  # type: ignore[no-untyped-def]
    with session_factory() as session:
        return session.get(OutboxMessage, row_id).status  # type: ignore[union-attr]


def _queue(session_factory, url: str) -> int:  # type: ignore[no-untyped-def]
    with session_factory() as session:
        row = enqueue_webhook(session, url=url, body={"content": "Friday race: Blue's turn"},
                              game_id=7)
        session.commit()
        return int(row.id)  # type: ignore[arg-type]


def test_webhook_row_is_posted_as_json(session_factory, hook_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    row_id = _queue(session_factory, hook_server)
    transport = Router(FileTransport(tmp_path / "mail", "pbem@localhost"))
    assert dispatch_pending(session_factory, transport, NOW) == 1
    assert Hook.received == [{"content": "Friday race: Blue's turn"}]
    assert _status(session_factory, row_id) == SENT
    assert not (tmp_path / "mail").exists()  # not written as an email


@pytest.mark.parametrize("status,expected", [(503, PENDING), (404, FAILED)])
def test_webhook_errors_retry_or_fail(session_factory, hook_server, tmp_path, status,
                                      expected) -> None:  # type: ignore[no-untyped-def]
    Hook.status = status
    row_id = _queue(session_factory, hook_server)
    dispatch_pending(session_factory, Router(FileTransport(tmp_path, "p@l")), NOW)
    assert _status(session_factory, row_id) == expected
