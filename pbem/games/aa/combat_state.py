"""Battle records and their evolvers (the events of Conduct combat, AA41-CMB).

``state["battles"][place]`` (one per battle space, kept until the turn ends)::

    {"place", "kind": "land"|"sea", "attacker", "defenders": [powers], "attackers": [ids],
     "seaborne": [ids], "amphibious": bool, "sea_zone": str|None, "for": [targets],
     "landing": [{"sea_zone", "transports", "units"}] (declared assaults on this territory),
     "hostile": bool (defending surface warships when opened), "round": int,
     "status": "open"|"fighting"|"over", "strike": {"attacker": bool, "defender": bool},
     "set_aside": [ids], "pending": None|{...}, "winner": None|"attacker"|"defender"|"none",
     "reason": str|None}

Participants are read from the board each time (:func:`attackers`, :func:`defenders`), so a
battle never sees a unit that was not in it when it opened (AA41-CMB-29, AA41-CMB-32).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from pbem.games.aa.state import State, Unit, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

Battle = dict[str, Any]


# -- queries ---------------------------------------------------------------------------


def is_cargo(rs: AARuleset, unit: Unit, by_id: dict[int, Unit]) -> bool:
    """AA41-DEF-07: land units aboard transports; guest fighters aboard another power's carrier."""
    if "aboard" not in unit:
        return False
    ship = by_id.get(unit["aboard"])
    if ship is None:
        return True
    if grounded(rs, ship):
        return True  # G40-UNIT-CV-02, G40-CMB-33: aircraft aboard a damaged carrier
    return rs.data.units[ship["type"]].has("carries_land_units") or ship["owner"] != unit["owner"]


def grounded(rs: AARuleset, ship: Unit) -> bool:
    """G40-UNIT-CV-02: a two-hit carrier damaged before this battle launches no aircraft; one hit in
    the battle (``t_damaged_here``) keeps the aircraft that launched to defend it. A one-hit
    carrier (A&A 1941, Anniversary) is never grounded."""
    ut = rs.data.units[ship["type"]]
    return ut.has("carries_fighters") and ut.hits > 1 and ship["hits"] > 0 and not ship.get("t_damaged_here")


def attackers(rs: AARuleset, state: State, battle: Battle) -> list[Unit]:
    ids = set(battle["attackers"])
    return [u for u in state["units"][battle["place"]]
            if u["id"] in ids and not u.get("t_submerged") and not u.get("t_retreated")]


def defenders(rs: AARuleset, state: State, battle: Battle) -> list[Unit]:
    """Every enemy unit in the space that fights there (AA41-CMB-04, AA41-MNF-05/08, AA41-AIR-11);
    not the fighters that intercepted a raid there this turn (``t_intercepted``, G40-SBR-12)."""
    place, attacker = battle["place"], battle["attacker"]
    units = state["units"][place]
    by_id = {u["id"]: u for u in units}
    wanted = ("land", "air") if battle["kind"] == "land" else ("sea", "air")
    out = []
    for unit in units:
        if not is_enemy(rs, state, attacker, unit["owner"]) or unit.get("t_submerged") or unit.get("t_intercepted"):
            continue
        if rs.data.units[unit["type"]].has("never_casualty"):
            continue  # AAE-AA-06: never on the battle board
        if rs.data.units[unit["type"]].domain in wanted and not is_cargo(rs, unit, by_id):
            out.append(unit)
    return out


def lost_with(rs: AARuleset, state: State, b: Battle, ship_ids: list[int]) -> tuple[list[int], list[int]]:
    """``(lost, stranded)``: cargo lost with these ships; the defending fighters their carriers
    launched, now stranded (AA41-AIR-14; the attacker's own fighters simply fly on)."""
    units = state["units"][b["place"]]
    by_id = {u["id"]: u for u in units}
    ships = set(ship_ids)
    lost, stranded = [], []
    for unit in units:
        if unit.get("aboard") in ships and unit["id"] not in ships:
            if is_cargo(rs, unit, by_id):
                lost.append(unit["id"])
            elif unit["owner"] != b["attacker"]:
                stranded.append(unit["id"])
    return lost, stranded


def has_destroyer(rs: AARuleset, units: list[Unit]) -> bool:
    return any(rs.data.units[u["type"]].has("detects_submarines") for u in units)


def lineup(units: list[Unit]) -> list[dict[str, Any]]:
    return [{"id": u["id"], "type": u["type"], "owner": u["owner"], "hits": u["hits"]} for u in units]


# -- evolvers --------------------------------------------------------------------------


def _battle(state: State, event: dict[str, Any]) -> Battle:
    battle: Battle = state["battles"][event["payload"]["place"]]
    return battle


def _remove(state: State, place: str, ids: list[int], stranded: list[int]) -> None:
    gone = set(ids)
    state["units"][place] = [u for u in state["units"][place] if u["id"] not in gone]
    lost_ship = set(stranded)
    for unit in state["units"][place]:
        if unit.get("aboard") in gone:
            unit.pop("aboard")
        if unit["id"] in lost_ship:
            unit["t_stranded"] = True


def take_part(rs: AARuleset, state: State, space: str, ids: list[int]) -> None:
    """Units lined up to attack have fought this turn (AA41-CMB-30); the active power's fighters
    aboard a friendly power's carrier take off (AA41-MNF-03)."""
    wanted = set(ids)
    by_id = {u["id"]: u for u in state["units"][space]}
    for unit in state["units"][space]:
        if unit["id"] not in wanted:
            continue
        unit["t_combat"] = True
        unit.setdefault("t_from", space)
        ship = by_id.get(unit.get("aboard", -1))
        if rs.data.units[unit["type"]].domain == "air" and ship is not None and ship["owner"] != unit["owner"]:
            del unit["aboard"]


def _opened(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    take_part(rs, state, p["place"], p["attackers"])
    state["battles"] = {**state["battles"], p["place"]: {
        "place": p["place"], "kind": p["kind"], "attacker": p["attacker"], "defenders": list(p["defenders"]),
        "attackers": list(p["attackers"]), "seaborne": list(p.get("seaborne", [])),
        "amphibious": p.get("amphibious", False), "sea_zone": p.get("sea_zone"), "for": list(p.get("for", [])),
        "landing": [{"sea_zone": d["sea_zone"], "transports": list(d["transports"]), "units": list(d["units"])}
                    for d in p.get("landing", [])], "hostile": p.get("hostile", False), "round": 0, "status": "open",
        "strike": {"attacker": False, "defender": False}, "set_aside": [], "pending": None,
        "winner": None, "reason": None}}


def _round(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p, b = event["payload"], _battle(state, event)
    b["round"], b["status"], b["strike"], b["set_aside"] = p["round"], "fighting", dict(p["strike"]), []


def _submerged(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    ids = set(event["payload"]["units"])
    for unit in state["units"][event["payload"]["place"]]:
        if unit["id"] in ids:
            unit["t_submerged"] = True


def _owed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    _battle(state, event)["pending"] = {"side": p["side"], "step": p["step"], "hits": dict(p["hits"]),
                                        "seats": list(p["seats"]), "resume": p["resume"], "remove": p["remove"],
                                        "choices": {}}


def _choice(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    _battle(state, event)["pending"]["choices"][p["power"]] = list(p["units"])


def _casualties(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p, b = event["payload"], _battle(state, event)
    place = p["place"]
    counts = Counter(p["units"])
    for unit in state["units"][place]:
        if unit["id"] in counts:
            ut = rs.data.units[unit["type"]]
            if ut.has("carries_fighters") and ut.hits > 1 and unit["hits"] == 0:
                unit["t_damaged_here"] = True  # its aircraft are in the air: they fight on (grounded)
            unit["hits"] += counts[unit["id"]]
    if p["remove"]:
        _remove(state, place, p["destroyed"] + p["cargo"], p["stranded"])
    else:
        b["set_aside"] = b["set_aside"] + p["destroyed"]
    b["pending"] = None


def _set_aside_removed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p, b = event["payload"], _battle(state, event)
    _remove(state, p["place"], p["units"] + p["cargo"], p["stranded"])
    b["set_aside"] = []


def _landed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p, b = event["payload"], _battle(state, event)
    ids = set(p["units"])
    moving = [u for u in state["units"][p["sea_zone"]] if u["id"] in ids]
    state["units"][p["sea_zone"]] = [u for u in state["units"][p["sea_zone"]] if u["id"] not in ids]
    for unit in moving:
        unit.pop("aboard", None)
        unit["t_unloaded"] = True
        unit["t_combat"] = True
        unit["t_route_from"] = p["sea_zone"]
    state["units"][p["place"]].extend(moving)
    ships = set(p["transports"])
    for unit in state["units"][p["sea_zone"]]:
        if unit["id"] in ships:
            unit["t_unloaded"] = p["place"]  # AA41-UNIT-TRN-07/08
    b["attackers"] = b["attackers"] + p["units"]
    b["seaborne"] = b["seaborne"] + p["units"]


def _retreated(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p, b = event["payload"], _battle(state, event)
    place, moving, staying = p["place"], set(p["units"]), set(p["air"])
    carried = {u["id"] for u in state["units"][place] if u.get("aboard") in moving}
    moved = [u for u in state["units"][place] if u["id"] in moving or u["id"] in carried]
    state["units"][place] = [u for u in state["units"][place] if u["id"] not in moving and u["id"] not in carried]
    for unit in moved:
        if unit["id"] in moving:
            unit["t_retreated"] = True
    if p["to"]:
        state["units"][p["to"]].extend(moved)
    for unit in state["units"][place]:
        if unit["id"] in staying:
            unit["t_retreated"] = True
    b["attackers"] = [i for i in b["attackers"] if i not in moving and i not in staying]
    b["retreated_to"] = p["to"]


def _ended(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p, b = event["payload"], _battle(state, event)
    b["status"], b["winner"], b["reason"], b["pending"] = "over", p["winner"], p["reason"], None
    grounded = set(p.get("grounded", []))
    for unit in state["units"][p["place"]]:
        if unit["id"] in grounded:
            unit.pop("aboard", None)
            unit["t_stranded"] = True
    repaired = set(p["repaired"])
    spaces = [p["place"]] + ([b["retreated_to"]] if b.get("retreated_to") else [])
    for space in spaces:
        for unit in state["units"][space]:
            if unit["id"] in repaired:
                unit["hits"] = 0


def _noop(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    """A record only (hits scored): the casualties event that follows changes the state."""


EVOLVERS = {
    "aa.battle_opened": _opened,
    "aa.battle_round": _round,
    "aa.submerged": _submerged,
    "aa.battle_hits": _noop,
    "aa.casualties_owed": _owed,
    "aa.casualty_choice": _choice,
    "aa.casualties": _casualties,
    "aa.set_aside_removed": _set_aside_removed,
    "aa.battle_landed": _landed,
    "aa.retreated": _retreated,
    "aa.battle_ended": _ended,
}
