"""The one place that finds the rules data (``rules/<folder>/<file>``) of every game.

Rules packages receive data through these functions, never by building a path of their own.
The data lives in the repository's top-level ``rules/`` folder; a built wheel installs the same
files as the package data ``pbem/_rules/`` (see ``setup.py``), used when ``rules/`` is not there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_SOURCE_TREE = Path(__file__).resolve().parents[2] / "rules"
_INSTALLED = Path(__file__).resolve().parents[1] / "_rules"

#: The folder holding every game's rules data (``rules/`` in a checkout, ``pbem/_rules`` installed).
RULES_DIR = _SOURCE_TREE if _SOURCE_TREE.is_dir() else _INSTALLED


def rules_dir(folder: str) -> Path:
    """The folder ``rules/<folder>`` (one game's or edition's data)."""
    return RULES_DIR / folder


def rules_file(folder: str, name: str) -> Path:
    """The path of ``rules/<folder>/<name>``."""
    return RULES_DIR / folder / name


def load_json(folder: str, name: str) -> Any:
    """The parsed JSON file ``rules/<folder>/<name>``."""
    with rules_file(folder, name).open(encoding="utf-8") as fh:
        return json.load(fh)
