"""A second scenario (Crossroads) played to its end by the bot, built in and uploaded; invalid uploads
refused naming the rule they break."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from pbem.engine import InvalidOrder
from pbem.games.victory import validate_scenario
from pbem.games.victory.bot import make_bot
from pbem.games.victory.invariants import invariants
from pbem.games.victory.scenario import load_builtin
from tests.games.victory.kit import RS


def crossroads() -> dict[str, Any]:
    return copy.deepcopy(load_builtin("crossroads"))


def _play_out(game, seed: int) -> None:
    bot = make_bot(RS, random.Random(seed))
    for _ in range(4000):
        if game.result() is not None:
            break
        bot.act(game)
        assert invariants(RS, game.state) == []
    assert game.result() is not None


def test_crossroads_is_a_valid_second_scenario_with_its_own_map_and_conditions() -> None:
    sc = crossroads()
    assert validate_scenario(sc) == []
    assert sc["map"]["columns"] == 12 and sc["victory"]["turns"] == 4
    choices = [c["value"] for o in RS.options_schema() if o["name"] == "scenario" for c in o["choices"]]
    assert choices == ["river_line", "crossroads"]


@pytest.mark.parametrize("seed", [1, 2])
def test_crossroads_built_in_plays_to_its_end_via_the_bot(seed: int) -> None:
    game = RS.new_game({"scenario": "crossroads"}, seed=f"crossroads-{seed}")
    assert game.state["scenario"]["id"] == "crossroads"
    _play_out(game, seed)
    result = game.result()
    assert result["turn"] <= 4 and (result.get("winner") in ("blue", "red") or result.get("draw"))
    assert RS.replay(game.log()).state == game.state


def test_crossroads_uploaded_as_a_file_plays_to_its_end() -> None:
    sc = crossroads()
    sc["id"], sc["name"] = "my_crossroads", "My Crossroads"
    sc["victory"]["turns"] = 2
    game = RS.from_position({"scenario": sc}, seed="upload")
    _play_out(game, 7)
    assert game.result()["turn"] <= 2
    created = game.log()[0]["payload"]["position"]
    assert created["scenario"]["name"] == "My Crossroads"  # the game keeps its own copy of the file


def _drop_city(sc):
    sc["map"]["cities"] = [c for c in sc["map"]["cities"] if c["name"] != "Dora"]


def _pp(sc):
    sc["map"]["cities"][0]["pp"] = 2


def _stranger(sc):
    sc["blocks"]["blue"][0]["hex"] = "1102"


def _ship_inland(sc):
    sc["blocks"]["blue"].append({"hex": "0304", "type": "BB", "steps": 1})
    sc["blocks"]["blue"] = [b for b in sc["blocks"]["blue"] if not (b["hex"] == "0304" and b["type"] == "IN")]


def _crowded(sc):
    sc["blocks"]["blue"].append({"hex": "0202", "type": "IN", "steps": 1})


def _road(sc):
    sc["map"]["roads"].append(["0202", "0404"])


def _river_at_sea(sc):
    sc["map"]["hexsides"].append({"hexes": ["0601", "0701"], "river": True})


def _wet_city(sc):
    sc["map"]["sea"].append("0206")


def _off_grid(sc):
    sc["map"]["terrain"]["forest"].append("1309")


def _victory(sc):
    sc["victory"]["sudden_death"] = {"kind": "cities", "cities": ["0303"]}


def _carrier(sc):
    sc["blocks"]["blue"].append({"hex": "0202", "type": "HB", "steps": 1, "aboard": 1})


def _malformed(sc):
    sc["blocks"]["red"][0]["steps"] = "three"


def _seam(sc):
    sc["map"]["sheets"][1]["from"] = "0601"


CASES: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (_drop_city, "VIC-SETUP-02"), (_pp, "VIC-SETUP-02"), (_stranger, "VIC-SETUP-05"), (_ship_inland, "VIC-SETUP-08"),
    (_crowded, "VIC-SETUP-06"), (_road, "VIC-TERR-ROAD-01"), (_river_at_sea, "VIC-TERR-RIVER-01"),
    (_wet_city, "VIC-TERR-CITY-01"), (_off_grid, "VIC-TERR-GEN-01"), (_victory, "VIC-VIC-02"),
    (_carrier, "VIC-UNIT-CV-02"), (_malformed, "VIC-SETUP-01"), (_seam, "VIC-SETUP-01"),
]


@pytest.mark.parametrize(("break_it", "rule"), CASES, ids=[f.__name__.strip("_") for f, _ in CASES])
def test_an_invalid_uploaded_scenario_is_refused_naming_the_rule_it_breaks(break_it, rule: str) -> None:
    sc = crossroads()
    break_it(sc)
    problems = validate_scenario(sc)
    assert rule in [p.rule_id for p in problems]
    assert all(p.message and p.rule_id.startswith("VIC-") for p in problems)
    with pytest.raises(InvalidOrder) as err:
        RS.from_position({"scenario": sc})
    assert err.value.rule_id == problems[0].rule_id


def test_an_upload_that_is_not_a_scenario_at_all_is_refused() -> None:
    for junk in (None, [], "river", {"format": "victory-scenario/1"}):
        problems = validate_scenario(junk)
        assert problems and problems[0].rule_id == "VIC-SETUP-01"
