"""The board drawing ``rules/aa1941/board.json`` (spec C.9): complete, well formed, small."""

from __future__ import annotations

import json
import re

from pbem.games.aa.data import RULES_DIR, scenario

BOARD = json.loads((RULES_DIR / "aa1941" / "board.json").read_text(encoding="utf-8"))
DATA = scenario("aa1941")
_PATH = re.compile(r"^(M-?\d+ -?\d+L(-?\d+ -?\d+ ?)+Z)+$")


def _svg() -> str:
    """The board as the browser would draw it: one path and one label per space."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {BOARD["width"]} '
             f'{BOARD["height"]}">']
    for name, space in BOARD["spaces"].items():
        x, y = space["label"]
        parts.append(f'<path id="{name}" class="{space["kind"]}" d="{space["path"]}"/>')
        parts.append(f'<text x="{x}" y="{y}">{name}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _area(points: list[tuple[int, int]]) -> float:
    n = len(points)
    return abs(sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
                   for i in range(n))) / 2


def test_board_has_every_space_with_path_and_label() -> None:
    assert (BOARD["width"], BOARD["height"], BOARD["wrap_x"]) == (3500, 2000, True)
    assert set(BOARD["spaces"]) == set(DATA.spaces)
    for name, space in BOARD["spaces"].items():
        assert _PATH.match(space["path"]), name
        x, y = space["label"]
        assert 0 <= x <= 3500 and 0 <= y <= 2000, name
        assert space["kind"] == DATA.spaces[name].kind


def test_board_outlines_are_not_degenerate() -> None:
    for name, space in BOARD["spaces"].items():
        total = 0.0
        for ring in space["path"].split("Z")[:-1]:
            nums = [int(v) for v in re.findall(r"-?\d+", ring)]
            points = list(zip(nums[::2], nums[1::2], strict=True))
            assert len(points) >= 3, name
            total += _area(points)
        assert total > 100, name  # the smallest islands cover a few hundred square pixels


def test_board_svg_is_at_most_400_kb() -> None:
    assert len(_svg().encode("utf-8")) <= 400 * 1024
    assert _svg().count("<path ") == 120
