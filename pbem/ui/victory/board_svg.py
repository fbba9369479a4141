"""The VICTORY map as SVG, drawn from the scenario (docs/victory_scenario.md) and one seat's view.

Flat-topped hexes in columns, even columns half a hex down (VIC-TERR-GEN-01). Terrain fills,
sheet borders, rivers (major rivers thicker), alpine hexsides, roads and bridges, cities (with
their PP and who controls them), towns, ports. Blocks as the view allows: one's own upright
with type and strength (the number of steps, and as many pips), the opponent's face down (only
where, VIC-FOG-02), upright while the rules reveal them (battle, air cover, blockade, beachhead).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from html import escape
from typing import Any

from pbem.games.victory.board import Board, build_board
from pbem.games.victory.hexgrid import parse
from pbem.ui.i18n import Translator

R = 34.0  #: hex radius (centre to corner)
H = math.sqrt(3) * R  #: hex height
BLOCK = 20.0
COLOURS = {"blue": "#2456a6", "red": "#b3261e"}


def centre(h: str) -> tuple[float, float]:
    c, r = parse(h)
    return R + (c - 1) * 1.5 * R, H / 2 + (r - 1) * H + (H / 2 if c % 2 == 0 else 0.0)


def corners(h: str) -> list[tuple[float, float]]:
    x, y = centre(h)
    return [(x + R * math.cos(math.radians(a)), y + R * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def edge(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The hexside between two neighbours: the two corners of ``a`` nearest to ``b``'s centre."""
    bx, by = centre(b)
    near = sorted(corners(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)[:2]
    return near[0], near[1]


def size(board: Board) -> tuple[float, float]:
    cols = max(parse(h)[0] for h in board.hexes)
    rows = max(parse(h)[1] for h in board.hexes)
    return R * 2 + (cols - 1) * 1.5 * R, rows * H + H / 2


def _pts(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def hex_class(board: Board, h: str) -> str:
    info = board.hexes[h]
    if info["type"] == "sea":
        return "lake" if info.get("lake") else "sea"
    if info["type"] == "shoal":
        return "shoal"
    return str(info.get("terrain", "clear"))


@lru_cache(maxsize=16)
def _board(key: str, scenario_map: str) -> Board:
    import json

    return build_board(json.loads(scenario_map))


def board_of(scenario: dict[str, Any]) -> Board:
    import json

    data = json.dumps(scenario["map"], sort_keys=True)
    return _board(str(hash(data)), data)


def map_layer(board: Board, hex_label: Callable[[str], str]) -> list[str]:
    """Terrain, sheets, hexsides, roads, cities and towns: the same for every viewer."""
    out = ['<g class="vic-hexes">']
    for h in sorted(board.hexes):
        x, y = centre(h)
        out.append(
            f'<polygon class="hex t-{hex_class(board, h)}" id="hex-{h}" data-hex="{h}" '
            f'points="{_pts(corners(h))}"><title>{escape(hex_label(h))}</title></polygon>'
        )
        out.append(f'<text class="hex-no" x="{x:.1f}" y="{y - H / 2 + 9:.1f}">{h}</text>')
        if board.hexes[h].get("canal"):
            out.append(f'<path class="canal" d="M{x - R * 0.7:.1f},{y:.1f} H{x + R * 0.7:.1f}"/>')
    out.append('</g><g class="vic-sides">')
    for key, side in sorted(board.sides.items()):
        a, b = key.split("-")
        (x1, y1), (x2, y2) = edge(a, b)
        if board.sheet_of.get(a) != board.sheet_of.get(b):
            out.append(f'<line class="sheet-edge" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
        if side.river:
            kind = "major-river" if side.major_river else "river"
            out.append(f'<line class="{kind}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
        if side.alpine:
            out.append(f'<line class="alpine" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    out.append('</g><g class="vic-roads">')
    for key, side in sorted(board.sides.items()):
        if not side.road:
            continue
        a, b = key.split("-")
        (x1, y1), (x2, y2) = centre(a), centre(b)
        out.append(
            f'<line class="road{" bridge" if side.bridge else ""}" x1="{x1:.1f}" y1="{y1:.1f}" '
            f'x2="{x2:.1f}" y2="{y2:.1f}"/>'
        )
    out.append("</g>")
    return out


def places_layer(board: Board, control: dict[str, str], names: bool = True) -> list[str]:
    out = ['<g class="vic-places">']
    for h, city in sorted(board.cities.items()):
        x, y = centre(h)
        owner = control.get(h) or board.owner_of(h) or "none"
        out.append(
            f'<g class="city c-{owner}{" port" if h in board.ports else ""}">'
            f'<circle cx="{x - R * 0.55:.1f}" cy="{y - H * 0.2:.1f}" r="7"/>'
            f'<text class="pp" x="{x - R * 0.55:.1f}" y="{y - H * 0.2 + 3.5:.1f}">{city["pp"]}</text></g>'
        )
        if names:
            out.append(f'<text class="place-name" x="{x:.1f}" y="{y + H / 2 - 4:.1f}">{escape(city["name"])}</text>')
    for h, town in sorted(board.towns.items()):
        x, y = centre(h)
        owner = control.get(h) or board.owner_of(h) or "none"
        out.append(
            f'<rect class="town c-{owner}{" port" if h in board.ports else ""}" x="{x - R * 0.55 - 5:.1f}" '
            f'y="{y - H * 0.2 - 5:.1f}" width="10" height="10"/>'
        )
        if names:
            out.append(f'<text class="place-name" x="{x:.1f}" y="{y + H / 2 - 4:.1f}">{escape(town["name"])}</text>')
    for h in sorted(board.ports):
        x, y = centre(h)
        out.append(
            f'<text class="anchor" x="{x + R * 0.55:.1f}" y="{y - H * 0.2 + 4:.1f}" aria-hidden="true">⚓</text>'
        )
    out.append("</g>")
    return out


def stacks(view: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Blocks by hex, as the view shows them: ``{"side", "own", "id"?, "type"?, "steps"?}``."""
    out: dict[str, list[dict[str, Any]]] = {}
    for bid, b in sorted((view.get("blocks") or {}).items()):
        out.setdefault(b["hex"], []).append(
            {
                "side": b["side"],
                "own": True,
                "id": bid,
                "type": b["type"],
                "steps": b["steps"],
                "carried": bool(b.get("carrier")),
                "unsupplied": bool(b.get("unsupplied")),
            }
        )
    for o in view.get("others") or []:
        rec = {"side": o["side"], "own": False, "carried": bool(o.get("carried"))}
        if o.get("revealed"):
            rec.update(type=o.get("type"), steps=o.get("steps"), alias=o.get("alias"))
        out.setdefault(o["hex"], []).append(rec)
    return out


def block_svg(b: dict[str, Any], x: float, y: float, s: float, label: str, hex_: str) -> str:
    side = b["side"] if b["side"] in COLOURS else "none"
    classes = ["blk", f"s-{side}", "own" if b["own"] else ("revealed" if b.get("type") else "hidden")]
    if b.get("carried"):
        classes.append("carried")
    attrs = f' data-hex="{hex_}"' + (f' data-block="{escape(b["id"])}" tabindex="0" role="button"' if b["own"] else "")
    parts = [
        f'<g class="{" ".join(classes)}"{attrs} aria-label="{escape(label)}"><title>{escape(label)}</title>',
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{s:.1f}" height="{s:.1f}" rx="2"/>',
    ]
    if b.get("type"):
        parts.append(f'<text class="bt" x="{x + s / 2:.1f}" y="{y + s * 0.55:.1f}">{escape(str(b["type"]))}</text>')
        steps = int(b.get("steps") or 0)
        parts.append(f'<text class="bs" x="{x + s - 2:.1f}" y="{y + s - 1.5:.1f}">{steps}</text>')
        for i in range(steps):  # strength pips along the top edge (the block's upright side)
            parts.append(f'<circle class="pip" cx="{x + 3 + i * 3.6:.1f}" cy="{y + 3:.1f}" r="1.1"/>')
    parts.append("</g>")
    return "".join(parts)


def blocks_layer(view: dict[str, Any], block_label: Callable[[dict[str, Any], str], str]) -> list[str]:
    out = ['<g class="vic-blocks">']
    for h, blocks in sorted(stacks(view).items()):
        x, y = centre(h)
        per = 2 if len(blocks) <= 4 else 3
        s = BLOCK if per == 2 else 15.0
        shown = blocks[: per * per]
        rows = (len(shown) + per - 1) // per
        x0, y0 = x - per * (s + 1) / 2 + (2 if per == 2 else 0), y - rows * (s + 1) / 2 + 3
        for i, b in enumerate(shown):
            out.append(block_svg(b, x0 + (i % per) * (s + 1), y0 + (i // per) * (s + 1), s, block_label(b, h), h))
        if len(blocks) > len(shown):
            out.append(
                f'<text class="more" x="{x + R * 0.6:.1f}" y="{y + H * 0.35:.1f}">+{len(blocks) - len(shown)}</text>'
            )
    out.append("</g>")
    return out


def board_svg(
    scenario: dict[str, Any],
    view: dict[str, Any],
    _: Translator,
    block_label: Callable[[dict[str, Any], str], str],
    hex_label: Callable[[str], str],
) -> str:
    board = board_of(scenario)
    w, h = size(board)
    battle = (view.get("battle") or {}).get("hex")
    marks = [f'<polygon class="mark battle-now" points="{_pts(corners(battle))}"/>'] if battle else []
    marks += [
        f'<polygon class="mark battle" points="{_pts(corners(b))}"/>'
        for b in view.get("battles") or []
        if b != battle and b in board.hexes
    ]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="vic-map" viewBox="0 0 {w:.0f} {h:.0f}" '
        f'role="group" aria-label="{escape(_("Map"))}">',
        *map_layer(board, hex_label),
        *places_layer(board, view.get("control") or {}),
        *marks,
        *blocks_layer(view, block_label),
        "</svg>",
    ]
    return "".join(parts)
