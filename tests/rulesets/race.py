"""A tiny test-only ruleset ("race") that exercises the platform before real games land.

Two seats, red and blue, race a token to ``goal`` (option, default 30). On its
turn a seat may ``step`` 1-3 squares (undoable), ``roll`` a die and advance by the
face (not undoable), then ``end`` its turn. A roll of 6 makes the *other* seat owe
a decision mid-turn: ``answer`` with ``{"block": bool}`` (blocking costs the roller
2 squares). Rule ids: RACE-1 (step size), RACE-2 (one roll a turn), RACE-3 (answer).
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


def factory() -> Race:
    return Race()
