"""A scripted three-round game through the facade, with scripted dice (the quick one-capital game).

The position (``POSITION``) is built for the script; ``script()`` lists every order, and the
same orders are played through the HTTP API in ``test_scripted_game_http_aa1941.py``:

* round 1, Soviet Union: two tanks attack three German infantry in Ukraine; after one round
  (one hit each way) the surviving tank retreats to Caucasus (AA41-CMB-22);
* round 1, Germany: a tank blitzes Eastern Europe -> Karelia (empty, taken at once) -> West
  Russia (AA41-CM-12); six submarines attack a British carrier and sink it with their surprise
  strike before it can fire (AA41-CMB-13);
* round 1, United Kingdom: nine battleships attack the six submarines; the submarines'
  surprise strike damages one battleship, which absorbs the hit and is repaired when the
  battle ends (AA41-UNIT-BB-02/03); the battleships sink every submarine;
* rounds 1-2, Japan and the United States buy and place infantry; everybody else passes;
* round 3, Germany: three transports in SZ 7 take three tanks and three infantry aboard from
  Western Europe and assault the United Kingdom with two fighters (AA41-AMP); the capital
  falls and Germany takes the British treasury (AA41-CAP-05);
* round 3 ends with the United States' turn: the Axis hold London, a one-capital victory
  (AA41-VIC).

Every battle is sized so that its outcome is the same with the scripted standard dice here
and with low-luck dice (every side's strength a multiple of 6), which the HTTP run uses.
"""

from __future__ import annotations

from typing import Any

from pbem.engine import Game, ScriptedDice, load_ruleset
from pbem.games.aa.invariants import turn_violations, violations

RS = load_ruleset("aa1941")
OPTIONS = {"victory": "one_capital"}


def _u(type_: str, owner: str, count: int = 1) -> dict[str, Any]:
    return {"type": type_, "owner": owner, "count": count}


POSITION: dict[str, Any] = {
    "round": 1, "power": "ussr", "phase": "purchase",
    "ipcs": {"ussr": 10, "germany": 20, "uk": 25, "japan": 10, "usa": 30},
    "units": {
        "Caucasus": [_u("tank", "ussr", 2)],
        "Ukraine": [_u("infantry", "germany", 3)],
        "Eastern Europe": [_u("tank", "germany")],
        "SZ 5": [_u("submarine", "germany", 6)],
        "SZ 6": [_u("carrier", "uk")],
        "SZ 8": [_u("battleship", "uk", 9)],
        "SZ 7": [_u("transport", "germany", 3)],
        "Western Europe": [_u("tank", "germany", 3), _u("infantry", "germany", 3), _u("fighter", "germany", 2)],
        "United Kingdom": [_u("infantry", "uk", 3)],
    },
}

#: Scripted faces, in the order the battles roll them (standard dice).
DICE = [
    1, 6,  # Ukraine, Soviet tanks: one hit
    1, 6, 6,  # Ukraine, German infantry: one hit
    1, 1, 6, 6, 6, 6,  # SZ 6, German submarines' surprise strike: two hits, one carrier to sink
    1, 6, 6, 6, 6, 6,  # SZ 6, German submarines' surprise strike in defence: one hit
    1, 1, 1, 1, 1, 1, 6, 6, 6,  # SZ 6, British battleships: six hits
    1, 1, 1, 6, 6, 6, 6, 6,  # United Kingdom, German attackers (3 tanks, 3 infantry, 2 fighters): 3 hits
    1, 6, 6,  # United Kingdom, British infantry: one hit
]


def ids(state: dict[str, Any], space: str, type_: str, owner: str) -> list[int]:
    return [u["id"] for u in state["units"][space] if u["type"] == type_ and u["owner"] == owner]


def passes(seat: str, phases: int = 5) -> list[tuple[str, dict[str, Any]]]:
    """``seat`` ends ``phases`` phases without an order."""
    return [(seat, {"type": "end_phase"})] * phases


def script(state: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every order of the game, unit ids read from the starting ``state``."""
    soviet_tanks = ids(state, "Caucasus", "tank", "ussr")
    subs = ids(state, "SZ 5", "submarine", "germany")
    ships = ids(state, "SZ 8", "battleship", "uk")
    transports = ids(state, "SZ 7", "transport", "germany")
    tanks = ids(state, "Western Europe", "tank", "germany")
    infantry = ids(state, "Western Europe", "infantry", "germany")
    fighters = ids(state, "Western Europe", "fighter", "germany")
    blitzer = ids(state, "Eastern Europe", "tank", "germany")
    land = {str(f): "Western Europe" for f in fighters}
    loads = [("germany", {"type": "move", "units": [tank, inf], "route": ["Western Europe", "SZ 7"],
                          "transport": ship})
             for tank, inf, ship in zip(tanks, infantry, transports, strict=True)]
    return [
        # round 1
        ("ussr", {"type": "end_phase"}),
        ("ussr", {"type": "move", "units": soviet_tanks, "route": ["Caucasus", "Ukraine"]}),
        ("ussr", {"type": "end_phase"}),
        ("ussr", {"type": "battle", "place": "Ukraine"}),
        ("ussr", {"type": "retreat", "place": "Ukraine", "to": "Caucasus"}),
        *passes("ussr", 3),
        ("germany", {"type": "end_phase"}),
        ("germany", {"type": "move", "units": blitzer, "route": ["Eastern Europe", "Karelia", "West Russia"]}),
        ("germany", {"type": "move", "units": subs, "route": ["SZ 5", "SZ 6"]}),
        ("germany", {"type": "end_phase"}),
        ("germany", {"type": "battle", "place": "SZ 6"}),
        *passes("germany", 3),
        ("uk", {"type": "end_phase"}),
        ("uk", {"type": "move", "units": ships, "route": ["SZ 8", "SZ 6"]}),
        ("uk", {"type": "end_phase"}),
        ("uk", {"type": "battle", "place": "SZ 6"}),
        ("uk", {"type": "casualties", "place": "SZ 6", "units": [ships[0]]}),  # the hit, on a battleship
        *passes("uk", 3),
        ("japan", {"type": "purchase", "units": {"infantry": 1}}),
        *passes("japan", 4),
        ("japan", {"type": "place", "units": {"infantry": 1}, "at": "Japan"}),
        ("japan", {"type": "end_phase"}),
        ("usa", {"type": "purchase", "units": {"infantry": 1}}),
        *passes("usa", 4),
        ("usa", {"type": "place", "units": {"infantry": 1}, "at": "Eastern United States"}),
        ("usa", {"type": "end_phase"}),
        # round 2
        *passes("ussr"), *passes("germany"), *passes("uk"), *passes("japan"), *passes("usa"),
        # round 3
        *passes("ussr"),
        ("germany", {"type": "end_phase"}),
        *loads,
        ("germany", {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 7",
                     "transports": transports}),
        ("germany", {"type": "move", "units": fighters, "route": ["Western Europe", "SZ 7", "United Kingdom"],
                     "landing": land}),
        ("germany", {"type": "end_phase"}),
        ("germany", {"type": "battle", "place": "United Kingdom"}),
        ("germany", {"type": "casualties", "place": "United Kingdom", "units": [infantry[0]]}),
        ("germany", {"type": "end_phase"}),
        ("germany", {"type": "move", "units": fighters, "route": ["United Kingdom", "SZ 7", "Western Europe"]}),
        *passes("germany", 2),
        *passes("uk", 3),  # no purchase and no mobilize without the capital (AA41-SEQ-05)
        *passes("japan"),
        *passes("usa"),
    ]


def play_scripted(game: Game, submit: Any) -> list[dict[str, Any]]:
    """Play the script with ``submit(seat, order) -> events``; return every event produced."""
    produced: list[dict[str, Any]] = []
    for seat, order in script(game.state):
        produced.extend(submit(seat, order))
    return produced


def facade_game() -> Game:
    return RS.from_position(POSITION, options=OPTIONS, dice=ScriptedDice(list(DICE)))


def test_scripted_game_plays_through_the_facade_to_an_axis_victory() -> None:
    game = facade_game()
    checked = []

    def submit(seat: str, order: dict[str, Any]) -> list[dict[str, Any]]:
        events = game.submit(seat, order)
        problems = violations(RS, game.state)
        if any(e["type"] == "aa.turn_started" for e in events):
            problems += turn_violations(RS, game.state)
            checked.append(game.state["power"])
        assert problems == [], (seat, order, problems)
        return events

    play_scripted(game, submit)
    assert game.result() == {"winner": "axis", "reason": game.result()["reason"]}
    assert "United Kingdom" in game.result()["reason"]
    assert game.dice.faces == []  # every scripted die was used
    assert game.state["round"] == 3 and checked.count("usa") == 3  # three rounds, five powers each
    assert_story(game.log(), game.state)


def test_scripted_game_replays_identically() -> None:
    game = facade_game()
    play_scripted(game, game.submit)
    again = RS.replay(game.log())
    assert again.state == game.state and again.meta == game.meta
    assert again.fingerprint() == game.fingerprint()


def payloads(log: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [e["payload"] for e in log if e["type"] == type_]


def assert_story(log: list[dict[str, Any]], state: dict[str, Any]) -> None:
    """The outcomes every run of the script must show, whatever the dice source."""
    start = RS.position_to_state(POSITION, RS.normalise_options(OPTIONS))
    ukraine = [p for p in payloads(log, "aa.retreated") if p["place"] == "Ukraine"]
    assert ukraine and ukraine[0]["to"] == "Caucasus"
    assert [u["type"] for u in state["units"]["Caucasus"]] == ["tank"]  # one tank lost, one retreated
    assert len(state["units"]["Ukraine"]) == 2 and state["owners"]["Ukraine"] == "germany"
    blitz = [p for p in payloads(log, "aa.moved") if p["blitzed"]]
    assert blitz[0]["blitzed"] == ["Karelia"] and blitz[0]["route"][-1] == "West Russia"
    assert state["owners"]["Karelia"] == "germany"
    strikes = [p for p in payloads(log, "aa.battle_hits") if p["step"] == "surprise strike" and p["total"]]
    assert [(p["place"], p["side"]) for p in strikes] == [("SZ 6", "attacker"), ("SZ 6", "defender")]
    battleships = set(ids(start, "SZ 8", "battleship", "uk"))
    damaged = [i for p in payloads(log, "aa.casualties") for i in p["damaged"] if i in battleships]
    assert len(damaged) == 1
    ended = [p for p in payloads(log, "aa.battle_ended") if p["place"] == "SZ 6"]
    assert ended[-1]["winner"] == "attacker" and damaged[0] in ended[-1]["repaired"]
    assert sorted(u["type"] for u in state["units"]["SZ 6"]) == ["battleship"] * 9
    assert all(u["hits"] == 0 for u in state["units"]["SZ 6"])
    landed = payloads(log, "aa.battle_landed")
    assert landed and landed[0]["place"] == "United Kingdom" and len(landed[0]["units"]) == 6
    capture = [p for p in payloads(log, "aa.territory_captured") if p.get("territory") == "United Kingdom"]
    assert capture and state["owners"]["United Kingdom"] == "germany"
    assert_treasury_taken(log)
    assert sorted(u["type"] for u in state["units"]["Western Europe"]) == ["fighter", "fighter"]
    assert payloads(log, "aa.game_won")[0]["winner"] == "axis"


def assert_treasury_taken(log: list[dict[str, Any]]) -> None:
    """AA41-CAP-06: when London falls Germany gains exactly what Britain had; Britain keeps 0."""
    at = next(i for i, e in enumerate(log) if e["type"] == "aa.territory_captured"
              and e["payload"]["territory"] == "United Kingdom")
    before, after = RS.replay(log[:at]).state["ipcs"], RS.replay(log[:at + 1]).state["ipcs"]
    assert before["uk"] > 0 and log[at]["payload"]["ipcs"] == before["uk"]
    assert after["uk"] == 0 and after["germany"] == before["germany"] + before["uk"]
