"""Set-up deal and the Mobilization stage (AWP-SETUP-04, AWP-RNG-01/02, AWP-MOB-05..08, AWP-SEQ-05)."""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.airwar_pacific.cards import ability
from pbem.games.airwar_pacific.state import State, base_entry, card, deal_list, fingerprint, player, token


def deal(ctx: OrderContext, seat: str) -> None:
    """Shuffle ``seat``'s deck through the verifiable dice (a ``dice.shuffled`` event) and deal 7."""
    state = ctx.state
    p = player(state, seat)
    if p["dealt"]:
        raise IllegalOrder("AWP-SETUP-04", "Your deck is already shuffled and your hand dealt.")
    cards = deal_list(state["catalogue"], p["deck_list"], seat)
    order = ctx.shuffle(list(range(len(cards))), context={"awp": "deck", "seat": seat})
    pile = [{"id": token(seat, order, i), "card": cards[j]} for i, j in enumerate(order)]
    ctx.emit("awp.dealt", {"seat": seat, "n": len(pile), "hand": min(7, len(pile)),
                           "fingerprint": fingerprint(p["deck_list"], [e["card"] for e in pile]),
                           "secret": {"owner": seat, "hand": pile[:7]}, "sealed": {"pile": pile}})


def hosts(state: State, seat: str, iid: str, extra_bases: list[str]) -> list[str]:
    """Where War card ``iid`` may be attached (AWP-MOB-07, AWP-CARD-WAR-02, AWP-SPECIAL-HEAVYAAA)."""
    c = card(state, iid)
    allowed = list(c.get("host") or [])
    if ability(c, "HEAVYAAA"):
        allowed = [h for h in allowed if h in ("industry", "convoy")] or ["industry", "convoy"]
    if ability(c, "PARAFRAG"):
        allowed = ["airbase"]
    out = [h for h in ("industry", "convoy") if h in allowed]
    for b in [x["id"] for x in player(state, seat)["bases"]] + extra_bases:
        if card(state, b)["kind"] in allowed:
            out.append(b)
    return out


def check_mobilize(state: State, seat: str, order: dict[str, Any]) -> list[dict[str, Any]]:
    entries = order.get("cards", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("card"), str)
                                                for e in entries):
        raise InvalidOrder("AWP-ORDER-01", "'cards' is a list of {{'card': id, 'host': id}}.")
    if state["options"].get("single_mobilization") and len(entries) > 1:
        raise IllegalOrder("AWP-OPT-02", "Only 1 card may be mobilized per Mobilization stage in this game.")
    hand = player(state, seat)["hand"]
    out: list[dict[str, Any]] = []
    new_bases: list[str] = []
    seen: set[str] = set()
    for e in entries:
        iid = e["card"]
        if iid in seen or iid not in hand:
            raise IllegalOrder("AWP-MOB-05", "{card} is not in your hand.", {"card": state["cards"].get(iid, iid)})
        seen.add(iid)
        kind = card(state, iid)["kind"]
        if kind not in ("airbase", "carrier", "war"):
            raise IllegalOrder("AWP-SEQ-05", "Only Airbase, Carrier and War cards are mobilized; {card} is a {kind}.",
                               {"card": state["cards"][iid], "kind": kind})
        host = e.get("host")
        if kind == "war":
            allowed = hosts(state, seat, iid, new_bases)
            if host not in allowed:
                raise IllegalOrder("AWP-MOB-07", "{card} must be attached to one of: {hosts}.",
                                   {"card": state["cards"][iid], "hosts": ", ".join(
                                       h if h in ("industry", "convoy") else state["cards"][h] for h in allowed)
                                    or "none"})
            out.append({"id": iid, "card": state["cards"][iid], "host": host})
        else:
            new_bases.append(iid)
            out.append({"id": iid, "card": state["cards"][iid], "host": None})
    return out


def is_base_id(state: State, iid: str) -> bool:
    return base_entry(state, iid) is not None
