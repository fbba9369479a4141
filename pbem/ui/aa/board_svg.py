"""The A&A board as SVG, drawn from the project's converted outlines (``rules/<edition>/board.json``).

One ``<path>`` per territory and sea zone (``id="sp-<slug>"``, ``data-space`` = its name), sea
zones first and territories above them (islands lie inside their sea zone's outline), coloured
by a class per owner (``o-germany``...; colours in ``static/board.css``) and filled with a pattern
per power (``<pattern id="pt-germany">``: stripes, dots, hatching), so powers differ by more than
their colour. Spaces are focusable (``tabindex="0"``, ``role="button"``, ``aria-label``) so the
board works from the keyboard. Above the paths, a marks layer (``<g class="marks">``) shows each
space's name (a sea zone's number), production value, capital and factory, and per owner a
pill with the unit counts by type (``3I 1T 1F``, the legend names the abbreviations). The
outlines never change: their markup is built once per process; only the classes, labels and
marks depend on the position.

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
from pbem.ui.i18n import N_

#: The board drawn for an edition that has no outlines of its own yet.
DEFAULT_BOARD = "aa1941"
#: Every edition's unit types in the order the map, the legend and the forms list them (an
#: edition's roster is a subset: A&A 1941 has nine, Anniversary adds artillery, AA gun, cruiser).
UNIT_ORDER = ("infantry", "artillery", "mech_infantry", "tank", "aa_gun", "fighter", "tactical_bomber", "bomber",
              "submarine", "transport", "destroyer", "cruiser", "carrier", "battleship")
#: Short unit symbols on the map (the legend names them in the user's language).
SYMBOLS = {"infantry": "I", "artillery": "A", "mech_infantry": "M", "tank": "T", "aa_gun": "AA", "fighter": "F",
           "tactical_bomber": "TB", "bomber": "B", "submarine": "S", "transport": "Tr", "destroyer": "D",
           "cruiser": "Cr", "carrier": "C", "battleship": "BB"}
#: Unit types drawn as a mark of their space, not counted in the unit boxes (industrial complexes).
COMPLEX_TYPES = ("factory", "industrial_complex")
#: Font sizes in board units: readable (10-12 px) at the default zoom of a phone and a desktop.
NAME_FONT = 27
UNIT_FONT = 32
#: Power fill patterns (besides colour): (pattern content over the power's colour), 24-unit tiles.
def _lines(*coords: tuple[int, int, int, int], width: int = 4, opacity: str = ".35") -> str:
    return "".join(f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="#fff" stroke-opacity="{opacity}" '
                   f'stroke-width="{width}"/>' for a, b, c, d in coords)


PATTERNS = {
    "ussr": _lines((0, 6, 24, 6), (0, 18, 24, 18)),
    "germany": "",
    "uk": _lines((-6, 6, 6, -6), (0, 24, 24, 0), (18, 30, 30, 18), width=5, opacity=".4"),
    "japan": '<circle cx="6" cy="6" r="3.5" fill="#fff" fill-opacity=".5"/>'
             '<circle cx="18" cy="18" r="3.5" fill="#fff" fill-opacity=".5"/>',
    "usa": _lines((0, 0, 24, 24), (24, 0, 0, 24), width=3, opacity=".3"),
    "italy": _lines((6, 0, 6, 24), (18, 0, 18, 24), width=4, opacity=".4"),
    "china": '<rect x="7" y="7" width="10" height="10" fill="none" stroke="#fff" stroke-opacity=".55" '
             'stroke-width="3"/>',
    "anzac": _lines((0, 12, 24, 12), (12, 0, 12, 24), width=3, opacity=".35"),
    "france": '<circle cx="12" cy="12" r="6" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>',
}
#: Neutral territories' fills by leaning (Global 1940): light, with the leaning side's colour in thin lines.
NEUTRAL_PATTERNS = {
    "pro_axis": ("#e4e0d6", _lines((0, 24, 24, 0), width=3, opacity="1").replace("#fff", "#8a8a8a")),
    "pro_allies": ("#eef0dc", _lines((0, 0, 24, 24), width=3, opacity="1").replace("#fff", "#7fa35f")),
    "mongolia": ("#f3efe2", '<circle cx="12" cy="12" r="3" fill="#c98a84"/>'),
    "impassable": ("#b9b2a0", _lines((0, 12, 24, 12), width=3, opacity="1").replace("#fff", "#8c8473")),
}
#: Every power of every edition (Italy brown with vertical stripes, China teal with squares).
COLOURS = {"ussr": "#a8392e", "germany": "#6b6b6b", "uk": "#c58b2a", "japan": "#f08c2e", "usa": "#5e8a3a",
           "italy": "#7b5233", "china": "#2f7f86", "anzac": "#4f6a8f", "france": "#3456b0"}


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


def symbols_for(ruleset: Any) -> dict[str, str]:
    """The map symbols of this edition's unit types (the legend lists only these)."""
    roster = set(getattr(getattr(ruleset, "data", None), "units", {}) or SYMBOLS)
    return {t: sym for t, sym in SYMBOLS.items() if t in roster}


def legend_marks(board: dict[str, Any]) -> list[tuple[str, str]]:
    """The legend's marks this board uses beyond capitals and complexes (English, ``N_``-marked;
    the template translates): victory cities, damage markers on complexes."""
    out = []
    if any(sp.get("victory_city") for sp in board["spaces"].values()):
        out.append(("\u2606", N_("victory city")))
        out.append(("\u25a0\u22122", N_("industrial complex with 2 damage markers")))
    if any(sp.get("neutral_kind") for sp in board["spaces"].values()):  # Global 1940's installations
        out[-1:] = [("\u25a0", N_("major industrial complex")), ("\u25a1", N_("minor industrial complex")),
                    ("\u2708", N_("air base")), ("\u2693", N_("naval base")),
                    ("\u2708\u22123", N_("air base with 3 damage markers"))]
    return out


def neutral_legend(board: dict[str, Any]) -> list[tuple[str, str]]:
    """The legend's swatches of neutral territories by leaning (``nt-<kind>``), English, ``N_``-marked."""
    if not any(sp.get("neutral_kind") for sp in board["spaces"].values()):
        return []
    return [("pro_axis", N_("pro-Axis neutral")), ("pro_allies", N_("pro-Allied neutral")),
            ("mongolia", N_("Mongolian neutral")), ("impassable", N_("impassable"))]


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
        space["victory_city"] = info.get("victory_city")
        space["impassable"] = bool(info.get("impassable"))
        space["neutral_kind"] = info.get("neutral_kind")
        space["uk_economy"] = info.get("uk_economy")
        space["label"] = label_inside(space["path"], space["label"])
        space["path"] = relative_path(space["path"])
    return data


def _rings(path: str) -> list[list[tuple[float, float]]]:
    return [[(float(a), float(b)) for a, b in _POINT.findall(ring)] for ring in re.findall(r"M[^M]*", path)]


def _inside(x: float, y: float, rings: list[list[tuple[float, float]]]) -> bool:
    """Even-odd rule over every ring (holes count)."""
    found = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                found = not found
    return found


def label_inside(path: str, label: list[int]) -> list[int]:
    """The label point, moved onto the space when the converted one lies outside its outline (Global
    1940's New Britain, Samoa, Solomon Islands: a click there would open the sea zone): the point
    of a grid over the outline nearest the original."""
    rings = _rings(path)
    if not rings or _inside(label[0], label[1], rings):
        return label
    xs, ys = [x for r in rings for x, _y in r], [y for r in rings for _x, y in r]
    grid = [(min(xs) + (max(xs) - min(xs)) * (i + 0.5) / 24, min(ys) + (max(ys) - min(ys)) * (j + 0.5) / 24)
            for i in range(24) for j in range(24)]
    inside = [p for p in grid if _inside(p[0], p[1], rings)]
    if not inside:
        return label
    x, y = min(inside, key=lambda p: (p[0] - label[0]) ** 2 + (p[1] - label[1]) ** 2)
    return [round(x), round(y)]


_POINT = re.compile(r"(-?\d+(?:\.\d+)?)[ ,]+(-?\d+(?:\.\d+)?)")


def relative_path(d: str) -> str:
    """The same outline with relative coordinates: ``M3802 1585L3814 1586 3824 1596Z`` becomes
    ``M3802 1585l12 1 10 10z`` (whole board units; about half the bytes on a page that draws
    hundreds of spaces: the Global 1940 board's outlines shrink from 131 KB to 73 KB)."""
    out = []
    for ring in re.findall(r"M[^M]*", d):
        points = [(round(float(a)), round(float(b))) for a, b in _POINT.findall(ring)]
        if not points:
            continue
        x, y = points[0]
        steps = ""
        for px, py in points[1:]:
            for n in (px - x, py - y):
                steps += f"{n}" if n < 0 or not steps else f" {n}"
            x, y = px, py
        out.append(f"M{points[0][0]} {points[0][1]}" + (f"l{steps}" if steps else "")
                   + ("z" if ring.rstrip().upper().endswith("Z") else ""))
    return "".join(out)


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
            f'viewBox="0 0 {data["width"]} {data["height"]}" tabindex="-1" role="group" aria-label="{escape(label)}">'
            + defs_svg())


def defs_svg() -> str:
    """One fill pattern per power: its colour plus stripes, dots or hatching (colour-blind players)."""
    parts = ["<defs>"]
    for power, colour in COLOURS.items():
        parts.append(f'<pattern id="pt-{power}" width="24" height="24" patternUnits="userSpaceOnUse">'
                     f'<rect width="24" height="24" fill="{colour}"/>{PATTERNS[power]}</pattern>')
    for kind, (colour, lines) in NEUTRAL_PATTERNS.items():
        parts.append(f'<pattern id="pt-nt-{kind}" width="24" height="24" patternUnits="userSpaceOnUse">'
                     f'<rect width="24" height="24" fill="{colour}"/>{lines}</pattern>')
    parts.append("</defs>")
    return "".join(parts)


def drawing_order(spaces: dict[str, Any]) -> list[str]:
    """Sea zones first, then territories: an island drawn after its sea zone stays visible and
    clickable (the zones' outlines cover their islands)."""
    return sorted(spaces, key=lambda name: (spaces[name]["kind"] != "sea", name))


def outline_svg(board: dict[str, Any], label: str) -> str:
    """The bare outlines (no position): the cacheable ``/boards/<ruleset>.svg``."""
    data = board
    parts = [_open_tag(data, label), '<rect class="sea-bg" x="0" y="0" width="100%" height="100%"/>']
    for name in drawing_order(data["spaces"]):
        space = data["spaces"][name]
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
        if u["type"] in COMPLEX_TYPES:
            continue
        counts.setdefault(u["owner"], {}).setdefault(u["type"], 0)
        counts[u["owner"]][u["type"]] += int(u.get("count", 1))
    out = []
    for owner, types in counts.items():
        order = list(UNIT_ORDER) + sorted(t for t in types if t not in UNIT_ORDER)
        text = " ".join(f"{types[t]}{SYMBOLS.get(t, t[:2].upper())}" for t in order if t in types)
        out.append((owner, text))
    return out


def name_lines(name: str, kind: str) -> list[str]:
    """A space's name on the map: a sea zone's number; a long name on two lines."""
    if kind == "sea":
        return [name.removeprefix("SZ ")]
    words = name.split()
    if len(name) <= 12 or len(words) < 2:
        return [name]
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _pill(owner: str, text: str, x: float, y: float) -> str:
    """Unit counts of one owner: a rounded box in the owner's pattern with the counts on it."""
    width = len(text) * UNIT_FONT * 0.62 + 14
    owner = escape(owner)
    fill = f"url(#pt-{owner})" if owner in COLOURS else "#ddd"
    return (f'<rect class="pill" x="{x - width / 2:.0f}" y="{y - UNIT_FONT + 4:.0f}" width="{width:.0f}" '
            f'height="{UNIT_FONT + 6}" rx="9" fill="{fill}"/>'
            f'<text class="mk-u u-{owner}" x="{x:.0f}" y="{y:.0f}">{escape(text)}</text>')


#: Installations of Global 1940 on the map (the view's ``installations``: {territory: {kind: damage}}).
INSTALLATION_MARKS = {"major_complex": "\u25a0", "minor_complex": "\u25a1", "air_base": "\u2708",
                      "naval_base": "\u2693"}
#: Neutral territories by leaning (the view's ``neutrals``), each with its own fill (``nt-<kind>``).
NEUTRAL_KINDS = ("strict", "pro_axis", "pro_allies", "mongolia")


def complexes_of(board: dict[str, Any], view: dict[str, Any]) -> dict[str, int]:
    """``{territory: damage markers}`` of the position's industrial complexes: the view's
    ``installations`` (Global 1940) or ``complexes`` (Anniversary), else complexes among the units,
    else the map's printed factories (A&A 1941)."""
    if isinstance(view.get("installations"), dict):
        return {str(t): int(kinds.get("major_complex", kinds.get("minor_complex", 0)) or 0)
                for t, kinds in view["installations"].items()
                if "major_complex" in kinds or "minor_complex" in kinds}
    if isinstance(view.get("complexes"), dict):
        return {str(k): int(v or 0) for k, v in view["complexes"].items()}
    found = {name: 0 for name, units in (view.get("units") or {}).items()
             if any(u.get("type") in COMPLEX_TYPES for u in units)}
    return found or {name: 0 for name, sp in board["spaces"].items() if sp.get("factory")}


def installation_marks(view: dict[str, Any], complexes: dict[str, int]) -> dict[str, list[str]]:
    """Per territory, its installations' marks with their damage (``\u25a0\u22122 \u2708``), markup."""
    found = view.get("installations")
    if not isinstance(found, dict):
        return {name: ["\u25a0" + (f'<tspan class="mk-dmg">\u2212{d}</tspan>' if d else "")]
                for name, d in complexes.items()}
    return {str(t): [INSTALLATION_MARKS[k] + (f'<tspan class="mk-dmg">\u2212{int(d)}</tspan>' if d else "")
                     for k, d in sorted(kinds.items(), key=lambda kd: list(INSTALLATION_MARKS).index(kd[0])
                                        if kd[0] in INSTALLATION_MARKS else 9) if k in INSTALLATION_MARKS]
            for t, kinds in found.items()}


def marks_svg(board: dict[str, Any], view: dict[str, Any], space_name: Any = None) -> str:
    """The marks layer for a position: names, values, capitals, complexes (with their damage
    markers, "\u25a0\u22122"), victory cities and unit counts.

    ``space_name(name)``: a space's name in the reader's language (default: the board's)."""
    data = board
    parts = ['<g class="marks" aria-hidden="true">']
    units = view.get("units", {})
    sites = installation_marks(view, complexes_of(board, view))
    for name in drawing_order(data["spaces"]):
        space = data["spaces"][name]
        x, y = space["label"]
        shown = space_name(name) if space_name and space["kind"] == "land" else name
        lines = name_lines(shown, space["kind"])
        bits = []
        if space["capital_of"]:
            bits.append("\u2605")
        elif space.get("victory_city"):
            bits.append("\u2606")
        bits.extend(sites.get(name, []))
        if space["kind"] == "land" and space["value"]:
            bits.append(str(space["value"]))
        top = y - NAME_FONT * (len(lines) - 1) - 4
        for i, line in enumerate(lines):
            extra = (f' <tspan class="mk-val">{" ".join(bits)}</tspan>' if bits and i == len(lines) - 1 else "")
            parts.append(f'<text class="mk-n {space["kind"]}" x="{x}" y="{top + NAME_FONT * i}">'
                         f'{escape(line)}{extra}</text>')
        for i, (owner, text) in enumerate(unit_lines(units.get(name, []))):
            parts.append(_pill(owner, text, x, y + (UNIT_FONT + 8) * (i + 1)))
    parts.append("</g>")
    return "".join(parts)


@lru_cache(maxsize=4)
def _pieces(folder: str) -> list[tuple[str, str, str, int, str]]:
    """Per space: (name, kind, escaped name, value, the tag's tail with its outline), built once."""
    spaces = board_data(folder)["spaces"]
    return [(name, spaces[name]["kind"], escape(name), spaces[name]["value"],
             f'" d="{spaces[name]["path"]}"><title>{escape(name)}</title></path>')
            for name in drawing_order(spaces)]


def board_svg(board: dict[str, Any], view: dict[str, Any], names: dict[str, str], *, label: str,
              space_label: Any = None, space_name: Any = None) -> str:
    """The whole board for a position: coloured, focusable spaces plus the marks layer.

    ``names``: power id -> display name. ``space_label(name, owner_name, value)`` returns the
    accessible name of a space (translated by the caller); ``space_name(name)`` the name shown.
    """
    owners = view.get("owners", {})
    neutrals = view.get("neutrals") if isinstance(view.get("neutrals"), dict) else {}
    impassable = {name: sp.get("impassable") for name, sp in board["spaces"].items()}
    parts = [_open_tag(board, label), '<rect class="sea-bg" x="0" y="0" width="100%" height="100%"/>',
             '<g class="spaces">']
    for name, kind, safe_name, value, tail in _pieces(board["folder"]):
        owner = owners.get(name) if kind == "land" else None
        aria = escape(space_label(name, names.get(owner or "", ""), value)) if space_label else safe_name
        if space_label:  # the tooltip names the space in the reader's language too
            tail = tail.replace(f"<title>{safe_name}</title>", f"<title>{escape(space_label(name, '', 0))}</title>")
        lean = f" nt-{neutrals[name]}" if neutrals.get(name) in NEUTRAL_KINDS else ""
        lean += " nt-impassable" if kind == "land" and impassable.get(name) else ""
        parts.append(f'<path id="sp-{slug(name)}" class="sp {kind} o-{owner or "none"}{lean}" data-space="{safe_name}" '
                     f'tabindex="0" role="button" aria-label="{aria}{tail}')
    parts.append("</g>")
    parts.append(marks_svg(board, view, space_name))
    parts.append("</svg>")
    return "".join(parts)
