"""Re-deal a finished game from its revealed seeds: ``verify_deals(log)`` (AWP-RNG-01..03).

For every shuffle the log recorded, the order is recomputed from the revealed seed
(``pbem.engine.dice_verify.recompute_shuffles``, docs/dice.md) and applied to what was shuffled:

* a deck (``context.awp == "deck"``): the deck list of ``game.created`` less the three set-up cards,
  in the fixed order of ``state.deal_list``; the result must equal the pile ``awp.dealt`` recorded,
  its fingerprint must match, and every later draw (``awp.turn_started``) must take the next cards;
* a mission (``context.awp == "mission"``): the mission's cards in id order; the result must equal
  the face-down slots ``awp.mission_formed`` recorded.

The answer is a list of problems (empty: every deal checks out). A shuffle whose seed is not revealed
yet (a game still running) is a problem too: deals can only be checked once the game is over.
"""

from __future__ import annotations

from typing import Any

from pbem.engine.dice_verify import recompute_shuffles
from pbem.games.airwar_pacific.cards import catalogue_of
from pbem.games.airwar_pacific.state import HAND_START, deal_list, fingerprint

Event = dict[str, Any]


def _next_of(log: list[Event], i: int, type_: str) -> Event | None:
    return next((e for e in log[i + 1:] if e.get("type") == type_), None)


def _check_deck(e: Event, order: list[int], dealt: Event | None, position: dict[str, Any],
                piles: dict[str, list[str]]) -> list[str]:
    seat = e["payload"]["context"].get("seat")
    decks = position.get("decks", {}).get("decks", {})
    catalogue = catalogue_of(position.get("card_list", {}))
    if seat not in decks or dealt is None:
        return [f"seq {e['seq']}: a deck shuffle with no deck or no deal for {seat!r}"]
    cards = deal_list(catalogue, decks[seat]["cards"], seat)
    expected = [cards[j] for j in order]
    pile = dealt["payload"].get("sealed", {}).get("pile", [])
    got = [p.get("card") for p in pile]
    problems = []
    if got != expected:
        problems.append(f"seq {dealt['seq']}: the {seat} pile differs from the re-dealt deck")
    if dealt["payload"].get("fingerprint") != fingerprint(decks[seat]["cards"], expected):
        problems.append(f"seq {dealt['seq']}: the {seat} deck fingerprint does not match the deck list")
    hand = dealt["payload"].get("secret", {}).get("hand", [])
    if hand != pile[:HAND_START]:
        problems.append(f"seq {dealt['seq']}: the {seat} opening hand is not the top {HAND_START} cards")
    piles[seat] = [p["id"] for p in pile[HAND_START:]]
    return problems


def verify_deals(log: list[Event]) -> list[str]:
    """Every problem with the deals of ``log`` (a whole game, starting with ``game.created``)."""
    if not log or log[0].get("type") != "game.created":
        return ["a log starts with game.created"]
    position = log[0]["payload"].get("position", {})
    orders = recompute_shuffles(log)
    piles: dict[str, list[str]] = {}
    problems: list[str] = []
    shuffles = 0
    for i, e in enumerate(log):
        t, p = e.get("type"), e.get("payload", {})
        if t == "dice.shuffled":
            shuffles += 1
            order = orders.get(e["seq"])
            if order is None:
                problems.append(f"seq {e['seq']}: its seed is not revealed; deals are checked when the game is over")
                continue
            if p.get("order") != order:
                problems.append(f"seq {e['seq']}: the logged order differs from the one the seed gives")
            ctx = p.get("context", {})
            if ctx.get("awp") == "deck":
                problems += _check_deck(e, order, _next_of(log, i, "awp.dealt"), position, piles)
            elif ctx.get("awp") == "mission":
                formed = _next_of(log, i, "awp.mission_formed")
                slots = (formed or {}).get("payload", {}).get("secret", {}).get("slots", [])
                if [sorted(slots)[j] for j in order] != slots:
                    problems.append(f"seq {e['seq']}: the mission's face-down slots differ from the re-dealt order")
        elif t == "awp.turn_started":
            seat, n = p.get("seat"), int(p.get("draw", 0))
            drawn = [d.get("id") for d in p.get("secret", {}).get("drawn", [])]
            pile = piles.get(str(seat), [])
            if drawn != pile[:n]:
                problems.append(f"seq {e['seq']}: {seat} drew cards other than the top of the pile")
            piles[str(seat)] = pile[n:]
    if not shuffles:
        problems.append("no shuffle in this log")
    return problems
