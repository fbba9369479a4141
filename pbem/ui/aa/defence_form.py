"""The defender's form of Global 1940 (``legal_options["defence"]``, G40-CM-20…24, G40-KAMI,
G40-SBR-04): which aircraft scramble from which air base into which sea zone, the kamikaze
attacks on each attacking ship and the fighters that intercept a raid, pre-set to the player's
standing orders (``default``). Posted, it becomes one ``defend`` order; the engine checks it.

Fields: ``scramble`` = ``base|zone|id`` (ticked aircraft), ``kamikaze-<zone>|<id>`` = attacks on
that ship, ``intercept`` = ``territory|id`` (ticked fighters).
"""

from __future__ import annotations

from typing import Any

from pbem.int_input import strict_int
from pbem.ui.base import FormFieldError

#: the most kamikaze attacks a turn (tokens at the start, G40-KAMI-01)
MOST_ATTACKS = 6


def context(options: dict[str, Any], view: dict[str, Any], names: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """What the form shows: rows per base and zone, per target ship, per raided territory."""
    types = {u["id"]: u["type"] for units in (view.get("units") or {}).values() for u in units}
    default = options.get("default") or {}

    def unit(uid: int) -> str:
        return names.get(types.get(uid, ""), (types.get(uid, "?"),))[0]

    chosen = {(b, z, i) for b, zones in (default.get("scramble") or {}).items() for z, ids in zones.items()
              for i in ids}
    scramble = [{"base": base, "zone": zone, "units": [{"id": i, "name": unit(i), "on": (base, zone, i) in chosen}
                                                      for i in ids]}
                for base, zones in sorted((options.get("scramble") or {}).items())
                for zone, ids in sorted(zones.items())]
    strikes = default.get("kamikaze") or {}
    kamikaze = [{"zone": zone, "ships": [{"id": i, "name": unit(i), "attacks": list(strikes.get(zone, [])).count(i)}
                                         for i in ids]}
                for zone, ids in sorted((options.get("kamikaze") or {}).items())]
    meeting = {(t, i) for t, ids in (default.get("intercept") or {}).items() for i in ids}
    intercept = [{"place": place, "units": [{"id": i, "name": unit(i), "on": (place, i) in meeting} for i in ids]}
                 for place, ids in sorted((options.get("intercept") or {}).items())]
    return {"scramble": scramble, "kamikaze": kamikaze, "intercept": intercept}


def raids(found: list[dict[str, Any]], view: dict[str, Any], names: dict[str, tuple[str, str]]) -> list[dict[str, Any]]:
    """Global 1940's raid choices (``legal_options["raids"]`` with an ``installation``): the
    installation's name and each raider and escort named by type; other editions' pass unchanged."""
    types = {u["id"]: u["type"] for units in (view.get("units") or {}).values() for u in units}

    def named(ids: list[int]) -> list[dict[str, Any]]:
        return [{"id": i, "name": names.get(types.get(i, ""), (types.get(i, "?"),))[0]} for i in ids]

    return [r if "installation" not in r else {**r, "kind": names.get(r["installation"], (r["installation"],))[0],
                                               "raiders": named(r["raiders"]), "escorts": named(r["escorts"])}
            for r in found]



def repairs(view: dict[str, Any], power: str | None, names: dict[str, tuple[str, str]]) -> list[dict[str, Any]]:
    """The active power's damaged installations (Global 1940's ``installations``), for the repair
    form of Purchase: ``territory``, ``kind`` and its name, ``damage``."""
    owners = view.get("owners") or {}
    return [{"territory": t, "kind": k, "name": names.get(k, (k,))[0], "damage": int(d)}
            for t, kinds in sorted((view.get("installations") or {}).items()) if owners.get(t) == power
            for k, d in sorted(kinds.items()) if d]


def repair_order(form: Any) -> dict[str, Any]:
    """``repair-<territory>|<kind>`` = points removed -> ``{"type": "repair", "installations": ...}``."""
    out: dict[str, dict[str, int]] = {}
    for key in form:
        if str(key).startswith("repair-"):
            territory, _sep, kind = str(key)[len("repair-"):].rpartition("|")
            points = strict_int(form.get(key) or "0", 0, 20)
            if points is None:
                raise FormFieldError(str(key), 0, 20)
            if points:
                out.setdefault(territory, {})[kind] = points
    return {"type": "repair", "installations": out}


def _id(raw: str, field: str) -> int:
    value = strict_int(raw, 0, 2**31 - 1)
    if value is None:
        raise FormFieldError(field)
    return value


def order(form: Any) -> dict[str, Any]:
    """The ``defend`` order of a posted form."""
    scramble: dict[str, dict[str, list[int]]] = {}
    for raw in form.getlist("scramble"):
        base, _sep, rest = str(raw).partition("|")
        zone, _sep, uid = rest.rpartition("|")
        scramble.setdefault(base, {}).setdefault(zone, []).append(_id(uid, "scramble"))
    kamikaze: dict[str, list[int]] = {}
    for key in form:
        if str(key).startswith("kamikaze-"):
            zone, _sep, uid = str(key)[len("kamikaze-"):].rpartition("|")
            count = strict_int(form.get(key) or "0", 0, MOST_ATTACKS)
            if count is None:
                raise FormFieldError(str(key), 0, MOST_ATTACKS)
            kamikaze.setdefault(zone, []).extend([_id(uid, str(key))] * count)
    intercept: dict[str, list[int]] = {}
    for raw in form.getlist("intercept"):
        place, _sep, uid = str(raw).rpartition("|")
        intercept.setdefault(place, []).append(_id(uid, "intercept"))
    return {"type": "defend", "scramble": scramble, "kamikaze": {z: ids for z, ids in kamikaze.items() if ids},
            "intercept": intercept}
