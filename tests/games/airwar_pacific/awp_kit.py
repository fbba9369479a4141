"""Helpers for the Airwar Pacific! rule tests: a dealt game and hands/bases arranged by card id.

The arranging helpers edit ``game.state`` directly (moving card instances between piles), so a
test states its situation in a few lines; the orders under test then go through the facade.
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, load_ruleset
from pbem.games.airwar_pacific.state import player

RS = load_ruleset("airwar_pacific")


def dealt(options: dict[str, Any] | None = None, seed: str = "kit") -> Game:
    """A new game with both decks shuffled and dealt: the Axis owes its first Mobilization."""
    game = RS.new_game(options or {}, seed=seed)
    game.submit("axis", {"type": "deal"})
    game.submit("allies", {"type": "deal"})
    return game


def _find(game: Game, seat: str, cid: str, places: tuple[str, ...] = ("pile", "hand")) -> tuple[str, str]:
    p = player(game.state, seat)
    for place in places:
        for iid in p[place]:
            if game.state["cards"][iid] == cid:
                return place, iid
    raise AssertionError(f"no {cid} left for {seat}")


def take(game: Game, seat: str, cid: str) -> str:
    """Move one ``cid`` card from ``seat``'s pile into the hand (or find it there); its instance id."""
    place, iid = _find(game, seat, cid, ("pile",)) if _has(game, seat, cid, "pile") else _find(game, seat, cid)
    p = player(game.state, seat)
    p[place].remove(iid)
    p["hand"].append(iid)
    return iid


def _has(game: Game, seat: str, cid: str, place: str) -> bool:
    return any(game.state["cards"][i] == cid for i in player(game.state, seat)[place])


def empty_hand(game: Game, seat: str) -> None:
    p = player(game.state, seat)
    p["pile"] = p["hand"] + p["pile"]
    p["hand"] = []


def base(game: Game, seat: str, cid: str) -> str:
    """Mobilize a ``cid`` base for ``seat`` at once (no order); its instance id."""
    iid = take(game, seat, cid)
    p = player(game.state, seat)
    p["hand"].remove(iid)
    p["bases"].append({"id": iid, "landed": [], "war": [], "damaged_turn": None})
    game.state["seen"][iid] = True
    return iid


def war(game: Game, seat: str, cid: str, host: str) -> str:
    iid = take(game, seat, cid)
    p = player(game.state, seat)
    p["hand"].remove(iid)
    if host in ("industry", "convoy"):
        p["resource_war"][host].append(iid)
    else:
        next(b for b in p["bases"] if b["id"] == host)["war"].append(iid)
    return iid


def start(seat: str) -> str:
    return f"{seat}-start"


def to_attack(game: Game) -> None:
    """Finish the active player's Mobilization with nothing mobilized."""
    game.submit(game.state["active"], {"type": "mobilize", "cards": []})


def to_carrier_stage(game: Game) -> None:
    to_attack(game)
    game.submit(game.state["active"], {"type": "pass"})


def attack(game: Game, mission: list[str], target: dict[str, Any] | None = None, **extra: Any) -> None:
    game.submit(game.state["active"], {"type": "attack", "target": target or {"kind": "resources"},
                                       "mission": mission, **extra})


def refused(rule: str, game: Game, seat: str, order: dict[str, Any]) -> IllegalOrder:
    before = game.fingerprint()
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    assert err.value.rule_id == rule, err.value
    assert game.fingerprint() == before
    return err.value


def pass_battles(game: Game) -> None:
    """Both players pass every Battle-card window now open."""
    while game.state["phase"] == "battle":
        game.submit(game.owed()[0]["seat"], {"type": "battle_pass"})


def slots(game: Game) -> list[str | None]:
    slots_: list[str | None] = game.state["attack"]["slots"]
    return slots_


def slot_of(game: Game, iid: str) -> int:
    return slots(game).index(iid)


def events_of(game: Game, type_: str) -> list[dict[str, Any]]:
    return [e for e in game.log() if e["type"] == type_]
