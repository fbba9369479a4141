"""The scripted two-round game of the ``global1940`` ruleset, with scripted dice.

One script drives the facade run (``test_scripted_game_global1940.py``) and the HTTP run
(``test_scripted_game_http_global1940.py``). Orders that name units are functions of the
position (unit ids are read from the game being played); a seat owing an order with no scripted
one plays the deadline policy's safe default (end the phase, fight the next battle, choose the
standing casualties...). The script is keyed by (round, power whose turn it is, phase, seat), so
the defender's decisions in another power's turn are scripted too.

* Round 1, Germany: attacks neutral Sweden from Norway (its army is placed, every strict neutral
  turns pro-Allied, G40-NEUT-12; the German infantry dies); the submarine in SZ 108 attacks the
  British destroyer and transport in SZ 109 and the UK scrambles the Scotland fighter into the
  zone (G40-CM-21/23; the submarine is sunk, the fighter flies home, G40-CM-24); the bomber raids
  the United Kingdom's major complex (the complex's gun misses, 1d6+2 = 6 damage, G40-SBR-08/09)
  and lands in Holland Belgium; the submarine in SZ 118 moves to SZ 119, where it disrupts the UK
  Europe convoys at the UK's Collect Income (G40-CONV-01/04/05); Germany's objective of peace with
  the USSR is paid (G40-NO-GER-01).
* Round 1, Japan declares war on the UK (ANZAC with it, G40-POL-12) and so misses its objective
  of not attacking the West (G40-NO-JPN-01).
* Round 1, the UK repairs the 6 damage for 6 IPCs (G40-REP-01) and, in noncombat move, loads an
  infantry from India on the transport in SZ 39 and sails it to SZ 36 (three zones from a naval
  base, G40-MOVE-NB).
* Round 2, the UK: the battleship in SZ 37 and the transport sail into SZ 20, a kamikaze zone, and
  the infantry assaults Formosa; Japan strikes the battleship with one kamikaze attack (a 1: it is
  damaged, G40-KAMI-05) and the battleship may not bombard Formosa (G40-KAMI-06).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.engine import Game, ScriptedDice
from tests.games.global1940.facade import RS

State = dict[str, Any]
Order = dict[str, Any]
Step = Order | Callable[[State], Order]
Submit = Callable[[str, Order], Any]
Key = tuple[int, str, str, str]


def ids(state: State, space: str, owner: str, *types: str) -> list[int]:
    """The ids of ``owner``'s units of ``types`` in ``space`` (cargo aside)."""
    return [u["id"] for u in state["units"][space]
            if u["owner"] == owner and u["type"] in types and "aboard" not in u]


def _move(space: str, owner: str, utype: str, route: list[str], landing: str | None = None) -> Step:
    def step(state: State) -> Order:
        units = ids(state, space, owner, utype)
        plan = {"landing": {str(u): landing for u in units}} if landing else {}
        return {"type": "move", "units": units, "route": route, **plan}
    return step


def _raid(state: State) -> Order:
    return {"type": "declare_raid", "target": "United Kingdom", "installation": "major_complex",
            "units": ids(state, "United Kingdom", "germany", "bomber")}


def _scramble(state: State) -> Order:
    return {"type": "defend", "scramble": {"Scotland": {"SZ 109": ids(state, "Scotland", "uk", "fighter")}}}


def _load(state: State) -> Order:
    return {"type": "move", "units": ids(state, "India", "uk", "infantry")[:1], "route": ["India", "SZ 39"],
            "transport": ids(state, "SZ 39", "uk", "transport")[0]}


def _assault(state: State) -> Order:
    aboard = [u["id"] for u in state["units"]["SZ 20"] if u["owner"] == "uk" and "aboard" in u]
    return {"type": "declare_amphibious", "target": "Formosa", "sea_zone": "SZ 20", "units": aboard,
            "transports": ids(state, "SZ 20", "uk", "transport")}


def _kamikaze(state: State) -> Order:
    return {"type": "defend", "kamikaze": {"SZ 20": ids(state, "SZ 20", "uk", "battleship")}}


UK_DAMAGE = 6  # the surviving bomber's 1d6+2 (a 4)

SCRIPT: dict[Key, list[Step]] = {
    (1, "germany", "combat_move", "germany"): [
        {"type": "attack_neutral", "territory": "Sweden"},
        _move("Norway", "germany", "infantry", ["Norway", "Sweden"]),
        _move("SZ 108", "germany", "submarine", ["SZ 108", "SZ 109"]),
        _move("Germany", "germany", "bomber", ["Germany", "Western Germany", "Holland Belgium", "SZ 110",
                                               "United Kingdom"], landing="Holland Belgium"),
        _raid],
    (1, "germany", "combat", "uk"): [_scramble],
    (1, "germany", "noncombat_move", "germany"): [
        _move("SZ 118", "germany", "submarine", ["SZ 118", "SZ 119"]),
        _move("United Kingdom", "germany", "bomber", ["United Kingdom", "SZ 110", "Holland Belgium"])],
    (1, "japan", "combat_move", "japan"): [{"type": "declare_war", "target": "uk"}],
    (1, "uk", "purchase", "uk"): [
        {"type": "repair", "installations": {"United Kingdom": {"major_complex": UK_DAMAGE}}}],
    (1, "uk", "noncombat_move", "uk"): [_load, _move("SZ 39", "uk", "transport", ["SZ 39", "SZ 38", "SZ 37", "SZ 36"])],
    (2, "uk", "combat_move", "uk"): [
        _move("SZ 37", "uk", "battleship", ["SZ 37", "SZ 36", "SZ 20"]),
        _move("SZ 36", "uk", "transport", ["SZ 36", "SZ 20"]),
        _assault],
    (2, "uk", "combat", "japan"): [_kamikaze],
}

DICE = [1, 4,  # round 1, Germany: the United Kingdom's complex shoots down one bomber (1), misses the other
        4,  # the surviving bomber's damage: 4 + 2
        6, 6, 5, 1, 2, 2, 5, 6, 6,  # Sweden: the three German infantry miss, the six Swedish score 3 hits
        6, 3, 2,  # SZ 109: the submarine misses; the destroyer misses (3), the scrambled fighter hits (2)
        6,  # Japan's income: the British battleship in SZ 37 rolls a convoy die (a miss)
        2, 3,  # the UK Europe income: the submarine in SZ 119 rolls 2 and 3
        6,  # the UK Pacific income: the Japanese cruiser in SZ 20 misses
        6,  # round 2, Japan's income: SZ 37 again, a miss
        1,  # round 2, the UK: the kamikaze attack hits the battleship (a 1)
        1, 5,  # SZ 20: the battleship hits, the Japanese cruiser misses
        1, 6,  # Formosa: the British infantry hits, the Japanese fighter misses
        6, 6]  # the UK Europe income: the submarine in SZ 119 misses


def new_game(dice: list[int] | None = None, seed: str = "") -> Game:
    source = ScriptedDice(list(DICE if dice is None else dice)) if not seed else None
    return RS.new_game({}, seed=seed, dice=source)


def play(echo: Submit | None = None, *, seed: str = "") -> Game:
    """Play the two rounds through the facade; ``echo(seat, order)`` is also given every order
    (the HTTP run sends it to the server)."""
    game = new_game(seed=seed)
    script = {key: list(steps) for key, steps in SCRIPT.items()}
    while game.state["round"] <= 2:
        seat = game.owed()[0]["seat"]
        state = game.state
        pending = script.get((state["round"], state["power"], state["phase"], seat))
        step = pending.pop(0) if pending else RS.default_order(state, seat)
        assert step is not None
        order = step(state) if callable(step) else step
        game.submit(seat, order)
        if echo is not None:
            echo(seat, order)
    if not seed:
        assert game.dice is not None and getattr(game.dice, "faces", None) == []  # every scripted die was used
    assert all(not steps for steps in script.values()), script  # every scripted order was played
    return game
