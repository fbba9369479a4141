"""The scripted two-round Global 1940 game (``scripted_game.py``) through the facade.

Every die is scripted, so each listed rule is asserted on its exact outcome: a declaration of war,
a neutral attacked and its consequences, a convoy disruption, a scramble, a kamikaze attack, a
strategic bombing raid and its repair, a national objective paid and one missed; the log replays
to the same state.
"""

from __future__ import annotations

import functools
from typing import Any

from pbem.engine import Game
from pbem.games.aa.global1940.data import global1940
from pbem.ui import ui_for
from pbem.ui.base import Audience
from tests.games.global1940.facade import RS, events
from tests.games.global1940.scripted_game import UK_DAMAGE, new_game, play
from tests.web.test_story_global1940 import problems_of


@functools.cache
def scripted() -> Game:
    return play()


def _income(game: Game, treasury: str, round_: int) -> dict[str, Any]:
    paid = events(game, "aa.g40_income_collected")
    return [p for p in paid if p["treasury"] == treasury][round_ - 1]


def _state_after(game: Game, event_type: str) -> dict[str, Any]:
    """The position right after the first ``event_type`` event (the log replayed that far)."""
    log = game.log()
    last = next(i for i, e in enumerate(log) if e["type"] == event_type)
    return RS.replay(log[:last + 1]).state


def _rolls(game: Game, battle: str, step: str) -> list[list[int]]:
    return [e["payload"]["faces"] for e in game.log() if e["type"] == "dice.rolled"
            and (e["payload"].get("context") or {}).get("battle") == battle
            and e["payload"]["context"].get("step") == step]


def test_G40_SEQ_01_scripted_two_rounds_replay_identically() -> None:
    game = play()
    assert (game.state["round"], game.state["power"]) == (3, "germany")
    again = RS.replay(game.log())
    assert again.fingerprint() == game.fingerprint() and again.state == game.state


def test_G40_POL_12_japan_declares_war_on_the_uk_and_anzac_is_at_war_with_it() -> None:
    game = scripted()
    declared = events(game, "aa.g40_war_declared")
    assert [(d["declarer"], d["target"], d["round"], d["pairs"]) for d in declared] == [
        ("japan", "uk", 1, [["anzac", "japan"], ["japan", "uk"]])]
    assert ["anzac", "japan"] in game.state["wars"] and ["japan", "uk"] in game.state["wars"]
    assert ["japan", "usa"] not in game.state["wars"]


def test_G40_NEUT_09_G40_NEUT_10_G40_NEUT_12_sweden_attacked_its_army_holds_and_the_neutrals_turn() -> None:
    game = scripted()
    attacked = events(game, "aa.g40_neutral_attacked")[0]
    assert (attacked["territory"], attacked["army"], attacked["operator"]) == ("Sweden", 6, "uk")
    assert attacked["changes"]["Spain"] == "pro_allies" and game.state["neutrals"]["Spain"] == "pro_allies"
    battle = next(p for p in events(game, "aa.battle_ended") if p["place"] == "Sweden")
    assert (battle["winner"], battle["reason"]) == ("defender", "attacker destroyed")
    assert _rolls(game, "Sweden", "defender fire") == [[1, 2, 2, 5, 6, 6]]  # three hits at 2
    assert events(game, "aa.g40_neutral_held") == [{"territory": "Sweden"}]
    assert [(u["type"], u["owner"]) for u in game.state["units"]["Sweden"]] == [("infantry", "uk")] * 6
    assert "Sweden" in game.state["neutrals"] and not any(
        u["owner"] == "germany" for u in game.state["units"]["Norway"] if u["type"] == "infantry")


def test_G40_CONV_01_G40_CONV_04_G40_CONV_05_the_submarine_in_sz_119_disrupts_uk_europe() -> None:
    game = scripted()
    uk = _income(game, "uk_europe", 1)
    assert uk["convoy_dice"] == {"SZ 119": [2, 3]}  # a submarine rolls two convoy dice (G40-UNIT-SS-03)
    data = global1940()  # G40-CONV-05: at most the value of the UK land next to the zone
    cap = sum(data.spaces[t].value for t in data.adjacency["SZ 119"]
              if game.state["owners"].get(t) == "uk" and data.space(t).uk_economy == "uk_europe")
    assert (cap, uk["convoy"]) == (2, 2)  # 2 + 3 rolled, Scotland's 2 at most
    assert uk["total"] == uk["production"] + sum(o["bonus"] for o in uk["objectives"]) - uk["convoy"]
    assert _income(game, "uk_europe", 2)["convoy"] == 0  # round 2: two sixes


def test_G40_CM_20_G40_CM_21_G40_CM_23_G40_CM_24_the_scotland_fighter_scrambles_into_sz_109() -> None:
    game = scripted()
    owed = events(game, "aa.defence_owed")[0]
    fighter = owed["options"]["uk"]["scramble"]["Scotland"]["SZ 109"]
    assert owed["power"] == "germany" and len(fighter) == 1
    assert events(game, "aa.scrambled") == [{"power": "germany", "moves": [["Scotland", "SZ 109", fighter]]}]
    # G40-CM-23: it defends in the zone (a 2 hits at 4) and sinks the submarine
    fire = [e["payload"] for e in game.log() if e["type"] == "dice.rolled"
            and (e["payload"].get("context") or {}).get("battle") == "SZ 109"
            and e["payload"]["context"]["side"] == "defender"]
    assert [(d["unit"], f) for d, f in zip(fire[0]["dice"], fire[0]["faces"], strict=True)] == [
        ("destroyer", 3), ("fighter", 2)]
    battle = next(p for p in events(game, "aa.battle_ended") if p["place"] == "SZ 109")
    assert battle["winner"] == "defender"
    assert not any(u["owner"] == "germany" for u in game.state["units"]["SZ 109"])
    returned = events(game, "aa.scramble_returned")[0]
    assert returned == {"returned": [["SZ 109", "Scotland", fighter[0]]], "stranded": []}
    assert fighter[0] in [u["id"] for u in game.state["units"]["Scotland"]]


def test_G40_SBR_01_G40_SBR_08_G40_SBR_09_the_bomber_raid_on_the_united_kingdom() -> None:
    game = scripted()
    declared = events(game, "aa.installation_raid_declared")[0]
    assert (declared["target"], declared["installation"]) == ("United Kingdom", "major_complex")
    raid = events(game, "aa.installation_raid")[0]
    assert _rolls(game, "United Kingdom", "installation antiaircraft fire") == [[1, 4]]  # one die per raider
    assert len(raid["raiders"]) == 2 and len(raid["shot_down"]) == 1 and len(raid["survivors"]) == 1
    assert _rolls(game, "United Kingdom", "bombing raid") == [[4]]
    assert (raid["rolled"], raid["damage"]) == (UK_DAMAGE, UK_DAMAGE)  # 1d6 + 2
    after = _state_after(game, "aa.installation_raid")
    assert after["installations"]["United Kingdom"]["major_complex"] == UK_DAMAGE
    assert not events(game, "aa.air_battle")  # nobody intercepted
    survivor = raid["survivors"][0]
    assert [u["id"] for u in game.state["units"]["Holland Belgium"] if u["type"] == "bomber"] == [survivor]


def test_G40_REP_01_the_uk_repairs_the_complex_in_its_purchase() -> None:
    game = scripted()
    repaired = events(game, "aa.g40_repaired")
    assert repaired == [{"power": "uk", "treasury": "uk_europe", "cost": UK_DAMAGE,
                         "repairs": {"United Kingdom": {"major_complex": UK_DAMAGE}}}]
    before = _state_after(game, "aa.installation_raid")["ipcs"]["uk_europe"]
    after = _state_after(game, "aa.g40_repaired")
    assert after["ipcs"]["uk_europe"] == before - UK_DAMAGE
    assert after["installations"]["United Kingdom"]["major_complex"] == 0


def test_G40_KAMI_01_G40_KAMI_05_G40_KAMI_06_japan_strikes_the_battleship_off_formosa() -> None:
    game = scripted()
    owed = events(game, "aa.defence_owed")[1]
    battleship = owed["options"]["japan"]["kamikaze"]["SZ 20"]
    assert owed["power"] == "uk" and list(owed["options"]) == ["japan"] and len(battleship) == 1
    strike = events(game, "aa.kamikaze")[0]
    assert _rolls(game, "SZ 20", "kamikaze attack") == [[1]]
    assert (strike["used"], strike["damaged"], strike["sunk"]) == (1, battleship, [])
    assert strike["no_bombardment"] == ["SZ 20"]  # G40-KAMI-06
    assert game.state["kamikaze_tokens"] == 5
    ship = next(u for u in game.state["units"]["SZ 20"] if u["id"] == battleship[0])
    assert ship["hits"] == 1  # G40-CMB-20: the damage stays after the battle
    assert game.state["owners"]["Formosa"] == "uk"  # the assault went on and took the island


def test_G40_NO_GER_01_paid_while_germany_is_at_peace_with_the_ussr() -> None:
    game = scripted()
    german = {o["id"]: o for o in _income(game, "germany", 1)["objectives"]}
    assert german["G40-NO-GER-01"]["met"] and german["G40-NO-GER-01"]["bonus"] == 5
    paid = _income(game, "germany", 1)
    assert paid["total"] == paid["production"] + sum(o["bonus"] for o in paid["objectives"])


def test_G40_NO_JPN_01_missed_after_japan_declared_war_on_the_uk() -> None:
    game = scripted()
    assert game.state["politics"]["flags"]["japan_attacked_west"] is True  # AMB-26
    japanese = {o["id"]: o for o in _income(game, "japan", 1)["objectives"]}
    assert not japanese["G40-NO-JPN-01"]["met"] and japanese["G40-NO-JPN-01"]["bonus"] == 0


def test_G40_the_scripted_game_reads_as_a_story_in_english_and_italian() -> None:
    """Every event of the script told through the family describer, with the position the game
    started from (it holds every unit the events name, those lost on the way included)."""
    game, ui = scripted(), ui_for(RS)
    log, start = game.log(), new_game().state
    names = {s["id"]: s["name"] for s in RS.seats({})}
    problems: list[str] = []
    lines: dict[str, list[str]] = {}
    for language in ("en", "it"):
        story = ui.story(RS, Audience(language, None, names), start)
        lines[language] = story.lines(log)
        problems += problems_of(language, log, lines[language], story)
    assert not problems, problems[:10]
    told = dict(zip((e["type"] for e in log), lines["en"], strict=True))
    assert told["aa.scrambled"] == "Aircraft scramble: 1 fighter from Scotland into SZ 109"
    assert told["aa.kamikaze"].startswith("Japan makes 1 kamikaze attack in SZ 20; damaged: 1 battleship")
    assert told["aa.installation_raid"] == (
        "Raid on the major industrial complex in United Kingdom: the raiders roll 6; 6 damage markers; shot down by "
        "its antiaircraft fire: 1 bomber")
    detto = dict(zip((e["type"] for e in log), lines["it"], strict=True))
    assert detto["aa.g40_repaired"] == ("Il Regno Unito (Europa) ripara segnalini danno (6 su complesso industriale "
                                        "maggiore nel Regno Unito) per 6 IPC")
