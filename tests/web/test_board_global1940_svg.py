"""Global 1940's board as SVG from its converted outlines (no game needed): the outlines sent as
relative paths draw the same polygons, every one of the 332 spaces is a focusable path, the board
of the starting position stays small, installations show with their damage, neutrals by leaning."""

from __future__ import annotations

import json
import re

import pytest

from pbem.games.rulesdata import rules_file
from pbem.ui.aa import board_svg

SETUP = json.loads(rules_file("global1940", "setups.json").read_text(encoding="utf-8"))["rulebook"]


def points(path: str) -> list[list[tuple[int, int]]]:
    """The rings of an SVG path of M/L/l/Z commands, in absolute coordinates."""
    rings = []
    for ring in re.findall(r"M[^M]*", path):
        numbers = [int(round(float(n))) for n in re.findall(r"-?\d+(?:\.\d+)?", ring)]
        pairs = list(zip(numbers[::2], numbers[1::2], strict=True))
        if "l" in ring:  # relative: each pair after the first is a step from the one before
            x, y = pairs[0]
            out = [(x, y)]
            for dx, dy in pairs[1:]:
                x, y = x + dx, y + dy
                out.append((x, y))
            pairs = out
        rings.append(pairs)
    return rings


@pytest.mark.parametrize("folder", ["aa1941", "anniversary", "global1940"])
def test_relative_outlines_draw_the_converted_polygons(folder: str) -> None:
    raw = json.loads(rules_file(folder, "board.json").read_text(encoding="utf-8"))["spaces"]
    drawn = board_svg.board_data(folder)["spaces"]
    for name, space in raw.items():
        assert points(drawn[name]["path"]) == points(space["path"]), name
    assert sum(map(len, (s["path"] for s in drawn.values()))) < 0.6 * sum(map(len, (s["path"] for s in raw.values())))


def setup_view(**changes: object) -> dict[str, object]:
    installations = json.loads(json.dumps(SETUP["installations"]))
    return {"owners": SETUP["owners"], "units": SETUP["units"], "neutrals": SETUP["neutrals"],
            "installations": installations, **changes}


def test_G40_every_space_is_a_focusable_path_and_the_board_stays_small() -> None:
    board = board_svg.board_data("global1940")
    svg = board_svg.board_svg(board, setup_view(), {}, label="Board")
    drawn = re.findall(r'<path id="sp-[^"]+" class="sp (land|sea)[^"]*" data-space="([^"]+)" tabindex="0" '
                       r'role="button"[^>]* d="M[^"]+"', svg)
    assert len(drawn) == 332 == len({name for _kind, name in drawn})
    assert sum(1 for kind, _n in drawn if kind == "sea") == 128
    assert len(svg.encode()) < 190_000, len(svg.encode())  # measured: 171,220 bytes (setup position)


def test_G40_installations_show_with_their_damage_and_neutrals_by_leaning() -> None:
    board = board_svg.board_data("global1940")
    view = setup_view()
    view["installations"]["France"] = {"major_complex": 0, "air_base": 3}  # type: ignore[index]
    view["installations"]["Eire"] = {"naval_base": 0}  # type: ignore[index]
    svg = board_svg.board_svg(board, view, {}, label="Board")
    marks = svg[svg.index('<g class="marks"'):]
    france = re.search(r">France <tspan class=\"mk-val\">([^\n]*?)</tspan></text>", marks)
    assert france and "\u25a0" in france.group(1) and '\u2708<tspan class="mk-dmg">\u22123</tspan>' in france.group(1)
    assert re.search(r">Eire <tspan class=\"mk-val\">\u2693", marks)
    assert 'class="sp land o-none nt-pro_axis" data-space="Bulgaria"' in svg
    assert 'class="sp land o-none nt-pro_allies" data-space="Brazil"' in svg
    assert 'class="sp land o-none nt-strict" data-space="Spain"' in svg
    assert 'class="sp land o-none nt-impassable" data-space="Pripet Marshes"' in svg
    for kind in ("pro_axis", "pro_allies", "mongolia", "impassable"):
        assert f'<pattern id="pt-nt-{kind}"' in svg
    legend = dict((text, mark) for mark, text in board_svg.legend_marks(board))
    assert legend["air base"] == "\u2708" and legend["naval base"] == "\u2693"
    assert [k for k, _t in board_svg.neutral_legend(board)] == ["pro_axis", "pro_allies", "mongolia", "impassable"]
    assert board_svg.neutral_legend(board_svg.board_data("anniversary")) == []
