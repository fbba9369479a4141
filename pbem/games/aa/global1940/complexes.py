"""Industrial complexes and new installations: building, upgrading, how many units a complex
places (G40-FAC-01…08, G40-MOB-01…03, -07, G40-BASE-02, G40-PUR-04, G40-TECH-11, G40-UK-06).
Wired by ``building.py`` (the ``build`` order) and ``Edition.capacity``; where bought units go
is the family's ``mobilize.py`` (G40-MOB-04…06) with the edition's ``complexes`` hook (the
UK's economies, G40-MOB-08), refunds are ``mobilize_pools.py`` (G40-MOB-10).

State: ``installations`` as in bases.py; ``complexes_placed = [[territory, kind]]`` lists
the installations (and ``complex_upgrade``) placed in this Mobilize phase, cleared by the
family's sequence when the next turn starts: a complex built this turn mobilizes nothing (G40-MOB-02), an
upgraded one still places as a minor (G40-FAC-04). ``owners_at_turn_start`` tells what was
held since the start of the turn (G40-MOB-01).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder
from pbem.engine.i18n import N_
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940.bases import damage, has
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.economy import check_economy_site
from pbem.games.aa.state import State

COMPLEXES = ("major_complex", "minor_complex")
UPGRADE = "complex_upgrade"


def complex_kind(state: State, territory: str) -> str | None:
    """The complex in ``territory`` (major or minor), if any."""
    return next((k for k in COMPLEXES if has(state, territory, k)), None)


def placed_this_turn(state: State, territory: str, kind: str) -> bool:
    return [territory, kind] in state.get("complexes_placed", [])


def held_since_turn_start(state: State, power: str, territory: str) -> bool:
    """G40-MOB-01, -07: controlled by ``power`` now and at the start of its turn."""
    start = state.get("owners_at_turn_start") or state["owners"]
    return bool(state["owners"].get(territory) == power and start.get(territory) == power)


def _refuse(territory: str, template: str, **params: Any) -> IllegalOrder:
    rule = params.pop("rule")
    return IllegalOrder(rule, template, {"space": territory, **params})


def _check_site(data: G40Data, state: State, power: str, treasury: str, territory: str,
                kind: str) -> None:
    """G40-MOB-07, G40-UK-06: a land territory held since the start of the turn, of the
    paying economy, with no installation of that kind yet."""
    if territory not in data.spaces or not data.spaces[territory].is_land:
        raise _refuse(territory, N_("Installations are placed on land, not {space}."),
                      rule="G40-MOB-07")
    if not held_since_turn_start(state, power, territory):
        raise _refuse(territory, N_("{power} has not controlled {space} since the start of the "
                         "turn."), rule="G40-MOB-07", power=power)
    check_economy_site(data, power, treasury, territory)
    taken = complex_kind(state, territory) if kind in COMPLEXES else (
        kind if has(state, territory, kind) else None)
    if taken:
        raise _refuse(territory, N_("{space} already has a {kind}."), rule="G40-MOB-07",
                      kind=taken)


def check_new_complex(data: G40Data, state: State, power: str, treasury: str,
                      territory: str, kind: str) -> None:
    """G40-FAC-02: a minor complex in a territory worth at least 2, not an island of the
    data's list (G40-FAC-08). G40-FAC-03: a major complex in one of the power's own original
    territories (so never a former neutral, G40-NEUT-11) worth at least 3, not an island."""
    _check_site(data, state, power, treasury, territory, kind)
    space = data.space(territory)
    rule = "G40-FAC-03" if kind == "major_complex" else "G40-FAC-02"
    if territory in data.no_complex_islands or space.island:  # rulebook: never on islands
        raise _refuse(territory, N_("No industrial complex may be built on the island {space}."),
                      rule="G40-FAC-08")
    if space.value < data.unit(kind).min_value:
        raise _refuse(territory, N_("{space} is worth {value} IPCs; a {kind} needs {least}."),
                      rule=rule, value=space.value, kind=kind,
                      least=data.unit(kind).min_value)
    if kind == "major_complex" and space.original_owner != power:
        raise _refuse(territory, N_("A major complex goes only to one of {power}'s original "
                         "territories, not {space}."), rule=rule, power=power)


def check_upgrade(data: G40Data, state: State, power: str, treasury: str, territory: str
                  ) -> None:
    """G40-FAC-04, G40-REP-05: a minor complex, undamaged, in one of the power's original
    territories worth at least 3, held since the start of the turn."""
    rule = "G40-FAC-04"
    if not has(state, territory, "minor_complex") or not held_since_turn_start(
            state, power, territory):
        raise _refuse(territory, N_("{space} has no minor complex of {power} to upgrade."),
                      rule=rule, power=power)
    check_economy_site(data, power, treasury, territory)
    space = data.space(territory)
    if space.original_owner != power or space.value < data.unit(UPGRADE).min_value:
        raise _refuse(territory, N_("Only a minor complex in an original territory of {power} "
                         "worth at least 3 may be upgraded, not {space}."), rule=rule, power=power)
    if damage(state, territory, "minor_complex"):
        raise _refuse(territory, N_("Repair the minor complex in {space} before upgrading it."),
                      rule="G40-REP-05")


def check_new_base(data: G40Data, state: State, power: str, treasury: str, territory: str,
                   kind: str) -> None:
    """G40-BASE-02: an air base in any territory held since the start of the turn, islands
    included; a naval base only on a coastal territory or an island."""
    _check_site(data, state, power, treasury, territory, kind)
    if kind == "naval_base" and not data.spaces[territory].coastal:
        raise _refuse(territory, N_("A naval base needs a coast; {space} has none."),
                      rule="G40-BASE-02")


def check_installation(data: G40Data, state: State, power: str, treasury: str,
                       territory: str, kind: str) -> None:
    """One bought installation placed in Mobilize (G40-PUR-04: legality checked here)."""
    if kind == UPGRADE:
        check_upgrade(data, state, power, treasury, territory)
    elif kind in COMPLEXES:
        check_new_complex(data, state, power, treasury, territory, kind)
    else:
        check_new_base(data, state, power, treasury, territory, kind)


def apply_installation(state: State, territory: str, kind: str) -> None:
    """Places it undamaged; an upgrade turns the minor complex into a major one now (it
    still places as a minor this turn, :func:`capacity`)."""
    sites = state.setdefault("installations", {}).setdefault(territory, {})
    if kind == UPGRADE:
        sites["major_complex"] = sites.pop("minor_complex", 0)
    else:
        sites[kind] = 0
    state.setdefault("complexes_placed", []).append([territory, kind])


def usable(state: State, power: str, territory: str) -> bool:
    """G40-MOB-02: the power's own complex, held since the start of the turn, not captured
    (idle), not built this turn; an ally's complex never counts."""
    kind = complex_kind(state, territory)
    return bool(kind and held_since_turn_start(state, power, territory)
                and [territory, power] not in state.get("installations_idle", [])
                and not placed_this_turn(state, territory, kind))


def capacity(data: G40Data, state: State, power: str, territory: str) -> int:
    """G40-MOB-03: 10 at a major complex, 3 at a minor one (12 and 4 with Increased Factory
    Production, G40-TECH-11), 3 (4) in the turn of its upgrade (G40-FAC-04), minus one per
    damage point, never below 0. 0 where the power may not mobilize."""
    kind = complex_kind(state, territory)
    if kind is None or not usable(state, power, territory):
        return 0
    working = "minor_complex" if placed_this_turn(state, territory, UPGRADE) else kind
    unit = data.unit(working)
    ifp = "increased_factory_production" in advances(state, power)
    full = unit.production_with_ifp if ifp else unit.production
    return max(0, full - damage(state, territory, kind))
