"""Global 1940's combat events are told as translated sentences (English, Italian): raids on
installations and their air battles (and the casualty choices they wait for), the defender's decision,
kamikaze, scrambles and their return, interceptors stranded when their territory falls."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game
from pbem.services.reading import redact_all
from pbem.ui import platform, ui_for
from pbem.ui.base import Audience
from tests.games.global1940.combat_kit import RS, att, combat, ids, unit
from tests.i18n_leaks import english_in

EVENTS = {"aa.installation_raid_declared", "aa.air_battle", "aa.installation_raid", "aa.defence_owed",
          "aa.defence_chosen", "aa.kamikaze", "aa.scrambled", "aa.scramble_returned", "aa.antiaircraft_fire",
          "aa.air_battle_owed", "aa.air_battle_choice", "aa.interceptors_stranded"}


def _games() -> list[Game]:
    raid = combat({"Japan": [unit("fighter", "japan"), att("bomber", 2, came_from="SZ 6"),
                             att("fighter", 1, came_from="SZ 6")]}, dice=[1, 6, 6, 1, 6, 6, 3, 4], end=False)
    raid.submit("usa", {"type": "declare_raid", "target": "Japan", "installation": "major_complex",
                        "units": ids(raid, "Japan", "bomber", "usa"), "escorts": ids(raid, "Japan", "fighter", "usa")})
    raid.submit("usa", {"type": "end_phase"})
    raid.submit("japan", {"type": "defend", "intercept": {"Japan": ids(raid, "Japan", "fighter", "japan")}})
    raid.submit("usa", {"type": "air_battle_casualties", "place": "Japan", "units": ids(raid, "Japan", "bomber")[:1]})
    korea = [unit("fighter", "japan"), unit("infantry", "japan"), att("bomber", 1, came_from="SZ 6"),
             att("infantry", 3, came_from="Manchuria")]
    fallen = combat({"Korea": korea}, dice=[6, 6, 6, 3, 1, 1, 1, 6], end=False, owners={"Manchuria": "japan"},
                    installations={"Korea": {"air_base": 0}})
    fallen.submit("usa", {"type": "declare_raid", "target": "Korea", "installation": "air_base",
                          "units": ids(fallen, "Korea", "bomber")})
    fallen.submit("usa", {"type": "end_phase"})
    fallen.submit("japan", {"type": "defend", "intercept": {"Korea": ids(fallen, "Korea", "fighter")}})
    fallen.submit("usa", {"type": "battle", "place": "Korea"})
    fallen.submit("usa", {"type": "end_phase"})
    okinawa = [unit("infantry", "japan"), unit("aa_gun", "japan"), att("fighter", 2, came_from="SZ 19")]
    strike = combat({"Okinawa": okinawa, "SZ 19": [unit("battleship", "usa")], "Japan": [unit("fighter", "japan", 2)],
                     "SZ 6": [unit("transport", "japan"), att("destroyer", 1, came_from="SZ 7")]},
                    dice=[1, 2] + [6] * 20)
    strike.submit("japan", {"type": "defend", "kamikaze": {"SZ 19": ids(strike, "SZ 19", "battleship") * 2},
                            "scramble": {"Japan": {"SZ 6": ids(strike, "Japan", "fighter")[:1]}}})
    for _ in range(10):  # fight each battle one round, then retreat; then end the phase
        if strike.state["phase"] != "combat":
            break
        left = sorted(p for p, b in strike.state["battles"].items() if b["status"] != "over")
        if not left:
            strike.submit("usa", {"type": "end_phase"})
            continue
        fighting = strike.state["battles"][left[0]]["status"] == "fighting"
        order = {"type": "retreat" if fighting else "battle", "place": left[0]}
        if fighting and left[0] == "SZ 6":
            order["to"] = "SZ 7"
        strike.submit("usa", order)
    return [raid, strike, fallen]


def test_every_g40_combat_event_is_a_translated_sentence() -> None:
    ui = ui_for(RS)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    seen: set[str] = set()
    problems: list[str] = []
    for game in _games():
        log: list[dict[str, Any]] = game.log()
        for seat in (None, "japan", "usa"):
            events = redact_all(RS, log, seat)
            for language in ("en", "it"):
                story = ui.story(RS, Audience(language, seat, names))
                for event, line in zip(events, story.lines(events), strict=True):
                    if event["type"] not in EVENTS:
                        continue
                    seen.add(event["type"])
                    if any(c in line for c in '{}[]"') or not line.strip() or line == platform.fallback(event,
                                                                                                      story.core):
                        problems.append(f"{language} {event['type']}: {line!r}")
                    if language == "it" and (english := english_in(line)):
                        problems.append(f"English in Italian {event['type']}: {line!r} {english}")
    assert not problems, problems[:10]
    assert seen == EVENTS
