"""A tiny test-only ruleset ("race") that exercises the platform before real games land.

Two seats, red and blue, race a token to ``goal`` (option, default 30). On its
turn a seat may ``step`` 1-3 squares (undoable), ``roll`` a die and advance by the
face (not undoable), then ``end`` its turn. A roll of 6 makes the *other* seat owe
a decision mid-turn: ``answer`` with ``{"block": bool}`` (blocking costs the roller
2 squares). Rule ids: RACE-1 (step size), RACE-2 (one roll a turn), RACE-3 (answer).

Race is open information: every order is public (``public_orders``), notes included.
:class:`HandRace` (key ``race-hand``, same family, same UI package) adds a hidden hand: on its
first ``draw`` a seat's own deck of named cards is shuffled in secret (``ctx.shuffle``); each
``draw`` (once a turn) takes the next two cards into the seat's hand, which only that seat
sees; ``play`` shows a card and moves the token by its value (RACE-4, RACE-5). Its orders and
notes are private by default, and ``CONFORMANCE``-style ``secrets`` name each seat's hand.
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder, Ruleset

SEATS = [{"id": "red", "name": "Red", "side": "red"}, {"id": "blue", "name": "Blue", "side": "blue"}]


class Race(Ruleset):
    key = "race"
    title = "Race (test ruleset)"
    family = "race."
    multi_seat = "none"
    anytime_orders = frozenset({"note"})
    public_orders = frozenset({"*", "note"})
    order_fields = {"step": {"n": {}}, "roll": {}, "end": {}, "answer": {"block": {}}, "note": {"text": {}}}

    def options_schema(self) -> list[dict[str, Any]]:
        return [{"name": "goal", "label": "Goal square", "type": "int", "default": 30, "min": 5, "max": 500}]

    def seats(self, options: dict[str, Any]) -> list[dict[str, Any]]:
        return SEATS

    def initial_position(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"pos": {"red": 0, "blue": 0}, "active": "red", "round": 1}

    def position_to_state(self, position: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        pos = position.get("pos")
        if not isinstance(pos, dict) or set(pos) != {"red", "blue"}:
            raise InvalidOrder("RACE-POS", "A race position needs pos for red and blue.")
        return {"pos": dict(pos), "active": position.get("active", "red"), "round": position.get("round", 1),
                "goal": options["goal"], "rolled": False, "pending": None, "phase": "move"}

    def owed(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        if state["pending"]:
            other = state["pending"]["by"]
            return [{"seat": other, "seat_name": other.title(), "kind": "answer", "phase": "answer",
                     "prompt": "Block the six?"}]
        a = state["active"]
        return [{"seat": a, "seat_name": a.title(), "kind": "move", "phase": "move", "prompt": "Move"}]

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        state, kind = ctx.state, order["type"]
        if kind == "note":
            ctx.emit("race.noted", {"text": str(order.get("text", ""))[:200]})
            return
        if state["pending"]:
            if kind != "answer" or not isinstance(order.get("block"), bool):
                raise IllegalOrder("RACE-3", "Answer the six first: {{'type': 'answer', 'block': true|false}}.")
            ctx.emit("race.answered", {"block": order["block"], "roller": state["active"]})
            return
        if kind == "step":
            n = order.get("n")
            if not isinstance(n, int) or not 1 <= n <= 3:
                raise IllegalOrder("RACE-1", "A step is 1 to 3 squares.")
            ctx.emit("race.stepped", {"n": n})
        elif kind == "roll":
            if state["rolled"]:
                raise IllegalOrder("RACE-2", "You may roll once a turn.")
            face = ctx.roll(1, 6, context={"round": state["round"], "roller": state["active"]},
                            dice=[{"unit": "token", "target": 6}])[0]
            ctx.emit("race.rolled", {"face": face})
        elif kind == "end":
            ctx.emit("race.ended", {})
        else:
            raise InvalidOrder("RACE-0", "Unknown order type '{kind}'.", {"kind": kind})

    def evolve(self, state: dict[str, Any], event: dict[str, Any]) -> None:
        t, p, a = event["type"], event["payload"], state["active"]
        if t == "race.noted":
            state.setdefault("notes", {})[event["seat"]] = p["text"]
        elif t == "race.stepped":
            state["pos"][a] += p["n"]
        elif t == "race.rolled":
            state["pos"][a] += p["face"]
            state["rolled"] = True
            if p["face"] == 6:
                state["pending"] = {"by": "blue" if a == "red" else "red"}
        elif t == "race.answered":
            if p["block"]:
                state["pos"][a] -= 2
            state["pending"] = None
        elif t == "race.ended":
            state["active"] = "blue" if a == "red" else "red"
            state["rolled"] = False
            if a == "blue":
                state["round"] += 1

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        for seat in ("red", "blue"):
            if state["pos"][seat] >= state["goal"]:
                return {"winner": seat, "reason": "goal reached"}
        return None

    def legal_options(self, state: dict[str, Any], seat: str) -> dict[str, Any]:
        if state["pending"]:
            return {"orders": [{"type": "answer", "block": True}, {"type": "answer", "block": False}]}
        orders: list[dict[str, Any]] = [{"type": "step", "n": n} for n in (1, 2, 3)]
        if not state["rolled"]:
            orders.append({"type": "roll"})
        orders.append({"type": "end"})
        return {"orders": orders}

    def default_order(self, state: dict[str, Any], seat: str) -> dict[str, Any] | None:
        return {"type": "answer", "block": False} if state["pending"] else {"type": "end"}

    def undo_scope(self, state: dict[str, Any]) -> Any:
        return [state["round"], state["active"], bool(state["pending"])]

    def dice_period_key(self, state: dict[str, Any]) -> Any:
        return [state["round"], state["active"]]


STARS = ("Vega", "Rigel", "Deneb", "Altair", "Sirius", "Polaris", "Antares", "Capella", "Arcturus", "Procyon",
         "Spica", "Castor", "Pollux", "Mira", "Algol", "Mizar")


def card_value(card: str) -> int:
    return STARS.index(card.split("-", 1)[1]) % 3 + 1


class HandRace(Race):
    """Race with a hidden hand (see the module docstring)."""

    key = "race-hand"
    title = "Race with hidden hands (test ruleset)"
    dice_period = "game"
    public_orders: frozenset[str] = frozenset()
    order_fields = {**Race.order_fields, "draw": {}, "play": {"card": {}}}

    def position_to_state(self, position: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        state = super().position_to_state(position, options)
        return {**state, "hands": {"red": [], "blue": []}, "decks": {}, "drawn": False}

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        state, kind = ctx.state, order["type"]
        if kind == "draw" and not state["pending"]:
            if state["drawn"]:
                raise IllegalOrder("RACE-4", "You may draw once a turn.")
            seat = state["active"]
            deck = state["decks"].get(seat)
            if deck is None:
                deck = ctx.shuffle([f"{seat}-{star}" for star in STARS], context={"deck": seat})
            if len(deck) < 2:
                raise IllegalOrder("RACE-4", "Your deck is empty.")
            ctx.emit("race.drew", {"seat": seat, "cards": deck[:2], "deck": deck[2:]})
        elif kind == "play" and not state["pending"]:
            card = order.get("card")
            if card not in state["hands"][state["active"]]:
                raise IllegalOrder("RACE-5", "Play a card of your hand: {card} is not in it.", {"card": str(card)})
            ctx.emit("race.played", {"seat": state["active"], "card": card, "value": card_value(card)})
        else:
            super().decide(ctx, order)

    def evolve(self, state: dict[str, Any], event: dict[str, Any]) -> None:
        t, p = event["type"], event["payload"]
        if t == "race.drew":
            state["hands"] = {**state["hands"], p["seat"]: state["hands"][p["seat"]] + p["cards"]}
            state["decks"] = {**state["decks"], p["seat"]: p["deck"]}
            state["drawn"] = True
        elif t == "race.played":
            state["hands"] = {**state["hands"], p["seat"]: [c for c in state["hands"][p["seat"]] if c != p["card"]]}
            state["pos"][p["seat"]] += p["value"]
        else:
            if t == "race.ended":
                state["drawn"] = False
            super().evolve(state, event)

    def view(self, state: dict[str, Any], seat: str | None) -> dict[str, Any]:
        """A seat sees its own hand only (not even how many cards the others hold); nobody
        sees a deck."""
        shown = {k: v for k, v in state.items() if k not in ("hands", "decks", "notes")}
        if seat in state["hands"]:
            shown["hand"] = list(state["hands"][seat])
        if seat and seat in state.get("notes", {}):
            shown["note"] = state["notes"][seat]
        return shown

    def event_view(self, event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
        if event["type"] == "race.drew" and event["payload"]["seat"] != seat:
            return {**event, "payload": {"seat": event["payload"]["seat"]}}
        if event["type"] == "race.drew":
            return {**event, "payload": {"seat": seat, "cards": event["payload"]["cards"]}}
        return event

    def legal_options(self, state: dict[str, Any], seat: str) -> dict[str, Any]:
        options = super().legal_options(state, seat)
        if not state["pending"]:
            extra = [{"type": "play", "card": c} for c in state["hands"][seat]]
            if not state["drawn"] and len(state["decks"].get(seat, STARS)) >= 2:
                extra.append({"type": "draw"})
            options["orders"] = extra + options["orders"]
        return options


def secrets(ruleset: Any, state: dict[str, Any], seat: str) -> list[str]:
    """What no other seat may ever receive: the seat's hand and the rest of its deck, its note."""
    out = list(state.get("hands", {}).get(seat, [])) + list(state.get("decks", {}).get(seat, []))
    note = state.get("notes", {}).get(seat)
    return out + ([note] if note else [])


def factory() -> Race:
    return Race()


def hand_factory() -> HandRace:
    return HandRace()
