"""Battle dice in Anniversary: artillery support and research read at each roll (AAE-UNIT-INF-02,
AAE-UNIT-ART-02, AAE-TECH-01/07/08/12/17), through the family's combat code."""

from __future__ import annotations

from typing import Any

from tests.games.anniversary.combat_kit import KARELIA, att, combat, events, replays_equal, rolls, unit


def _fire(game: Any, side: str, step: str = "attacker fire") -> dict[int, int]:
    """``{unit id: target}`` of the first roll of ``side`` at ``step`` (several dice: summed)."""
    for roll in rolls(game):
        if roll["context"].get("side") == side and roll["context"].get("step") == step:
            out: dict[int, int] = {}
            for die in roll["dice"]:
                out[die["unit_id"]] = out.get(die["unit_id"], 0) + die["target"]
            return out
    raise AssertionError(f"no {side} roll at {step}")


def _targets(game: Any, side: str, step: str = "attacker fire") -> list[tuple[str, int]]:
    for roll in rolls(game):
        if roll["context"].get("side") == side and roll["context"].get("step") == step:
            return sorted((d["unit"], d["target"]) for d in roll["dice"])
    raise AssertionError(f"no {side} roll at {step}")


def _land(attackers: list[dict[str, Any]], defenders: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
    game = combat({KARELIA: (defenders or [unit("infantry", "ussr", 3)]) + attackers}, dice=[6] * 30, **kw)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    return game


def test_AAE_UNIT_INF_02_one_infantry_per_artillery_attacks_at_two_in_battle() -> None:
    game = _land([att("infantry", 3), att("artillery")])
    assert _targets(game, "attacker") == [("artillery", 2), ("infantry", 1), ("infantry", 1), ("infantry", 2)]
    assert replays_equal(game)


def test_AAE_UNIT_INF_02_five_infantry_two_artillery_in_battle() -> None:
    game = _land([att("infantry", 5), att("artillery", 2)])
    infantry = sorted(t for u, t in _targets(game, "attacker") if u == "infantry")
    assert infantry == [1, 1, 1, 2, 2]


def test_AAE_UNIT_INF_02_infantry_alone_attacks_at_one() -> None:
    game = _land([att("infantry", 2)])
    assert _targets(game, "attacker") == [("infantry", 1), ("infantry", 1)]


def test_AAE_UNIT_ART_02_artillery_never_raises_defending_infantry() -> None:
    game = _land([att("tank")], defenders=[unit("infantry", "ussr", 2), unit("artillery", "ussr")])
    assert _targets(game, "defender", "defender fire") == [("artillery", 2), ("infantry", 2), ("infantry", 2)]


def test_AAE_TECH_01_advanced_artillery_raises_two_infantry_in_battle() -> None:
    game = _land([att("infantry", 3), att("artillery")], research={"germany": ["advanced_artillery"]})
    assert sorted(t for u, t in _targets(game, "attacker") if u == "infantry") == [1, 2, 2]


def test_AAE_TECH_08_jet_fighters_attack_at_four_defence_stays_four() -> None:
    game = _land([att("fighter")], research={"germany": ["jet_fighters"]})
    assert _targets(game, "attacker") == [("fighter", 4)]
    defending = _land([att("tank")], defenders=[unit("fighter", "ussr")], research={"ussr": ["jet_fighters"]})
    assert _targets(defending, "defender", "defender fire") == [("fighter", 4)]


def test_AAE_TECH_12_heavy_bombers_roll_two_dice_in_attack_one_in_defence() -> None:
    game = _land([att("bomber")], research={"germany": ["heavy_bombers"]})
    assert _targets(game, "attacker") == [("bomber", 4), ("bomber", 4)]
    defending = _land([att("tank")], defenders=[unit("bomber", "ussr")], research={"ussr": ["heavy_bombers"]})
    assert _targets(defending, "defender", "defender fire") == [("bomber", 1)]


def test_AAE_TECH_12_each_heavy_bomber_die_scores_a_hit() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr", 3), att("bomber")]}, dice=[1, 2, 6, 6, 6],
                  research={"germany": ["heavy_bombers"]})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    hits = [h for h in events(game, "aa.battle_hits") if h["side"] == "attacker"]
    assert hits[0]["total"] == 2


def _sea(attackers: list[dict[str, Any]], defenders: list[dict[str, Any]], **kw: Any) -> Any:
    game = combat({"SZ 4": defenders + attackers}, dice=[6] * 30, **kw)
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    return game


def test_AAE_TECH_07_super_submarines_attack_at_three_in_the_surprise_strike() -> None:
    game = _sea([att("submarine", came_from="SZ 5")], [unit("transport", "ussr"), unit("cruiser", "ussr")],
                research={"germany": ["super_submarines"]})
    assert _targets(game, "attacker", "surprise strike") == [("submarine", 3)]


def test_AAE_TECH_07_super_submarines_defend_at_one() -> None:
    game = _sea([att("cruiser", came_from="SZ 5")], [unit("submarine", "ussr")],
                research={"ussr": ["super_submarines"]})
    assert _targets(game, "defender", "surprise strike") == [("submarine", 1)]


def test_AAE_TECH_17_destroyer_cancels_strike_but_not_the_super_submarine_attack() -> None:
    game = _sea([att("submarine", came_from="SZ 5")], [unit("destroyer", "ussr")],
                research={"germany": ["super_submarines"]})
    assert _targets(game, "attacker") == [("submarine", 3)]
    assert not any(r["context"].get("step") == "surprise strike" and r["context"]["side"] == "attacker"
                   for r in rolls(game))
