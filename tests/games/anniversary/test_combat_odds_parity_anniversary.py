"""The odds calculator applies the referee's Anniversary rules: same unit model, same dice.

For each battle the referee fights round 1 (AA dice all missing) and the calculator's model of
the same battle is asked for its opening dice: the attacker's dice (artillery support, shore
bombardment: AAE-UNIT-INF-02, AAE-BOMB-04/05), the defender's dice, and the AA gun's dice and
hit value (AAE-AA-03, AAE-TECH-10) must be the same multisets; so must the dice the research
advances in effect change (Advanced Artillery AAE-TECH-01, Super Submarines AAE-TECH-07, Jet
Fighters AAE-TECH-08, Heavy Bombers AAE-TECH-12), and dropped paratroopers are infantry the AA gun
never fires at (AAE-TECH-03/15).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from pbem.games.aa.anniversary.data import anniversary
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.spec import BattleSpec, Options
from pbem.games.aa.odds.units import table
from tests.games.aa.odds_parity import odds_targets, referee_hits, round_one_targets
from tests.games.anniversary.combat_kit import KARELIA, SZ5, att, combat, events, ids, rolls, unit

AA_STEP = "antiaircraft fire"


def _referee(attack: dict[str, int], defend: dict[str, int], bombard: dict[str, int], radar: bool,
             options: dict[str, Any] | None = None) -> Any:
    land = [t for t, n in attack.items() for _ in range(n) if anniversary().unit(t).domain == "land"]
    karelia = [unit(t, "ussr", n) for t, n in defend.items()]
    karelia += [att(t, n) for t, n in attack.items() if anniversary().unit(t).domain == "air"]
    zone: list[dict[str, Any]] = [att(t, n, came_from=SZ5) for t, n in bombard.items()]
    for i in range(0, len(land), 2):  # one transport per two land units
        zone.append(att("transport", came_from=SZ5))
        zone += [{"type": t, "owner": "germany", "aboard_entry": len(zone) - 1} for t in land[i:i + 2]]
    game = combat({KARELIA: karelia, SZ5: zone}, dice=[6] * 80, end=False, options=options,
                  research={"ussr": ["radar"]} if radar else None)
    ships = [u["id"] for u in game.state["units"][SZ5] if u["type"] in bombard]
    game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                            "transports": ids(game, SZ5, "transport"),
                            "units": [u["id"] for u in game.state["units"][SZ5] if "aboard" in u],
                            "bombard": ships})
    game.submit("germany", {"type": "end_phase"})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    return game


BATTLES = {
    "AAE_UNIT_INF_02_artillery": ({"infantry": 3, "artillery": 1, "tank": 1}, {"infantry": 3}, {}, False),
    "AAE_TECH_01_more_infantry_than_artillery": ({"infantry": 4, "artillery": 2}, {"infantry": 2, "artillery": 1},
                                                 {}, False),
    "AAE_AA_03_aa_gun": ({"infantry": 2, "artillery": 2, "fighter": 2, "bomber": 1},
                         {"infantry": 2, "tank": 1, "aa_gun": 1}, {}, False),
    "AAE_TECH_10_radar": ({"infantry": 2, "fighter": 3}, {"infantry": 3, "aa_gun": 1}, {}, True),
    "AAE_BOMB_04_bombardment": ({"infantry": 2, "tank": 2}, {"infantry": 3, "fighter": 1},
                                {"battleship": 1, "cruiser": 1}, False),
}


@pytest.mark.parametrize("name", sorted(BATTLES))
def test_AAE_BOMB_05_odds_calculator_rolls_the_referees_round_one_dice(name: str) -> None:
    attack, defend, bombard, radar = BATTLES[name]
    game = _referee(attack, defend, bombard, radar)
    spec = BattleSpec("anniversary", "land", attack, defend, bombard=bombard, radar=radar,
                      seaborne=sum(n for t, n in attack.items() if anniversary().unit(t).domain == "land"))
    model = Battle(spec, Options())
    key = ("opening" if bombard else "fire", False, False, False)
    rolled = rolls(game)
    assert round_one_targets(rolled, "attacker", ("attacker fire", "shore bombardment")) == odds_targets(
        model.fa.groups(model.att.initial, key))
    assert round_one_targets(rolled, "defender", ("defender fire",)) == odds_targets(
        model.fd.groups(model.dfn.initial, key))
    aircraft = sum(n for t, n in attack.items() if anniversary().unit(t).domain == "air")
    aa = round_one_targets(rolled, "defender", (AA_STEP,))
    if model.aa_guns:
        value = 2 if radar else 1
        assert aa == Counter({(value, 1): aircraft})
        assert model._aa_pmf(aircraft).shape[0] == aircraft + 1  # one die per aircraft (AAE-AA-03)
    else:
        assert aa == Counter()


def test_AAE_UNIT_ART_02_odds_calculator_reads_the_referees_unit_data() -> None:
    data = anniversary()
    calc = table("anniversary")
    assert set(calc) == {u for u in data.unit_order if not data.unit(u).has("immobile")}
    for uid, combat_unit in calc.items():
        ut = data.unit(uid)
        assert combat_unit.type is ut
        assert combat_unit.bombard == ut.bombard
        assert combat_unit.aa_gun == ut.has("anti_aircraft")
        assert combat_unit.casualty == (not ut.has("never_casualty"))
    assert calc["artillery"].supports == ("infantry",) and calc["infantry"].supported_attack == 2


def test_AAE_BOMB_04_low_luck_bombardment_pools_with_round_one_fire_as_in_the_odds() -> None:
    attack, defend, bombard = {"infantry": 2, "artillery": 2}, {"infantry": 4}, {"battleship": 1, "cruiser": 1}
    game = _referee(attack, defend, bombard, False, options={"dice": "low_luck"})
    (pooled,) = [e for e in events(game, "aa.bombarded")]
    assert pooled["pooled"] is True
    hits = next(h for h in events(game, "aa.battle_hits") if h["side"] == "attacker" and h["round"] == 1)
    rest = [d for r in rolls(game) if r["context"].get("side") == "attacker" and r["context"].get("round") == 1
            for d in r["dice"]]
    strength = hits["sure"] * 6 + sum(d["target"] for d in rest)
    spec = BattleSpec("anniversary", "land", attack, defend, bombard=bombard, low_luck=True, seaborne=4)
    model = Battle(spec, Options())
    groups = model.fa.groups(model.att.initial, ("opening", False, False, False))
    assert strength == sum(r.value * r.dice for dice in groups.values() for r in dice) == 2 * 2 + 2 * 2 + 4 + 3


def _battle(attack: dict[str, int], defend: dict[str, int], advances: tuple[str, ...], **kw: Any) -> Battle:
    return Battle(BattleSpec("anniversary", "land", attack, defend, attacker_advances=frozenset(advances), **kw),
                  Options())


def _overland(attack: dict[str, int], defend: dict[str, int], advances: tuple[str, ...],
              extra: list[dict[str, Any]] | None = None) -> Any:
    karelia = [unit(t, "ussr", n) for t, n in defend.items()] + [att(t, n) for t, n in attack.items()]
    game = combat({KARELIA: karelia + (extra or [])}, dice=[6] * 60, research={"germany": list(advances)})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    return game


FIRE = ("fire", False, False, False)


def test_AAE_TECH_12_calculator_rolls_two_dice_per_heavy_bomber() -> None:
    attack, defend = {"infantry": 1, "artillery": 1, "bomber": 2}, {"infantry": 3}
    game = _overland(attack, defend, ("heavy_bombers", "advanced_artillery"))
    model = _battle(attack, defend, ("heavy_bombers", "advanced_artillery"))
    rolled = rolls(game)
    assert round_one_targets(rolled, "attacker", ("attacker fire",)) == odds_targets(
        model.fa.groups(model.att.initial, FIRE)) == Counter({(4, 1): 4, (2, 1): 2})
    # each die scores (AAE-TECH-12): the hits as the referee's count_hits counts its own dice
    (fire,) = [r for r in rolled if r["context"].get("step") == "attacker fire"]
    expected = referee_hits(fire["dice"])
    got = model.fa.dist(model.att.initial, FIRE)
    assert len(expected) == 7 and np.allclose(got[:7], expected) and model.fa.dims[2] == 7
    assert round_one_targets(rolled, "defender", ("defender fire",)) == odds_targets(
        model.fd.groups(model.dfn.initial, FIRE))


def test_AAE_TECH_08_calculator_counts_jet_fighters_at_four() -> None:
    attack, defend = {"tank": 1, "fighter": 2}, {"infantry": 2, "fighter": 1}
    game = _overland(attack, defend, ("jet_fighters",))
    model = _battle(attack, defend, ("jet_fighters",))
    assert round_one_targets(rolls(game), "attacker", ("attacker fire",)) == odds_targets(
        model.fa.groups(model.att.initial, FIRE)) == Counter({(4, 1): 2, (3, 1): 1})
    assert odds_targets(model.fd.groups(model.dfn.initial, FIRE)) == Counter({(2, 1): 2, (4, 1): 1})


def test_AAE_TECH_07_calculator_counts_super_submarines_at_three() -> None:
    for defenders, key, step in (([unit("cruiser", "ussr"), unit("transport", "ussr")],
                                  ("strike", False, False, False), "surprise strike"),
                                 ([unit("destroyer", "ussr")], ("fire", True, False, False), "attacker fire")):
        game = combat({"SZ 4": defenders + [att("submarine", 2, came_from=SZ5)]}, dice=[6] * 20,
                      research={"germany": ["super_submarines"]})
        game.submit("germany", {"type": "battle", "place": "SZ 4"})
        model = Battle(BattleSpec("anniversary", "sea", {"submarine": 2}, dict(Counter(u["type"] for u in defenders)),
                                  attacker_advances=frozenset({"super_submarines"})), Options())
        assert round_one_targets(rolls(game), "attacker", (step,)) == Counter({(3, 1): 2})
        assert odds_targets(model.fa.groups(model.att.initial, key)) == Counter({(3, 1): 2})


def test_AAE_TECH_03_calculator_never_fires_aa_at_dropped_infantry() -> None:
    """Anniversary's paratroopers are infantry dropped by a bomber: the gun fires at the bomber only
    (AAE-AA-03), and the infantry retreats as any land unit (AAE-TECH-15)."""
    attack, defend = {"bomber": 1, "tank": 1}, {"infantry": 2, "aa_gun": 1}
    dropped = att("infantry", t_paratrooper=True, t_stop="combat_move")
    game = _overland(attack, defend, ("paratroopers",), extra=[dropped])
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert [u["type"] for u in game.state["units"][KARELIA] if u["id"] in fire["targets"]] == ["bomber"]
    model = _battle({**attack, "infantry": 1}, defend, ("paratroopers",), paratroopers={"infantry": 1})
    assert round_one_targets(rolls(game), "defender", (AA_STEP,)) == Counter({(1, 1): 1})
    assert model.aa_dice(model.att.initial) == 1 and set(model.aa_targets.values()) == {"bomber"}
    assert not model.airborne and not model.partial
    lost = {tuple(sorted(model.att.units(a).items())): p for a, p in model.opening.items()}
    assert lost == pytest.approx({(("bomber", 1), ("infantry", 1), ("tank", 1)): 5 / 6,
                                  (("infantry", 1), ("tank", 1)): 1 / 6})
    with pytest.raises(ValueError, match="AAE-TECH-03"):
        from pbem.games.aa.odds import spec_from_json

        spec_from_json({"edition": "anniversary", "attacker": {"infantry": 1, "bomber": 1},
                        "defender": {"infantry": 1}, "paratroopers": {"infantry": 1}})
