"""The scripted two-round games (``scripted_game.py``: the story of each scenario) through the
facade, with scripted dice: research and breakthroughs, a strategic bombing raid under
antiaircraft fire and its repair, a shore bombardment in an amphibious assault, infantry
supported by artillery, China's free infantry, national objectives paid and missed. Each game
replays to the same fingerprint; the HTTP run is ``test_scripted_game_http_anniversary.py``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from pbem.engine import Game
from tests.games.anniversary.facade import RS, events
from tests.games.anniversary.scripted_game import KARELIA, play

SCENARIOS = ["1941", "1942"]
#: raider, target, the target's owner, the gun's face, the damage rolled
RAIDS = {"1941": ("germany", KARELIA, "ussr", 4, 3), "1942": ("uk", "Germany", "germany", 5, 4)}
#: assailant, target, bombarding ship, its target number, its face
ASSAULTS = {"1941": ("germany", "Baltic States", "cruiser", 3, 2),
            "1942": ("japan", "Buryatia S.S.R.", "battleship", 4, 3)}
#: the power, an objective paid in its first Collect Income, one missed
OBJECTIVES = {"1941": ("germany", "AAE-NO-11", "AAE-NO-12"), "1942": ("japan", "AAE-NO-21", "AAE-NO-23")}


@cache
def played(scenario: str) -> Game:
    return play(scenario)


def rolls(game: Game, step: str, side: str, place: str) -> list[dict[str, Any]]:
    return [p for p in events(game, "dice.rolled") if p["context"].get("step") == step
            and p["context"].get("side") == side and p["context"].get("battle") == place]


def faces(roll: dict[str, Any]) -> list[tuple[Any, ...]]:
    return sorted((d["unit"], d.get("target"), d["face"], d.get("hit")) for d in roll["dice"])


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_scripted_two_rounds_replay_identically(scenario: str) -> None:
    game = played(scenario)
    assert game.state["round"] == 3
    replayed = RS.replay(game.log())
    assert replayed.fingerprint() == game.fingerprint()
    assert replayed.state == game.state


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_SBR_02_AA_03_scripted_raid_the_gun_rolls_one_die_per_bomber(scenario: str) -> None:
    game = played(scenario)
    power, target, owner, gun_face, _damage = RAIDS[scenario]
    (raid,) = events(game, "aa.raid")
    assert (raid["power"], raid["target"], len(raid["bombers"])) == (power, target, 1)
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert (fire["place"], fire["owner"], fire["step"]) == (target, owner, "strategic bombing raid")
    assert fire["targets"] == raid["bombers"] and fire["destroyed"] == [] and raid["survivors"] == raid["bombers"]
    (gun,) = rolls(game, "strategic bombing raid", "defender", target)
    assert faces(gun) == [("bomber", 1, gun_face, False)]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_SBR_03_scripted_raid_damage_is_the_bombers_roll(scenario: str) -> None:
    game = played(scenario)
    _power, target, _owner, _gun, damage = RAIDS[scenario]
    (bomber,) = rolls(game, "strategic bombing raid", "attacker", target)
    assert bomber["faces"] == [damage]
    (raid,) = events(game, "aa.raid")
    assert (raid["rolled"], raid["damage"]) == (damage, damage)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_PUR_03_SBR_07_scripted_the_owner_repairs_in_a_later_purchase(scenario: str) -> None:
    game = played(scenario)
    _power, target, owner, _gun, damage = RAIDS[scenario]
    log = game.log()
    at = next(i for i, e in enumerate(log) if e["type"] == "aa.aae_repaired")
    assert log[at]["payload"] == {"power": owner, "complexes": {target: damage}, "cost": damage}
    assert at > next(i for i, e in enumerate(log) if e["type"] == "aa.raid")
    assert log[at - 1]["type"] == "order"
    before, after = RS.replay(log[:at - 1]), RS.replay(log[:at + 1])
    assert (before.state["power"], before.state["phase"]) == (owner, "purchase")
    assert before.state["complexes"][target] == damage  # the damage stayed until repaired
    assert after.state["complexes"][target] == 0
    assert after.state["ipcs"][owner] == before.state["ipcs"][owner] - damage  # 1 IPC a marker


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_BOMB_04_05_scripted_shore_bombardment_before_the_landing(scenario: str) -> None:
    game = played(scenario)
    _power, target, ship, hit_on, face = ASSAULTS[scenario]
    (bombard,) = rolls(game, "shore bombardment", "attacker", target)
    assert faces(bombard) == [(ship, hit_on, face, True)]
    (bombarded,) = events(game, "aa.bombarded")
    assert (bombarded["place"], bombarded["hits"]) == (target, 1)
    (casualty,) = [c for c in events(game, "aa.casualties") if c["step"] == "shore bombardment"]
    assert casualty["side"] == "defender" and casualty["remove"] is False
    (defence,) = rolls(game, "defender fire", "defender", target)
    assert set(casualty["units"]) <= {d["unit_id"] for d in defence["dice"]}  # it still fires back


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_UNIT_INF_02_ART_02_scripted_landed_infantry_attacks_at_two_beside_artillery(scenario: str) -> None:
    game = played(scenario)
    power, target, _ship, _hit_on, _face = ASSAULTS[scenario]
    (attack,) = rolls(game, "attacker fire", "attacker", target)
    assert faces(attack) == [("artillery", 2, 2, True), ("infantry", 2, 2, True)]
    (landed,) = events(game, "aa.battle_landed")
    assert landed["place"] == target and len(landed["units"]) == 2
    assert game.state["owners"][target] == power


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_NO_02_scripted_an_objective_paid_and_one_missed(scenario: str) -> None:
    power, paid, missed = OBJECTIVES[scenario]
    income = next(p for p in events(played(scenario), "aa.aae_income_collected") if p["power"] == power)
    bonus = {o["id"]: (o["met"], o["bonus"]) for o in income["objectives"]}
    assert bonus[paid] == (True, 5) and bonus[missed] == (False, 0)
    assert income["total"] == income["production"] + sum(b for _, b in bonus.values()) + income["war_bonds"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_AAE_CHINA_03_04_scripted_free_infantry_each_us_turn(scenario: str) -> None:
    game = played(scenario)
    assert [p["count"] for p in events(game, "aa.aae_china_infantry")] == [3, 3]
    placed = events(game, "aa.aae_free_infantry_placed")
    assert sum(len(p["ids"]) for p in placed) == 6 and game.state["china_pending"] == 0


def test_AAE_RD_04_08_TECH_05_scripted_1941_breakthroughs_and_war_bonds() -> None:
    game = played("1941")
    soviet = [(p["faces"], p["success"], p["tokens"]) for p in events(game, "aa.aae_research_rolled")
              if p["power"] == "ussr"]
    assert soviet == [([1, 2], False, 2), ([3, 6], True, 0)]  # kept after a failure, discarded on a 6
    advances = {p["power"]: p["advance"] for p in events(game, "aa.aae_breakthrough")}
    assert advances == {"germany": "war_bonds", "ussr": "long_range_aircraft"}
    german = [p for p in events(game, "aa.aae_income_collected") if p["power"] == "germany"]
    assert [p["war_bonds"] for p in german] == [3, 4]


def test_AAE_SEQ_03_scripted_1942_japan_first() -> None:
    game = played("1942")
    first = next(e for e in game.log() if e["type"] == "aa.aae_research_rolled")
    assert first["payload"]["power"] == "japan"
    assert {p["power"]: p["advance"] for p in events(game, "aa.aae_breakthrough")} == {
        "japan": "jet_fighters", "ussr": "long_range_aircraft"}
