"""The defender's decisions when Conduct Combat starts: scrambles, kamikaze attacks and raid
interceptors (G40-CM-20…24, G40-KAMI-01…06, G40-SBR-04), as an edition rules module.

When the attacker ends its combat move, :func:`start` (the ``first_step`` of ``CombatRules``)
works out what each defending power may do: scramble up to 3 fighters and tactical bombers from
each operational air base it holds into adjacent sea zones where combat will take place (its
allies' aircraft at the base included, AMB-38; ``defence.scramble_sources``), Japan's kamikaze
attacks in the zones the attack allows (``defence.kamikaze_zones``), and fighters intercepting a
raid over their territory. Each such power owes one order (``aa.defence_owed``)::

    {"type": "defend", "scramble": {base: {sea zone: [aircraft ids]}},
     "kamikaze": {sea zone: [target ship id, one per attack]}, "intercept": {territory: [ids]}}

(every part optional: what is left out is not done). A power whose standing order
``auto_defence`` is true, and the deadline policy (:func:`default_order`), decide from its
standing orders: ``scramble`` ``none`` (default) / ``ships`` (to defend its side's ships) /
``all`` (also against amphibious assaults), ``kamikaze`` the attacks made per turn (0 by default;
the costliest targets first) and ``intercept`` ``none`` (default) / ``all``. Once every decision
is in, the kamikaze attacks are resolved (action 1, ``aa.kamikaze``), the scrambled aircraft move
into their zones (``aa.scrambled``), the raids are flown (action 2, ``bombing.py``) and the
battles open. When Conduct Combat ends the scrambled survivors return to their base; those whose
base was captured are stranded and land first in noncombat move (G40-CM-24, G40-NCM-04,
``stranded.py``), and the zones struck by kamikaze may be bombarded again next turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import format_message
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import combat_open
from pbem.games.aa.global1940 import air_battle, bombing, defence
from pbem.games.aa.global1940.queries import at_war
from pbem.games.aa.routes import named_twice
from pbem.games.aa.standing import prefs
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

OWED_EVENT, CHOSEN, KAMIKAZE = "aa.defence_owed", "aa.defence_chosen", "aa.kamikaze"
SCRAMBLED, RETURNED = "aa.scrambled", "aa.scramble_returned"
STANDING: dict[str, tuple[Any, ...]] = {
    "scramble": ("none", "ships", "all"), "kamikaze": tuple(range(7)), "intercept": ("none", "all"),
    "auto_defence": (False, True)}
_PROMPT = N_("{power}: decide scrambles, kamikaze attacks and interceptors")


def combat_zones(rs: AARuleset, state: State) -> dict[str, bool]:
    """Sea zones where combat will take place this turn: {zone: whether the defenders' ships are
    attacked there} (an amphibious assault launched from a zone counts, G40-CM-21b)."""
    power = state["power"]
    assaults = list(state["declared"].get("amphibious", []))
    out: dict[str, bool] = {}
    for zone in rs.data.sea_zones:
        decl = [d for d in assaults if d["sea_zone"] == zone]
        if combat_open.sea_battle_units(rs, state, zone, power, decl):
            out[zone] = True
        elif decl:
            out[zone] = False
    return out


def scramble_possible(rs: AARuleset, state: State, zone: str, attacker: str) -> bool:
    """G40-CM-21: an operational air base next to ``zone`` holds fighters or tactical bombers of
    powers at war with ``attacker`` that could scramble into it (``CombatRules.scramble_possible``:
    the attacker's air units may wait there for them, G40-CM-03c, G40-CM-29)."""
    return bool(defence.scramble_sources(bombing.data_of(rs), state, attacker, zone))


def attacked_territories(rs: AARuleset, state: State) -> list[str]:
    power = state["power"]
    targets = {d["target"] for d in state["declared"].get("amphibious", [])}
    for territory in rs.data.land_territories:
        if any(u["owner"] == power and u.get("t_combat") and not u.get("t_raided")
               for u in state["units"][territory]) and at_war(state, power, state["owners"].get(territory)):
            targets.add(territory)
    return sorted(targets)


def options(rs: AARuleset, state: State) -> dict[str, dict[str, Any]]:
    """{defending power: {"scramble": {base: {zone: [ids]}}, "kamikaze": {zone: [ship ids]},
    "intercept": {territory: [ids]}}} for the powers that have a choice."""
    data, power = bombing.data_of(rs), state["power"]
    out: dict[str, dict[str, Any]] = {}
    zones = combat_zones(rs, state)
    for zone in rs.map.sorted_spaces(zones):
        for base, ids in defence.scramble_sources(data, state, power, zone).items():
            owner = state["owners"][base]
            out.setdefault(owner, {}).setdefault("scramble", {}).setdefault(base, {})[zone] = ids
    assault_zones = sorted({d["sea_zone"] for d in state["declared"].get("amphibious", [])})
    for zone in defence.kamikaze_zones(data, state, power, attacked_territories(rs, state), assault_zones):
        ships = [u["id"] for u in state["units"][zone] if u["owner"] == power and data.unit(u["type"]).surface_warship]
        if ships:
            out.setdefault("japan", {}).setdefault("kamikaze", {})[zone] = ships
    for target in {d["target"] for d in bombing.declared(state)}:
        for unit in state["units"][target]:
            if data.unit(unit["type"]).has("intercept") and at_war(state, power, unit["owner"]):
                out.setdefault(unit["owner"], {}).setdefault("intercept", {}).setdefault(target, []).append(unit["id"])
    return {p: out[p] for p in sorted(out)}


def taken(state: State, seat: str) -> dict[int, str]:
    """{aircraft id: power} for the aircraft another power's decision already scrambles or sends
    to intercept (an allied fighter at a base is scrambled by the base's controller, AMB-38, and
    intercepts by its owner's decision, G40-SBR-04: one of them uses it, G40-CM-23)."""
    out: dict[int, str] = {}
    for power, choice in sorted((state.get("defence") or {}).get("choices", {}).items()):
        if power != seat:
            out.update({i: power for i in _aircraft(choice)})
    return out


def _aircraft(choice: dict[str, Any]) -> list[int]:
    """The aircraft a decision uses: scrambled, then intercepting."""
    return [*(i for by_zone in choice.get("scramble", {}).values() for ids in by_zone.values() for i in ids),
            *(i for ids in choice.get("intercept", {}).values() for i in ids)]


def available(state: State, seat: str) -> dict[str, Any]:
    """The seat's options without the aircraft another power's decision already uses."""
    mine = (state.get("defence") or {}).get("options", {}).get(seat, {})
    used = taken(state, seat)
    out = {k: v for k, v in mine.items() if k not in ("scramble", "intercept")}
    scramble = {base: kept for base, by_zone in mine.get("scramble", {}).items()
                if (kept := {z: free for z, ids in by_zone.items() if (free := [i for i in ids if i not in used])})}
    intercept = {t: free for t, ids in mine.get("intercept", {}).items() if (free := [i for i in ids if i not in used])}
    return {**out, **({"scramble": scramble} if scramble else {}), **({"intercept": intercept} if intercept else {})}


def standing_choice(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """The decision the seat's standing orders make (also the deadline policy's). Aircraft another
    power's decision uses are left out; an aircraft never both scrambles and intercepts
    (G40-CM-23): with ``intercept`` ``all`` the scrambles take the aircraft that cannot intercept
    first, and the interceptors are the fighters not scrambled."""
    mine = available(state, seat)
    orders = prefs(state, seat, rs)
    zones = combat_zones(rs, state)
    interceptors = {i for ids in mine.get("intercept", {}).values() for i in ids} \
        if orders["intercept"] == "all" else set()
    scramble: dict[str, dict[str, list[int]]] = {}
    if orders["scramble"] != "none":
        limit = bombing.data_of(rs).unit("air_base").scramble_limit
        for base, by_zone in mine.get("scramble", {}).items():
            wanted = [z for z in sorted(by_zone) if zones.get(z) or orders["scramble"] == "all"]
            if wanted:
                ranked = sorted(by_zone[wanted[0]], key=lambda i: (i in interceptors, i))
                scramble[base] = {wanted[0]: sorted(ranked[:limit])}
    kamikaze: dict[str, list[int]] = {}
    targets = [(z, i) for z, ids in sorted(mine.get("kamikaze", {}).items()) for i in ids]
    costs = {u["id"]: rs.data.units[u["type"]].cost for z, _ in targets for u in state["units"][z]}
    targets.sort(key=lambda t: (-costs[t[1]], t[1]))
    for n in range(min(int(orders["kamikaze"]), int(state.get("kamikaze_tokens", 0)))):
        if targets:
            zone, uid = targets[n % len(targets)]
            kamikaze.setdefault(zone, []).append(uid)
    scrambled = set(_aircraft({"scramble": scramble}))
    intercept = {t: kept for t, ids in sorted(mine.get("intercept", {}).items())
                 if (kept := [i for i in ids if i not in scrambled])} if orders["intercept"] == "all" else {}
    return {"scramble": scramble, "kamikaze": kamikaze, "intercept": intercept}


def start(rs: AARuleset, ctx: OrderContext) -> bool:
    """``first_step``: owe the defenders' decisions, or go on at once; True while owed."""
    state = ctx.state
    found = options(rs, state)
    if not found:
        proceed(rs, ctx)
        return True
    ctx.emit(OWED_EVENT, {"power": state["power"], "options": found})
    for seat in found:
        if prefs(state, seat, rs)["auto_defence"]:
            ctx.emit(CHOSEN, {"power": seat, **standing_choice(rs, state, seat), "by": "standing orders"})
    _maybe_proceed(rs, ctx)
    return True


def _maybe_proceed(rs: AARuleset, ctx: OrderContext) -> None:
    record = ctx.state["defence"]
    if set(record["choices"]) >= set(record["options"]):
        proceed(rs, ctx)


def _ids(value: Any, what: str) -> dict[str, list[int]]:
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(i, int) and not isinstance(i, bool)
                                                              for i in v) for k, v in value.items()):
        raise InvalidOrder("G40-CM-20", "'{what}' maps spaces to lists of unit ids.", {"what": what})
    return {k: list(v) for k, v in value.items()}


def _parse(order: dict[str, Any]) -> tuple[dict[str, dict[str, list[int]]], dict[str, list[int]],
                                           dict[str, list[int]]]:
    """The order's scrambles, kamikaze attacks and interceptors, each aircraft named once."""
    raw = order.get("scramble") or {}
    if not isinstance(raw, dict) or not all(isinstance(v, dict) for v in raw.values()):
        raise InvalidOrder("G40-CM-21", "'scramble' maps air-base territories to sea zones and their aircraft ids.")
    scramble = {base: _ids(by_zone, "scramble") for base, by_zone in raw.items()}
    kamikaze = _ids(order.get("kamikaze") or {}, "kamikaze")  # G40-KAMI-04: several attacks may share a ship
    intercept = _ids(order.get("intercept") or {}, "intercept")
    twice = named_twice(_aircraft({"scramble": scramble}))
    if twice is not None:
        raise IllegalOrder("G40-CM-22", "Aircraft {unit_id} is named twice in 'scramble': an aircraft scrambles "
                                        "once, into one zone.", {"unit_id": twice})
    twice = named_twice(_aircraft({"intercept": intercept}))
    if twice is not None:
        raise IllegalOrder("G40-SBR-04", "Fighter {unit_id} is named twice in 'intercept': a fighter intercepts "
                                         "once, over its own territory.", {"unit_id": twice})
    twice = named_twice(_aircraft({"scramble": scramble, "intercept": intercept}))
    if twice is not None:
        raise IllegalOrder("G40-CM-23", "Aircraft {unit_id} cannot both scramble and intercept: a scrambled "
                                        "aircraft leaves its territory and fights no other battle this turn.",
                           {"unit_id": twice})
    return scramble, kamikaze, intercept


def defend_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``defend``: the owing power's scrambles, kamikaze attacks and interceptors; every aircraft
    does one of them at most, once (G40-CM-22/23, G40-SBR-04), and none another power's decision
    already uses."""
    state, seat = ctx.state, ctx.seat
    record = state.get("defence") or {}
    if state["phase"] != "combat" or seat not in record.get("options", {}) or seat in record["choices"]:
        raise IllegalOrder("G40-CM-20", "No defence decision is owed by you now.")
    data, mine = bombing.data_of(rs), record["options"][seat]
    scramble, kamikaze, intercept = _parse(order)
    used = taken(state, seat)
    for unit_id in _aircraft({"scramble": scramble, "intercept": intercept}):
        if unit_id in used:
            raise IllegalOrder("G40-CM-23", "Aircraft {unit_id} already scrambles or intercepts by the decision of "
                                            "{power}: an aircraft does one of them, once.",
                               {"unit_id": unit_id, "power": used[unit_id]})
    for base in scramble:
        if base not in mine.get("scramble", {}):
            raise IllegalOrder("G40-CM-21", "No aircraft of yours may scramble from {space}.", {"space": base})
    defence.check_scramble(data, state, state["power"], scramble, sorted(combat_zones(rs, state)))
    if kamikaze and "kamikaze" not in mine:
        raise IllegalOrder("G40-KAMI-03", "No kamikaze attack may be made this turn.")
    targets = [(z, i) for z, ids in sorted(kamikaze.items()) for i in ids]
    defence.check_kamikaze(data, state, state["power"], sorted(mine.get("kamikaze", {})), targets)
    for target, ids in intercept.items():
        if not set(ids) <= set(mine.get("intercept", {}).get(target, [])):
            raise IllegalOrder("G40-SBR-04", "Only your fighters in {space} intercept its raiders.", {"space": target})
    ctx.emit(CHOSEN, {"power": seat, "scramble": scramble, "kamikaze": kamikaze, "intercept": intercept,
                      "by": seat})
    _maybe_proceed(rs, ctx)


def proceed(rs: AARuleset, ctx: OrderContext) -> None:
    """Action 1 (kamikaze), the scrambles, action 2 (raids), then the battles (G40-CMB-02)."""
    state = ctx.state
    choices = (state.get("defence") or {}).get("choices", {})
    targets = [(z, i) for c in choices.values() for z, ids in sorted(c.get("kamikaze", {}).items()) for i in ids]
    if targets:
        context = {"game_round": state["round"], "turn": state["power"], "roller": "japan", "side": "defender",
                   "step": "kamikaze attack", "battle": targets[0][0]}
        faces = ctx.roll(len(targets), 6, context=context,
                         dice=[{"unit": "kamikaze", "unit_id": i, "target": defence.KAMIKAZE_HIT} for _, i in targets])
        payload = defence.resolve_kamikaze(bombing.data_of(rs), state, targets, faces)
        ctx.emit(KAMIKAZE, {**payload, "targets": [[z, i] for z, i in targets], "power": state["power"]})
    moves = [[base, zone, sorted(ids)] for c in choices.values()
             for base, by_zone in sorted(c.get("scramble", {}).items()) for zone, ids in sorted(by_zone.items()) if ids]
    if moves:
        ctx.emit(SCRAMBLED, {"power": state["power"], "moves": moves})
    if bombing.resolve(rs, ctx):  # else an air battle waits for casualties (air_battle.py)
        combat_open.open_battles(rs, ctx)


def combat_end(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-CM-24: the scrambled survivors go back to their base, or are stranded if it was lost;
    G40-SBR-12: so are the interceptors whose territory was captured."""
    air_battle.strand_interceptors(rs, ctx)
    state = ctx.state
    back: list[list[Any]] = []
    stranded: list[int] = []
    for zone in rs.data.sea_zones:
        for unit in state["units"][zone]:
            base = unit.get("t_scrambled")
            if base is None:
                continue
            if at_war(state, unit["owner"], state["owners"].get(base)):
                stranded.append(unit["id"])
            else:
                back.append([zone, base, unit["id"]])
    if back or stranded or state.get("defence") or state.get("no_bombardment"):
        ctx.emit(RETURNED, {"returned": back, "stranded": sorted(stranded)})


# -- evolvers -----------------------------------------------------------------------------------


def _owed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    state["defence"] = {"options": event["payload"]["options"], "choices": {}}


def _chosen(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["defence"]["choices"][p["power"]] = {k: p[k] for k in ("scramble", "kamikaze", "intercept")}


def _kamikaze(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    defence.apply_kamikaze(state, event["payload"])


def _scrambled(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    for base, zone, ids in event["payload"]["moves"]:
        moving = [u for u in state["units"][base] if u["id"] in set(ids)]
        state["units"][base] = [u for u in state["units"][base] if u["id"] not in set(ids)]
        for unit in moving:
            unit["t_scrambled"] = base  # G40-CM-23: defends the zone, no other battle this turn
        state["units"][zone].extend(moving)


def _returned(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    for zone, base, uid in p["returned"]:
        unit: Unit = next(u for u in state["units"][zone] if u["id"] == uid)
        state["units"][zone].remove(unit)
        del unit["t_scrambled"]
        state["units"][base].append(unit)
    for units in state["units"].values():
        for unit in units:
            if unit["id"] in set(p["stranded"]):
                unit["t_stranded"] = True  # G40-NCM-04: lands first in noncombat move
                del unit["t_scrambled"]
    state["defence"] = None
    state["no_bombardment"] = []  # G40-KAMI-06: for this turn only


# -- owed decision, deadline default, forms -----------------------------------------------------


def owed(rs: AARuleset, state: State) -> list[dict[str, Any]] | None:
    record = state.get("defence") or {}
    if state["phase"] != "combat" or not record:
        return None
    out = []
    for seat in record["options"]:
        if seat in record["choices"]:
            continue
        params = {"power": seat}
        out.append({"seat": seat, "seat_name": rs.power_names[seat], "kind": "defence", "phase_key": "combat",
                    "phase": rs.edition.phase_labels["combat"], "prompt_key": _PROMPT, "prompt_params": params,
                    "prompt": format_message(_PROMPT, params, rs.vocabulary)})
    return out or None


def default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    record = state.get("defence") or {}
    if state["phase"] != "combat" or seat not in record.get("options", {}) or seat in record["choices"]:
        return None
    return {"type": "defend", **standing_choice(rs, state, seat)}


def legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    record = state.get("defence") or {}
    if state["phase"] != "combat" or seat not in record.get("options", {}) or seat in record["choices"]:
        return {}
    return {"defence": {**available(state, seat), "default": standing_choice(rs, state, seat)}}


ORDERS = {"defend": defend_order}
EVOLVERS = {OWED_EVENT: _owed, CHOSEN: _chosen, KAMIKAZE: _kamikaze, SCRAMBLED: _scrambled, RETURNED: _returned}
PHASE_END = {"combat": combat_end}
OWED = owed
DEFAULT_ORDERS = [default_order]
LEGAL_OPTIONS = [legal_options]
DESCRIBERS = {
    OWED_EVENT: lambda rs, e: f"{', '.join(sorted(e['payload']['options']))} may scramble, strike or intercept",
    CHOSEN: lambda rs, e: f"{rs.power_names.get(e['payload']['power'], '?')} decides its defence",
    KAMIKAZE: lambda rs, e: f"Kamikaze: {e['payload']['used']} attack(s), {len(e['payload']['sunk'])} ship(s) "
                            f"sunk, {len(e['payload']['damaged'])} damaged",
    SCRAMBLED: lambda rs, e: f"{sum(len(m[2]) for m in e['payload']['moves'])} aircraft scramble",
    RETURNED: lambda rs, e: f"{len(e['payload']['returned'])} scrambled aircraft return to their bases",
}
