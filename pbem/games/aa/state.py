"""The A&A state: how it is built from a position, and small queries every module uses.

The state is a JSON-serialisable dict mutated only by evolvers (see ``ruleset.py``)::

    scenario, options, round, power, phase, owners, ipcs, units, next_id, bought,
    captured_this_turn, owners_at_turn_start, declared, battles, standing, result

``units`` maps every space to a list of unit dicts ``{"id", "type", "owner", "hits"}``,
plus ``"aboard": id`` for cargo and turn-scoped keys starting with ``t_`` that the
sequence deletes at every turn start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import InvalidOrder

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]

_UNIT_RESERVED = {"type", "owner", "count", "aboard_entry"}


def build_state(rs: AARuleset, position: dict[str, Any], options: dict[str, Any]) -> State:
    """Validate a position (``InvalidOrder`` naming the problem) and build the state from it."""
    data = rs.scenario(options)
    powers = [p.id for p in data.powers]
    power = position.get("power", data.turn_order[0])
    phase = position.get("phase", "purchase")
    if power not in powers:
        raise InvalidOrder("AA41-POS-1", "Unknown power '{power}' in the position.", {"power": power})
    if phase not in rs.edition.phases:
        raise InvalidOrder("AA41-POS-2", "Unknown phase '{phase}' (one of {phases}).",
                           {"phase": phase, "phases": ", ".join(rs.edition.phases)})
    owners: dict[str, str | None] = {}
    given_owners = position.get("owners", {})
    for name in given_owners:
        if name not in data.spaces or data.spaces[name].kind != "land":
            raise InvalidOrder("AA41-POS-3", "'{name}' is not a land territory.", {"name": name})
    for name, space in sorted(data.spaces.items()):
        if space.kind == "land":
            owner = given_owners.get(name, space.original_owner)
            if owner is not None and owner not in powers:
                raise InvalidOrder("AA41-POS-1", "Unknown power '{power}' owning {name}.",
                                                 {"power": owner, "name": name})
            owners[name] = None if rs.map.is_neutral(name) else owner
    ipcs = {p.id: int(position.get("ipcs", {}).get(p.id, p.ipcs)) for p in data.powers}
    units, next_id = _build_units(rs, position.get("units", {}), powers)
    state: State = {
        "scenario": rs.key,
        "options": dict(options),
        "round": int(position.get("round", 1)),
        "power": power,
        "phase": phase,
        "owners": owners,
        "ipcs": ipcs,
        "units": units,
        "next_id": next_id,
        "bought": dict(position.get("bought", {})),
        "captured_this_turn": list(position.get("captured_this_turn", [])),
        "owners_at_turn_start": dict(position.get("owners_at_turn_start", owners)),
        "declared": dict(position.get("declared", {})),
        "battles": dict(position.get("battles", {})),
        "standing": dict(position.get("standing", {})),
        "result": position.get("result"),
    }
    if rs.edition.extra_state is not None:
        state.update(rs.edition.extra_state(rs, position, options))
    return state


def _build_units(rs: AARuleset, spec: dict[str, list[dict[str, Any]]],
                 powers: list[str]) -> tuple[dict[str, list[Unit]], int]:
    data = rs.data
    units: dict[str, list[Unit]] = {name: [] for name in sorted(data.spaces)}
    next_id = 1
    for space in sorted(spec):
        if space not in data.spaces:
            raise InvalidOrder("AA41-POS-3", "Unknown space '{space}' in the position.", {"space": space})
        first_ids: list[int] = []
        for entry in spec[space]:
            kind, owner = entry.get("type"), entry.get("owner")
            if kind not in data.units:
                raise InvalidOrder("AA41-POS-4", "Unknown unit type '{unit}' in {space}.",
                                                 {"unit": kind, "space": space})
            if owner not in powers:
                raise InvalidOrder("AA41-POS-1", "Unknown power '{power}' in {space}.",
                                                 {"power": owner, "space": space})
            first_ids.append(next_id)
            for _ in range(int(entry.get("count", 1))):
                unit: Unit = {"id": next_id, "type": kind, "owner": owner, "hits": 0}
                unit.update({k: v for k, v in entry.items() if k not in _UNIT_RESERVED})
                if "aboard_entry" in entry:
                    unit["aboard"] = first_ids[int(entry["aboard_entry"])]
                units[space].append(unit)
                next_id += 1
    return units, next_id


# -- queries ---------------------------------------------------------------------
def side_of(rs: AARuleset, power: str | None) -> str | None:
    return rs.sides.get(power) if power else None


def is_enemy(rs: AARuleset, state: State | None, a: str | None, b: str | None) -> bool:
    """Powers at war now (AA41-DEF-01: different sides; the edition decides: ``Edition.at_war``)."""
    return a is not None and b is not None and a != b and rs.edition.at_war(rs, state, a, b)


def capital_lost(rs: AARuleset, state: State, power: str) -> bool:
    """True when the power's capital is controlled by an enemy (AA41-SEQ-05)."""
    capital = rs.capitals[power]
    return is_enemy(rs, state, power, state["owners"].get(capital))


def clear_turn_flags(state: State) -> None:
    """Delete every turn-scoped (``t_``) key of every unit."""
    for units in state["units"].values():
        for unit in units:
            for key in [k for k in unit if k.startswith("t_")]:
                del unit[key]
