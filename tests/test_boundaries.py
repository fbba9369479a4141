"""The pure rules engine imports nothing from the web, the database or the clock (architecture)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = sorted((ROOT / "pbem" / "engine").rglob("*.py")) + sorted((ROOT / "pbem" / "games").rglob("*.py"))
FORBIDDEN_MODULES = {
    "flask", "flask_login", "flask_wtf", "flask_babel", "jinja2", "sqlmodel", "sqlalchemy", "alembic",
    "smtplib", "apscheduler", "dotenv", "random", "time", "secrets", "psycopg", "requests", "socket",
}
FORBIDDEN_PBEM = ("pbem.store", "pbem.services", "pbem.notify", "pbem.web")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_and_games_import_only_pure_modules(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        assert top not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        assert not name.startswith(FORBIDDEN_PBEM), f"{path.name} imports {name}"


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_reads_no_clock_and_no_environment(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for needle in ("datetime.now", "datetime.utcnow", "os.environ", "os.getenv", "date.today"):
        assert needle not in text, f"{path.name} uses {needle}"


def test_importing_pbem_does_not_import_flask_or_sqlmodel() -> None:
    import subprocess
    import sys

    code = "import sys, pbem, pbem.engine; print('flask' in sys.modules, 'sqlmodel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False"]
