"""China played through the ruleset: its purchases with the Burma Road, placement in its own
territories without complexes, its area and no transports (G40-CHINA-03…08)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import end, events, game_at, start_position


def _refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def _unit(game: Game, space: str, utype: str, owner: str) -> int:
    return next(u["id"] for u in game.state["units"][space]
                if u["type"] == utype and u["owner"] == owner and "aboard" not in u)


def test_G40_CHINA_03_china_buys_infantry_and_artillery_with_the_burma_road() -> None:
    game = game_at("china", "purchase")
    assert _refused(game, "china", {"type": "purchase", "units": {"fighter": 1}}) \
        == "G40-CHINA-03"
    assert _refused(game, "china", {"type": "repair", "installations": {
        "Szechwan": {"air_base": 1}}}) == "G40-CHINA-03"
    game.submit("china", {"type": "purchase", "units": {"infantry": 1, "artillery": 1}})
    assert game.state["ipcs"]["china"] == 12 - 3 - 4
    assert set(game.legal_options("china")["purchase"]["costs"]) == {"infantry", "artillery"}


def test_G40_CHINA_09_no_artillery_once_the_burma_road_is_closed() -> None:
    position = start_position()
    position["owners"]["Burma"] = "japan"
    game = game_at("china", "purchase", edit=position)
    assert _refused(game, "china", {"type": "purchase", "units": {"artillery": 1}}) \
        == "G40-CHINA-03"


def test_G40_CHINA_04_G40_MOB_08_china_places_in_its_territories_without_complexes() -> None:
    game = game_at("china", "purchase")
    game.submit("china", {"type": "purchase", "units": {"infantry": 4}})
    while game.state["phase"] != "mobilize":
        end(game)
    assert _refused(game, "china", {"type": "place", "units": {"infantry": 1},
                                    "at": "Burma"}) == "G40-CHINA-04"
    game.submit("china", {"type": "place", "units": {"infantry": 4}, "at": "Hunan"})  # no cap
    placed = events(game, "aa.placed")[0]
    assert placed["at"] == "Hunan" and len(placed["units"]) == 4


def test_G40_CHINA_05_chinese_land_units_stay_in_chinas_area() -> None:
    game = game_at("china", "noncombat_move")
    move = {"type": "move", "units": [_unit(game, "Yunnan", "infantry", "china")],
            "route": ["Yunnan", "Shan State"]}
    assert _refused(game, "china", move) == "G40-CHINA-05"


def test_G40_CHINA_08_the_flying_tigers_stay_in_chinas_area() -> None:
    game = game_at("china", "noncombat_move")
    move = {"type": "move", "units": [_unit(game, "Szechwan", "fighter", "china")],
            "route": ["Szechwan", "Yunnan", "Burma", "India"]}
    assert _refused(game, "china", move) == "G40-CHINA-08"


def test_G40_CHINA_06_chinese_units_never_board_a_transport() -> None:
    position = start_position()
    position["units"]["Burma"].append({"type": "infantry", "owner": "china"})
    position["units"]["SZ 38"] = [{"type": "transport", "owner": "uk"}]
    game = game_at("china", "noncombat_move", edit=position)
    move = {"type": "move", "units": [_unit(game, "Burma", "infantry", "china")],
            "route": ["Burma", "SZ 38"], "transport": _unit(game, "SZ 38", "transport", "uk")}
    assert _refused(game, "china", move) == "G40-CHINA-06"
