"""The air battle over a raided territory (G40-SBR-05, -12), as an edition rules module: the first
step of each raid of Conduct Combat action 2 (``bombing.py``) when the defenders intercept.

One round: raiders and escorts against the interceptors, every aircraft one die at 1 (Jet
Fighters 2, ``raids.air_battle``). Each side chooses its own casualties as in a battle
(``combat_round.assign``): a choice that changes nothing is made at once ("automatic"); the
interceptors' owners choose by their standing loss orders unless the game option
``ask_defender`` is set; the attacker is asked unless its standing orders say
``auto_casualties``. An owed choice stops the raids (``aa.air_battle_owed``) until every seat
owing one has sent::

    {"type": "air_battle_casualties", "place": territory, "units": [ids, one per hit]}

(``aa.air_battle_choice``). Several interceptor owners who choose differently leave the choice
to the attacker (AA41-MNF-05, Interp. AMB-20, as in battles). Then ``aa.air_battle`` removes the
losses and the raids go on (``bombing.resume``), then the battles open. The deadline default and
the bot send the standing-order choice (``default``).

The surviving interceptors (``t_intercepted``) stay in their territory and take no part in its
battle later in the turn (they are in the air: §9-P4 lands "interceptors whose territory was
captured", which only survivors of a capture can be, G40-NCM-04, AMB-14); if it is captured they
are stranded when Conduct Combat ends and land first in Noncombat Move, one space away, or are
lost (``aa.interceptors_stranded``, ``stranded.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal, format_message
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import battle as arith
from pbem.games.aa.global1940 import raids
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.global1940.queries import at_war
from pbem.games.aa.standing import prefs
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

AIR_BATTLE, OWED_EVENT, CHOICE = "aa.air_battle", "aa.air_battle_owed", "aa.air_battle_choice"
STRANDED = "aa.interceptors_stranded"
SIDES = ("attacker", "defender")
_PROMPT = N_("{power}: choose casualties for {count} hit(s) in the air battle over {space}")


def roll(ctx: OrderContext, place: str, roller: str, side: str, step: str, dice: list[dict[str, Any]]) -> list[int]:
    """The raid's dice of one step (none when ``dice`` is empty)."""
    if not dice:
        return []
    state = ctx.state
    context = {"battle": place, "game_round": state["round"], "turn": state["power"], "roller": roller,
               "side": side, "step": step}
    return ctx.roll(len(dice), 6, context=context, dice=dice)


def interceptors(state: State, target: str) -> list[Unit]:
    """The fighters the defenders chose to intercept with over ``target`` (G40-SBR-04)."""
    chosen = {i for choice in (state.get("defence") or {}).get("choices", {}).values()
              for i in choice.get("intercept", {}).get(target, [])}
    return [u for u in state["units"][target] if u["id"] in chosen]


def _hits(count: int) -> dict[str, int]:
    return {"S": 0, "A": 0, "N": count}  # every aircraft may be hit by every die (G40-SBR-05)


def standing_choice(rs: AARuleset, state: State, units: list[Unit], hits: int) -> list[int]:
    """The ``hits`` aircraft lost by each owner's standing loss order."""
    if not hits or not units:
        return []
    owners = {u["owner"] for u in units}
    return sorted(arith.choose(rs.data.units, units, _hits(hits), {o: prefs(state, o) for o in owners}))


def _side(rs: AARuleset, state: State, side: str, units: list[Unit], hits: int) -> dict[str, Any]:
    """How one side's casualties are chosen: ``lost`` now ("automatic"/"standing orders"), or
    ``seats`` owing the choice (the family's rule of battles, ``combat_round.assign``)."""
    power = state["power"]
    done = {"hits": hits, "seats": [], "lost": standing_choice(rs, state, units, hits)}
    if not done["lost"] or arith.forced(rs.data.units, units, _hits(hits)):
        return {**done, "by": "automatic"}
    if side == "defender" and not state["options"].get("ask_defender") or \
            side == "attacker" and prefs(state, power)["auto_casualties"]:
        return {**done, "by": "standing orders"}
    seats = [power] if side == "attacker" else sorted({u["owner"] for u in units})
    return {"hits": hits, "seats": seats, "lost": None, "by": None}


def fight(rs: AARuleset, ctx: OrderContext, target: str, attacking: list[Unit]) -> bool:
    """G40-SBR-05 over ``target``: roll, then remove the casualties; False while a choice is owed."""
    state, data = ctx.state, g40(rs)
    defending = interceptors(state, target)
    if not defending or not attacking:
        return True

    def dice(units: list[Unit]) -> list[dict[str, Any]]:
        return [{"unit": u["type"], "unit_id": u["id"], "target": raids.air_battle_hit(data, state, u)}
                for u in units]

    a_faces = roll(ctx, target, state["power"], "attacker", "air battle", dice(attacking))
    d_faces = roll(ctx, target, defending[0]["owner"], "defender", "air battle", dice(defending))
    hits = raids.air_battle(data, state, attacking, defending, a_faces, d_faces)
    record = {"place": target, "power": state["power"], "attackers": [u["id"] for u in attacking],
              "defenders": [u["id"] for u in defending], **hits,
              "sides": {"attacker": _side(rs, state, "attacker", attacking, hits["defender_hits"]),
                        "defender": _side(rs, state, "defender", defending, hits["attacker_hits"])}}
    if any(s["seats"] for s in record["sides"].values()):
        ctx.emit(OWED_EVENT, record)
        return False
    _fought(ctx, record)
    return True


def _fought(ctx: OrderContext, record: dict[str, Any]) -> None:
    sides = record["sides"]
    ctx.emit(AIR_BATTLE, {**{k: record[k] for k in ("place", "power", "attackers", "defenders", "attacker_hits",
                                                    "defender_hits")},
                          "destroyed": sorted(sides["attacker"]["lost"] + sides["defender"]["lost"]),
                          "by": {s: sides[s]["by"] for s in SIDES}})


# -- the owed choice ----------------------------------------------------------------------------


def pending(state: State) -> dict[str, Any] | None:
    found: dict[str, Any] | None = (state.get("defence") or {}).get("air_battle")
    return found if state["phase"] == "combat" else None


def owed_side(record: dict[str, Any] | None, seat: str) -> str | None:
    """The first side whose casualties ``seat`` still owes."""
    if record is None:
        return None
    return next((s for s in SIDES if seat in record["sides"][s]["seats"]
                 and seat not in record["choices"].get(s, {})), None)


def candidates(state: State, record: dict[str, Any], side: str) -> list[Unit]:
    ids = set(record["attackers"] if side == "attacker" else record["defenders"])
    return [u for u in state["units"][record["place"]] if u["id"] in ids]


def casualties_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``air_battle_casualties``: the aircraft a seat loses in the air battle (G40-SBR-05)."""
    state, seat = ctx.state, ctx.seat
    record = pending(state)
    place = order.get("place")
    side = owed_side(record, seat)
    if record is None or side is None or place != record["place"]:
        raise IllegalOrder("G40-SBR-05", "No air battle casualty choice is owed by you over {space}.",
                           {"space": place if isinstance(place, str) else "?"})
    units = order.get("units")
    if not isinstance(units, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in units):
        raise InvalidOrder("G40-SBR-05", "'units' is a list of aircraft ids, one per hit.")
    cands = candidates(state, record, side)
    hits = _hits(record["sides"][side]["hits"])
    if arith.check_selection(rs.data.units, cands, hits, units):
        raise IllegalOrder("G40-SBR-05", "Choose {count} of the aircraft of your side in the air battle over "
                                         "{space}, each once.",
                           {"count": arith.applicable(rs.data.units, cands, hits), "space": place})
    ctx.emit(CHOICE, {"place": place, "power": seat, "side": side, "units": sorted(units)})
    _maybe_fight(rs, ctx)


def _maybe_fight(rs: AARuleset, ctx: OrderContext) -> None:
    """Once every owed choice is in: the losses, then the raids go on and the battles open."""
    record = pending(ctx.state)
    assert record is not None
    sides = {s: dict(v) for s, v in record["sides"].items()}
    waiting = disputed = False
    for name, side in sides.items():
        got = record["choices"].get(name, {})
        if side["lost"] is not None:
            continue
        if len(got) < len(side["seats"]):
            waiting = True
        elif len({tuple(c) for c in got.values()}) == 1:
            side.update(lost=list(next(iter(got.values()))), seats=[],
                        by="attacker" if side.get("disputed") else name)
        else:  # AA41-MNF-05, Interp. AMB-20: the defending powers disagree, the attacker decides
            side.update(seats=[record["power"]], by=None, disputed=True)
            disputed = True
    if disputed:
        ctx.emit(OWED_EVENT, {k: v for k, v in record.items() if k != "choices"} | {"sides": sides})
    if waiting or disputed:
        return
    _fought(ctx, {**record, "sides": sides})
    from pbem.games.aa import combat_open
    from pbem.games.aa.global1940 import bombing

    if bombing.resume(rs, ctx, record["place"]):
        combat_open.open_battles(rs, ctx)


def owed(rs: AARuleset, state: State) -> list[dict[str, Any]] | None:
    record = pending(state)
    out = []
    for seat in sorted({s for side in (record or {}).get("sides", {}).values() for s in side["seats"]}):
        side = owed_side(record, seat)
        if record is None or side is None:
            continue
        params = {"power": seat, "count": record["sides"][side]["hits"], "space": record["place"]}
        out.append({"seat": seat, "seat_name": rs.power_names[seat], "kind": "air_battle_casualties",
                    "phase_key": "combat", "phase": rs.edition.phase_labels["combat"], "place": record["place"],
                    "prompt_key": _PROMPT, "prompt_params": params,
                    "prompt": format_message(_PROMPT, params, rs.vocabulary)})
    return out or None


def default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    """The deadline's and the bot's choice: the standing loss orders."""
    record = pending(state)
    side = owed_side(record, seat)
    if record is None or side is None:
        return None
    units = standing_choice(rs, state, candidates(state, record, side), record["sides"][side]["hits"])
    return {"type": "air_battle_casualties", "place": record["place"], "units": units}


def legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """For the casualty form (as a battle's, ``kind`` naming the order)."""
    record = pending(state)
    side = owed_side(record, seat)
    if record is None or side is None:
        return {}
    cands = candidates(state, record, side)
    hits = _hits(record["sides"][side]["hits"])
    default = default_order(rs, state, seat) or {}
    return {"battles": [], "owed_casualties": record["place"], "casualties": {
        "place": record["place"], "kind": "air_battle_casualties", "side": side, "hits": hits,
        "count": arith.applicable(rs.data.units, cands, hits), "candidates": [u["id"] for u in cands],
        "default": default.get("units", [])}}


def waiting(rs: AARuleset, state: State) -> list[Refusal]:
    """Conduct Combat goes on only once the air battle's casualties are chosen."""
    record = pending(state)
    if record is None:
        return []
    return [("G40-SBR-05", N_("The air battle over {space} waits for its casualties to be chosen."),
             {"space": record["place"]})]


# -- interceptors whose territory fell (G40-SBR-12, G40-NCM-04) ---------------------------------


def strand_interceptors(rs: AARuleset, ctx: OrderContext) -> None:
    """When Conduct Combat ends: interceptors in a territory now held by an enemy are stranded."""
    state = ctx.state
    units, places = [], []
    for territory in rs.data.land_territories:
        for unit in state["units"][territory]:
            if unit.get("t_intercepted") and at_war(state, unit["owner"], state["owners"].get(territory)):
                units.append(unit["id"])
                places.append(territory)
    if units:
        ctx.emit(STRANDED, {"units": sorted(units), "territories": sorted(set(places))})


# -- evolvers -----------------------------------------------------------------------------------


def _owed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    record = {**event["payload"], "choices": {}}
    state["defence"] = {**(state.get("defence") or {"options": {}, "choices": {}}), "air_battle": record}


def _choice(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["defence"]["air_battle"]["choices"].setdefault(p["side"], {})[p["power"]] = list(p["units"])


def _air_battle_fought(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    gone = set(p["destroyed"])
    state["units"][p["place"]] = [u for u in state["units"][p["place"]] if u["id"] not in gone]
    for unit in state["units"][p["place"]]:
        if unit["id"] in set(p["attackers"]):
            unit["t_combat"] = True  # G40-SBR-06/11: escorts and raiders land in noncombat move
            unit.setdefault("t_from", p["place"])
        elif unit["id"] in set(p["defenders"]):
            unit["t_intercepted"] = p["place"]  # G40-SBR-12: no other battle this turn
    if state.get("defence"):
        state["defence"].pop("air_battle", None)


def _stranded(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    lost = set(event["payload"]["units"])
    for territory in event["payload"]["territories"]:
        for unit in state["units"][territory]:
            if unit["id"] in lost:
                unit["t_stranded"] = True  # G40-NCM-04: lands first in noncombat move
                unit.pop("t_intercepted", None)


def _describe_owed(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    seats = sorted({s for side in p["sides"].values() for s in side["seats"]})
    return f"Air battle over {p['place']}: {', '.join(rs.power_names.get(s, s) for s in seats)} choose casualties"


ORDERS = {"air_battle_casualties": casualties_order}
EVOLVERS = {AIR_BATTLE: _air_battle_fought, OWED_EVENT: _owed, CHOICE: _choice, STRANDED: _stranded}
PHASE_EXIT_CHECKS = {"combat": waiting}
OWED = owed
DEFAULT_ORDERS = [default_order]
LEGAL_OPTIONS = [legal_options]
DESCRIBERS = {
    AIR_BATTLE: lambda rs, e: f"Air battle over {e['payload']['place']}: {e['payload']['attacker_hits']} and "
                              f"{e['payload']['defender_hits']} hit(s)",
    OWED_EVENT: _describe_owed,
    CHOICE: lambda rs, e: f"{rs.power_names.get(e['payload']['power'], '?')} chooses its air battle casualties",
    STRANDED: lambda rs, e: f"{len(e['payload']['units'])} interceptor(s) stranded: their territory was captured",
}
