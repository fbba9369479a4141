"""Strategic bombing raids and rockets (AAE-CMB-01, AAE-SBR-01..07, AAE-AA-10, AAE-TECH-02/12/13/15)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder
from tests.games.anniversary.combat_kit import (
    KARELIA,
    RS,
    att,
    combat,
    events,
    ids,
    replays_equal,
    rolls,
    unit,
)


def _raid(karelia: list[dict[str, Any]], dice: list[int], raiders: int = 1, **kw: Any) -> Any:
    game = combat({KARELIA: karelia}, dice=dice, end=False, **kw)
    bombers = ids(game, KARELIA, "bomber", "germany")[:raiders]
    game.submit("germany", {"type": "declare_raid", "target": KARELIA, "units": bombers})
    game.submit("germany", {"type": "end_phase"})
    return game


def test_AAE_SBR_03_damage_is_the_total_rolled() -> None:
    game = _raid([unit("infantry", "ussr"), att("bomber", 2)], [3, 1], raiders=2, complexes={KARELIA: 0})
    (raid,) = events(game, "aa.raid")
    assert (raid["rolled"], raid["damage"]) == (4, 4)
    assert game.state["complexes"][KARELIA] == 4
    assert replays_equal(game)


def test_AAE_SBR_04_damage_capped_at_twice_the_territory_value() -> None:
    game = _raid([att("bomber")], [6], complexes={KARELIA: 1})  # Karelia is worth 2: cap 4
    (raid,) = events(game, "aa.raid")
    assert (raid["rolled"], raid["damage"]) == (6, 3)
    assert game.state["complexes"][KARELIA] == 4


def test_AAE_SBR_02_the_gun_fires_one_die_per_raiding_bomber() -> None:
    game = _raid([unit("aa_gun", "ussr"), att("bomber", 3)], [1, 6, 6, 2, 2], raiders=3)
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert len(fire["targets"]) == 3 and len(fire["destroyed"]) == 1
    (raid,) = events(game, "aa.raid")
    assert len(raid["survivors"]) == 2 and raid["rolled"] == 4
    assert fire["destroyed"][0] not in ids(game, KARELIA)


def test_AAE_TECH_12_heavy_bombers_add_two_dice_in_a_raid() -> None:
    game = _raid([att("bomber")], [1, 2], research={"germany": ["heavy_bombers"]})
    (raid,) = events(game, "aa.raid")
    assert raid["rolled"] == 3


def test_AAE_CMB_01_raids_come_before_every_battle() -> None:
    game = _raid([unit("infantry", "ussr"), att("bomber"), att("tank")], [2] + [6] * 10)
    types = [e["type"] for e in game.log()]
    assert types.index("aa.raid") < types.index("aa.battle_opened")


def test_AAE_SBR_05_a_raider_takes_no_part_in_the_battle() -> None:
    game = _raid([unit("infantry", "ussr"), att("bomber"), att("tank")], [2] + [6] * 10)
    bomber = ids(game, KARELIA, "bomber")[0]
    assert bomber not in game.state["battles"][KARELIA]["attackers"]
    assert game.state["units"][KARELIA][[u["id"] for u in game.state["units"][KARELIA]].index(bomber)]["t_combat"]


def test_AAE_AA_10_the_gun_fires_at_the_raid_and_again_at_the_battle() -> None:
    game = _raid([unit("infantry", "ussr"), unit("aa_gun", "ussr"), att("bomber", 2), att("tank")],
                 [6, 4] + [6] * 10, raiders=1)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    fires = events(game, "aa.antiaircraft_fire")
    assert [f["step"] for f in fires] == ["strategic bombing raid", "antiaircraft fire"]
    assert fires[0]["targets"] != fires[1]["targets"]


def test_AAE_SBR_01_only_bombers_raid() -> None:
    game = combat({KARELIA: [att("fighter")]}, end=False)
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_raid", "target": KARELIA, "units": ids(game, KARELIA, "fighter")})
    assert err.value.rule_id == "AAE-SBR-01"


def test_AAE_SBR_01_only_an_enemy_complex_is_raided() -> None:
    game = combat({"Poland": [att("bomber")], "Germany": []}, end=False)
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_raid", "target": "Germany", "units": ids(game, "Poland")})
    assert err.value.rule_id == "AAE-SBR-01"
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_raid", "target": "Baltic States", "units": ids(game, "Poland")})
    assert err.value.rule_id == "AAE-SBR-01"


def test_AAE_SBR_01_the_bomber_must_be_over_the_target() -> None:
    game = combat({"Baltic States": [att("bomber")], KARELIA: []}, end=False)
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_raid", "target": KARELIA, "units": ids(game, "Baltic States")})
    assert err.value.rule_id == "AAE-SBR-01"


def test_AAE_TECH_15_a_paratrooper_bomber_does_not_raid() -> None:
    game = combat({KARELIA: [att("bomber", t_paratroopers=True)]}, end=False)
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_raid", "target": KARELIA, "units": ids(game, KARELIA)})
    assert err.value.rule_id == "AAE-TECH-15"


def test_AAE_SBR_01_a_raider_alone_may_end_its_combat_move_over_the_target() -> None:
    game = _raid([att("bomber")], [1])
    assert game.state["phase"] == "combat"
    assert KARELIA not in game.state["battles"]


def test_AAE_SBR_01_legal_options_list_raid_targets() -> None:
    game = combat({KARELIA: [att("bomber")]}, end=False)
    options = RS.legal_options(game.state, "germany")
    assert options["raids"] == [{"target": KARELIA, "bombers": ids(game, KARELIA), "declared": []}]
    game.submit("germany", {"type": "declare_raid", "target": KARELIA, "units": ids(game, KARELIA)})
    assert RS.legal_options(game.state, "germany")["raids"][0]["declared"] == ids(game, KARELIA)  # ticked


def test_AAE_TECH_02_a_rocket_damages_a_complex_in_range() -> None:
    game = combat({"Baltic States": [unit("aa_gun", "germany")]}, dice=[5], end=False,
                  owners={"Baltic States": "germany"}, research={"germany": ["rockets"]})
    game.submit("germany", {"type": "declare_rocket", "from": "Baltic States", "target": KARELIA})
    game.submit("germany", {"type": "end_phase"})
    (rocket,) = events(game, "aa.rocket")
    assert (rocket["rolled"], rocket["damage"]) == (5, 4)  # capped at 4 (AAE-SBR-04)
    assert rolls(game)[0]["context"]["step"] == "rocket attack"


def test_AAE_TECH_02_no_rocket_without_the_advance() -> None:
    game = combat({"Baltic States": [unit("aa_gun", "germany")]}, end=False, owners={"Baltic States": "germany"})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_rocket", "from": "Baltic States", "target": KARELIA})
    assert err.value.rule_id == "AAE-TECH-02"


def test_AAE_TECH_13_one_rocket_per_complex() -> None:
    game = combat({"Baltic States": [unit("aa_gun", "germany")], "Belorussia": [unit("aa_gun", "germany")]},
                  end=False, owners={"Baltic States": "germany", "Belorussia": "germany"},
                  research={"germany": ["rockets"]})
    game.submit("germany", {"type": "declare_rocket", "from": "Baltic States", "target": KARELIA})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_rocket", "from": "Belorussia", "target": KARELIA})
    assert err.value.rule_id == "AAE-TECH-13"


def test_AAE_SBR_06_raid_damage_reduces_what_the_complex_mobilizes() -> None:
    from pbem.games.aa.anniversary import complexes
    from pbem.games.aa.anniversary.data import anniversary

    game = _raid([att("bomber")], [1], complexes={KARELIA: 0})
    assert complexes.capacity(anniversary("1941"), game.state, "ussr", KARELIA) == 2 - 1


def test_AAE_TECH_14_a_gun_that_fired_a_rocket_does_not_move_in_noncombat_move() -> None:
    game = combat({"Baltic States": [unit("aa_gun", "germany")], "Poland": []}, dice=[2], end=False,
                  owners={"Baltic States": "germany"}, research={"germany": ["rockets"]})
    game.submit("germany", {"type": "declare_rocket", "from": "Baltic States", "target": KARELIA})
    game.submit("germany", {"type": "end_phase"})
    game.submit("germany", {"type": "end_phase"})
    assert game.state["phase"] == "noncombat_move"
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "move", "units": ids(game, "Baltic States", "aa_gun"),
                                "route": ["Baltic States", "Poland"]})
    assert "ended its movement" in str(err.value)
