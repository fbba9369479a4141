"""The deadline policy's default order (``Game.default_order``) always lets an A&A game go on.

When a player's deadline passes under the "act" policy, the server plays the game's default
order for the absent seat until it owes nothing. That order must be accepted in every phase and
every pending decision, including a combat move that the player's own orders left blocked (e.g.
transports left alone in a battle, AA41-CM-07 / AA41-UNIT-TRN-02): then the default takes back
the player's latest order until the phase may end.
"""

from __future__ import annotations

from aa_move_kit import game, move, uid

from pbem.engine import RulesError, load_ruleset
from pbem.engine.dice import SeededDice
from pbem.engine.game import Game
from pbem.games.aa.bot import HashRng, RandomBot
from pbem.games.aa.helpers import phase_requirements, reachable

RS = load_ruleset("aa1941")
G, UK = "germany", "uk"
#: default orders one seat's turn may take at most (the deadline service's own bound is 200)
LIMIT = 200


def u(type_: str, owner: str = G, count: int = 1) -> dict:
    return {"type": type_, "owner": owner, "count": count}


def play_defaults(g: Game, seat: str) -> list[dict]:
    """Submit ``g.default_order(seat)`` until ``seat`` owes nothing (as the deadline policy does)."""
    played: list[dict] = []
    while seat in {o["seat"] for o in g.owed()} and g.result() is None:
        order = g.default_order(seat)
        assert order is not None, f"{seat} owes {g.owed()} but has no default order"
        try:
            g.submit(seat, order, by="policy:act")
        except RulesError as err:  # pragma: no cover - the failure this test guards against
            raise AssertionError(f"default {order} of {seat} refused at {g.state['phase']}: {err}") from err
        played.append(order)
        assert len(played) <= LIMIT, f"{seat}'s defaults do not end: {played[-5:]}"
    return played


def test_AA41_CM_07_deadline_default_clears_transports_left_alone_in_a_battle() -> None:
    g = game({"SZ 6": [u("transport")], "SZ 5": [u("battleship"), u("destroyer", UK)]})
    transport, battleship = uid(g, "SZ 6", "transport"), uid(g, "SZ 5", "battleship")
    move(g, [transport], ["SZ 6", "SZ 5"])
    move(g, [battleship], ["SZ 5", "SZ 6"])  # the escort leaves: the transport would fight alone
    assert [r["rule_id"] for r in phase_requirements(RS, g.state)] == ["AA41-UNIT-TRN-02"]
    assert RS.default_order(g.state, G) == {"type": "end_phase"}  # refused here ...
    assert g.default_order(G) == {"type": "undo"}  # ... so the default takes back the last move
    played = play_defaults(g, G)
    assert played[:2] == [{"type": "undo"}, {"type": "end_phase"}]
    assert g.state["power"] != G  # Germany's turn was played to its end
    assert g.state["battles"] == {} or "SZ 5" not in g.state["battles"] or \
        set(g.state["battles"]["SZ 5"]["attackers"]) == {transport, battleship}


def _random_moves(g: Game, seat: str, rng: HashRng, count: int) -> None:
    """Legal moves of random stacks of ``seat`` to random reachable places (blocks welcome)."""
    for _ in range(count):
        stacks = [(space, [x["id"] for x in units if x["owner"] == seat and x.get("aboard") is None])
                  for space, units in g.state["units"].items()]
        stacks = [(space, ids) for space, ids in stacks if ids]
        if not stacks:
            return
        _space, ids = rng.choice(stacks)
        ids = [rng.choice(ids)]
        dests = reachable(RS, g.state, ids)
        if not dests:
            continue
        entry = dests[rng.choice(sorted(dests))]
        order = {"type": "move", "units": ids, "route": entry["route"]}
        order.update({k: entry[k] for k in ("landing", "transport") if k in entry})
        try:
            g.submit(seat, order)
        except RulesError:
            continue


def test_deadline_default_is_accepted_in_every_bot_played_position() -> None:
    """Bots play; at every decision a copy of the game has its owing seat played by the default
    orders alone (after a few random, possibly blocking, moves in move phases): each default is
    accepted and the seat's turn ends."""
    checked = phases = 0
    for seed in ("deadline-1", "deadline-2"):
        rng = HashRng(seed)
        g = RS.new_game({}, dice=SeededDice(seed, seed), game_id=seed)
        bot = RandomBot(RS, rng)
        while g.result() is None and g.state["round"] <= 2:
            seat = g.owed()[0]["seat"]
            copy = Game.from_snapshot(RS, g.snapshot(), [], SeededDice(f"copy{checked}", seed))
            if copy.state["phase"] in ("combat_move", "noncombat_move") and seat == copy.state["power"]:
                _random_moves(copy, seat, rng, 4)
            phases += copy.state["phase"] in ("combat_move", "noncombat_move")
            play_defaults(copy, seat)
            checked += 1
            bot.act(g)
    assert checked > 40 and phases > 10
