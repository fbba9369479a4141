"""One battle round, step by step (AA41-CMB-03), pausing where a player owes a casualty choice.

Steps after the line-up: attacking submarines' surprise strike, the defender's, removal of the
defender's surprise-strike casualties (AA41-CMB-13), attacker's fire (step 3, defender's
casualties set aside, AA41-CMB-06), defender's fire (step 4, attacker's casualties removed at
once, AA41-CMB-07), removal of the set-aside casualties (step 5, AA41-CMB-17). A step whose hits
leave a real choice to a player who must choose emits ``aa.casualties_owed`` (with the step to
resume from) and the round stops until the ``casualties`` order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa import battle as arith
from pbem.games.aa import combat_opening, combat_rules
from pbem.games.aa.capture import capture
from pbem.games.aa.combat_state import (
    Battle,
    attackers,
    defenders,
    has_destroyer,
    lineup,
    lost_with,
)
from pbem.games.aa.standing import prefs

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

STAGES = ("bombard", "a_strike", "d_strike", "strike_remove", "a_fire", "d_fire", "remove")
STEP_NAMES = {"a_strike": "surprise strike", "d_strike": "surprise strike", "a_fire": "attacker fire",
              "d_fire": "defender fire", "bombard": "shore bombardment"}


def side_units(rs: AARuleset, state: dict[str, Any], b: Battle, side: str) -> list[dict[str, Any]]:
    return attackers(rs, state, b) if side == "attacker" else defenders(rs, state, b)


def candidates(rs: AARuleset, state: dict[str, Any], b: Battle, side: str) -> list[dict[str, Any]]:
    """Units of ``side`` that may still be chosen as casualties (not yet set aside)."""
    aside = set(b["set_aside"])
    return [u for u in side_units(rs, state, b, side) if u["id"] not in aside]


def cargo_counts(state: dict[str, Any], place: str) -> dict[int, int]:
    counts: dict[int, int] = {}
    for unit in state["units"][place]:
        if "aboard" in unit:
            counts[unit["aboard"]] = counts.get(unit["aboard"], 0) + 1
    return counts


def standing_choice(rs: AARuleset, state: dict[str, Any], b: Battle, side: str, hits: dict[str, int]) -> list[int]:
    """The selection each owner's standing loss order makes (joint for several defenders)."""
    cands = candidates(rs, state, b, side)
    owners = sorted({u["owner"] for u in cands})
    return arith.choose(rs.data.units, cands, hits, {o: prefs(state, o) for o in owners},
                        cargo_counts(state, b["place"]))


# -- a round ---------------------------------------------------------------------------


def start_round(rs: AARuleset, ctx: OrderContext, b: Battle, submerge: list[int]) -> None:
    """Steps 1-2: line up, submarines submerge (attacker first, AA41-CMB-11), then fight."""
    state = ctx.state
    place = b["place"]
    combat_opening.before_round_one(rs, ctx, b)  # AAE-AA-02: antiaircraft fire
    if conclude_if_over(rs, ctx, b):
        return
    att, dfn = attackers(rs, state, b), defenders(rs, state, b)
    sea = b["kind"] == "sea"
    # AA41-UNIT-DD-03/04, AA41-MNF-10, AA41-CMB-16: only destroyers in the battle count, evaluated now
    strike = {"attacker": sea and not has_destroyer(rs, dfn), "defender": sea and not has_destroyer(rs, att)}
    ctx.emit("aa.battle_round", {"place": place, "round": b["round"] + 1, "attackers": lineup(att),
                                 "defenders": lineup(dfn), "strike": strike})
    if submerge:
        ctx.emit("aa.submerged", {"place": place, "side": "attacker", "units": submerge, "by": "attacker"})
    if strike["defender"]:
        diving = [u["id"] for u in dfn
                  if rs.data.units[u["type"]].has("submerge") and prefs(state, u["owner"])["submerge"]]
        if diving:
            ctx.emit("aa.submerged", {"place": place, "side": "defender", "units": diving, "by": "standing orders"})
    if (submerge or strike["defender"]) and conclude_if_over(rs, ctx, b):
        return
    run(rs, ctx, b, STAGES[0])


def run(rs: AARuleset, ctx: OrderContext, b: Battle, stage: str) -> None:
    """Play the round's steps from ``stage``; stop at an owed decision; then check step 6."""
    for name in STAGES[STAGES.index(stage):]:
        if not _STEPS[name](rs, ctx, b):
            return
    conclude_if_over(rs, ctx, b, step6=True)


def _subs(rs: AARuleset, units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [u for u in units if rs.data.units[u["type"]].has("first_strike")]


def _bombard(rs: AARuleset, ctx: OrderContext, b: Battle) -> bool:
    """AAE-BOMB-04/05: round 1 of an amphibious assault opens with the ships' bombardment."""
    if b["round"] != 1:
        return True
    hits = combat_opening.bombard(rs, ctx, b)
    if not hits:
        return True
    return assign(rs, ctx, b, "defender", hits, STEP_NAMES["bombard"], "a_strike", remove=False)


def _a_strike(rs: AARuleset, ctx: OrderContext, b: Battle) -> bool:
    if not b["strike"]["attacker"]:
        return True
    shooters = _subs(rs, attackers(rs, ctx.state, b))
    return fire(rs, ctx, b, "attacker", shooters, "a_strike", "d_strike", remove=False)


def _d_strike(rs: AARuleset, ctx: OrderContext, b: Battle) -> bool:
    if not b["strike"]["defender"]:
        return True
    # set-aside defending submarines still strike (AA41-CMB-13, Interp. AMB-03)
    shooters = _subs(rs, defenders(rs, ctx.state, b))
    return fire(rs, ctx, b, "defender", shooters, "d_strike", "strike_remove", remove=True)


def _remove_set_aside(rs: AARuleset, ctx: OrderContext, b: Battle) -> bool:
    if b["set_aside"]:
        ids = list(b["set_aside"])
        lost, stranded = lost_with(rs, ctx.state, b, ids)
        ctx.emit("aa.set_aside_removed", {"place": b["place"], "units": ids, "cargo": lost, "stranded": stranded})
    return True


def _strike_remove(rs: AARuleset, ctx: OrderContext, b: Battle) -> bool:
    """The attacker's surprise-strike casualties go (AA41-CMB-13); bombardment casualties stay
    set aside: they fire in round 1 (AAE-BOMB-05)."""
    return _remove_set_aside(rs, ctx, b) if b["strike"]["attacker"] else True


def _a_fire(rs: AARuleset, ctx: OrderContext, b: Battle) -> bool:
    shooters = attackers(rs, ctx.state, b)
    if b["strike"]["attacker"]:  # submarines that struck do not fire again (AA41-CMB-14)
        shooters = [u for u in shooters if not rs.data.units[u["type"]].has("first_strike")]
    return fire(rs, ctx, b, "attacker", shooters, "a_fire", "d_fire", remove=False)


def _d_fire(rs: AARuleset, ctx: OrderContext, b: Battle) -> bool:
    shooters = defenders(rs, ctx.state, b)  # includes the set-aside casualties (AA41-CMB-07)
    if b["strike"]["defender"]:
        shooters = [u for u in shooters if not rs.data.units[u["type"]].has("first_strike")]
    return fire(rs, ctx, b, "defender", shooters, "d_fire", "remove", remove=True)


_STEPS = {"bombard": _bombard, "a_strike": _a_strike, "d_strike": _d_strike, "strike_remove": _strike_remove,
          "a_fire": _a_fire, "d_fire": _d_fire, "remove": _remove_set_aside}


def fire(rs: AARuleset, ctx: OrderContext, b: Battle, side: str, shooters: list[dict[str, Any]], stage: str,
         resume: str, *, remove: bool) -> bool:
    """Roll for ``shooters`` (all dice of the step in one call) and apply the hits; False if owed."""
    if not shooters:
        return True
    state, types = ctx.state, rs.data.units
    other = "defender" if side == "attacker" else "attacker"
    targets = candidates(rs, state, b, other)
    own = side_units(rs, state, b, side)
    destroyer = has_destroyer(rs, own)
    # a firing step in which no enemy unit is left that any shooter could hit rolls no dice
    # (AA41-CMB-05, AA41-CMB-09); otherwise every shooter rolls (AA41-CMB-27)
    if not any(arith.can_hit(types[s["type"]], types[t["type"]], destroyer) for s in shooters for t in targets):
        return True
    values, dice_per, best_of = None, None, None
    if side == "attacker":  # artillery support, research (AAE-UNIT-INF-02, AAE-TECH-01/07/08/12)
        values = combat_rules.attack_values(rs, state, b["attacker"], own)
        dice_per = combat_rules.attack_dice(rs, state, b["attacker"])
        best_of = combat_rules.attack_best_of(rs, state, b["attacker"])  # G40-TECH-19
    dice = arith.firing_dice(types, shooters, side, destroyer, targets=targets, values=values, dice_per=dice_per,
                             best_of=best_of)
    if stage == "a_fire":
        dice += combat_opening.pooled_dice(rs, state, b)  # AAE-BOMB-04 under low luck
    if not dice:
        return True
    roller = b["attacker"] if side == "attacker" else b["defenders"][0]
    context = {"battle": b["place"], "round": b["round"], "game_round": state["round"], "turn": state["power"],
               "roller": roller,
               "side": side, "step": STEP_NAMES[stage]}
    low = state["options"].get("dice") == "low_luck"
    sure = 0
    if low:
        hits, rest = arith.low_luck(dice)
        sure = sum(hits.values())
        if rest:
            faces = ctx.roll(len(rest), 6, context={**context, "low_luck": True}, dice=rest)
            extra = arith.count_hits(rest, faces)
            hits = {k: hits[k] + extra[k] for k in hits}
    else:
        faces = ctx.roll(len(dice), 6, context=context, dice=dice)
        hits = arith.count_hits(dice, faces)
    ctx.emit("aa.battle_hits", {"place": b["place"], "round": b["round"], "step": STEP_NAMES[stage], "side": side,
                                "hits": hits, "total": sum(hits.values()), "low_luck": low,
                                **({"sure": sure} if low else {})})
    return assign(rs, ctx, b, other, hits, STEP_NAMES[stage], resume, remove=remove)


def assign(rs: AARuleset, ctx: OrderContext, b: Battle, side: str, hits: dict[str, int], step: str, resume: str, *,
           remove: bool) -> bool:
    """Apply ``hits`` to ``side``: automatically, by standing orders, or owe the choice (AA41-CMB-33)."""
    state, types = ctx.state, rs.data.units
    cands = candidates(rs, state, b, side)
    counts = cargo_counts(state, b["place"])
    if arith.applicable(types, cands, hits) == 0:
        return True
    if arith.forced(types, cands, hits, counts):
        apply(rs, ctx, b, side, standing_choice(rs, state, b, side, hits), step, "automatic", remove=remove)
        return True
    if side == "defender" and not state["options"].get("ask_defender") or \
            side == "attacker" and prefs(state, b["attacker"])["auto_casualties"]:
        apply(rs, ctx, b, side, standing_choice(rs, state, b, side, hits), step, "standing orders", remove=remove)
        return True
    seats = [b["attacker"]] if side == "attacker" else sorted({u["owner"] for u in cands})
    ctx.emit("aa.casualties_owed", {"place": b["place"], "side": side, "step": step, "hits": hits, "seats": seats,
                                    "resume": resume, "remove": remove})
    return False


def apply(rs: AARuleset, ctx: OrderContext, b: Battle, side: str, selection: list[int], step: str, by: str, *,
          remove: bool) -> None:
    """Emit ``aa.casualties`` for a checked selection (hits recorded, who chose them: ``by``)."""
    state = ctx.state
    by_id = {u["id"]: u for u in state["units"][b["place"]]}
    destroyed, damaged = arith.outcome(rs.data.units, selection, by_id)
    lost, stranded = lost_with(rs, state, b, destroyed) if remove else ([], [])
    ctx.emit("aa.casualties", {"place": b["place"], "round": b["round"], "step": step, "side": side,
                               "units": list(selection), "by": by, "destroyed": destroyed, "damaged": damaged,
                               "cargo": lost, "stranded": stranded, "remove": remove})


# -- end of battle ---------------------------------------------------------------------


def _can_hit_any(rs: AARuleset, shooters: list[dict[str, Any]], side: str, targets: list[dict[str, Any]]) -> bool:
    types = rs.data.units
    own = has_destroyer(rs, shooters)
    return any(arith.value(types[s["type"]], side) > 0 and not types[s["type"]].has("defenceless")
               and arith.can_hit(types[s["type"]], types[t["type"]], own)
               for s in shooters for t in targets)


def conclude_if_over(rs: AARuleset, ctx: OrderContext, b: Battle, step6: bool = False) -> bool:
    """Conditions A (AA41-CMB-18/19/20/21) checked before a round and at step 6; True if it ended.

    At step 6, when the attacker's transports could only stay (AA41-CMB-19: only transports left
    on both sides; AA41-CMB-20: the warships left cannot hit each other) but may retreat, the
    battle waits for the attacker: ``retreat``, or ``battle``/``press`` to stay (it then ends).
    """
    state = ctx.state
    att, dfn = attackers(rs, state, b), defenders(rs, state, b)
    if b["kind"] == "sea" and att and dfn:
        if _defenseless(rs, ctx, b, att, dfn, step6):
            return False
        att, dfn = attackers(rs, state, b), defenders(rs, state, b)
    if att and dfn:
        if _can_hit_any(rs, att, "attacker", dfn) or _can_hit_any(rs, dfn, "defender", att):
            return False
        end(rs, ctx, b, "none", "stalemate")  # AA41-CMB-21 (Interp. AMB-12), AA41-CMB-19
        return True
    if att:
        end(rs, ctx, b, "attacker", "defender destroyed")
    elif dfn:
        end(rs, ctx, b, "defender", "attacker destroyed")
    else:
        end(rs, ctx, b, "none", "both sides destroyed")
    return True


def _defenseless(rs: AARuleset, ctx: OrderContext, b: Battle, att: list[dict[str, Any]], dfn: list[dict[str, Any]],
                 step6: bool) -> bool:
    """AA41-CMB-19/20: destroy defenseless transports at once, without dice.

    Returns True when the attacker's transports may still retreat at step 6: the battle then
    waits for the attacker's ``retreat`` or ``battle``/``press`` (stay).
    """
    types = rs.data.units
    a_war = [u for u in att if not types[u["type"]].has("defenceless")]
    d_war = [u for u in dfn if not types[u["type"]].has("defenceless")]
    a_trn = [u for u in att if types[u["type"]].has("defenceless")]
    d_trn = [u for u in dfn if types[u["type"]].has("defenceless")]
    if not d_war:  # (i) the defender has only transports left; CMB-19 when the attacker too
        doomed = d_trn if _can_hit_any(rs, att, "attacker", d_trn) else []
        exposed = False
    elif a_war and not _can_hit_any(rs, a_war, "attacker", d_war) and not _can_hit_any(rs, d_war, "defender", a_war):
        doomed, exposed = d_trn, bool(a_trn)  # (ii) the warships left cannot hit each other
    else:
        return False
    if doomed:
        apply(rs, ctx, b, "defender", [u["id"] for u in doomed], "defenseless transports", "automatic", remove=True)
    if (exposed or not a_war) and a_trn and step6:
        from pbem.games.aa.retreat import destinations

        if destinations(rs, ctx.state, b, a_trn):
            return True
    if exposed and (step6 or b["round"] == 0):
        apply(rs, ctx, b, "attacker", [u["id"] for u in a_trn], "defenseless transports", "automatic", remove=True)
    return False


def _grounded_defenders(rs: AARuleset, state: dict[str, Any], b: Battle) -> list[int]:
    """G40-UNIT-CV-02: defending aircraft aboard a two-hit carrier damaged in this battle, which
    can no longer take them: stranded, they land elsewhere first in noncombat move."""
    units = state["units"][b["place"]]
    by_id = {u["id"]: u for u in units}
    out = []
    for unit in units:
        ship = by_id.get(unit.get("aboard", -1))
        if ship is not None and ship.get("t_damaged_here") and ship["hits"] and unit["owner"] != b["attacker"] \
                and rs.data.units[unit["type"]].domain == "air" and ship["owner"] == unit["owner"]:
            out.append(unit["id"])
    return sorted(out)


def end(rs: AARuleset, ctx: OrderContext, b: Battle, winner: str, reason: str) -> None:
    """Step 7 (AA41-CMB-25): repair battleships (AA41-UNIT-BB-03); capture if land units won."""
    state = ctx.state
    spaces = [b["place"]] + ([b["retreated_to"]] if b.get("retreated_to") else [])
    repaired = sorted(u["id"] for s in spaces for u in state["units"][s] if u["hits"] > 0) \
        if combat_rules.rules(rs).repairs_after_battle else []  # G40-CMB-20: damage stays
    payload = {"place": b["place"], "winner": winner, "reason": reason, "repaired": repaired}
    grounded = _grounded_defenders(rs, state, b)
    if grounded:
        payload["grounded"] = grounded  # G40-NCM-04: they land first in noncombat move (stranded.py)
    ctx.emit("aa.battle_ended", payload)
    if winner == "attacker" and b["kind"] == "land":
        land = [u for u in attackers(rs, state, b) if rs.data.units[u["type"]].domain == "land"]
        if land and state["owners"].get(b["place"]) != b["attacker"]:
            capture(rs, ctx, b["place"], b["attacker"])  # AA41-CAP-01a; air alone never captures (AIR-10)
    if b["kind"] == "sea" and b["for"]:
        from pbem.games.aa.combat_open import end_failed_assaults

        end_failed_assaults(rs, ctx)  # AA41-AMP-10
