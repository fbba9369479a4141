"""A random but legal player, built only from ``legal_options`` (for the fuzzer and the conformance suite)."""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder
from pbem.engine.conformance import RandomLike


class VictoryBot:
    """``act(game)`` submits the orders of one owed decision."""

    def __init__(self, ruleset: Any, rng: RandomLike, moves_per_turn: int = 6) -> None:
        self.ruleset = ruleset
        self.rng = rng
        self.moves_per_turn = moves_per_turn

    def act(self, game: Any) -> None:
        owed = game.owed()
        if not owed:
            return
        o = self.rng.choice(owed)
        seat, kind = o["seat"], o["kind"]
        opts = game.legal_options(seat)
        if kind == "move":
            self._move(game, seat)
            return
        handler = getattr(self, f"_{kind}", None)
        order = handler(game, seat, opts) if handler else None
        if order is not None:
            try:
                game.submit(seat, order)
                return
            except IllegalOrder:
                pass
        game.submit(seat, self.ruleset.default_order(game.state, seat))

    def _move(self, game: Any, seat: str) -> None:
        for _ in range(self.moves_per_turn):
            opts = game.legal_options(seat)
            movable = [(bid, ms) for bid, ms in sorted(opts["moves"].items()) if ms]
            if not movable or self.rng.random() < 0.15:
                break
            bid, ms = self.rng.choice(movable)
            fights = [m for m in ms if m["battle"]]
            m = self.rng.choice(fights) if fights and self.rng.random() < 0.6 else self.rng.choice(ms)
            move = {"block": bid, "mode": m["mode"], "path": m["path"]}
            if m.get("onto"):
                move["onto"] = m["onto"]
            try:
                game.submit(seat, {"type": "move", "moves": [move]})
            except IllegalOrder:
                continue
        while True:
            try:
                game.submit(seat, {"type": "end_move"})
                return
            except IllegalOrder:
                game.undo(seat)  # over-stacked: take back the latest move (VIC-MOVE-03)

    def _air_cover(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        sends: dict[str, str] = {}
        for bid, hexes in sorted(opts["cover"].items()):
            if self.rng.random() < 0.5:
                sends[bid] = self.rng.choice(hexes)
        return {"type": "air_cover", "blocks": sends}

    def _choose_battle(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        return {"type": "choose_battle", "hex": self.rng.choice(opts["battles"])}

    def _act(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        actor = self.rng.choice(opts["actors"])
        acts = actor["actions"]
        fires = [a for a in acts if a["action"] == "fire"]
        pick = self.rng.choice(fires) if fires and self.rng.random() < 0.85 else self.rng.choice(acts)
        return {"type": "act", "block": actor["block"], **pick}

    def _take_hit(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        return {"type": "take_hit", "block": self.rng.choice(opts["tied"])}

    def _retreat_all(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        moves = {bid: self.rng.choice(hexes) for bid, hexes in sorted(opts["retreats"].items()) if hexes}
        return {"type": "retreat_all", "moves": moves, "blockade": opts["blockade"] and self.rng.random() < 0.5}

    def _rebase(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        return {"type": "rebase", "moves": {}}

    def _end_turn(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        beach = [h for h in opts["beachheads"] if self.rng.random() < 0.3][:1]
        return {"type": "end_turn", "beachheads": beach}

    def _produce(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        builds = []
        for city, info in sorted(opts["production"]["cities"].items()):
            pp = info["pp"]
            if info["new"] and self.rng.random() < 0.4:
                steps = self.rng.choice(list(range(1, pp + 1)))
                builds.append({"city": city, "new": self.rng.choice(info["new"]), "steps": steps})
                pp -= steps
            for bid in info["blocks"]:
                if pp > 0 and self.rng.random() < 0.5:
                    builds.append({"city": city, "block": bid, "steps": 1})
                    pp -= 1
        return {"type": "produce", "builds": builds}

    def _deploy(self, game: Any, seat: str, opts: dict[str, Any]) -> dict[str, Any]:
        return {"type": "deploy"}


def make_bot(ruleset: Any, rng: RandomLike) -> VictoryBot:
    return VictoryBot(ruleset, rng)
