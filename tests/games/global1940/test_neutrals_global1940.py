"""Neutral territories and Mongolia (G40-NEUT)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import neutrals, restrictions
from tests.games.global1940.kit import make_state, turn, war


def _attack(data, state, attacker, territory):  # type: ignore[no-untyped-def]
    payload = neutrals.attack(data, state, attacker, territory)
    neutrals.apply_attack(state, payload)
    return payload


def test_G40_NEUT_01_attacking_one_neutral_changes_no_other() -> None:
    data, state = make_state()
    payload = _attack(data, state, "germany", "Northwest Persia")
    assert set(payload["changes"]) == {"Northwest Persia"}
    assert state["neutrals"]["Persia"] == "pro_allies"


def test_G40_NEUT_03_and_G40_NEUT_04_and_G40_NEUT_08_attacked_neutral_places_its_army_for_the_other_side() -> None:
    data, state = make_state()
    payload = _attack(data, state, "germany", "Yugoslavia")
    army = [u for u in state["units"]["Yugoslavia"] if u.get("neutral_army")]
    assert len(army) == 5 and {u["type"] for u in army} == {"infantry"}
    assert payload["joins"] == "allies" and data.side_of(payload["operator"]) == "allies"
    assert state["neutrals"]["Yugoslavia"] == "pro_allies"


def test_AMB_32_operator_is_at_war_with_the_attacker() -> None:
    data, state = make_state()
    assert neutrals.operator(data, state, "germany", "Yugoslavia") in ("uk", "france", "anzac")


def test_G40_NEUT_06_favoured_side_may_not_attack_its_friendly_neutral() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        neutrals.check_attack(data, state, "germany", "Bulgaria")
    assert err.value.rule_id == "G40-NEUT-06"


def test_G40_NEUT_07_belligerent_land_unit_enters_friendly_neutral_in_noncombat() -> None:
    data, state = make_state()
    turn(state, "germany", "noncombat_move")
    payload = neutrals.enter_friendly(data, state, "germany", "Bulgaria")
    neutrals.apply_friendly_entry(state, payload)
    assert state["owners"]["Bulgaria"] == "germany" and "Bulgaria" not in state["neutrals"]
    assert sum(u["owner"] == "germany" for u in state["units"]["Bulgaria"]) == 4
    assert "Bulgaria" in state["captured_this_turn"]  # no landing there this turn
    turn(state, "germany", "combat_move")
    with pytest.raises(IllegalOrder):
        neutrals.check_friendly_entry(data, state, "germany", "Finland")


def test_G40_NEUT_09_survivors_of_a_failed_attack_join_the_other_side_on_entry() -> None:
    data, state = make_state()
    _attack(data, state, "germany", "Greece")
    state["units"]["Greece"] = state["units"]["Greece"][:2]
    turn(state, "uk", "noncombat_move")
    payload = neutrals.enter_friendly(data, state, "uk", "Greece")
    neutrals.apply_friendly_entry(state, payload)
    assert [u["owner"] for u in state["units"]["Greece"]] == ["uk", "uk"]
    assert not any(u.get("neutral_army") for u in state["units"]["Greece"])


def test_G40_NEUT_10_and_G40_NEUT_12_strict_neutral_attack_makes_every_strict_neutral_friendly_to_the_other() -> None:
    data, state = make_state()
    _attack(data, state, "germany", "Sweden")
    assert state["neutrals"]["Spain"] == "pro_allies" and state["neutrals"]["Turkey"] == (
        "pro_allies")
    assert state["neutrals"]["Ulaanbaatar"] == "pro_allies"  # G40-NEUT-15: Axis attack
    assert state["neutrals"]["Bulgaria"] == "pro_axis"


def test_G40_NEUT_15_allied_attack_on_strict_neutral_leaves_mongolia() -> None:
    data, state = make_state()
    _attack(data, state, "uk", "Spain")
    assert state["neutrals"]["Sweden"] == "pro_axis"
    assert state["neutrals"]["Ulaanbaatar"] == "mongolia"
    war(state, "ussr", "japan")
    _attack(data, state, "ussr", "Olgiy")
    assert state["neutrals"]["Ulaanbaatar"] == "pro_axis"


def test_G40_NEUT_05_and_G40_NEUT_13_neutrals_are_not_hostile_so_entering_one_stops_movement() -> None:
    data, state = make_state()
    assert "Sweden" in state["neutrals"] and state["owners"]["Sweden"] is None
    assert not data.space("Sweden").impassable  # entered only by attack (a combat move)


def test_G40_NEUT_11_former_neutral_has_no_original_controller() -> None:
    data, _ = make_state()
    assert data.space("Sweden").original_owner is None


def test_G40_NEUT_14_non_belligerent_may_not_attack_a_neutral() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        neutrals.check_attack(data, state, "usa", "Venezuela")
    assert err.value.rule_id == "G40-NEUT-14"
    with pytest.raises(IllegalOrder):
        restrictions.check_entry(data, state, "usa", "Venezuela", combat=True)


def test_G40_NEUT_16_soviet_mongolian_pact() -> None:
    data, state = make_state()
    war(state, "japan", "ussr")
    neutrals.record_attack(data, state, "japan", "Amur")
    payload = neutrals.mongolia_pact(data, state)
    assert payload is not None and len(payload["territories"]) == 6
    neutrals.apply_mongolia_pact(state, payload)
    assert all(state["owners"][t] == "ussr" for t in payload["territories"])
    assert sum(u["owner"] == "ussr" for u in state["units"]["Buyant-Uhaa"]) == 2
    assert neutrals.mongolia_pact(data, state) is None


def test_G40_NEUT_17_soviet_attack_next_to_mongolia_cancels_the_pact() -> None:
    data, state = make_state()
    neutrals.record_attack(data, state, "ussr", "Korea")
    neutrals.record_attack(data, state, "japan", "Buryatia")
    assert neutrals.mongolia_pact(data, state) is None
