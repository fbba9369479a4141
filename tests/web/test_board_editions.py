"""The A&A board drawn for every edition from its converted outlines (``rules/<folder>/board.json``):
Anniversary's 162 spaces, its powers (Italy and China too) told apart by colour and pattern, its
roster's units counted on the map and its industrial complexes with their damage markers."""

from __future__ import annotations

import json
import re
from typing import Any

from pbem.games.aa.anniversary.data import anniversary
from pbem.games.rulesdata import rules_file
from pbem.ui.aa import board_svg

POWERS = ("germany", "ussr", "japan", "uk", "italy", "usa", "china")


def anniversary_view(scenario: str = "1941") -> dict[str, Any]:
    """The scenario's starting position as a view: units numbered one by one, complexes."""
    setup = anniversary(scenario).setup()
    units: dict[str, list[dict[str, Any]]] = {}
    uid = 0
    for space, stacks in setup["units"].items():
        for stack in stacks:
            for _n in range(stack.get("count", 1)):
                uid += 1
                units.setdefault(space, []).append({"id": uid, "type": stack["type"], "owner": stack["owner"]})
    return {"owners": setup["owners"], "units": units, "complexes": dict(setup["complexes"])}


def test_anniversary_board_has_every_space_clickable_with_islands_above_sea_zones() -> None:
    board = board_svg.board_data("anniversary")
    view = anniversary_view()
    svg = board_svg.board_svg(board, view, {p: p.title() for p in POWERS}, label="Board")
    drawn = re.findall(r'<path id="sp-[^"]+" class="sp (land|sea)[^"]*" data-space="([^"]+)" tabindex="0"', svg)
    assert len(drawn) == 162 == len({name for _k, name in drawn})
    kinds = [kind for kind, _n in drawn]
    assert kinds.index("land") == kinds.count("sea")  # every sea zone first: islands lie on top
    islands = [n for n, sp in json.loads(rules_file("anniversary", "map.json").read_text())["spaces"].items()
               if sp.get("island")]
    assert islands and all(f'data-space="{name}"' in svg for name in islands)
    assert len(svg.encode()) < 400_000


def test_italy_and_china_have_their_own_colour_and_pattern() -> None:
    board = board_svg.board_data("anniversary")
    svg = board_svg.board_svg(board, anniversary_view(), {}, label="Board")
    for power in POWERS:
        assert f'<pattern id="pt-{power}"' in svg
    assert 'class="sp land o-italy"' in svg and 'class="sp land o-china"' in svg
    assert len({board_svg.COLOURS[p] for p in POWERS}) == len(POWERS)
    assert len({board_svg.PATTERNS[p] for p in POWERS}) == len(POWERS)  # not told apart by colour alone
    css = (board_svg.Path(board_svg.__file__).parent / "static" / "board.css").read_text()
    for power in POWERS:
        assert f".o-{power} {{ fill: url(#pt-{power}); }}" in css and f".lg-swatch.o-{power}" in css


def test_units_of_the_anniversary_roster_are_counted_by_type_on_the_map() -> None:
    view = anniversary_view()
    view["units"]["Germany"].append({"id": 9999, "type": "industrial_complex", "owner": "germany"})
    lines = dict(board_svg.unit_lines(view["units"]["Germany"]))
    assert lines["germany"].split() == ["3I", "1A", "1AA", "1F", "1B"]  # the complex is no unit box
    cruisers = [line for units in view["units"].values() for _o, line in board_svg.unit_lines(units) if "Cr" in line]
    assert cruisers


def test_a_damaged_industrial_complex_shows_its_damage_markers() -> None:
    board = board_svg.board_data("anniversary")
    view = anniversary_view()
    view["complexes"]["Germany"] = 3
    marks = board_svg.marks_svg(board, view)
    assert '\u25a0<tspan class="mk-dmg">\u22123</tspan>' in marks
    assert marks.count("\u25a0") == len(view["complexes"])
    assert "\u2606" in marks  # victory cities that are not capitals
    assert ("\u2606", "victory city") in board_svg.legend_marks(board)


def test_the_legend_lists_only_the_editions_units() -> None:
    class Roster:
        units = {"infantry": 1, "artillery": 1, "aa_gun": 1, "cruiser": 1}

    class Edition:
        data = Roster()

    assert board_svg.symbols_for(Edition()) == {"infantry": "I", "artillery": "A", "aa_gun": "AA", "cruiser": "Cr"}
