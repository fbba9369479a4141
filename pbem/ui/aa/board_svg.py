"""The A&A board as SVG, drawn from the project's converted outlines (``rules/<edition>/board.json``).

One ``<path>`` per territory and sea zone (``id="sp-<slug>"``, ``data-space`` = its name), coloured
by a class per owner (``o-germany``...; the colours are in ``static/css/board.css``), focusable
(``tabindex="0"``, ``role="button"``, ``aria-label``) so the board works from the keyboard. Above
the paths, a marks layer (``<g class="marks">``) shows each space's production value, capital
and factory and the unit counts by type and owner. The outlines never change: their markup is
built once per process; only the classes, labels and marks depend on the position.

Nothing here knows a rule: the caller passes owners and unit lists from ``Ruleset.view(seat)``.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from pbem.games.rulesdata import rules_file

#: The board drawn for an edition that has no outlines of its own yet.
DEFAULT_BOARD = "aa1941"
UNIT_ORDER = ("infantry", "tank", "fighter", "bomber", "submarine", "transport", "destroyer", "carrier",
              "battleship")
#: Short unit symbols on the map (the legend names them in the user's language).
SYMBOLS = {"infantry": "I", "tank": "T", "fighter": "F", "bomber": "B", "submarine": "S", "transport": "Tr",
           "destroyer": "D", "carrier": "C", "battleship": "BB"}
FONT = 26


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def board_folder(ruleset: Any) -> str:
    """The ``rules/`` folder whose ``board.json`` draws this edition (its own, else the default)."""
    edition = getattr(ruleset, "edition", None)
    for folder in (getattr(ruleset, "key", ""), getattr(edition, "folder", ""),
                   Path(str(getattr(ruleset, "data_dir", ""))).name):
        if folder and rules_file(folder, "board.json").is_file():
            return folder
    return DEFAULT_BOARD


def board_for(ruleset: Any) -> dict[str, Any]:
    return board_data(board_folder(ruleset))


@lru_cache(maxsize=4)
def board_data(folder: str = DEFAULT_BOARD) -> dict[str, Any]:
    data = json.loads(rules_file(folder, "board.json").read_text(encoding="utf-8"))
    data["folder"] = folder
    spaces = json.loads(rules_file(folder, "map.json").read_text(encoding="utf-8"))["spaces"]
    for name, space in data["spaces"].items():
        info = spaces.get(name, {})
        space["value"] = info.get("value", 0)
        space["capital_of"] = info.get("capital_of")
        space["factory"] = bool(info.get("factory"))
    return data


def adjacency(board: dict[str, Any]) -> dict[str, list[str]]:
    """Which spaces touch which (the map file's connections), for the page's pick lists."""
    return _adjacency(board["folder"])


@lru_cache(maxsize=4)
def _adjacency(folder: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for a, b in json.loads(rules_file(folder, "map.json").read_text(encoding="utf-8"))["connections"]:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return {k: sorted(v) for k, v in out.items()}


def _open_tag(data: dict[str, Any], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="aa-board" id="aa-board" '
            f'viewBox="0 0 {data["width"]} {data["height"]}" tabindex="-1" role="group" aria-label="{escape(label)}">')


def outline_svg(board: dict[str, Any], label: str) -> str:
    """The bare outlines (no position): the cacheable ``/boards/<ruleset>.svg``."""
    data = board
    parts = [_open_tag(data, label), '<rect class="sea-bg" x="0" y="0" width="100%" height="100%"/>']
    for name, space in data["spaces"].items():
        parts.append(f'<path id="sp-{slug(name)}" class="sp {space["kind"]}" d="{space["path"]}">'
                     f'<title>{escape(name)}</title></path>')
    parts.append("</svg>")
    return "".join(parts)


def outline_etag(svg: str) -> str:
    return hashlib.sha256(svg.encode()).hexdigest()[:20]


def unit_lines(units: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """``[(owner, "3I 2T 1F")]``: counts by owner, then by type in the game's unit order."""
    counts: dict[str, dict[str, int]] = {}
    for u in units:
        counts.setdefault(u["owner"], {}).setdefault(u["type"], 0)
        counts[u["owner"]][u["type"]] += 1
    out = []
    for owner, types in counts.items():
        text = " ".join(f"{types[t]}{SYMBOLS.get(t, t[:2])}" for t in UNIT_ORDER if t in types)
        out.append((owner, text))
    return out


def marks_svg(board: dict[str, Any], view: dict[str, Any]) -> str:
    """The marks layer for a position: values, capitals, factories and unit counts."""
    data = board
    parts = ['<g class="marks" aria-hidden="true">']
    units = view.get("units", {})
    for name, space in data["spaces"].items():
        x, y = space["label"]
        bits = []
        if space["capital_of"]:
            bits.append("\u2605")
        if space["factory"]:
            bits.append("\u25a0")
        if space["kind"] == "land" and space["value"]:
            bits.append(str(space["value"]))
        if bits:
            parts.append(f'<text class="mk-val" x="{x}" y="{y}">{" ".join(bits)}</text>')
        for i, (owner, text) in enumerate(unit_lines(units.get(name, []))):
            parts.append(f'<text class="mk-u u-{escape(owner)}" x="{x}" y="{y + FONT * (i + 1) + 2}">'
                         f'{escape(text)}</text>')
    parts.append("</g>")
    return "".join(parts)


@lru_cache(maxsize=4)
def _pieces(folder: str) -> list[tuple[str, str, str, int, str]]:
    """Per space: (name, kind, escaped name, value, the tag's tail with its outline), built once."""
    return [(name, sp["kind"], escape(name), sp["value"],
             f'" d="{sp["path"]}"><title>{escape(name)}</title></path>')
            for name, sp in board_data(folder)["spaces"].items()]


def board_svg(board: dict[str, Any], view: dict[str, Any], names: dict[str, str], *, label: str,
              space_label: Any = None) -> str:
    """The whole board for a position: coloured, focusable spaces plus the marks layer.

    ``names``: power id -> display name. ``space_label(name, owner_name, value)`` returns the
    accessible name of a space (translated by the caller).
    """
    owners = view.get("owners", {})
    parts = [_open_tag(board, label), '<rect class="sea-bg" x="0" y="0" width="100%" height="100%"/>',
             '<g class="spaces">']
    for name, kind, safe_name, value, tail in _pieces(board["folder"]):
        owner = owners.get(name) if kind == "land" else None
        aria = escape(space_label(name, names.get(owner or "", ""), value)) if space_label else safe_name
        if space_label:  # the tooltip names the space in the reader's language too
            tail = tail.replace(f"<title>{safe_name}</title>", f"<title>{escape(space_label(name, '', 0))}</title>")
        parts.append(f'<path id="sp-{slug(name)}" class="sp {kind} o-{owner or "none"}" data-space="{safe_name}" '
                     f'tabindex="0" role="button" aria-label="{aria}{tail}')
    parts.append("</g>")
    parts.append(marks_svg(board, view))
    parts.append("</svg>")
    return "".join(parts)
