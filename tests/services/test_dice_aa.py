"""The dice audit and luck figures of real A&A battle rolls (standard and low luck)."""

from __future__ import annotations

import pytest

from pbem.engine import load_ruleset
from pbem.engine.dice import derive_faces, derive_key
from pbem.engine.dice_verify import verify_dice
from pbem.services.dice_audit import audit_rows
from pbem.services.luck import luck_report

NF = "Norway Finland"


def att(type_: str, count: int) -> dict:
    return {"type": type_, "owner": "germany", "count": count, "t_combat": True, "t_moved": 1,
            "t_route_from": NF, "t_from": NF}


def karelia_battle(dice: str):
    """5 tanks and 3 infantry attack 4 Soviet infantry in Karelia, with verifiable dice."""
    position = {"round": 1, "power": "germany", "phase": "combat_move", "owners": {},
                "declared": {}, "standing": {},
                "units": {"Karelia": [{"type": "infantry", "owner": "ussr", "count": 4},
                                      att("tank", 5), att("infantry", 3)]}}
    game = load_ruleset("aa1941").from_position(position, seed="league", game_id="77",
                                                options={"dice": dice})
    game.submit("germany", {"type": "end_phase"})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    return game


def test_low_luck_battle_shows_only_the_remainder_die_against_its_remainder():
    game = karelia_battle("low_luck")
    rows = audit_rows(game.log())
    # attack 5*3 + 3*1 = 18: three sure hits, no die; defence 4*2 = 8: one hit and a die for 2
    assert [(r["battle"], r["battle_round"], r["game_round"], r["roller"], r["low_luck"],
             r["target"]) for r in rows] == [("Karelia", 1, 1, "ussr", True, 2)]
    assert rows[0]["hit"] == (rows[0]["face"] <= 2)
    assert rows[0]["turn"] == "germany"  # the defender rolled in Germany's turn
    figures = luck_report(rows)["players"][0]
    assert figures["player"] == "ussr" and figures["dice"] == 1
    assert figures["expected"] == pytest.approx(2 / 6)


def test_standard_battle_rows_have_one_die_per_unit_with_its_target():
    game = karelia_battle("standard")
    rows = audit_rows(game.log())
    attack = [r for r in rows if r["roller"] == "germany"]
    assert sorted(r["target"] for r in attack) == [1] * 3 + [3] * 5
    assert all(r["hit"] == (r["face"] <= r["target"]) and not r["low_luck"] for r in rows)
    assert luck_report(rows)["players"][0]["expected"] == pytest.approx((3 * 1 + 5 * 3) / 6)


def test_battle_faces_come_from_the_committed_seed_and_are_pending_until_the_turn_ends():
    game = karelia_battle("standard")
    log = game.log()
    report = verify_dice(log)
    rolls = [e for e in log if e["type"] == "dice.rolled"]
    assert report.ok and report.checked == 0 and report.pending == len(rolls) >= 2
    key = derive_key(game.dice.seed_for(1), [])
    for e in rolls:
        faces = e["payload"]["faces"]
        assert faces == derive_faces(key, "77", e["seq"], len(faces), 6)
