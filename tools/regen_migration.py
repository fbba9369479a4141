"""Regenerate the single initial Alembic migration from every table in ``pbem.store.models``.

    .venv/bin/python tools/regen_migration.py

Deletes ``pbem/store/migrations/versions/*.py``, autogenerates ``0001_initial.py``
against an empty temporary SQLite database, then formats it with ruff so that
``ruff check`` stays clean. Only while the project has no deployed databases:
after the first release, add new revisions instead.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSIONS = ROOT / "pbem" / "store" / "migrations" / "versions"
BIN = Path(sys.executable).parent


def main() -> None:
    for old in VERSIONS.glob("*.py"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/autogen.sqlite"
        subprocess.run(
            [
                str(BIN / "alembic"),
                "-x",
                f"url={url}",
                "revision",
                "--autogenerate",
                "-m",
                "initial schema",
                "--rev-id",
                "0001",
            ],
            cwd=ROOT,
            check=True,
        )
    [made] = VERSIONS.glob("0001_*.py")
    target = made.with_name("0001_initial.py")
    made.rename(target)
    subprocess.run([str(BIN / "ruff"), "format", "--line-length", "100", str(target)], check=True)
    subprocess.run([str(BIN / "ruff"), "check", "--fix", "--unsafe-fixes", str(target)], check=True)
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
