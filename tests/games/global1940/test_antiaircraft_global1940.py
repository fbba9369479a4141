"""AA guns' three shots and submarine interception of transports (G40-AA-*, G40-CMB-32)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.global1940 import antiaircraft, interception, raids
from tests.games.global1940.kit import add_unit, make_state, war


def _planes(state: dict, count: int, space: str = "Poland") -> list[dict]:  # type: ignore[type-arg]
    return [add_unit(state, space, "fighter", "germany") for _ in range(count)]


def test_G40_AA_01_gun_has_no_attack_and_zero_in_combat() -> None:
    data, _ = make_state()
    gun = data.unit("aa_gun")
    assert (gun.attack, gun.defense, gun.hits) == (0, 0, 1)  # chosen as a casualty, never fires


def test_G40_AA_02_each_gun_fires_up_to_three_one_die_per_aircraft() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    assert len(antiaircraft.guns(data, state, "Russia", "germany")) == 2
    assert antiaircraft.dice(data, state, "Russia", "germany", _planes(state, 5)) == 5
    assert antiaircraft.dice(data, state, "Russia", "germany", _planes(state, 2)) == 2
    assert antiaircraft.dice(data, state, "Russia", "germany", _planes(state, 8)) == 6
    attackers = _planes(state, 4)
    payload = antiaircraft.resolve(data, state, "Russia", "germany", attackers, [1, 2, 1, 6])
    assert payload["hits"] == 2  # hits on 1
    with pytest.raises(InvalidOrder):
        antiaircraft.resolve(data, state, "Russia", "germany", attackers, [1])
    tanks = [add_unit(state, "Poland", "tank", "germany")]
    assert antiaircraft.dice(data, state, "Russia", "germany", tanks) == 0


def test_G40_AA_03_guns_never_fire_at_raiders() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    bombers = [add_unit(state, "Poland", "bomber", "germany") for _ in range(3)]
    # the raid's AA is the installation's, one die per raider, whatever guns stand there
    shot = raids.installation_aa(state, "ussr", [b["id"] for b in bombers], [1, 4, 5])
    assert shot == [bombers[0]["id"]]
    with pytest.raises(InvalidOrder):  # no extra dice for the two AA guns in Russia
        raids.installation_aa(state, "ussr", [b["id"] for b in bombers], [1, 4, 5, 1, 1, 1])


def test_G40_AA_04_and_G40_CMB_03_territory_defended_only_by_guns_taken_without_fire() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    state["units"]["Russia"] = [u for u in state["units"]["Russia"] if u["type"] == "aa_gun"]
    assert not antiaircraft.fires(data, state, "Russia", "germany", _planes(state, 3))
    assert antiaircraft.dice(data, state, "Russia", "germany", _planes(state, 3)) == 0


def test_G40_AA_05_guns_destroyed_when_the_territory_falls() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    guns = antiaircraft.destroyed_on_capture(data, state, "Russia", "germany")
    assert len(guns) == 2
    assert data.unit("aa_gun").has("destroyed_on_capture")


def test_G40_AA_06_guns_move_one_in_noncombat_only() -> None:
    data, _ = make_state()
    gun = data.unit("aa_gun")
    assert gun.move == 1 and gun.has("noncombat_move_only")


def test_G40_AA_07_paratroopers_are_fired_on_like_aircraft() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    para = add_unit(state, "Poland", "infantry", "germany", t_paratrooper=True)
    walker = add_unit(state, "Poland", "infantry", "germany")
    assert antiaircraft.targets(data, [para, walker]) == [para["id"]]
    assert antiaircraft.dice(data, state, "Russia", "germany", [para, walker]) == 1


def test_G40_TECH_17_and_G40_AA_02_radar_guns_hit_on_two() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    state["research"]["ussr"] = {"tokens": 0, "advances": ["radar"]}
    attackers = _planes(state, 3)
    payload = antiaircraft.resolve(data, state, "Russia", "germany", attackers, [2, 2, 3])
    assert payload["hits"] == 2


def _convoy(state: dict, zone: str, owner: str, *types: str) -> list[dict]:  # type: ignore[type-arg]
    return [add_unit(state, zone, t, owner) for t in types]


def test_G40_CMB_32_submarines_fire_at_unescorted_transports() -> None:
    data, state = make_state()
    zone = "SZ 110"
    state["units"][zone] = []
    subs = _convoy(state, zone, "germany", "submarine", "submarine")
    group = _convoy(state, "SZ 109", "uk", "transport", "transport", "transport")
    cargo = add_unit(state, "SZ 109", "infantry", "uk", aboard=group[0]["id"])
    assert interception.dice(data, state, "uk", zone, group) == 6  # per sub per transport
    payload = interception.resolve(data, state, "uk", zone, group, [1, 2, 3, 6, 2, 1])
    assert payload["hits"] == 3  # at most the transports present
    assert interception.dice(data, state, "uk", zone, group, firing=[subs[0]["id"]]) == 3
    lost = interception.check_losses(payload, [g["id"] for g in group])
    state["units"][zone] += [*group, cargo]
    interception.apply_losses(state, zone, lost)
    assert [u["id"] for u in state["units"][zone]] == [s["id"] for s in subs]
    with pytest.raises(IllegalOrder) as err:
        interception.check_losses(payload, [group[0]["id"]])
    assert err.value.rule_id == "G40-CMB-32"
    escorted = [*group, *_convoy(state, "SZ 109", "uk", "destroyer")]
    assert interception.dice(data, state, "uk", zone, escorted) == 0
    assert interception.dice(data, state, "usa", zone, group) == 0  # not at war
    state["options"]["submarine_interception"] = False
    assert interception.dice(data, state, "uk", zone, group) == 0
