"""Outbox throughput: queue N messages, deliver them to a local aiosmtpd server, print the rate.

    .venv/bin/python benchmarks/outbox.py [--count 10000] [--database-url URL]

Default database: a temporary SQLite file (migrated with the project's Alembic migration);
pass ``--database-url postgresql://postgres@127.0.0.1:5432/pbem_bench`` to use PostgreSQL
(the database must exist). Prints ``emails_per_s=<n>`` (target >= 200) and checks that the
server received every message exactly once.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import delete
from sqlmodel import Session

import pbem.store.models  # noqa: F401  (registers every table)
from pbem.notify.outbox import dispatch_pending, enqueue_email
from pbem.notify.transports import SmtpTransport
from pbem.store.db import create_schema, make_engine
from pbem.store.models.outbox import OutboxMessage

#: The SMTP server runs in its own process, as a real mail server would: it counts the
#: messages and distinct Message-IDs it accepted and prints them when told to stop.
SERVER = r"""
import re, sys
from aiosmtpd.controller import Controller
MESSAGE_ID = re.compile(rb"(?mi)^message-id:[ \t]*(\S+)")
class Counter:
    def __init__(self):
        self.count, self.ids = 0, set()
    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        found = MESSAGE_ID.search(envelope.content)
        if found:
            self.ids.add(found.group(1))
        return "250 OK"
handler = Counter()
controller = Controller(handler, hostname="127.0.0.1", port=int(sys.argv[1]))
controller.start()
print("ready", flush=True)
sys.stdin.readline()
controller.stop()
print(handler.count, len(handler.ids), flush=True)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--senders", type=int, default=1)
    parser.add_argument("--record-every", type=int, default=1,
                        help="sends per recording transaction (1: each send recorded before the next)")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="pbem-bench-")
    url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite'}"
    engine = make_engine(url)
    create_schema(engine)
    with Session(engine) as session:
        session.execute(delete(OutboxMessage))
        session.commit()

    def sessions() -> Session:
        return Session(engine, expire_on_commit=False)

    started = time.perf_counter()
    with Session(engine) as session:
        for i in range(args.count):
            enqueue_email(session, to_address=f"player{i}@example.org", subject=f"Your turn {i}",
                          text="It is your turn.\n" * 10, html="<p>It is your turn.</p>",
                          kind="bench")
        session.commit()
    queued_s = time.perf_counter() - started

    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(port)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None and server.stdin is not None
    assert server.stdout.readline().strip() == "ready"
    transport = SmtpTransport("127.0.0.1", port, sender="pbem@bench.example", security="none")
    try:
        started = time.perf_counter()
        sent = dispatch_pending(sessions, transport, datetime.now(UTC), batch=500,
                                senders=args.senders, record_every=args.record_every)
        elapsed = time.perf_counter() - started
    finally:
        transport.close()
        server.stdin.write("stop\n")
        server.stdin.flush()
        received, distinct = (int(n) for n in server.stdout.readline().split())
        server.wait(30)
    engine.dispose()
    assert sent == args.count == received == distinct, (sent, received, distinct)
    print(f"database={engine.url.get_backend_name()}")
    print(f"queued={args.count} queue_s={queued_s:.2f}")
    print(f"senders={args.senders} record_every={args.record_every} sent={sent} send_s={elapsed:.2f}")
    print(f"emails_per_s={sent / elapsed:.0f}")


if __name__ == "__main__":
    main()
