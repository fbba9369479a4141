"""Strategic bombing raids and rockets, the first step of Conduct combat (AAE-CMB-01, AAE-SBR,
AAE-TECH-02/13/14/15), as an edition rules module.

Declared in combat move, after the bombers reached the target::

    {"type": "declare_raid", "target": territory, "units": [bomber ids]}   ([] withdraws it)
    {"type": "declare_rocket", "from": territory, "target": territory}    (with Rockets)

A declared raider (``t_raided``) takes part in no other combat (AAE-SBR-05). When Conduct
combat starts, before any battle (``CombatRules.first_step``), each raid is resolved in board
order: the target's AA gun fires one die per bomber (AAE-SBR-02, ``combat_opening``), each
survivor rolls its raid dice (AAE-SBR-03, two with Heavy Bombers) and the total, capped at
twice the territory's value less the damage already there (AAE-SBR-04), is placed on the
complex (``aa.raid``); then each rocket rolls one die (``aa.rocket``, same cap). Damage
reduces mobilization (``complexes.capacity``, AAE-SBR-06) until repaired in Purchase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import combat_opening, combat_rules
from pbem.games.aa.anniversary import bombing
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.research import advances, bomber_dice
from pbem.games.aa.routes import COMBAT_MOVE, check_active, unit_index
from pbem.games.aa.state import State, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

RAID_DECLARED, ROCKET_DECLARED = "aa.raid_declared", "aa.rocket_declared"
RAID, ROCKET = "aa.raid", "aa.rocket"


def _data(rs: AARuleset) -> AnniversaryData:
    assert isinstance(rs.data, AnniversaryData)
    return rs.data


def raids(state: State) -> list[dict[str, Any]]:
    return list(state["declared"].get("raids", []))


def rockets(state: State) -> list[dict[str, Any]]:
    return list(state["declared"].get("rockets", []))


def _enemy_complex(rs: AARuleset, state: State, power: str, target: Any) -> str:
    if not isinstance(target, str) or target not in state.get("complexes", {}):
        raise IllegalOrder("AAE-SBR-01", "There is no industrial complex in {space}.", {"space": str(target)})
    owner = state["owners"].get(target)
    if owner is None or not is_enemy(rs, state, power, owner):
        raise IllegalOrder("AAE-SBR-01", "The industrial complex in {space} is not an enemy's.", {"space": target})
    return target


def declare_raid(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, power, phase = check_active(rs, ctx)
    if phase != COMBAT_MOVE:
        raise IllegalOrder("AAE-SBR-01", "Strategic bombing raids are declared in combat move.")
    target = _enemy_complex(rs, state, power, order.get("target"))
    ids = order.get("units")
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids) \
            or len(set(ids)) != len(ids):
        raise InvalidOrder("AAE-SBR-01", "'units' is a list of bomber ids.")
    index = unit_index(state)
    others = {i for d in raids(state) if d["target"] != target for i in d["units"]}
    for unit_id in ids:
        where, unit = index.get(unit_id, ("", {"type": "", "owner": ""}))
        if unit["owner"] != power or not unit["type"] or not rs.data.units[unit["type"]].has("strategic_bombing"):
            raise IllegalOrder("AAE-SBR-01", "Only your bombers make strategic bombing raids: unit {unit_id} cannot.",
                               {"unit_id": unit_id})
        if where != target:
            raise IllegalOrder("AAE-SBR-01", "Bomber {unit_id} must end its combat move in {space} to raid it.",
                               {"unit_id": unit_id, "space": target})
        if unit.get("t_paratroopers"):
            raise IllegalOrder("AAE-TECH-15", "A bomber that carried paratroopers cannot make a strategic bombing"
                                              " raid in the same turn.")
        if unit_id in others:
            raise IllegalOrder("AAE-SBR-05", "Bomber {unit_id} already raids another complex.", {"unit_id": unit_id})
    ctx.emit(RAID_DECLARED, {"target": target, "units": sorted(ids)})


def declare_rocket(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, power, phase = check_active(rs, ctx)
    if phase != COMBAT_MOVE:
        raise IllegalOrder("AAE-TECH-02", "Rocket attacks are declared in combat move.")
    site, target = order.get("from"), order.get("target")
    if not isinstance(site, str) or site not in rs.data.spaces:
        raise InvalidOrder("AAE-TECH-02", "Name the territory the rocket is fired 'from'.")
    target = _enemy_complex(rs, state, power, target)
    kept = [(d["from"], d["target"]) for d in rockets(state) if d["from"] != site]
    bombing.check_rockets(_data(rs), state, power, [*kept, (site, target)])
    ctx.emit(ROCKET_DECLARED, {"from": site, "target": target})


def combat_move_problems(rs: AARuleset, state: State) -> list[Refusal]:
    """Declared raiders must still be in their target when combat move ends."""
    index = unit_index(state)
    out: list[Refusal] = []
    for decl in raids(state):
        for unit_id in decl["units"]:
            if index.get(unit_id, ("",))[0] != decl["target"]:
                out.append(("AAE-SBR-01", N_("Bomber {unit_id} declared to raid {space} is not there."),
                            {"unit_id": unit_id, "space": decl["target"]}))
    return out


# -- conduct combat, step 1 ---------------------------------------------------------------


def _room(rs: AARuleset, state: State, target: str) -> int:
    return max(0, bombing.max_damage(_data(rs), target) - int(state["complexes"][target]))


def resolve(rs: AARuleset, ctx: OrderContext) -> None:
    """AAE-CMB-01 step 1: every raid, then every rocket, before any battle is fought."""
    state = ctx.state
    power = state["power"]
    owned = advances(state, power)
    declared = {d["target"]: d for d in raids(state)}
    for target in rs.map.sorted_spaces(declared):
        wanted = set(declared[target]["units"])
        bombers = [u for u in state["units"][target] if u["id"] in wanted]
        if not bombers:
            continue
        shot = combat_opening.antiaircraft_fire(rs, ctx, target, power, bombers, "strategic bombing raid")
        survivors = sorted(u["id"] for u in bombers if u["id"] not in shot)
        per = bomber_dice(_data(rs), owned, attacking=True)
        faces: list[int] = []
        if survivors:
            context = {"battle": target, "game_round": state["round"], "turn": power, "roller": power,
                       "side": "attacker", "step": "strategic bombing raid"}
            faces = ctx.roll(len(survivors) * per, 6, context=context,
                             dice=[{"unit": "bomber", "unit_id": s} for s in survivors for _ in range(per)])
        ctx.emit(RAID, {"target": target, "power": power, "bombers": sorted(wanted & {u["id"] for u in bombers}),
                        "survivors": survivors, "rolled": sum(faces),
                        "damage": min(sum(faces), _room(rs, state, target))})
    for decl in rockets(state):
        context = {"battle": decl["target"], "game_round": state["round"], "turn": power, "roller": power,
                   "side": "attacker", "step": "rocket attack"}
        face = ctx.roll(1, 6, context=context, dice=[{"unit": "rocket"}])[0]
        ctx.emit(ROCKET, {"from": decl["from"], "target": decl["target"], "power": power, "rolled": face,
                          "damage": min(face, _room(rs, state, decl["target"]))})


# -- evolvers ------------------------------------------------------------------------------


def _raid_declared(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    kept = [d for d in raids(state) if d["target"] != p["target"]]
    if p["units"]:
        kept.append({"target": p["target"], "units": list(p["units"])})
    state["declared"] = {**state["declared"], "raids": sorted(kept, key=lambda d: d["target"])}
    raiding = {i for d in kept for i in d["units"]}
    for units in state["units"].values():
        for unit in units:
            if unit["id"] in raiding:
                unit["t_raided"] = next(d["target"] for d in kept if unit["id"] in d["units"])
            elif unit.get("t_raided"):
                del unit["t_raided"]


def _rocket_declared(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    kept = [d for d in rockets(state) if d["from"] != p["from"]] + [{"from": p["from"], "target": p["target"]}]
    state["declared"] = {**state["declared"], "rockets": sorted(kept, key=lambda d: d["from"])}


def _raid(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["complexes"][p["target"]] += p["damage"]
    survivors = set(p["survivors"])
    for unit in state["units"][p["target"]]:
        if unit["id"] in survivors:
            unit["t_combat"] = True  # AAE-SBR-05: it returns to a friendly territory in noncombat move
            unit.setdefault("t_from", p["target"])


def _rocket(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["complexes"][p["target"]] += p["damage"]
    for unit in state["units"][p["from"]]:
        if unit["owner"] == p["power"] and rs.data.units[unit["type"]].has("rocket_launcher"):
            unit["t_combat"] = True  # AAE-TECH-14: the launcher does not move in noncombat move
            unit["t_stop"] = "noncombat_move"
            break


def _describe_raid(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"Strategic bombing raid on {p['target']}: {len(p['survivors'])} of {len(p['bombers'])} bomber(s) " \
           f"get through and roll {p['rolled']}; {p['damage']} damage"


def _describe_rocket(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"Rocket from {p['from']} on {p['target']}: rolls {p['rolled']}; {p['damage']} damage"


def legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """For forms: where the active power's bombers may raid, its guns fire rockets, its ships bombard."""
    if state["phase"] != COMBAT_MOVE or seat != state["power"]:
        return {}
    power = seat
    targets = []
    for territory in rs.map.sorted_spaces(state.get("complexes", {})):
        owner = state["owners"].get(territory)
        bombers = [u["id"] for u in state["units"][territory] if u["owner"] == power
                   and rs.data.units[u["type"]].has("strategic_bombing") and not u.get("t_paratroopers")]
        if bombers and owner is not None and is_enemy(rs, state, power, owner):
            chosen: list[int] = next((d["units"] for d in raids(state) if d["target"] == territory), [])
            targets.append({"target": territory, "bombers": sorted(bombers), "declared": sorted(chosen)})
    sites: dict[str, list[str]] = {}
    if "rockets" in advances(state, power):
        for space, units in state["units"].items():
            if any(u["owner"] == power and rs.data.units[u["type"]].has("rocket_launcher") and "aboard" not in u
                   for u in units):
                found = bombing.rocket_targets(_data(rs), state, power, space)
                if found:
                    sites[space] = found
    return {"raids": targets, "rockets": dict(sorted(sites.items())),
            "bombard": combat_rules.bombard_offers(rs, state, power)}


ORDERS = {"declare_raid": declare_raid, "declare_rocket": declare_rocket}
EVOLVERS = {RAID_DECLARED: _raid_declared, ROCKET_DECLARED: _rocket_declared, RAID: _raid, ROCKET: _rocket}
PHASE_EXIT_CHECKS = {COMBAT_MOVE: combat_move_problems}
LEGAL_OPTIONS = [legal_options]
DESCRIBERS = {RAID: _describe_raid, ROCKET: _describe_rocket,
              RAID_DECLARED: lambda rs, e: f"Strategic bombing raid declared on {e['payload']['target']}",
              ROCKET_DECLARED: lambda rs, e: f"Rocket declared from {e['payload']['from']} on "
                                             f"{e['payload']['target']}"}
