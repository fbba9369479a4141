"""The hooks Airwar Pacific! hands the shared conformance suite (``pbem.engine.conformance``)."""

from __future__ import annotations

from typing import Any

from pbem.engine.conformance import Conformance, RandomLike
from pbem.games.airwar_pacific.bot import RandomBot
from pbem.games.airwar_pacific.cards import SEATS
from pbem.games.airwar_pacific.state import State, capacity, card, owner, player
from pbem.games.airwar_pacific.views import secrets as _secrets


def make_bot(ruleset: Any, rng: RandomLike) -> RandomBot:
    return RandomBot(ruleset, rng)


def _places(state: State, seat: str) -> list[str]:
    """Every card instance of ``seat`` wherever it is (a card in two places shows up twice)."""
    p = player(state, seat)
    ids = list(p["pile"]) + list(p["hand"]) + list(p["discard"])
    ids += [f"{seat}-industry", f"{seat}-convoy"] + [w for ws in p["resource_war"].values() for w in ws]
    for b in p["bases"]:
        ids += [b["id"], *b["landed"], *b["war"]]
    ids += [b for b, a in state["attached"].items() if owner(b) == seat]
    atk = state["attack"]
    if atk:
        flying = [*atk["launch"], *atk["int_launch"]]
        ids += [i for i in flying if owner(i) == seat and i not in atk["destroyed"]]
        fight = atk["fight"]
        if fight:
            ids += [b["card"] for b in fight["battle"] if b["by"] == seat and b["card"] not in p["discard"]]
    return ids


def invariants(ruleset: Any, state: State) -> list[str]:
    """Card counts conserved across piles; capacities respected; values in range."""
    problems: list[str] = []
    for seat in SEATS:
        p = player(state, seat)
        if not p["dealt"]:
            continue
        ids = _places(state, seat)
        size = sum(p["deck_list"].values())
        if len(ids) != size or len(set(ids)) != len(ids):
            problems.append(f"{seat}: {len(ids)} card places ({len(set(ids))} distinct) for a {size}-card deck")
        for b in p["bases"]:
            if len(b["landed"]) > capacity(state, b):
                problems.append(f"{seat}: {b['id']} holds {len(b['landed'])} aircraft over capacity")
            for i in b["landed"]:
                if card(state, b["id"])["kind"] == "carrier" and card(state, i).get("based") != "carrier":
                    problems.append(f"{seat}: land-based {i} on a carrier")
        if not 0 <= p["industry"] <= 60 or not 0 < p["convoy"] <= 15:
            problems.append(f"{seat}: Industry {p['industry']} / Convoy {p['convoy']} out of range")
        if p["face_down"] and not set(p["face_down"]) <= {i for b in p["bases"] for i in b["landed"]}:
            problems.append(f"{seat}: a face-down card that is not landed")
    return problems


def secrets(ruleset: Any, state: State, seat: str) -> list[str]:
    return _secrets(state, seat)


CONFORMANCE = Conformance(
    rulesets={"airwar_pacific": [{}, {"indestructible_bases": True, "single_mobilization": True},
                                 {"scouted_deals_damage": True, "first_turn_draw": "axis_only", "round_limit": 30}]},
    spec="airwar_pacific.md",
    rule_prefixes=("AWP-",),
    make_bot=make_bot,
    invariants=invariants,
    secrets=secrets,
    short_fuzz={"games": 3, "decisions": 3000},
)
