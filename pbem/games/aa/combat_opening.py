"""What happens once before round 1 of a battle: antiaircraft fire and shore bombardment.

**Antiaircraft fire** (AAE-AA-01..06, AAE-CMB-19): when aircraft attack a territory holding an
enemy ``anti_aircraft`` unit, one gun fires (the defenders' best: the edition's ``aa_hit`` hook,
radar included), one die per attacking aircraft with no upper limit, each die named for one
aircraft (ids in order); a die at or under the hit value destroys its aircraft at once, before
it fires (``aa.antiaircraft_fire``). The gun then leaves the battle; it is never a casualty.
Under low luck each aircraft type's dice are pooled as for battle dice (strength // 6 sure
hits, one die for the rest), the lowest ids lost first, as the odds calculator counts them.

**Shore bombardment** (AAE-BOMB-01..06, AAE-AMPH-03): ships named in the amphibious
declaration (``"bombard": [ids]``) that are still in a landing's sea zone, where no sea battle
was fought this turn, each roll one die at their ``bombard`` value, at most one ship per land
unit landed (the first ids kept); each hit puts one defending unit in the casualty zone: it
still fires in round 1 (the hits are assigned like the attacker's fire, ``remove=False``). Under
low luck the ships' dice are pooled with the attacker's round-1 fire instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa import battle as arith
from pbem.games.aa import combat_rules
from pbem.games.aa.combat_state import Battle, attackers
from pbem.games.aa.standing import prefs
from pbem.games.aa.state import State, Unit, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

AA_FIRE = "aa.antiaircraft_fire"
BOMBARDED = "aa.bombarded"


def firing_gun(rs: AARuleset, state: State, territory: str, attacker: str) -> tuple[Unit, int] | None:
    """AAE-AA-04: the one gun that fires in ``territory`` and its hit value, or None."""
    hook = combat_rules.rules(rs).aa_hit
    if hook is None or not rs.map.is_land(territory):
        return None
    guns = [u for u in state["units"][territory] if rs.data.units[u["type"]].has("anti_aircraft")
            and "aboard" not in u and is_enemy(rs, state, attacker, u["owner"])]
    if not guns:
        return None
    best = max(guns, key=lambda g: (hook(rs, state, g), -g["id"]))
    return best, hook(rs, state, best)


def antiaircraft_fire(rs: AARuleset, ctx: OrderContext, place: str, attacker: str, aircraft: list[Unit],
                      step: str) -> list[int]:
    """Fire the territory's gun at ``aircraft`` (AAE-AA-03/05); return the ids destroyed."""
    state = ctx.state
    if combat_rules.rules(rs).aa_shots is not None:
        return _volley(rs, ctx, place, attacker, aircraft, step)
    found = firing_gun(rs, state, place, attacker)
    planes = sorted(u["id"] for u in aircraft if combat_rules.fired_on_as_aircraft(rs, state, u))
    if found is None or not planes:
        return []
    gun, hit_on = found
    types = {u["id"]: u["type"] for u in aircraft}
    context = {"battle": place, "game_round": state["round"], "turn": state["power"], "roller": gun["owner"],
               "side": "defender", "step": step}
    low = state["options"].get("dice") == "low_luck"
    if low:
        destroyed = _low_luck(ctx, planes, types, hit_on, context)
    else:
        dice = [{"unit": types[p], "unit_id": p, "target": hit_on} for p in planes]
        faces = ctx.roll(len(planes), 6, context=context, dice=dice)
        destroyed = [p for p, face in zip(planes, faces, strict=True) if face <= hit_on]
    ctx.emit(AA_FIRE, {"place": place, "gun": gun["id"], "owner": gun["owner"], "hit_on": hit_on,
                       "targets": planes, "destroyed": destroyed, "step": step, "low_luck": low})
    return destroyed


def _volley(rs: AARuleset, ctx: OrderContext, place: str, attacker: str, aircraft: list[Unit], step: str) -> list[int]:
    """G40-AA-02: every gun fires up to its shots, no aircraft twice; the attacker's standing loss
    order chooses the aircraft lost (it chooses them, the dice are not aimed). Paratroopers are
    fired on exactly as aircraft (G40-AA-07, the ``airborne`` hook)."""
    state = ctx.state
    shots, hit_of = combat_rules.rules(rs).aa_shots, combat_rules.rules(rs).aa_hit
    planes = sorted((u for u in aircraft if combat_rules.fired_on_as_aircraft(rs, state, u)),
                    key=lambda u: u["id"])  # paratroopers too (G40-AA-07)
    guns = sorted((u for u in state["units"][place] if rs.data.units[u["type"]].has("anti_aircraft")
                   and "aboard" not in u and is_enemy(rs, state, attacker, u["owner"])), key=lambda u: u["id"])
    if shots is None or hit_of is None or not guns or not planes or not rs.map.is_land(place):
        return []
    dice = [{"unit": g["type"], "unit_id": g["id"], "target": hit_of(rs, state, g), "cat": "N"}
            for g in guns for _ in range(shots(rs, state, g))][:len(planes)]
    context = {"battle": place, "game_round": state["round"], "turn": state["power"], "roller": guns[0]["owner"],
               "side": "defender", "step": step}
    low = state["options"].get("dice") == "low_luck"
    if low:
        sure, rest = arith.low_luck(dice)
        hits = sum(sure.values())
        if rest:
            faces = ctx.roll(len(rest), 6, context={**context, "low_luck": True}, dice=rest)
            hits += sum(arith.count_hits(rest, faces).values())
    else:
        faces = ctx.roll(len(dice), 6, context=context, dice=[{k: d[k] for k in ("unit", "unit_id", "target")}
                                                              for d in dice])
        hits = sum(arith.count_hits(dice, faces).values())
    chosen = arith.choose(rs.data.units, planes, {"S": 0, "A": 0, "N": hits}, {attacker: prefs(state, attacker)})
    destroyed = sorted(set(chosen))
    ctx.emit(AA_FIRE, {"place": place, "gun": guns[0]["id"], "guns": [g["id"] for g in guns],
                       "owner": guns[0]["owner"], "hit_on": max(d["target"] for d in dice), "dice": len(dice),
                       "hits": hits, "targets": [u["id"] for u in planes], "destroyed": destroyed, "step": step,
                       "low_luck": low})
    return destroyed


def _low_luck(ctx: OrderContext, planes: list[int], types: dict[int, str], hit_on: int,
              context: dict[str, Any]) -> list[int]:
    destroyed: list[int] = []
    for utype in sorted({types[p] for p in planes}):
        group = [p for p in planes if types[p] == utype]
        strength = hit_on * len(group)
        hits = strength // 6
        if strength % 6:
            face = ctx.roll(1, 6, context={**context, "low_luck": True},
                            dice=[{"unit": "low luck", "target": strength % 6}])[0]
            hits += face <= strength % 6
        destroyed.extend(group[:hits])
    return sorted(destroyed)


def before_round_one(rs: AARuleset, ctx: OrderContext, b: Battle) -> None:
    """AAE-AA-02: the gun fires immediately before the first round of a land battle."""
    if b["kind"] == "land" and b["round"] == 0:
        antiaircraft_fire(rs, ctx, b["place"], b["attacker"], attackers(rs, ctx.state, b), "antiaircraft fire")


# -- shore bombardment ----------------------------------------------------------------------


def bombarding_ships(rs: AARuleset, state: State, b: Battle) -> list[Unit]:
    """AAE-BOMB-01/02/03/06: the declared ships that bombard ``b`` now (round 1 of a land battle)."""
    if b["kind"] != "land" or not b["amphibious"]:
        return []
    zones = {landing["sea_zone"] for landing in b["landing"]}
    named = {i for d in state["declared"].get("amphibious", []) if d["target"] == b["place"]
             for i in d.get("bombard", [])}
    ships: list[Unit] = []
    for zone in rs.map.sorted_spaces(zones):
        if zone in state["battles"]:
            continue  # AAE-BOMB-02: a sea battle was fought there (transports alone included)
        blocked = combat_rules.rules(rs).bombardment_blocked
        if blocked is not None and blocked(rs, state, zone):
            continue  # G40-KAMI-06, G40-CMB-37: a kamikaze attack was made there
        ships.extend(u for u in state["units"][zone] if u["id"] in named and u["owner"] == b["attacker"]
                     and combat_rules.bombard_value(rs, u) > 0 and not u.get("t_bombarded"))
    landed = len(b.get("seaborne", []))
    return sorted(ships, key=lambda u: u["id"])[:landed]  # AAE-BOMB-03


def bombard(rs: AARuleset, ctx: OrderContext, b: Battle) -> dict[str, int] | None:
    """AAE-BOMB-04: one die per ship; the hits (category ``N``) or None if no ship bombards.

    Under low luck the ships' dice join the attacker's round-1 fire (:func:`pooled_dice`), as the
    odds calculator pools them: their hits still fall on the defender's units, which fire back."""
    state = ctx.state
    ships = bombarding_ships(rs, state, b)
    if not ships:
        return None
    if state["options"].get("dice") == "low_luck":
        ctx.emit(BOMBARDED, {"place": b["place"], "ships": [u["id"] for u in ships], "hits": 0, "pooled": True})
        return None
    dice = [{"unit": u["type"], "unit_id": u["id"], "target": combat_rules.bombard_value(rs, u), "cat": "N"}
            for u in ships]
    context = {"battle": b["place"], "round": 1, "game_round": state["round"], "turn": state["power"],
               "roller": b["attacker"], "side": "attacker", "step": "shore bombardment"}
    faces = ctx.roll(len(dice), 6, context=context, dice=[{k: d[k] for k in ("unit", "unit_id", "target")}
                                                          for d in dice])
    hits = sum(1 for d, face in zip(dice, faces, strict=True) if face <= d["target"])
    ctx.emit(BOMBARDED, {"place": b["place"], "ships": [u["id"] for u in ships], "hits": hits})
    return {"S": 0, "A": 0, "N": hits}


def pooled_dice(rs: AARuleset, state: State, b: Battle) -> list[dict[str, Any]]:
    """The bombarding ships' dice added to the attacker's round-1 fire under low luck."""
    if b["round"] != 1 or not b.get("pooled"):
        return []
    ships = {u["id"]: u for space in {landing["sea_zone"] for landing in b["landing"]}
             for u in state["units"][space] if u["id"] in set(b["pooled"])}
    return [{"unit": ships[i]["type"], "unit_id": i, "target": combat_rules.bombard_value(rs, ships[i]), "cat": "N"}
            for i in b["pooled"] if i in ships]


# -- evolvers ---------------------------------------------------------------------------------


def _aa_fired(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    gone = set(p["destroyed"])
    if gone:
        state["units"][p["place"]] = [u for u in state["units"][p["place"]] if u["id"] not in gone]


def _bombarded(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    ships = set(event["payload"]["ships"])
    if event["payload"].get("pooled"):
        state["battles"][event["payload"]["place"]]["pooled"] = sorted(ships)
    for units in state["units"].values():
        for unit in units:
            if unit["id"] in ships:
                unit["t_bombarded"] = True  # AAE-BOMB-06
                unit["t_combat"] = True  # AAE-CM-10: it took part in combat


def _describe_aa(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{p['place']}: the antiaircraft gun fires at {len(p['targets'])} aircraft and destroys " \
           f"{len(p['destroyed'])}"


def _describe_bombarded(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{p['place']}: {len(p['ships'])} ship(s) bombard the coast and score {p['hits']} hit(s)"


EVOLVERS = {AA_FIRE: _aa_fired, BOMBARDED: _bombarded}
DESCRIBERS = {AA_FIRE: _describe_aa, BOMBARDED: _describe_bombarded}
