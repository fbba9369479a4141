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
``intercept`` part of the defender's ``defend`` decision, ``defending.py``; ``air_battle.py``: one
round, every aircraft one die at 1, jets 2, each side choosing its casualties, which may stop the
raids until a seat has chosen, :func:`resume`); the surviving escorts leave (G40-SBR-06), the
surviving interceptors stay out of the territory's battle (G40-SBR-12). Then each installation
fires one die at each raider assigned to it (G40-SBR-08; AA guns do not fire, G40-AA-03), a
hit destroying the raider it was fired at (no choice: the rulebook's "un dado contro ogni
singolo bombardiere"), and the survivors roll damage, summed and capped
(G40-SBR-09/10). Event ``aa.installation_raid``; the survivors land in noncombat move (G40-SBR-11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import combat_rules
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940 import air_battle, bases, raids
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.routes import COMBAT_MOVE, check_active, named_twice, unit_index
from pbem.games.aa.state import State, Unit, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

RAID_DECLARED, RAID = "aa.installation_raid_declared", "aa.installation_raid"
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
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
        raise InvalidOrder("G40-SBR-01", "'{key}' is a list of unit ids.", {"key": key})
    twice = named_twice(ids)
    if twice is not None:
        raise InvalidOrder("G40-SBR-03" if key == "escorts" else "G40-SBR-01",
                           "Unit {unit_id} is named twice in '{key}': each aircraft takes part in a raid once.",
                           {"unit_id": twice, "key": key})
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
        if unit_id in raiders and unit_id in guards:
            raise IllegalOrder("G40-SBR-03", "Unit {unit_id} is named both as a raider and as an escort.",
                               {"unit_id": unit_id})
        if unit_id in busy:
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
            out.append(("G40-SBR-01", N_("Unit {unit_id} declared in the raid on {space} is not there."),
                        {"unit_id": unit_id, "space": target}))
    return out


# -- Conduct Combat, action 2 -----------------------------------------------------------------


def _targets(rs: AARuleset, state: State) -> list[str]:
    return rs.map.sorted_spaces({d["target"] for d in declared(state)})


def resolve(rs: AARuleset, ctx: OrderContext) -> bool:
    """G40-CMB-02 action 2: every declared raid, territory by territory, before any battle; False
    while an air battle waits for a casualty choice (``air_battle.py`` then calls :func:`resume`)."""
    return _fly(rs, ctx, _targets(rs, ctx.state))


def resume(rs: AARuleset, ctx: OrderContext, place: str) -> bool:
    """After the air battle over ``place``: its raids, then those of the territories after it."""
    targets = _targets(rs, ctx.state)
    _bomb(rs, ctx, place)
    return _fly(rs, ctx, targets[targets.index(place) + 1:])


def _fly(rs: AARuleset, ctx: OrderContext, targets: list[str]) -> bool:
    for target in targets:
        here = {u["id"]: u for u in ctx.state["units"][target]}
        flying = [here[i] for d in declared(ctx.state) if d["target"] == target for i in d["units"] if i in here]
        flying += [here[i] for i in escorts(ctx.state).get(target, []) if i in here]
        if not air_battle.fight(rs, ctx, target, sorted(flying, key=lambda u: u["id"])):
            return False
        _bomb(rs, ctx, target)
    return True


def _bomb(rs: AARuleset, ctx: OrderContext, target: str) -> None:
    """G40-SBR-07…10 over ``target`` after its air battle: each installation's fire, then damage."""
    state, data = ctx.state, data_of(rs)
    power = state["power"]
    here = {u["id"]: u for u in state["units"][target]}
    owner = state["owners"].get(target)
    mine = [d for d in declared(state) if d["target"] == target]
    for decl in sorted(mine, key=lambda d: KINDS.index(d["installation"])):
        kind = decl["installation"]
        group = [here[i] for i in decl["units"] if i in here]
        if not group or not bases.has(state, target, kind) or not is_enemy(rs, state, power, owner):
            continue
        # G40-SBR-08: one die fired at each raider assigned to the installation, which it destroys on a hit
        hit = raids.installation_hit(state, str(owner))
        aa_faces = air_battle.roll(ctx, target, str(owner), "defender", "installation antiaircraft fire",
                                   [{"unit": u["type"], "unit_id": u["id"], "target": hit} for u in group])
        shot = sorted(raids.installation_aa(state, str(owner), [u["id"] for u in group], aa_faces))
        survivors = [u for u in group if u["id"] not in shot]
        counts = [_damage_dice(data, state, u) for u in survivors]
        dice = [{"unit": u["type"], "unit_id": u["id"]} for u, n in zip(survivors, counts, strict=True)
                for _ in range(n)]
        rolled = air_battle.roll(ctx, target, power, "attacker", "bombing raid", dice)
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


def _raided(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    _remove(state, p["territory"], p["shot_down"])
    bases.add_damage(data_of(rs), state, p["territory"], p["kind"], p["damage"])
    for unit in state["units"][p["territory"]]:
        if unit["id"] in set(p["survivors"]) or unit.get("t_raided") == p["territory"]:
            unit["t_combat"] = True  # G40-SBR-11: they land in noncombat move
            unit.setdefault("t_from", p["territory"])


def legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """For forms: the installations the active power's aircraft may raid, its escorts (with the
    raiders and escorts declared so far), and its ships that may bombard in an amphibious
    assault (G40-CMB-29)."""
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
                chosen: list[int] = next((d["units"] for d in declared(state)
                               if (d["target"], d["installation"]) == (territory, kind)), [])
                out.append({"target": territory, "installation": kind, "raiders": raiders,
                            "escorts": [u["id"] for u in mine if data.unit(u["type"]).has("escort")],
                            "declared": sorted(chosen), "escorting": sorted(escorts(state).get(territory, []))})
    return {"raids": out, "bombard": combat_rules.bombard_offers(rs, state, seat)}


ORDERS = {"declare_raid": declare_raid}
EVOLVERS = {RAID_DECLARED: _declared, RAID: _raided}
PHASE_EXIT_CHECKS = {COMBAT_MOVE: combat_move_problems}
LEGAL_OPTIONS = [legal_options]
DESCRIBERS = {
    RAID_DECLARED: lambda rs, e: f"Bombing raid declared on the {e['payload']['installation']} in "
                                 f"{e['payload']['target']}",
    RAID: lambda rs, e: f"Bombing raid on the {e['payload']['kind']} in {e['payload']['territory']}: "
                        f"{e['payload']['damage']} damage",
}
