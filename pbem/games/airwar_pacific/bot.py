"""A random but legal player built only from ``legal_options`` (fuzzing, conformance, demos)."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game, IllegalOrder
from pbem.engine.conformance import RandomLike


class RandomBot:
    """``act(game)`` submits one owed decision: a random order from the seat's legal options."""

    def __init__(self, ruleset: Any, rng: RandomLike, *, attack_rate: float = 0.8) -> None:
        self.ruleset = ruleset
        self.rng = rng
        self.attack_rate = attack_rate

    def _subset(self, items: list[Any], most: int) -> list[Any]:
        if not items or most <= 0:
            return []
        k = 1 + int(self.rng.random() * min(most, len(items)))
        return self.rng.sample(items, min(k, len(items)))

    def order_for(self, opts: dict[str, Any]) -> dict[str, Any]:
        kind, rng = opts["kind"], self.rng
        if kind == "mobilize":
            picked = []
            for c in opts["cards"]:
                if rng.random() < 0.6:
                    if c["kind"] == "war":
                        if not c["hosts"]:
                            continue
                        picked.append({"card": c["id"], "host": rng.choice(c["hosts"])})
                    else:
                        picked.append({"card": c["id"]})
            return {"type": "mobilize", "cards": picked[:opts["max_cards"]] if opts["max_cards"] else picked}
        if kind == "attack":
            if not opts["aircraft"] or rng.random() > self.attack_rate:
                return {"type": "pass"}
            mission = [a["id"] for a in self._subset(opts["aircraft"], opts["capacity"])]
            return {"type": "attack", "target": _target(rng.choice(opts["targets"])), "mission": mission}
        if kind == "intercept":
            if not opts["aircraft"] or rng.random() < 0.25:
                return {"type": "pass"}
            chosen = self._subset([a for a in opts["aircraft"] if a["slots"]], 4)
            return {"type": "intercept", "cards": [{"card": a["id"], "slot": rng.choice(a["slots"])} for a in chosen]}
        if kind == "allocate":
            convoy = [x for x in opts["convoy_eligible"] if rng.random() < 0.5]
            return {"type": "allocate", "convoy": convoy, "parafrag": rng.random() < 0.7}
        if kind == "convoy_discard":
            return {"type": "convoy_discard", "cards": [c["id"] for c in rng.sample(opts["eligible"], opts["count"])]}
        choices = opts["orders"]
        if kind == "battle" and len(choices) > 1 and rng.random() < 0.6:
            return dict(choices[-1])  # pass more often than play, so hands keep some Battle cards
        return dict(rng.choice(choices))

    def act(self, game: Game) -> None:
        owed = game.owed()
        if not owed:
            return
        seat = self.rng.choice([o["seat"] for o in owed])
        opts = game.legal_options(seat)
        for _ in range(6):
            try:
                game.submit(seat, self.order_for(opts))
                return
            except IllegalOrder:
                continue  # capacity combinations the options do not spell out: try another
        default = game.ruleset.default_order(game.state, seat)
        assert default is not None
        game.submit(seat, default)


def _target(t: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "resources"} if t["kind"] == "resources" else {"kind": "base", "base": t["base"]}
