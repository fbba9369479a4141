"""Canals and straits (G40-MAP-10…16): a ship steps between the two sea zones of a canal or
strait only if the controlling territory (both, for Suez) was held by its own alliance at the
start of its turn (never in the turn the alliance gains it, G40-MAP-12); a Suez split between
the alliances closes it to all (G40-MAP-13); a controller of the other alliance not at war
with the mover may allow passage (AMB-34: a standing permission, default deny); one at war,
or a neutral controller, bars it (G40-MAP-14: the Turkish Straits stay shut until Turkey is
taken). Submarines pass Gibraltar whoever holds it (G40-MAP-15); aircraft ignore canals and
straits (G40-MAP-16). Land units never cross a strait except aboard (G40-MAP-11): the board
has no land link across one.

State read: ``owners``, ``owners_at_turn_start``, ``neutrals``, and the controllers' standing
``canal_permissions`` (``preferences.canal_allowed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.engine.i18n import N_
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.preferences import canal_allowed
from pbem.games.aa.global1940.queries import at_war
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def crossing(data: G40Data, a: str, b: str) -> dict[str, Any] | None:
    """The canal or strait joining sea zones ``a`` and ``b``, if any."""
    return next((c for c in data.rules["canals"] if set(c["sea_zones"]) == {a, b}), None)


def _refuse(canal: dict[str, Any], rule: str, template: str,
            spaces: list[str] | None = None) -> IllegalOrder:
    """A refusal naming the canal and ``spaces`` (default: its banks). The templates are marked
    with ``N_`` for the catalogs and say no verb of the canal or its banks ("Suez Canal" and
    "Turkish Straits", one bank or two), so each language can say them whatever their number."""
    return IllegalOrder(rule, template, {"name": canal["name"],
                                         "spaces": list(canal["territories"] if spaces is None else spaces)})


def check_passage(data: G40Data, state: State, power: str, utype: str, a: str, b: str) -> None:
    """May a ``utype`` of ``power`` step from sea zone ``a`` to ``b``?"""
    canal = crossing(data, a, b)
    unit = data.unit(utype)
    if canal is None or unit.domain == "air":  # G40-MAP-16
        return
    if utype in canal["passes_freely"]:  # G40-MAP-15 (the data lists submarines at Gibraltar)
        return
    side = data.side_of(power)
    start = state.get("owners_at_turn_start") or state["owners"]
    banks = list(canal["territories"])
    holders = [state["owners"].get(t) for t in banks]
    neutral = [t for t, h in zip(banks, holders, strict=True) if h is None]
    if neutral:
        raise _refuse(canal, "G40-MAP-14", N_("{name}: closed, neutral territory ({spaces})."), neutral)
    sides = {data.side_of(h) for h in holders if h}
    if len(sides) > 1:
        raise _refuse(canal, "G40-MAP-13", N_("{name}: closed, its banks ({spaces}) are held by both "
                                              "alliances."))
    if sides == {side}:
        late = [t for t in banks if start.get(t) is None or data.side_of(start[t]) != side]
        if not late:
            return
        raise _refuse(canal, "G40-MAP-12", N_("{name}: open to your alliance only from your next turn "
                                              "(not yours when this turn began: {spaces})."), late)
    for holder in sorted({h for h in holders if h}):
        held = [t for t, h in zip(banks, holders, strict=True) if h == holder]
        if at_war(state, power, holder):
            raise _refuse(canal, "G40-MAP-14", N_("{name}: closed, held by an enemy ({spaces})."), held)
        if not canal_allowed(state, holder, power):  # AMB-34: a standing permission
            raise _refuse(canal, "G40-MAP-14", N_("{name}: closed, held by a power of the other alliance "
                                                  "that has not allowed your passage ({spaces})."), held)


def canal_passage(rs: AARuleset, state: State, power: str, utype: str, a: str, b: str) -> None:
    """``Edition.canal_passage``: every sea step of a ship (the family's routes)."""
    data = rs.data
    assert isinstance(data, G40Data)
    check_passage(data, state, power, utype, a, b)
