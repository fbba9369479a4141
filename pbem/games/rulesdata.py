"""The one place that finds the rules data (``rules/<folder>/<file>``) of every game.

Rules packages receive data through these functions, never by building a path of their own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"


def rules_file(folder: str, name: str) -> Path:
    """The path of ``rules/<folder>/<name>``."""
    return RULES_DIR / folder / name


def load_json(folder: str, name: str) -> Any:
    """The parsed JSON file ``rules/<folder>/<name>``."""
    with rules_file(folder, name).open(encoding="utf-8") as fh:
        return json.load(fh)
