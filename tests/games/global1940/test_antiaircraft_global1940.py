"""AA guns and submarine interception of transports (G40-AA-*, G40-CMB-32); the AA volleys
are played through the ruleset in the combat tests (``combat_hooks``: G40-AA-01, -02, -04, -05,
G40-TECH-17)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.global1940 import interception, paratroopers, raids
from tests.games.global1940.kit import add_unit, make_state, war


def _planes(state: dict, count: int, space: str = "Poland") -> list[dict]:  # type: ignore[type-arg]
    return [add_unit(state, space, "fighter", "germany") for _ in range(count)]


def test_G40_AA_01_gun_has_no_attack_and_zero_in_combat() -> None:
    data, _ = make_state()
    gun = data.unit("aa_gun")
    assert (gun.attack, gun.defense, gun.hits) == (0, 0, 1)  # chosen as a casualty, never fires


def test_G40_AA_03_guns_never_fire_at_raiders() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    bombers = [add_unit(state, "Poland", "bomber", "germany") for _ in range(3)]
    # the raid's AA is the installation's, one die per raider, whatever guns stand there
    shot = raids.installation_aa(state, "ussr", [b["id"] for b in bombers], [1, 4, 5])
    assert shot == [bombers[0]["id"]]
    with pytest.raises(InvalidOrder):  # no extra dice for the two AA guns in Russia
        raids.installation_aa(state, "ussr", [b["id"] for b in bombers], [1, 4, 5, 1, 1, 1])


def test_G40_AA_06_guns_move_one_in_noncombat_only() -> None:
    data, _ = make_state()
    gun = data.unit("aa_gun")
    assert gun.move == 1 and gun.has("noncombat_move_only")


def test_G40_AA_07_paratroopers_are_fired_on_like_aircraft() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    para = add_unit(state, "Poland", "infantry", "germany", t_paratrooper=True)
    walker = add_unit(state, "Poland", "infantry", "germany")
    assert paratroopers.aa_targets(data, [para, walker]) == [para["id"]]


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
