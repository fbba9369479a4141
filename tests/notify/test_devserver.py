"""The development launcher (``make run``): web and worker together, stopped together."""

from __future__ import annotations

import sys
import time

from pbem.devserver import commands, run


def test_commands_run_the_web_server_and_the_worker() -> None:
    web, worker = commands("127.0.0.1", 5000, python="py")
    assert web == ["py", "-m", "flask", "--app", "pbem", "run", "--host", "127.0.0.1",
                   "--port", "5000"]
    assert worker == ["py", "-m", "flask", "--app", "pbem", "pbem", "worker"]


def test_when_one_child_exits_the_other_is_stopped() -> None:
    started = time.monotonic()
    code = run([[sys.executable, "-c", "import time; time.sleep(60)"],
                [sys.executable, "-c", "raise SystemExit(3)"]], poll=0.05)
    assert code == 3
    assert time.monotonic() - started < 20
