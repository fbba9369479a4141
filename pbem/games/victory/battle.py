"""Battles: start (reveal), the fixed firing sequence, rounds, and the end (VIC-CMB-*).

Who acts next is a pure function of the state (``current_actor``): the first type of the sequence
(VIC-CMB-06) with a block of the defender, then of the attacker, that has not acted this round.
Events name blocks by their battle alias (``A1``, ``D2``...), public for the battle's duration;
only the owner's copy maps an alias to the block's id.
"""

from __future__ import annotations

from typing import Any

from pbem.games.victory import hits
from pbem.games.victory.events import emit
from pbem.games.victory.state import Block, State, board_of, cls, other
from pbem.games.victory.units import SEQUENCE, UNITS


def current_actor(state: State) -> tuple[str, str] | None:
    """(type, side) whose blocks act now, or None when the round is over."""
    battle = state["battle"]
    acted = set(battle["acted"])
    present = hits.in_battle(state)
    for code in SEQUENCE:
        for side in (battle["defender"], battle["attacker"]):
            if any(b["type"] == code and b["side"] == side and b["id"] not in acted for b in present):
                return code, side
    return None


def actors(state: State) -> list[Block]:
    cur = current_actor(state)
    if cur is None:
        return []
    acted = set(state["battle"]["acted"])
    return [b for b in hits.in_battle(state) if (b["type"], b["side"]) == cur and b["id"] not in acted]


def alias(state: State, bid: str) -> str:
    return str(state["battle"]["alias"][bid])


def _reveal(state: State, b: Block, names: dict[str, str]) -> dict[str, Any]:
    rec = {"alias": names[b["id"]], "side": b["side"], "type": b["type"], "steps": b["steps"]}
    if b.get("carrier"):
        rec["aboard"] = names.get(b["carrier"])
    for flag in ("sea", "airborne", "river"):
        if b.get(flag):
            rec[flag] = b[flag]
    return rec


def start_battle(ctx: Any, hex_: str) -> None:
    """Reveal every block in the battle (VIC-CMB-04, VIC-FOG-04) and open round 1."""
    state = ctx.state
    attacker = state["active"]
    present = sorted((b for b in state["blocks"].values() if b["hex"] == hex_),
                     key=lambda b: (b["side"] != attacker, UNITS[b["type"]].position, -b["steps"], b["id"]))
    names: dict[str, str] = {}
    count = {"A": 0, "D": 0}
    for b in present:
        letter = "A" if b["side"] == attacker else "D"
        count[letter] += 1
        names[b["id"]] = f"{letter}{count[letter]}"
    entry = sorted({b["entered"] for b in present if b["side"] == attacker and b.get("entered")
                    and cls(b) != "air" and not b.get("airborne") and b.get("moved") != "para"})
    rounds = 4 if state["options"].get("pursuit") else 3  # VIC-CMB-05, VIC-OPT-01
    secret = {side: {names[b["id"]]: b["id"] for b in present if b["side"] == side} for side in ("blue", "red")}
    emit(ctx, "vic.battle_started",
         {"hex": hex_, "attacker": attacker, "defender": other(attacker), "rounds": rounds, "entry": entry,
          "blocks": [_reveal(state, b, names) for b in present]}, secret)
    settle(ctx)


def decided(state: State) -> bool:
    """VIC-CMB-20: the battle ends as soon as only one player has blocks in the hex."""
    return len({b["side"] for b in hits.in_battle(state)}) < 2


def settle(ctx: Any) -> None:
    """After any action: allocate queued hits, end rounds, and end the battle when it is decided."""
    state = ctx.state
    while True:
        battle = state["battle"]
        if battle is None or battle["stage"] != "fight":
            return
        if battle["hit_queue"]:
            if not allocate(ctx):
                return  # the owner chooses among tied blocks (VIC-CMB-14)
            continue
        if decided(state):
            finish(ctx)
            return
        if current_actor(state) is not None:
            return
        if battle["round"] < battle["rounds"]:
            emit(ctx, "vic.round_ended", {"hex": battle["hex"], "round": battle["round"]})
            continue
        emit(ctx, "vic.rounds_over", {"hex": battle["hex"], "retreating": forced_side(state)})
        return


def forced_side(state: State) -> str:
    """VIC-CMB-21 / AMB-V-08: who must retreat when both remain after the last round."""
    battle = state["battle"]
    present = hits.in_battle(state)
    def has_armies(side: str) -> bool:
        return any(b["side"] == side and hits.group_of(b) == "G" for b in present)
    if has_armies(battle["attacker"]) and not has_armies(battle["defender"]):
        return str(battle["defender"])
    return str(battle["attacker"])


def allocate(ctx: Any) -> bool:
    """Apply the first queued hits one by one (VIC-CMB-14); False when a tie needs the owner's choice."""
    state = ctx.state
    battle = state["battle"]
    entry = battle["hit_queue"][0]
    while entry["left"] > 0:
        tied = hits.strongest(state, entry["side"], entry["class"])
        if not tied:  # VIC-CMB-15: hits beyond the group are lost
            emit(ctx, "vic.hits_lost", {"hex": battle["hex"], "count": entry["left"]})
            break
        if hits.needs_choice(state, tied) and entry.get("chosen") is None:
            if not battle.get("tie"):
                emit(ctx, "vic.hit_tie", {"hex": battle["hex"], "side": entry["side"],
                                          "blocks": [alias(state, b["id"]) for b in tied]})
            return False
        target = state["blocks"][entry["chosen"]] if entry.get("chosen") else tied[0]
        apply_hit(ctx, target, entry["army"])
        entry = battle["hit_queue"][0]
    emit(ctx, "vic.hits_done", {"hex": battle["hex"]})
    return True


def apply_hit(ctx: Any, target: Block, by_army: bool) -> None:
    state = ctx.state
    effect = hits.hit_effect(state, target, by_army)
    steps = target["steps"] - (1 if effect == "step" else 0)
    emit(ctx, "vic.hit", {"hex": state["battle"]["hex"], "block": alias(state, target["id"]), "effect": effect,
                          "steps": steps, "type": target["type"] if steps == 0 else None})


def finish(ctx: Any) -> None:
    """The battle is decided: survivors' air must rebase (VIC-AIR-05, VIC-CMB-31)."""
    state = ctx.state
    battle = state["battle"]
    sides = sorted({b["side"] for b in hits.in_battle(state)})
    emit(ctx, "vic.battle_decided", {"hex": battle["hex"], "winner": sides[0] if len(sides) == 1 else None})
    next_rebase(ctx)


def air_to_rebase(state: State, side: str) -> list[Block]:
    h = state["battle"]["hex"]
    return [b for b in state["blocks"].values() if b["hex"] == h and b["side"] == side and cls(b) == "air"]


def next_rebase(ctx: Any) -> None:
    state = ctx.state
    battle = state["battle"]
    for side in (battle["attacker"], battle["defender"]):
        if side not in battle["rebased"] and air_to_rebase(state, side):
            emit(ctx, "vic.rebase_due", {"hex": battle["hex"], "side": side})
            return
    close(ctx)


def close(ctx: Any) -> None:
    """Hide the survivors (VIC-CMB-31) and go on to the next battle or the end of the player-turn."""
    state = ctx.state
    emit(ctx, "vic.battle_ended", {"hex": state["battle"]["hex"]})
    if len(state["battles"]) == 1:
        start_battle(ctx, state["battles"][0])


def double_defense_hex(state: State) -> bool:
    board = board_of(state)
    return board.terrain(state["battle"]["hex"]) in ("mountain", "swamp")
