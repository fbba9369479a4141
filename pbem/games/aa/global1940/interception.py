"""Submarine interception of unescorted transports (G40-CMB-32, rulebook §10 Submarines, not in
the TripleA data; AMB-16): behind the game option ``submarine_interception`` (default on,
the rulebook being primary).

When a group of transports with no surface warship of its power moves through, or ends in, a
zone holding submarines of powers at war with it, in Combat or Noncombat Move, each such
submarine rolls one die per unescorted transport of the group, hitting on 2; the transport
owner removes one transport (with its cargo) per hit, never more than the group holds; the
others carry on. The submarines' owners fire by standing preference (default: always), so the
caller passes ``firing`` (default: every eligible submarine). The transport owner is the mover:
it chooses its losses in the move order itself (``interception_losses``: its transports in the
order they are lost, :func:`loss_order`), so its turn is never stopped for the choice.

Dice were rolled: the move cannot be taken back. The surviving transports and the cargo they
carry are marked ``t_fired_on`` (``apply_losses``), and the family's combat move exit checks
let them end Combat Move outside an assault, the cargo staying aboard as after a retreat
(G40-CM-16): without that, a transport loaded in Combat Move that cannot land where the
interception left it (G40-CM-17: no unescorted landing past the submarines) would block the
end of the phase for good.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, units_in
from pbem.games.aa.state import State, Unit

HIT_ON = 2  # AMB-16


def enabled(state: State) -> bool:
    return bool(state["options"].get("submarine_interception", True))


def unescorted(data: G40Data, state: State, mover: str, zone: str, group: Sequence[Unit]
               ) -> list[int]:
    """The group's transports when neither the group nor the zone holds a surface warship of
    the moving power."""
    escorts = [u for u in (*group, *units_in(state, zone))
               if u["owner"] == mover and data.unit(u["type"]).surface_warship]
    if escorts:
        return []
    return sorted(u["id"] for u in group if data.unit(u["type"]).transport)


def submarines(data: G40Data, state: State, mover: str, zone: str) -> list[int]:
    """Submarines in ``zone`` of powers at war with the moving power."""
    return sorted(u["id"] for u in units_in(state, zone)
                  if data.unit(u["type"]).submarine and at_war(state, mover, u["owner"]))


def dice(data: G40Data, state: State, mover: str, zone: str, group: Sequence[Unit],
         firing: Sequence[int] | None = None) -> int:
    """One die per firing submarine per unescorted transport; 0 with the option off."""
    if not enabled(state):
        return 0
    subs = submarines(data, state, mover, zone)
    chosen = subs if firing is None else [s for s in firing if s in subs]
    return len(chosen) * len(unescorted(data, state, mover, zone, group))


def resolve(data: G40Data, state: State, mover: str, zone: str, group: Sequence[Unit],
            faces: Sequence[int], firing: Sequence[int] | None = None) -> dict[str, Any]:
    """Payload ``{"zone", "dice", "hits"}``: hits on 2, at most the transports present."""
    count = dice(data, state, mover, zone, group, firing)
    if len(faces) != count:
        raise InvalidOrder("G40-CMB-32", "The submarines roll {count} dice.", {"count": count})
    transports = unescorted(data, state, mover, zone, group)
    hits = min(len(transports), sum(1 for f in faces if f <= HIT_ON))
    return {"zone": zone, "power": mover, "dice": list(faces), "hits": hits,
            "transports": transports}


def loss_order(transports: Sequence[int], loaded: Collection[int],
               preference: Sequence[int] = ()) -> list[int]:
    """G40-CMB-32: the transports in the order they are lost: the mover's ``preference`` first,
    then (the default, the deadline's and the bot's) the empty ones, then the lowest ids."""
    rank = {t: i for i, t in enumerate(preference)}
    return sorted(transports, key=lambda t: (rank.get(t, len(rank)), t in loaded, t))


def check_preference(data: G40Data, units: Sequence[Unit], preference: Any) -> list[int]:
    """G40-CMB-32: ``interception_losses`` names transports of the move, each once."""
    if not isinstance(preference, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in preference) \
            or len(set(preference)) != len(preference):
        raise InvalidOrder("G40-CMB-32", "'interception_losses' lists transport ids, each once.")
    moving = {u["id"] for u in units if data.unit(u["type"]).transport}
    for unit_id in preference:
        if unit_id not in moving:
            raise IllegalOrder("G40-CMB-32", "Unit {unit_id} is not a transport of this move.",
                               {"unit_id": unit_id})
    return list(preference)


def check_losses(payload: dict[str, Any], chosen: Sequence[int]) -> list[int]:
    """The transport owner picks exactly ``hits`` of the intercepted transports."""
    if len(set(chosen)) != payload["hits"] or not set(chosen) <= set(payload["transports"]):
        raise IllegalOrder("G40-CMB-32", "Choose {hits} of the intercepted transports.",
                           {"hits": payload["hits"]})
    return sorted(set(chosen))


def apply_losses(state: State, zone: str, lost: Sequence[int],
                 fired_on: Sequence[int] = ()) -> None:
    """The lost transports go with their cargo; the others of ``fired_on`` and their cargo
    are marked ``t_fired_on`` (their move stands: see the module docstring)."""
    state["units"][zone] = [u for u in state["units"].get(zone, [])
                            if u["id"] not in lost and u.get("aboard") not in lost]
    kept = set(fired_on) - set(lost)
    for unit in state["units"][zone]:
        if unit["id"] in kept or unit.get("aboard") in kept:
            unit["t_fired_on"] = True
