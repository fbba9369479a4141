"""The standing choices an edition lets a seat keep outside its turn (Global 1940: canal
permissions, G40-MAP-14 / AMB-34, and France's liberation units, G40-NO-FRA-01 / AMB-23), as the
game page's forms: the engine's ``standing_choices`` query (the same answer as
``legal_options["standing_choices"]``) read on the seat's own view. Posted, each form becomes one
``standing`` order (:func:`canal_order`, :func:`france_order`); the engine checks it.
"""

from __future__ import annotations

from typing import Any

from pbem.ui.base import FormFieldError

QUERY = "standing_choices"


def context(rs: Any, view: dict[str, Any], seat: str | None, names: dict[str, str],
            units: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """``canals``: [{power, name, allow}] (every power of the other alliance); ``france``:
    {ipcs, place, rows [{type, name, cost, count}]} while France's bonus is still to be paid.
    Empty for a spectator or an edition without the query."""
    if not seat or QUERY not in getattr(rs, "queries", ()):
        return {}
    found = rs.query(view, seat, QUERY, {}) or {}
    out: dict[str, Any] = {}
    canals = found.get("canal_permissions")
    if canals:
        out["canals"] = [{"power": p, "name": names.get(p, p), "allow": canals["current"].get(p) == "allow"}
                         for p in canals["powers"]]
    bonus = found.get("france_bonus")
    if bonus:
        current = bonus.get("current") or {}
        out["france"] = {"ipcs": bonus["ipcs"], "place": bonus["territory"], "rows": [
            {"type": t, "name": units.get(t, (t, t))[1], "cost": cost, "count": int(current.get(t, 0))}
            for t, cost in bonus["costs"].items()]}
    return out


def canal_order(form: Any) -> dict[str, Any]:
    """``canal-<power>`` fields, each ``allow`` or ``deny``."""
    permissions = {}
    for key in form:
        if str(key).startswith("canal-"):
            value = form.get(key)
            if value not in ("allow", "deny"):
                raise FormFieldError(str(key))
            permissions[str(key)[len("canal-"):]] = value
    return {"type": "standing", "canal_permissions": permissions}


def france_order(form: Any, count: Any) -> dict[str, Any]:
    """``bonus-<unit type>`` fields, each a count (``count(form, name)`` reads one)."""
    units = {str(k)[len("bonus-"):]: count(form, str(k)) for k in form if str(k).startswith("bonus-")}
    return {"type": "standing", "france_bonus": {t: n for t, n in units.items() if n}}
