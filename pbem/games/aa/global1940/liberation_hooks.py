"""Rules module: captures and liberations in Global 1940. Takes the place of the family's
``pbem.games.aa.capture``: its capture event (``aa.territory_captured``), evolver and the
capital captured back at once (G40-CMB-36) stay; the liberations are settled by
``liberation.settle`` once, at the end of the liberating power's Conduct Combat (AMB-19):

* territories of allied powers return to their original controllers unless that (regional)
  capital is enemy-held (G40-CMB-24, G40-CHINA-07: Kwangtung and Burma go to the UK while
  India is allied) — ``aa.g40_liberated``, installations idle until the owner's turn
  (G40-FAC-06);
* the first liberation of Paris pays France's one-time bonus, the land units of France's
  standing choice (default 4 infantry) placed there at once (G40-NO-FRA-01, AMB-23,
  ``preferences.france_units``) — ``aa.g40_france_bonus``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa import capture as family
from pbem.games.aa.global1940 import liberation, preferences
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

LIBERATED, FRANCE_BONUS = "aa.g40_liberated", "aa.g40_france_bonus"


def settle(rs: AARuleset, ctx: OrderContext) -> None:
    """End of Conduct Combat: every territory captured this turn is judged now (AMB-19)."""
    data, state = g40(rs), ctx.state
    captured = [t for t in state["captured_this_turn"] if state["owners"].get(t) is not None]
    payload = liberation.settle(data, state, state["power"], captured)
    if payload["returns"]:
        ctx.emit(LIBERATED, {"power": payload["power"], "returns": payload["returns"]},
                 seat=None)
    if payload["france_bonus"]:
        ctx.emit(FRANCE_BONUS, liberation.france_bonus(data, preferences.france_units(rs, state)),
                 seat=None)


def _evolve_liberated(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    liberation.apply(state, event["payload"])


def _evolve_bonus(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    liberation.apply_france_bonus(state, event["payload"])


def _describe_liberated(rs: AARuleset, event: dict[str, Any]) -> str:
    returns = event["payload"]["returns"]
    return "; ".join(f"{r['territory']} is liberated and returns to {rs.power_names[r['to']]}"
                     for r in returns)


def _describe_bonus(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    units = ", ".join(f"{n} {u}" for u, n in sorted(p["units"].items()))
    return f"France's liberation bonus: {units} placed in {p['territory']}"


EVOLVERS = {**family.EVOLVERS, LIBERATED: _evolve_liberated, FRANCE_BONUS: _evolve_bonus}
DESCRIBERS = {**family.DESCRIBERS, LIBERATED: _describe_liberated,
              FRANCE_BONUS: _describe_bonus}
PHASE_END = {"combat": settle}
