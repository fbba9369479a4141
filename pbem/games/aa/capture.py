"""Control changes: capture, liberation and capitals (AA41-CAP).

One event, ``aa.territory_captured``, records every change of control, whoever causes it: a
won land battle (AA41-CAP-01a), land units entering unopposed (01b, resolved in Conduct
combat), a blitzing tank during Combat move (01c, the movement rules call :func:`capture`).
Payload::

    {"territory", "power": new controller, "from": previous controller, "by": the power whose
     units took it, "liberated": bool, "ipcs": n, "ipcs_from": power | null}

``ipcs``/``ipcs_from``: the treasury of a captured capital's original owner passes to the
capturing power (AA41-CAP-06). Production levels are computed from ``owners`` (AA41-INC-04),
so the evolver only updates ``owners``, ``captured_this_turn`` and the treasuries.

Liberation (AA41-CAP-03/04) is settled for every territory captured this turn at the end of
Conduct combat (Interp. AMB-04, :func:`settle_liberations`); a capital is liberated at once
together with its power's other territories held by friendly powers (AA41-CAP-08).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.state import State, capital_lost, is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

CAPTURED = "aa.territory_captured"


def capture_payloads(rs: AARuleset, state: State, territory: str, power: str) -> list[dict[str, Any]]:
    """The ``aa.territory_captured`` payloads when ``power`` takes ``territory`` (AA41-CAP-02..08)."""
    previous = state["owners"].get(territory)
    original = rs.data.spaces[territory].original_owner
    capital_of = _capital_owner(rs, territory)
    if original is not None and capital_of == original and not is_enemy(rs, state, original, power):
        # AA41-CAP-08: a friendly capital captured back returns to its owner with every
        # territory it originally owned that a friendly power holds; no IPCs move (CAP-09).
        out = [_payload(territory, original, previous, power, liberated=True)]
        for other, holder in sorted(state["owners"].items()):
            if other != territory and holder is not None and holder != original \
                    and rs.data.spaces[other].original_owner == original \
                    and not is_enemy(rs, state, holder, original):
                out.append(_payload(other, original, holder, power, liberated=True))
        return out
    hook = rs.edition.capture_controller  # e.g. Kwangtung taken by China goes to the UK
    holder = hook(rs, state, territory, power) if hook is not None else power
    payload = _payload(territory, holder, previous, power, liberated=holder != power)
    if rs.edition.seize_treasury is not None:  # several treasuries per power (regional capitals)
        payload.update(rs.edition.seize_treasury(rs, state, territory, power) or {})
    elif capital_of is not None and is_enemy(rs, state, capital_of, power):
        # AA41-CAP-06: the whole unspent treasury of the capital's original owner.
        payload["ipcs"] = int(state["ipcs"].get(capital_of, 0))
        payload["ipcs_from"] = capital_of
    return [payload]


def capture(rs: AARuleset, ctx: OrderContext, territory: str, power: str) -> None:
    """Emit the events of ``power`` taking control of ``territory``."""
    for payload in capture_payloads(rs, ctx.state, territory, power):
        ctx.emit(CAPTURED, payload)
        for hook in rs.capture_hooks:  # the edition's consequences (AAE-MOB-11)
            hook(rs, ctx, payload)


def settle_liberations(rs: AARuleset, ctx: OrderContext) -> None:
    """End of Conduct combat (AA41-CAP-03/04, Interp. AMB-04).

    Every territory the active power captured this turn whose original owner is another
    friendly power returns to that owner if its capital is held by its own side; otherwise
    the capturing power keeps it (and may use its complex from its next turn).
    """
    state = ctx.state
    active = state["power"]
    for territory in list(state["captured_this_turn"]):
        holder = state["owners"].get(territory)
        original = rs.data.spaces[territory].original_owner
        if holder != active or original is None or original == holder or is_enemy(rs, state, original, holder):
            continue
        if capital_lost(rs, state, original):
            continue
        ctx.emit(CAPTURED, _payload(territory, original, holder, active, liberated=True))


def _capital_owner(rs: AARuleset, territory: str) -> str | None:
    for power, capital in rs.capitals.items():
        if capital == territory:
            return power
    return None


def _payload(territory: str, power: str, previous: str | None, by: str, *, liberated: bool) -> dict[str, Any]:
    return {"territory": territory, "power": power, "from": previous, "by": by, "liberated": liberated,
            "ipcs": 0, "ipcs_from": None}


def _capture_guns(rs: AARuleset, state: State, p: dict[str, Any]) -> None:
    """AAE-AA-07, AAE-CMB-17/21: AA guns change hands with a territory taken from the enemy (or
    taken this turn and liberated); those in a friendly territory returned with a liberated
    capital stay with their owners (AAE-CMB-23)."""
    taken = p["territory"] in state["captured_this_turn"] or (
        p["from"] is not None and is_enemy(rs, state, p["from"], p["power"]))
    if not taken:
        return
    # G40-AA-05, G40-CMB-22: AA guns that are destroyed, not captured, with their territory
    state["units"][p["territory"]] = [
        u for u in state["units"][p["territory"]] if "aboard" in u
        or not rs.data.units[u["type"]].has("destroyed_on_capture") or not is_enemy(rs, state, u["owner"], p["power"])]
    for unit in state["units"][p["territory"]]:
        if "aboard" not in unit and rs.data.units[unit["type"]].has("captured_with_territory"):
            unit["owner"] = p["power"]
            unit["t_stop"] = "noncombat_move"  # AAE-CMB-18: it does not move in this turn's noncombat move


def _evolve_captured(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["owners"][p["territory"]] = p["power"]
    _capture_guns(rs, state, p)
    if p["territory"] not in state["captured_this_turn"]:
        state["captured_this_turn"].append(p["territory"])
    if p.get("ipcs"):
        state["ipcs"][p["ipcs_from"]] -= p["ipcs"]
        state["ipcs"][p.get("ipcs_to") or p["by"]] += p["ipcs"]


def _describe_captured(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    name = rs.power_names.get(p["power"], p["power"])
    verb = "is liberated and returns to" if p["liberated"] else "is captured by"
    text = f"{p['territory']} {verb} {name}"
    if p.get("ipcs"):
        text += f", taking {p['ipcs']} IPCs from {rs.power_names.get(p['ipcs_from'], p['ipcs_from'])}"
    return text


EVOLVERS = {CAPTURED: _evolve_captured}
DESCRIBERS = {CAPTURED: _describe_captured}
PHASE_END = {"combat": settle_liberations}
