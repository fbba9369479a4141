"""Rules module: Global 1940's standing preferences, kept with the standing orders
(``Edition.standing_keys``, set by the family's ``standing`` order, hidden from the other seats).

* ``canal_permissions`` ``{power: "allow" | "deny"}``: which powers of the other alliance may
  pass the canals and straits this power controls while they are not at war with it
  (G40-MAP-14, AMB-34: default deny). An order changes only the powers it names;
  ``straits.check_passage`` asks :func:`canal_allowed` on every sea step.
* ``france_bonus`` ``{unit type: count}`` (France only): the French land units, worth at most
  12 IPCs, placed in France at its first liberation (G40-NO-FRA-01, AMB-23: default 4
  infantry, the remainder lost, once only); ``liberation_hooks.settle`` reads it.

Example: ``{"type": "standing", "canal_permissions": {"japan": "allow"}, "france_bonus":
{"tank": 2}}``. ``legal_options`` and the query ``standing_choices`` list, for the seat, what it
may set and its current values (:func:`choices`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.games.aa.edition import StandingKey
from pbem.games.aa.global1940 import liberation
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

CANALS, FRANCE_BONUS = "canal_permissions", "france_bonus"
ANSWERS = ("allow", "deny")
FRANCE = "france"


def _data(rs: AARuleset) -> G40Data:
    data = rs.data
    assert isinstance(data, G40Data)
    return data


def canal_powers(data: G40Data, power: str) -> list[str]:
    """AMB-34: the powers a permission is set for, those of the other alliance (turn order);
    the mover's own alliance passes by control alone (G40-MAP-12)."""
    side = data.side_of(power)
    return [p for p in data.turn_order if data.side_of(p) != side]


def canal_allowed(state: State, holder: str, mover: str) -> bool:
    """G40-MAP-14, AMB-34: has ``holder`` allowed ``mover`` through its canals (default deny)?"""
    kept = state.get("standing", {}).get(holder, {}).get(CANALS) or {}
    return bool(kept.get(mover) == "allow")


def check_canals(rs: AARuleset, state: State, power: str, sent: Any, current: Any
                 ) -> dict[str, str]:
    """``canal_permissions``: allow or deny per power of the other alliance; the powers not
    named keep their setting."""
    allowed = canal_powers(_data(rs), power)
    if not isinstance(sent, Mapping):
        raise IllegalOrder("G40-MAP-14", "Canal permissions name powers, each allowed or denied.")
    for other, answer in sorted(sent.items()):
        if other not in allowed:
            raise IllegalOrder("G40-MAP-14", "A canal permission is given to a power of the other "
                               "alliance, not {power}.", {"power": str(other)})
        if answer not in ANSWERS:
            raise IllegalOrder("G40-MAP-14", "A canal permission is allow or deny, not {value}.",
                               {"value": str(answer)})
    kept = {**(current or {}), **sent}
    return {p: kept[p] for p in allowed if p in kept}


def _france_default(rs: AARuleset, power: str) -> dict[str, int] | None:
    if power != FRANCE:
        return None
    return liberation.check_france_bonus(_data(rs), None)


def check_france_bonus(rs: AARuleset, state: State, power: str, sent: Any, current: Any
                       ) -> dict[str, int]:
    """``france_bonus``: France's own choice, land units worth at most 12 IPCs (AMB-23)."""
    if power != FRANCE:
        raise IllegalOrder("G40-NO-FRA-01", "Only France chooses the units of its liberation "
                           "bonus.")
    if not isinstance(sent, Mapping) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in sent.values()):
        raise IllegalOrder("G40-NO-FRA-01", "France's liberation bonus is a count per land unit "
                           "type.")
    return liberation.check_france_bonus(_data(rs), {str(u): int(n) for u, n in sent.items()})


def standing_keys(data: G40Data) -> dict[str, StandingKey]:
    """``Edition.standing_keys``: the two preferences and the JSON shape of each."""
    powers = [p.id for p in data.powers]
    land = sorted(u for u, t in data.units.items() if t.domain == "land")
    return {
        CANALS: StandingKey(
            schema={"type": "object", "propertyNames": {"enum": powers},
                    "additionalProperties": {"enum": list(ANSWERS)}},
            default=lambda rs, power: {}, check=check_canals),
        FRANCE_BONUS: StandingKey(
            schema={"type": "object", "propertyNames": {"enum": land},
                    "additionalProperties": {"type": "integer", "minimum": 0}},
            default=_france_default, check=check_france_bonus),
    }


def france_units(rs: AARuleset, state: State) -> dict[str, int]:
    """The units France's bonus places: its standing choice, or the default when none is kept
    or the kept one no longer holds (a position's standing orders are not checked)."""
    data = _data(rs)
    chosen = state["standing"].get(FRANCE, {}).get(FRANCE_BONUS)
    try:
        return liberation.check_france_bonus(data, chosen)
    except IllegalOrder:
        return liberation.check_france_bonus(data, None)


def choices(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """What the seat may set and its current values: the canal permissions (every power), and
    France's bonus while it is still to be paid (national objectives on)."""
    data = _data(rs)
    if seat not in rs.sides:
        return {}
    kept = state["standing"].get(seat, {})
    permissions = kept.get(CANALS) or {}
    out: dict[str, Any] = {CANALS: {
        "powers": canal_powers(data, seat), "answers": list(ANSWERS),
        "current": {p: permissions.get(p, "deny") for p in canal_powers(data, seat)}}}
    paid = liberation.FRANCE_BONUS in state.get("objectives_paid", [])
    if seat == FRANCE and not paid and state["options"].get("national_objectives", True):
        bonus = next(o for o in data.g40_objectives if o.id == liberation.FRANCE_BONUS)
        out[FRANCE_BONUS] = {
            "ipcs": bonus.bonus, "territory": bonus.on_liberation_of,
            "costs": {u: data.unit(u).cost for u in data.unit_order
                      if data.unit(u).domain == "land"},
            "current": france_units(rs, state)}
    return out


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    found = choices(rs, state, seat)
    return {"standing_choices": found} if found else {}


def _query(rs: AARuleset, state: State, seat: str, args: dict[str, Any]) -> dict[str, Any]:
    return choices(rs, state, seat)


LEGAL_OPTIONS = [_legal_options]
QUERIES = {"standing_choices": _query}
