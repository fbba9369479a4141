"""The scripted two-round games of the ``anniversary`` ruleset, one per scenario, with scripted dice.

One script drives the facade run (``test_scripted_game_anniversary.py``) and the HTTP run
(``test_scripted_game_http_anniversary.py``). Orders that name units are functions of the
position (unit ids are read from the game being played); the seat owing an order with no
scripted one plays the deadline policy's safe default (end the phase, fight the next battle,
choose the standing casualties, place China's free infantry...).

* 1941, round 1, Germany: buys a research token, rolls 6, chart 1, 5: War Bonds (AAE-RD-04/05);
  an infantry and an artillery board the transport in SZ 5 and land on Baltic States while the
  cruiser bombards (AAE-BOMB-04: 2, a hit); the infantry attacks at 2 beside the artillery
  (AAE-UNIT-INF-02: its 2 hits); the bomber raids Karelia S.S.R.: its gun rolls one die (4, a miss,
  AAE-SBR-02), the bomber rolls 3 damage markers (AAE-SBR-03) and flies home; War Bonds
  add a die to the income (3), which pays AAE-NO-11 and misses AAE-NO-12.
* 1941, round 1, the Soviet Union repairs the 3 markers for 3 IPCs (AAE-PUR-03) and buys two
  research tokens (1, 2: kept); the United States buys two infantry; China receives and
  places three free infantry (AAE-CHINA-03/04).
* 1941, round 2: War Bonds again (4); the Soviet Union rolls its tokens (3, 6), chart 2, 5:
  Long-Range Aircraft; China places three more infantry.
* 1942 (Japan first, AAE-SEQ-03), round 1, Japan: research 6, chart 2, 2: Jet Fighters; an
  infantry and an artillery from Japan land on Buryatia S.S.R. from SZ 62 while the battleship
  bombards (3, a hit at 4); income pays AAE-NO-21 and misses AAE-NO-23. The United Kingdom's
  bomber raids Germany (gun 5, damage 4); Germany repairs the 4 markers in round 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.engine import Game, ScriptedDice
from tests.games.anniversary.facade import RS

State = dict[str, Any]
Order = dict[str, Any]
Step = Order | Callable[[State], Order]
Submit = Callable[[str, Order], Any]
KARELIA = "Karelia S.S.R."


def _ids(state: State, space: str, type_: str, power: str) -> list[int]:
    return [u["id"] for u in state["units"][space] if u["type"] == type_ and u["owner"] == power]


def amphibious(power: str, home: str, zone: str, target: str, ship: str) -> list[Step]:
    """An infantry and an artillery from ``home`` board the transport waiting in ``zone`` and
    assault ``target``; the ``ship`` in ``zone`` bombards (AAE-BOMB-01)."""
    def load(state: State) -> Order:
        cargo = [_ids(state, home, "infantry", power)[0], _ids(state, home, "artillery", power)[0]]
        return {"type": "move", "units": cargo, "route": [home, zone],
                "transport": _ids(state, zone, "transport", power)[0]}

    def declare(state: State) -> Order:
        aboard = [u["id"] for u in state["units"][zone] if u["owner"] == power and "aboard" in u]
        return {"type": "declare_amphibious", "target": target, "sea_zone": zone, "units": aboard,
                "transports": _ids(state, zone, "transport", power), "bombard": _ids(state, zone, ship, power)}

    return [load, declare]


def raid(power: str, route: list[str]) -> list[Step]:
    """The bomber at ``route[0]`` flies to ``route[-1]`` and raids its complex (AAE-SBR-01)."""
    def fly(state: State) -> Order:
        bomber = _ids(state, route[0], "bomber", power)[0]
        return {"type": "move", "units": [bomber], "route": route, "landing": {str(bomber): route[0]}}

    def declare(state: State) -> Order:
        return {"type": "declare_raid", "target": route[-1], "units": _ids(state, route[-1], "bomber", power)}

    return [fly, declare]


def fly_home(power: str, route: list[str]) -> Step:
    """The raider goes back the way it came in noncombat move (AAE-SBR-05)."""
    return lambda state: {"type": "move", "units": _ids(state, route[-1], "bomber", power),
                          "route": route[::-1]}


def research(tokens: int, chart: int | None = None) -> list[Step]:
    chosen: list[Step] = [{"type": "research_chart", "chart": chart}] if chart else []
    return [{"type": "research", "tokens": tokens}, *chosen]


US_INFANTRY: dict[tuple[int, str, str], list[Step]] = {
    (1, "usa", "purchase"): [{"type": "purchase", "units": {"infantry": 2}}],
    (1, "usa", "mobilize"): [{"type": "place", "units": {"infantry": 2}, "at": "Eastern United States"}],
}

SCRIPTS: dict[str, dict[tuple[int, str, str], list[Step]]] = {
    "1941": {
        (1, "germany", "research"): research(1, chart=1),
        (1, "germany", "combat_move"): [*amphibious("germany", "Germany", "SZ 5", "Baltic States", "cruiser"),
                                        *raid("germany", ["Germany", "SZ 5", KARELIA])],
        (1, "germany", "noncombat_move"): [fly_home("germany", ["Germany", "SZ 5", KARELIA])],
        (1, "ussr", "research"): research(2),
        (1, "ussr", "purchase"): [{"type": "repair", "complexes": {KARELIA: 3}}],
        **US_INFANTRY,
        (2, "ussr", "research"): research(0, chart=2),
    },
    "1942": {
        (1, "japan", "research"): research(1, chart=2),
        (1, "japan", "combat_move"): amphibious("japan", "Japan", "SZ 62", "Buryatia S.S.R.", "battleship"),
        (1, "ussr", "research"): research(2),
        (1, "uk", "combat_move"): raid("uk", ["United Kingdom", "SZ 6", "SZ 5", "Germany"]),
        (1, "uk", "noncombat_move"): [fly_home("uk", ["United Kingdom", "SZ 6", "SZ 5", "Germany"])],
        **US_INFANTRY,
        (2, "ussr", "research"): research(0, chart=2),
        (2, "germany", "purchase"): [{"type": "repair", "complexes": {"Germany": 4}}],
    },
}

DICE = {
    "1941": [6, 5,  # Germany: research 6, chart 1 -> 5 War Bonds
             4, 3,  # Karelia's gun misses the bomber; 3 damage markers
             2, 2, 2, 6, 6, 6,  # Baltic States: the cruiser hits; infantry (only at 2) and artillery hit
             3,  # Germany's War Bonds die
             1, 2,  # the Soviet Union's two tokens fail
             4,  # round 2: Germany's War Bonds die
             3, 6, 5],  # the Soviet Union: a 6, chart 2 -> 5 Long-Range Aircraft
    "1942": [6, 2,  # Japan: research 6, chart 2 -> 2 Jet Fighters
             3, 2, 2, 6, 6, 6,  # Buryatia: the battleship hits; infantry (only at 2) and artillery hit
             1, 2,  # the Soviet Union's two tokens fail
             5, 4,  # Germany's gun misses the British bomber; 4 damage markers
             6, 4, 5],  # round 2, the Soviet Union: a 6, chart 2 -> 5 Long-Range Aircraft
}


def new_game(scenario: str) -> Game:
    return RS.new_game({"scenario": scenario}, dice=ScriptedDice(list(DICE[scenario])))


def play(scenario: str, echo: Submit | None = None) -> Game:
    """Play the scenario's two rounds through the facade; ``echo(seat, order)`` is also given
    every order (the HTTP run sends it to the server)."""
    game = new_game(scenario)
    script = {key: list(steps) for key, steps in SCRIPTS[scenario].items()}
    while game.state["round"] <= 2:
        seat = game.owed()[0]["seat"]
        state = game.state
        pending = script.get((state["round"], state["power"], state["phase"])) if seat == state["power"] else None
        step = pending.pop(0) if pending else RS.default_order(state, seat)
        assert step is not None
        order = step(state) if callable(step) else step
        game.submit(seat, order)
        if echo is not None:
            echo(seat, order)
    assert game.dice is not None and getattr(game.dice, "faces", None) == []  # every scripted die was used
    assert all(not steps for steps in script.values()), script  # every scripted order was played
    return game
