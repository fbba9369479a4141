"""Small state queries the Global 1940 modules share: who is at war (G40-POL), belligerence
per theatre (G40-POL-10), treasuries (G40-UK-01/02), capitals lost (G40-SEQ-04).

State keys read: ``wars`` (sorted pairs of powers at war), ``owners``, ``units``,
``politics`` (flags, see politics.py).
"""

from __future__ import annotations

from typing import Any

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State


def at_war(state: State, a: str | None, b: str | None) -> bool:
    """G40-POL-03: war is symmetric; a power is never at war with itself or with nobody."""
    if a is None or b is None or a == b:
        return False
    return sorted((a, b)) in state["wars"]


def opponents(data: G40Data, power: str) -> tuple[str, ...]:
    """The powers of the other side (G40-GEN-01)."""
    side = data.side_of(power)
    return tuple(p for p in data.turn_order if data.side_of(p) != side)


def theatre_of(data: G40Data, space: str) -> str:
    """G40-MAP-17: ``europe``, ``pacific`` or ``border`` (both theatres)."""
    return data.space(space).map


def belligerent(data: G40Data, state: State, power: str, theatre: str = "") -> bool:
    """A power at war with at least one opposing power. The USSR is judged per theatre
    (G40-POL-10): war with Japan frees it on the Pacific map only, war with Germany or Italy on
    the Europe map only; a border territory belongs to both."""
    if power == "ussr" and theatre in ("europe", "pacific"):
        foes = ("japan",) if theatre == "pacific" else ("germany", "italy")
        return any(at_war(state, power, f) for f in foes)
    return any(at_war(state, power, p) for p in opponents(data, power))


def friendly(data: G40Data, state: State, power: str, other: str | None,
             theatre: str = "") -> bool:
    """Spec §0: your own power, or an allied power that is belligerent."""
    if other is None:
        return False
    if other == power:
        return True
    return data.side_of(other) == data.side_of(power) and belligerent(data, state, other,
                                                                      theatre)


def treasury_for(data: G40Data, power: str, territory: str) -> str:
    """G40-UK-02: a UK territory pays the economy of its map; every other power has one."""
    return data.space(territory).uk_economy if power == "uk" else power


def treasury_capital_lost(data: G40Data, state: State, treasury: str) -> bool:
    """G40-SEQ-04, G40-UK-08: the treasury's capital (regional for the UK) is held by a power
    of the other side. China has no capital and never loses it (G40-CHINA-02)."""
    t = data.treasury_by_id(treasury)
    holder = state["owners"].get(t.capital) if t.capital else None
    return holder is not None and data.side_of(holder) != data.side_of(t.power)


def flags(state: State) -> dict[str, Any]:
    """The political history (G40-POL-05, -09, -15, AMB-08, AMB-26), created empty if missing."""
    politics: dict[str, Any] = state.setdefault("politics", {})
    out: dict[str, Any] = politics.setdefault("flags", {})
    return out


def units_in(state: State, space: str) -> list[dict[str, Any]]:
    return [u for u in state["units"].get(space, []) if "aboard" not in u]
