"""``python -m pbem.devserver``: the development web server and the worker side by side.

What ``make run`` starts: ``flask --app pbem run`` and ``flask --app pbem pbem worker``
as two child processes with the same environment, so that, with no SMTP configured,
every email of a game lands as an ``.eml`` file in ``instance/mail/``. Ctrl-C (or
SIGTERM) stops both; if either exits, the other is stopped too.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence

log = logging.getLogger("pbem.devserver")


def commands(host: str = "127.0.0.1", port: int = 5000,
             python: str = sys.executable) -> list[list[str]]:
    flask = [python, "-m", "flask", "--app", "pbem"]
    return [flask + ["run", "--host", host, "--port", str(port)], flask + ["pbem", "worker"]]


def run(cmds: Sequence[Sequence[str]], poll: float = 0.5) -> int:
    """Start every command; when one ends (or on a signal) stop the others. Returns its code."""
    children = [subprocess.Popen(list(cmd), env=os.environ.copy()) for cmd in cmds]
    stopping = False

    def _stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    old = {s: signal.signal(s, _stop) for s in (signal.SIGINT, signal.SIGTERM)}
    code = 0
    try:
        while not stopping:
            ended = [c for c in children if c.poll() is not None]
            if ended:
                code = ended[0].returncode or 0
                break
            time.sleep(poll)
    finally:
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
        for sig, handler in old.items():
            signal.signal(sig, handler)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    host = args[0] if args else "127.0.0.1"
    port = int(args[1]) if len(args) > 1 else 5000
    logging.basicConfig(level=logging.INFO)
    log.info("web on http://%s:%s and the worker; Ctrl-C stops both", host, port)
    return run(commands(host, port))


if __name__ == "__main__":
    raise SystemExit(main())
