"""End of the game (AWP-WIN-01..04, AMB-A-13) and the landing step that closes each stage."""

from __future__ import annotations

from typing import Any

from pbem.games.airwar_pacific.cards import SEATS
from pbem.games.airwar_pacific.state import State, base_entry, bases, capacity, card, free, player


def industry_loser(state: State) -> str | None:
    """A seat whose Industry is 0 (AWP-WIN-01), checked after every change."""
    return next((s for s in SEATS if player(state, s)["industry"] <= 0), None)


def _can_ever_attack(state: State, seat: str) -> bool:
    p = player(state, seat)
    if p["pile"]:
        return True
    has_aircraft = any(card(state, i)["kind"] in ("aircraft", "elite") for i in p["hand"]) or \
        any(b["landed"] for b in p["bases"])
    has_room = any(capacity(state, b) > 0 for b in p["bases"]) or \
        any(card(state, i)["kind"] in ("airbase", "carrier") for i in p["hand"])
    return has_aircraft and has_room


def end_at_turn_end(state: State, quiet_turns: int) -> str | None:
    """Why the game ends after this turn (AWP-WIN-03, AWP-WIN-04), or ``None``."""
    limit = int(state["options"].get("round_limit", 0) or 0)
    if limit and state["active"] == "allies" and state["round"] >= limit:
        return "round_limit"
    piles_empty = not any(player(state, s)["pile"] for s in SEATS)
    if piles_empty and quiet_turns >= 2:
        return "no_attacks"
    if not any(_can_ever_attack(state, s) for s in SEATS):
        return "no_further_action"
    return None


def by_industry(state: State, reason: str) -> dict[str, Any]:
    """AWP-WIN-02: the higher Industry wins; equal is a draw (AWP-WIN-03)."""
    ind = {s: player(state, s)["industry"] for s in SEATS}
    winner = "draw" if ind["axis"] == ind["allies"] else max(ind, key=lambda s: ind[s])
    return {"winner": winner, "reason": reason, "industry": ind}


def landing(state: State) -> dict[str, Any]:
    """The payload of ``awp.landed`` (AWP-DMG-09/10, AWP-INT-10, AWP-BASE-05, AWP-CARRIER-07, AWP-HID-06/07)."""
    atk = state["attack"]
    destroyed = set(atk["destroyed"])
    # sorted: a state read back from a snapshot (canonical JSON, sorted keys) and one built in
    # memory must make the same event, or re-adjudicating a server's game diverges here
    attacker = [{"id": x, "base": b} for x, b in sorted(atk["launch"].items()) if x not in destroyed]
    public: list[dict[str, Any]] = []
    secret: list[dict[str, Any]] = []
    used: dict[str, int] = {}
    hidden_counts: dict[str, int] = {}
    returned = 0
    for x, b in sorted(atk["int_launch"].items()):
        if x in destroyed:
            continue
        where: str | None = b
        if base_entry(state, b) is None:  # its base was lost: another of the same kind, else to hand
            kind = card(state, b)["kind"]
            where = next((o["id"] for o in bases(state, atk["defender"], kind)
                          if free(state, o) - used.get(o["id"], 0) > 0), None)
            if where is not None:
                used[where] = used.get(where, 0) + 1
        face_down = x in atk["intercept"]
        entry = {"id": x, "base": where, "face_down": face_down}
        if where is None:
            returned += 1
            (secret if face_down else public).append(entry)
        elif face_down:
            secret.append(entry)
            hidden_counts[where] = hidden_counts.get(where, 0) + 1
        else:
            public.append(entry)
    return {"seat": atk["attacker"], "attacker": attacker, "defender": public,
            "face_down": hidden_counts, "returned": returned,
            "secret": {"owner": atk["defender"], "defender": secret}}
