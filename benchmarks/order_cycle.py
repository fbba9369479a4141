"""CPU of each request of load.py's cycle, one process, Flask's test client, PostgreSQL.

    .venv/bin/python benchmarks/order_cycle.py [--cycles 30] [--workers 4] [--page-cache-url redis://...]

One started A&A 1941 game; its Soviet player, logged in, repeats: the page (kept), a purchase
(POST, redirected), the page after it ("Order accepted."), then the page as each of the other
``--workers - 1`` web processes first sees it after the new event (this process's kept parts and
positions forgotten first: with ``--page-cache-url`` they come from the shared store, without
they are rendered again). Prints the median CPU ms of each kind of request and, as the last line,
the CPU per request of load.py's mix (``--order-every`` pages per purchase).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import growth  # noqa: E402  (the benchmarks' shared set-up)

HIDDEN = re.compile(r'<input type="hidden" name="(expected_seq|seat|kind)" value="([^"]*)"')
FORM = re.compile(r'<form method="post" action="([^"]+)" class="aa-purchase".*?</form>', re.S)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycles", type=int, default=30)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--order-every", type=int, default=10)
    parser.add_argument("--page-cache-url", default="")
    parser.add_argument("--database-url", default=os.environ.get(
        "PBEM_TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"))
    args = parser.parse_args()

    from sqlmodel import Session

    from pbem.services import views
    from pbem.web import create_app, page_cache
    from pbem.web.db import get_engine

    with tempfile.TemporaryDirectory() as tmp:
        url, drop = growth._database(args.database_url, tmp, "cycle")
        try:
            app = create_app({
                "TESTING": True, "INSTANCE_PATH": f"{tmp}/cycle", "DOTENV_PATH": f"{tmp}/no.env",
                "SECRET_KEY": "bench", "DATABASE_URL": url, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                "PASSWORD_HASH_METHOD": growth.FAST_HASH, "PAGE_CACHE_URL": args.page_cache_url,
                "PAGE_CACHE_PREFIX": f"pbem-cycle-{os.getpid()}", "PAGE_CACHE_TTL": 600})
            with Session(get_engine(app), expire_on_commit=False) as s:
                game_id, allies = growth._users_and_game(s, "Cycle")
            client = growth.logged_in(app, allies.email, game_id)
            cpu: dict[str, list[float]] = {"page": [], "order": [], "after": [], "other": []}

            def timed(kind: str, method: str, path: str, data: dict[str, str] | None = None) -> str:
                start = time.thread_time()
                response = client.open(path, method=method, data=data)
                cpu[kind].append((time.thread_time() - start) * 1000)
                assert response.status_code in (200, 302), (kind, response.status_code)
                return response.get_data(as_text=True)

            timed("page", "GET", f"/games/{game_id}")
            for n in range(args.cycles):
                html = timed("page", "GET", f"/games/{game_id}")
                form = FORM.search(html)
                assert form is not None
                fields = dict(HIDDEN.findall(form.group(0)))
                timed("order", "POST", form.group(1).split("#")[0], {**fields, "buy-infantry": str(1 + n % 2)})
                assert "Order accepted." in timed("after", "GET", f"/games/{game_id}")
                for _ in range(args.workers - 1):
                    page_cache.PARTS.clear()
                    views.POSITIONS.clear()
                    timed("other", "GET", f"/games/{game_id}")
            median = {k: statistics.median(v) if v else 0.0 for k, v in cpu.items()}
            for kind, ms in median.items():
                print(f"{kind}: {ms:.2f} ms CPU (median of {len(cpu[kind])})")
            # load.py: per purchase, order_every - 1 pages, the order, the page after; workers - 1
            # of the pages are another process's first look at the new head
            pages = args.order_every
            total = (median["order"] + median["after"] + (args.workers - 1) * median["other"]
                     + (pages - args.workers) * median["page"])
            engine = get_engine(app)
            engine.dispose()
        finally:
            drop()
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"cpu_ms_per_request={total / (pages + 1):.2f} (a purchase every {pages} pages, "
          f"{args.workers} workers, shared page cache {args.page_cache_url or 'none'})")


if __name__ == "__main__":
    main()
