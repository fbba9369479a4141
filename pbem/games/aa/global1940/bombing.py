"""Strategic and tactical bombing raids through the ruleset: Combat Action 2 (G40-CMB-02,
G40-SBR-01…12), as an edition rules module; the dice arithmetic is ``raids.py``.

Declared in combat move, once the raiders stand in the target territory::

    {"type": "declare_raid", "target": territory, "installation": kind, "units": [raider ids],
     "escorts": [fighter ids]?}                   ("units": [] withdraws that raid)

``installation`` is ``major_complex``, ``minor_complex``, ``air_base`` or ``naval_base``; bombers
raid any of them, tactical bombers bases only (G40-SBR-01/07). The raiders are assigned to their
installation when declared (the attacker's choice of G40-SBR-07, made in advance). ``escorts``
replace the territory's escorts (fighters there, G40-SBR-03). Raiders and escorts (``t_raided``)
take part in no other battle (G40-SBR-03/11).

When Conduct Combat reaches action 2 (:func:`resolve`, after the kamikaze attacks), each raided
territory, in board order, has one air battle if its defenders intercept (G40-SBR-02/04/05: the
``intercept`` part of the defender's ``defend`` decision, ``defending.py``): one round, every
aircraft one die at 1 (jets 2), each side's standing loss order choosing its casualties; the
surviving escorts leave (G40-SBR-06). Then each installation fires one die per raider assigned
to it (G40-SBR-08; AA guns do not fire, G40-AA-03), the attacker's loss order choosing the raiders
lost, and the survivors roll damage, summed and capped (G40-SBR-09/10). Events ``aa.air_battle``,
``aa.installation_raid``; the survivors land in noncombat move (G40-SBR-11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import battle as arith
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940 import bases, raids
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.routes import COMBAT_MOVE, check_active, unit_index
from pbem.games.aa.standing import prefs
from pbem.games.aa.state import State, Unit, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

RAID_DECLARED, AIR_BATTLE, RAID = "aa.installation_raid_declared", "aa.air_battle", "aa.installation_raid"
KINDS = ("major_complex", "minor_complex", "air_base", "naval_base")


def data_of(rs: AARuleset) -> G40Data:
    assert isinstance(rs.data, G40Data)
    return rs.data


def declared(state: State) -> list[dict[str, Any]]:
    return list(state["declared"].get("raids", []))


def escorts(state: State) -> dict[str, list[int]]:
    return dict(state["declared"].get("escorts", {}))


def _ids(order: dict[str, Any], key: str) -> list[int]:
    ids = order.get(key, [])
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids) \
            or len(set(ids)) != len(ids):
        raise InvalidOrder("G40-SBR-01", "'{key}' is a list of unit ids.", {"key": key})
    return ids


def declare_raid(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, power, phase = check_active(rs, ctx)
    if phase != COMBAT_MOVE:
        raise IllegalOrder("G40-SBR-01", "Bombing raids are declared in combat move.")
    target, kind = order.get("target"), order.get("installation")
    if not isinstance(target, str) or target not in rs.data.spaces or kind not in KINDS:
        raise InvalidOrder("G40-SBR-01", "Name the 'target' territory and its 'installation'.")
    raiders, guards = _ids(order, "units"), _ids(order, "escorts")
    index = unit_index(state)
    busy = {i for d in declared(state) if (d["target"], d["installation"]) != (target, kind) for i in d["units"]}
    busy |= {i for t, ids in escorts(state).items() if t != target for i in ids}
    data = data_of(rs)
    for unit_id in [*raiders, *guards]:
        where, unit = index.get(unit_id, ("", {"type": "", "owner": ""}))
        if unit["owner"] != power or where != target:
            raise IllegalOrder("G40-SBR-01", "Unit {unit_id} must be yours and end its combat move in {space} to "
                               "take part in its raid.", {"unit_id": unit_id, "space": target})
        if unit_id in busy or unit_id in raiders and unit_id in guards:
            raise IllegalOrder("G40-SBR-03", "Unit {unit_id} already takes part in another raid.",
                               {"unit_id": unit_id})
    for unit_id in raiders:
        raids.check_target(data, state, power, index[unit_id][1], target, kind)
    raids.check_escorts_and_interceptors(data, [index[i][1] for i in guards], [])
    ctx.emit(RAID_DECLARED, {"target": target, "installation": kind, "units": sorted(raiders),
                             "escorts": sorted(guards) if "escorts" in order else escorts(state).get(target, [])})


def combat_move_problems(rs: AARuleset, state: State) -> list[Refusal]:
    """Declared raiders and escorts must still be in their target when combat move ends."""
    index = unit_index(state)
    out: list[Refusal] = []
    named = [(d["target"], i) for d in declared(state) for i in d["units"]]
    named += [(t, i) for t, ids in escorts(state).items() for i in ids]
    for target, unit_id in named:
        if index.get(unit_id, ("",))[0] != target:
            out.append(("G40-SBR-01", "Unit {unit_id} declared in the raid on {space} is not there.",
                        {"unit_id": unit_id, "space": target}))
    return out


# -- Conduct Combat, action 2 -----------------------------------------------------------------


def _roll(ctx: OrderContext, place: str, roller: str, side: str, step: str, dice: list[dict[str, Any]]
          ) -> list[int]:
    if not dice:
        return []
    state = ctx.state
    context = {"battle": place, "game_round": state["round"], "turn": state["power"], "roller": roller,
               "side": side, "step": step}
    return ctx.roll(len(dice), 6, context=context, dice=dice)


def _lost(rs: AARuleset, state: State, units: list[Unit], hits: int) -> list[int]:
    """The ``hits`` units lost, chosen by each owner's standing loss order (G40-SBR-05/08)."""
    if not hits or not units:
        return []
    owners = {u["owner"] for u in units}
    return sorted(set(arith.choose(rs.data.units, units, {"S": 0, "A": 0, "N": hits},
                                   {o: prefs(state, o) for o in owners})))


def interceptors(rs: AARuleset, state: State, target: str) -> list[Unit]:
    """The fighters the defenders chose to intercept with over ``target`` (G40-SBR-04)."""
    chosen = {i for choice in (state.get("defence") or {}).get("choices", {}).values()
              for i in choice.get("intercept", {}).get(target, [])}
    return [u for u in state["units"][target] if u["id"] in chosen]


def _air_battle(rs: AARuleset, ctx: OrderContext, target: str, attacking: list[Unit]) -> set[int]:
    """G40-SBR-05: one round, one die per aircraft; returns the ids lost on both sides."""
    state, data = ctx.state, data_of(rs)
    defending = interceptors(rs, state, target)
    if not defending or not attacking:
        return set()

    def dice(units: list[Unit]) -> list[dict[str, Any]]:
        return [{"unit": u["type"], "unit_id": u["id"], "target": raids.air_battle_hit(data, state, u)}
                for u in units]

    a_faces = _roll(ctx, target, state["power"], "attacker", "air battle", dice(attacking))
    d_faces = _roll(ctx, target, defending[0]["owner"], "defender", "air battle", dice(defending))
    hits = raids.air_battle(data, state, attacking, defending, a_faces, d_faces)
    lost_a = _lost(rs, state, attacking, hits["defender_hits"])
    lost_d = _lost(rs, state, defending, hits["attacker_hits"])
    ctx.emit(AIR_BATTLE, {"place": target, "power": state["power"], "attackers": [u["id"] for u in attacking],
                          "defenders": [u["id"] for u in defending], **hits, "destroyed": sorted(lost_a + lost_d)})
    return set(lost_a) | set(lost_d)


def resolve(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-CMB-02 action 2: every declared raid, territory by territory, before any battle."""
    state, data = ctx.state, data_of(rs)
    power = state["power"]
    by_target: dict[str, list[dict[str, Any]]] = {}
    for decl in declared(state):
        by_target.setdefault(decl["target"], []).append(decl)
    for target in rs.map.sorted_spaces(by_target):
        here = {u["id"]: u for u in state["units"][target]}
        raiding = [here[i] for d in by_target[target] for i in d["units"] if i in here]
        guards = [here[i] for i in escorts(state).get(target, []) if i in here]
        gone = _air_battle(rs, ctx, target, sorted(raiding + guards, key=lambda u: u["id"]))
        owner = state["owners"].get(target)
        for decl in sorted(by_target[target], key=lambda d: KINDS.index(d["installation"])):
            kind = decl["installation"]
            group = [here[i] for i in decl["units"] if i in here and i not in gone]
            if not group or not bases.has(state, target, kind) or not is_enemy(rs, state, power, owner):
                continue
            aa_faces = _roll(ctx, target, str(owner), "defender", "installation antiaircraft fire",
                             [{"unit": kind, "target": 2 if "radar" in advances(state, str(owner)) else 1}
                              for _ in group])
            shot = _lost(rs, state, group, len(raids.installation_aa(state, str(owner), [u["id"] for u in group],
                                                                     aa_faces)))
            survivors = [u for u in group if u["id"] not in shot]
            counts = [_damage_dice(data, state, u) for u in survivors]
            rolled = _roll(ctx, target, power, "attacker", "bombing raid",
                           [{"unit": u["type"], "unit_id": u["id"]} for u, n in zip(survivors, counts, strict=True)
                            for _ in range(n)])
            faces = [rolled[sum(counts[:k]):sum(counts[:k + 1])] for k in range(len(counts))]
            outcome = raids.resolve(data, state, target, kind, survivors, faces)
            ctx.emit(RAID, {**outcome, "power": power, "raiders": [u["id"] for u in group], "shot_down": shot,
                            "survivors": [u["id"] for u in survivors]})


def _damage_dice(data: G40Data, state: State, raider: Unit) -> int:
    """G40-SBR-09, G40-TECH-19: Heavy Bombers roll two damage dice and keep the best."""
    utype = data.unit(raider["type"])
    heavy = utype.has("strategic_bombing") and "heavy_bombers" in advances(state, raider["owner"])
    return utype.heavy_bomber_dice if heavy else 1


# -- evolvers ----------------------------------------------------------------------------------


def _declared(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    kept = [d for d in declared(state) if (d["target"], d["installation"]) != (p["target"], p["installation"])]
    if p["units"]:
        kept.append({"target": p["target"], "installation": p["installation"], "units": list(p["units"])})
    guards = {t: ids for t, ids in escorts(state).items() if t != p["target"]}
    if p["escorts"] and any(d["target"] == p["target"] for d in kept):
        guards[p["target"]] = list(p["escorts"])
    state["declared"] = {**state["declared"], "raids": sorted(kept, key=lambda d: (d["target"], d["installation"])),
                         "escorts": dict(sorted(guards.items()))}
    flagged = {i: d["target"] for d in kept for i in d["units"]} | {i: t for t, ids in guards.items() for i in ids}
    for units in state["units"].values():
        for unit in units:
            if unit["id"] in flagged:
                unit["t_raided"] = flagged[unit["id"]]
            elif unit.get("t_raided"):
                del unit["t_raided"]


def _remove(state: State, place: str, ids: list[int]) -> None:
    gone = set(ids)
    state["units"][place] = [u for u in state["units"][place] if u["id"] not in gone]


def _air_battle_fought(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    _remove(state, p["place"], p["destroyed"])
    for unit in state["units"][p["place"]]:
        if unit["id"] in set(p["attackers"]):
            unit["t_combat"] = True  # G40-SBR-06/11: escorts and raiders land in noncombat move
            unit.setdefault("t_from", p["place"])


def _raided(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    _remove(state, p["territory"], p["shot_down"])
    bases.add_damage(data_of(rs), state, p["territory"], p["kind"], p["damage"])
    for unit in state["units"][p["territory"]]:
        if unit["id"] in set(p["survivors"]) or unit.get("t_raided") == p["territory"]:
            unit["t_combat"] = True  # G40-SBR-11: they land in noncombat move
            unit.setdefault("t_from", p["territory"])


def legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """For forms: the installations the active power's aircraft may raid, and its escorts."""
    if state["phase"] != COMBAT_MOVE or seat != state["power"]:
        return {}
    data, out = data_of(rs), []
    for territory in rs.map.sorted_spaces(state.get("installations", {})):
        if not is_enemy(rs, state, seat, state["owners"].get(territory)):
            continue
        mine = [u for u in state["units"][territory] if u["owner"] == seat]
        for kind in sorted(state["installations"][territory], key=KINDS.index):
            raiders = [u["id"] for u in mine if data.unit(u["type"]).has("strategic_bombing") or (
                data.unit(u["type"]).has("tactical_bombing") and data.unit(kind).has("tactical_bombing_target"))]
            if raiders:
                out.append({"target": territory, "installation": kind, "raiders": raiders,
                            "escorts": [u["id"] for u in mine if data.unit(u["type"]).has("escort")]})
    return {"raids": out}


ORDERS = {"declare_raid": declare_raid}
EVOLVERS = {RAID_DECLARED: _declared, AIR_BATTLE: _air_battle_fought, RAID: _raided}
PHASE_EXIT_CHECKS = {COMBAT_MOVE: combat_move_problems}
LEGAL_OPTIONS = [legal_options]
DESCRIBERS = {
    RAID_DECLARED: lambda rs, e: f"Bombing raid declared on the {e['payload']['installation']} in "
                                 f"{e['payload']['target']}",
    AIR_BATTLE: lambda rs, e: f"Air battle over {e['payload']['place']}: {e['payload']['attacker_hits']} and "
                              f"{e['payload']['defender_hits']} hit(s)",
    RAID: lambda rs, e: f"Bombing raid on the {e['payload']['kind']} in {e['payload']['territory']}: "
                        f"{e['payload']['damage']} damage",
}
