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


# -- every package's layer (engine/games <- store <- services <- web, notify, scheduler) --------
def _files(*parts: str) -> list[Path]:
    return sorted((ROOT.joinpath("pbem", *parts)).rglob("*.py"))


def _all_imports(path: Path) -> list[str]:
    """Every imported module, also those imported inside functions (lazy imports count)."""
    return _imports(path)


LAYERS = {
    # package: forbidden prefixes
    "store": ("pbem.services", "pbem.web", "pbem.notify", "pbem.ui", "pbem.clock", "flask"),
    "notify": ("pbem.web", "pbem.clock"),
    "ui": ("pbem.store", "pbem.services", "pbem.web", "pbem.notify", "pbem.clock", "sqlmodel", "sqlalchemy"),
    "services": ("pbem.web", "pbem.clock", "flask_login", "flask_wtf"),
}


@pytest.mark.parametrize(("package", "path"), [(p, f) for p in LAYERS for f in _files(p)],
                         ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else v)
def test_each_layer_imports_only_the_layers_below(package: str, path: Path) -> None:
    for name in _all_imports(path):
        for forbidden in LAYERS[package]:
            assert not (name == forbidden or name.startswith(forbidden + ".")), f"{path.name} imports {name}"


@pytest.mark.parametrize("path", _files("web") + _files("services") + _files("notify") + _files("store"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_the_web_core_reaches_a_game_only_through_the_registries(path: Path) -> None:
    """No rules internals and no game's UI package: ``pbem.engine`` (its registry) and ``pbem.ui``
    (the UI registry and its generic base) only."""
    for name in _all_imports(path):
        assert not name.startswith("pbem.games"), f"{path.name} imports {name}"
        if name.startswith("pbem.ui."):
            assert name in ("pbem.ui.base", "pbem.ui.i18n"), f"{path.name} imports a game's UI package {name}"


@pytest.mark.parametrize("path", _files("ui"), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_ui_package_reaches_only_its_own_games_rules(path: Path) -> None:
    """``pbem/ui/<family>/`` may import ``pbem.games.<family>`` (and the shared rules-data lookup),
    never another family's rules or UI package (the shared ``base``, ``i18n``, ``platform`` and ``italian``
    modules are for every game); the shared ``pbem/ui/*.py`` import no game."""
    rel = path.relative_to(ROOT / "pbem" / "ui").parts
    family = rel[0] if len(rel) > 1 else None
    for name in _all_imports(path):
        if name.startswith("pbem.games"):
            assert family and (name.startswith(f"pbem.games.{family}") or name == "pbem.games.rulesdata"), \
                f"{path} imports {name}"
        if name.startswith("pbem.ui.") and name.split(".")[2] not in ("base", "i18n", "platform", "italian"):
            assert family and name.startswith(f"pbem.ui.{family}"), f"{path} imports {name}"


def test_no_game_key_in_the_web_core() -> None:
    """The acceptance grep: no ``aa1941`` and no ``games.aa`` outside the A&A UI package."""
    import re

    pattern = re.compile(r"aa1941|games\.aa")
    found = [f"{p.relative_to(ROOT)}:{n}" for part in ("web", "services", "notify", "store")
             for p in _files(part) for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, found
