"""Attack values in Global 1940: combined arms and research (G40-CMB-04, G40-UNIT-*, G40-TECH)."""

from __future__ import annotations

from typing import Any

from pbem.games.aa.global1940.support import attack_values
from tests.games.global1940.kit import make_state


def _values(*types: str, research: tuple[str, ...] = ()) -> list[int]:
    data, state = make_state()
    if research:
        state["research"] = {"germany": {"tokens": 0, "advances": sorted(research)}}
    units: list[dict[str, Any]] = [{"id": i + 1, "type": t, "owner": "germany", "hits": 0}
                                   for i, t in enumerate(types)]
    values = attack_values(data, state, "germany", units)
    return [values[u["id"]] for u in units]


def test_G40_UNIT_INF_01_G40_UNIT_ART_01_artillery_raises_one_infantry_to_two() -> None:
    assert _values("infantry", "infantry", "artillery") == [2, 1, 2]


def test_G40_UNIT_MECH_01_artillery_raises_a_mechanized_infantry() -> None:
    assert _values("mech_infantry", "artillery") == [2, 2]


def test_G40_CMB_04_one_artillery_supports_infantry_or_mech_not_both() -> None:
    assert sorted(_values("infantry", "mech_infantry", "artillery")[:2]) == [1, 2]


def test_G40_TECH_08_improved_artillery_supports_two_infantry_first() -> None:
    assert _values("infantry", "mech_infantry", "infantry", "artillery",
                   research=("improved_artillery",)) == [2, 1, 2, 2]


def test_G40_UNIT_TAC_01_G40_UNIT_ARM_01_a_fighter_or_an_armour_raises_one_tactical_bomber_to_four() -> None:
    assert _values("tactical_bomber", "fighter") == [4, 3]
    assert _values("tactical_bomber", "tank") == [4, 3]
    assert _values("tactical_bomber", "tactical_bomber", "fighter") == [4, 3, 3]
    assert _values("tactical_bomber", "tactical_bomber", "fighter", "tank") == [4, 4, 3, 3]


def test_G40_CMB_04_no_support_without_the_pairing_unit() -> None:
    assert _values("tactical_bomber", "infantry", "bomber") == [3, 1, 4]


def test_G40_TECH_13_improved_mechanized_infantry_pairs_with_an_armour() -> None:
    assert _values("mech_infantry", "tank") == [1, 3]
    assert _values("mech_infantry", "tank", research=("improved_mechanized_infantry",)) == [2, 3]
    # the armour supports one unit only: the tactical bomber first
    assert _values("mech_infantry", "tank", "tactical_bomber",
                   research=("improved_mechanized_infantry",)) == [1, 3, 4]


def test_G40_TECH_14_G40_TECH_15_super_submarines_and_jet_fighters() -> None:
    assert _values("submarine", "fighter", research=("super_submarines", "jet_fighters")) == [3, 4]
    assert _values("submarine", "fighter") == [2, 3]
