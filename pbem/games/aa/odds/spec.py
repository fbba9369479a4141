"""What the calculator is asked: a battle (:class:`BattleSpec`) and the players' choices (:class:`Options`).

Both are plain dataclasses, read from JSON with :func:`spec_from_json` / :func:`options_from_json`
(``ValueError`` with a sentence naming the rule for anything malformed or against the rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbem.games.aa.odds import referee
from pbem.games.aa.odds.units import EDITIONS, table

PRESETS = ("cheapest", "attack", "defense")


@dataclass(frozen=True)
class BattleSpec:
    """One battle. Unit maps are ``{unit type: count}``; ``*_damaged`` count two-hit units of those
    already damaged (G40-CMB-20: a damaged carrier or battleship stays damaged until repaired)."""

    edition: str
    kind: str  # "land" | "sea"
    attacker: dict[str, int]
    defender: dict[str, int]
    attacker_damaged: dict[str, int] = field(default_factory=dict)
    defender_damaged: dict[str, int] = field(default_factory=dict)
    bombard: dict[str, int] = field(default_factory=dict)  # ships bombarding round 1 (AAE-BOMB, G40-CMB-29)
    seaborne: int | None = None  # land units unloaded from transports (AAE-BOMB-03 limit), if known
    seaborne_units: dict[str, int] = field(default_factory=dict)  # which: they never retreat (AAE-AMPH-08)
    kamikaze: dict[str, int] = field(default_factory=dict)  # attacks per target ship type (G40-KAMI)
    kamikaze_ships: tuple[tuple[str, int, bool], ...] = ()  # or per named ship: (type, attacks, damaged)
    defender_air_can_land: bool = True  # False: defending air beyond the surviving carriers' room is lost
    low_luck: bool = False
    radar: bool = False  # the defender's AA guns hit on 1-2 (AAE-TECH-10, G40-TECH-17): Radar among its advances
    attacker_cargo: tuple[dict[str, int], ...] = ()  # the load of each loaded transport (sea battles)
    defender_cargo: tuple[dict[str, int], ...] = ()
    attacker_advances: frozenset[str] = frozenset()  # research advances in effect (AAE-TECH, G40-TECH)
    defender_advances: frozenset[str] = frozenset()
    paratroopers: dict[str, int] = field(default_factory=dict)  # attacking units dropped by air (G40-TECH-10)

    def advances(self, side: str) -> frozenset[str]:
        """The advances in effect for ``side`` (``radar`` adds Radar to the defender's)."""
        if side == "attacker":
            return self.attacker_advances
        return self.defender_advances | ({"radar"} if self.radar else set())


@dataclass(frozen=True)
class SideOrder:
    """A side's order of loss: the referee's standing orders (AA41-CMB-33), or a preset."""

    loss_order: tuple[str, ...] = ()
    keep_last: tuple[str, ...] = ()
    damage_first: bool = True
    submerge: bool = False  # submarines submerge whenever allowed (AA41-CMB-11/12)

    def prefs(self) -> dict[str, Any]:
        return {"loss_order": list(self.loss_order), "keep_last": list(self.keep_last),
                "damage_battleships_first": self.damage_first}


@dataclass(frozen=True)
class Options:
    attacker: SideOrder = SideOrder()
    defender: SideOrder = SideOrder()
    keep_land: int = 0  # the attacker keeps this many land units alive as long as it can
    retreat_after_round: int | None = None
    retreat_below_units: int | None = None  # retreat when fewer than this many attacking units remain
    retreat_only_air: bool = False  # retreat when only attacking air units remain (land battles)
    retreat_below_win: float | None = None  # retreat when the chance of winning drops below this
    method: str = "auto"  # "auto" | "exact" | "montecarlo"
    runs: int = 100_000  # Monte Carlo battles
    seed: int = 17


def _counts(edition: str, raw: Any, what: str) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ValueError(f"'{what}' is an object of unit type to count.")
    units = table(edition)
    out = {}
    for uid, n in raw.items():
        if uid not in units:
            raise ValueError(f"Unknown unit type '{uid}' in '{what}' for {edition}.")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > 200:
            raise ValueError(f"The count of '{uid}' in '{what}' is a whole number from 0 to 200.")
        if n:
            out[uid] = n
    return out


def _ships(edition: str, raw: Any) -> tuple[tuple[str, int, bool], ...]:
    """Kamikaze attacks on named ships: ``[{"target": type, "attacks": n, "damaged": false}]``."""
    if not isinstance(raw, list):
        return ()
    units = table(edition)
    out = []
    for entry in raw:
        if not isinstance(entry, dict) or entry.get("target") not in units:
            raise ValueError("Each named kamikaze target is {\"target\": ship type, \"attacks\": n} (G40-KAMI-04).")
        attacks = entry.get("attacks", 1)
        if not isinstance(attacks, int) or isinstance(attacks, bool) or not 1 <= attacks <= 6:
            raise ValueError("Kamikaze attacks on a ship are a whole number from 1 to 6 (G40-KAMI-01).")
        out.append((str(entry["target"]), attacks, bool(entry.get("damaged", False))))
    return tuple(out)


def _loads(edition: str, raw: Any, what: str) -> tuple[dict[str, int], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > 200:
        raise ValueError(f"'{what}' is a list with one object of unit type to count per loaded transport.")
    return tuple(_counts(edition, load, what) for load in raw)


def check_spec(spec: BattleSpec) -> None:
    """``ValueError`` naming the rule for a battle the rules forbid (units in the wrong battle, bad
    damage, bombardment, kamikaze, cargo)."""
    units = table(spec.edition)
    for side, counts in (("attacker", spec.attacker), ("defender", spec.defender)):
        for uid in counts:
            dom = units[uid].type.domain
            if dom == ("sea" if spec.kind == "land" else "land"):
                rule = "AA41-CMB-04" if spec.edition == "aa1941" else "AAE-UNIT-LAND-01"
                raise ValueError(f"{units[uid].type.name} cannot fight in a {spec.kind} battle ({rule}).")
        for uid, n in (spec.attacker_damaged if side == "attacker" else spec.defender_damaged).items():
            if units[uid].type.hits < 2 or n > counts.get(uid, 0):
                raise ValueError(f"Only {side} two-hit units it has can start damaged ({uid}).")
    if spec.bombard:
        if spec.edition == "aa1941":
            raise ValueError("There is no shore bombardment in A&A 1941 (AA41-UNIT-BB-01).")
        if spec.kind != "land" or any(not units[u].bombard for u in spec.bombard):
            raise ValueError("Only battleships and cruisers bombard, in a land battle (AAE-BOMB-01).")
        if spec.seaborne is not None and sum(spec.bombard.values()) > spec.seaborne:
            raise ValueError("No more bombarding ships than land units unloaded from transports (AAE-BOMB-03).")
    if spec.seaborne_units and (spec.kind != "land" or any(
            units[u].type.domain != "land" or n > spec.attacker.get(u, 0) for u, n in spec.seaborne_units.items())):
        raise ValueError("Seaborne units are attacking land units of a land battle (AAE-AMPH-08).")
    if spec.kamikaze_ships:
        named: dict[tuple[str, bool], int] = {}
        for uid, _attacks, hurt in spec.kamikaze_ships:
            named[uid, hurt] = named.get((uid, hurt), 0) + 1
        for (uid, hurt), n in named.items():
            have = spec.attacker_damaged.get(uid, 0) if hurt else spec.attacker.get(uid, 0) - \
                spec.attacker_damaged.get(uid, 0)
            if n > have:
                raise ValueError(f"Kamikaze targets name more {uid} than attack (G40-KAMI-04).")
    if spec.kamikaze or spec.kamikaze_ships:
        attacks = sum(spec.kamikaze.values()) + sum(n for _u, n, _h in spec.kamikaze_ships)
        targets = set(spec.kamikaze) | {u for u, _n, _h in spec.kamikaze_ships}
        if spec.edition != "global1940" or spec.kind != "sea":
            raise ValueError("Kamikaze attacks exist only in Global 1940 sea zones (G40-KAMI-01).")
        if attacks > 6 or any(not units[u].type.surface_warship or u not in spec.attacker for u in targets):
            raise ValueError("At most 6 kamikaze attacks, each on an attacking surface warship (G40-KAMI-01/04).")
    if spec.edition == "aa1941" and any(units[u].aa_gun for u in spec.defender):
        raise ValueError("A&A 1941 has no AA guns.")
    if spec.radar and not any(units[u].aa_gun for u in spec.defender):
        raise ValueError("Radar only improves AA guns, and the defender has none (AAE-TECH-10).")
    _check_research(spec)
    for side, loads in (("attacker", spec.attacker_cargo), ("defender", spec.defender_cargo)):
        _check_cargo(spec, side, loads)


def _check_research(spec: BattleSpec) -> None:
    """Advances the edition has (AAE-RD-05, G40-TECH-05: its two charts); paratroopers only with
    the attacker's Paratroopers, among its attacking units of a type that may drop (infantry,
    G40-TECH-10, AAE-TECH-03), in a land battle."""
    known = referee.advances(spec.edition)
    for side in ("attacker", "defender"):
        unknown = sorted(spec.advances(side) - set(known))
        if unknown:
            raise ValueError(f"Unknown research advance '{unknown[0]}' for {spec.edition} "
                             f"(one of {', '.join(known) or 'none: it has no research'}).")
    if not spec.paratroopers:
        return
    rule = referee.paratrooper_rule(spec.edition)
    if "paratroopers" not in known:
        raise ValueError(f"There are no paratroopers in {spec.edition}.")
    if "paratroopers" not in spec.attacker_advances:
        raise ValueError(f"Paratroopers drop only with the attacker's Paratroopers advance ({rule}).")
    kinds = referee.paratrooper_types(spec.edition)
    for uid, n in spec.paratroopers.items():
        if spec.kind != "land" or uid not in kinds or n > spec.attacker.get(uid, 0) - spec.seaborne_units.get(uid, 0):
            raise ValueError(f"Paratroopers are attacking {', '.join(kinds)} of a land battle, not also seaborne "
                             f"({rule}).")


def _check_cargo(spec: BattleSpec, side: str, loads: tuple[dict[str, int], ...]) -> None:
    """Each load fits one transport: one land unit plus one infantry, or two infantry (AAE-UNIT-TT-02,
    AA41-UNIT-TT-02, G40 transport); no more loads than the side's transports, only at sea."""
    if not loads:
        return
    units = table(spec.edition)
    transports = sum(n for u, n in (spec.attacker if side == "attacker" else spec.defender).items()
                     if units[u].type.transport)
    if spec.kind != "sea" or len(loads) > transports:
        raise ValueError(f"The {side} has {transports} transports: at most that many loads, in a sea battle.")
    for load in loads:
        size = sum(load.values())
        if any(units[u].type.domain != "land" for u in load) or not 1 <= size <= 2 or (
                size == 2 and load.get("infantry", 0) == 0):
            raise ValueError("A transport carries one land unit and one infantry, or two infantry (AAE-UNIT-TT-02).")


def _advances(raw: Any, what: str) -> frozenset[str]:
    if raw is None:
        return frozenset()
    if not isinstance(raw, list) or len(raw) > 50 or not all(isinstance(a, str) for a in raw):
        raise ValueError(f"'{what}' is a list of research advances, e.g. [\"heavy_bombers\", \"radar\"].")
    return frozenset(raw)


def spec_from_json(raw: Any) -> BattleSpec:
    if not isinstance(raw, dict):
        raise ValueError("The battle is a JSON object.")
    edition = raw.get("edition", "aa1941")
    if edition not in EDITIONS:
        raise ValueError(f"Unknown edition '{edition}' (one of {', '.join(EDITIONS)}).")
    kind = raw.get("kind", "land")
    if kind not in ("land", "sea"):
        raise ValueError("'kind' is 'land' or 'sea'.")
    seaborne = raw.get("seaborne")
    seaborne_units: dict[str, int] = {}
    if isinstance(seaborne, dict):
        seaborne_units = _counts(edition, seaborne, "seaborne")
        seaborne = sum(seaborne_units.values())
    if seaborne is not None and (not isinstance(seaborne, int) or isinstance(seaborne, bool) or seaborne < 0):
        raise ValueError("'seaborne' is a whole number, or an object of unit type to count.")
    spec = BattleSpec(
        edition=edition, kind=kind, attacker=_counts(edition, raw.get("attacker"), "attacker"),
        defender=_counts(edition, raw.get("defender"), "defender"),
        attacker_damaged=_counts(edition, raw.get("attacker_damaged"), "attacker_damaged"),
        defender_damaged=_counts(edition, raw.get("defender_damaged"), "defender_damaged"),
        bombard=_counts(edition, raw.get("bombard"), "bombard"), seaborne=seaborne, seaborne_units=seaborne_units,
        kamikaze=_counts(edition, raw.get("kamikaze"), "kamikaze") if not isinstance(raw.get("kamikaze"), list) else {},
        kamikaze_ships=_ships(edition, raw.get("kamikaze")),
        defender_air_can_land=bool(raw.get("defender_air_can_land", True)), low_luck=bool(raw.get("low_luck", False)),
        radar=bool(raw.get("radar", False)),
        attacker_cargo=_loads(edition, raw.get("attacker_cargo"), "attacker_cargo"),
        defender_cargo=_loads(edition, raw.get("defender_cargo"), "defender_cargo"),
        attacker_advances=_advances(raw.get("attacker_advances"), "attacker_advances"),
        defender_advances=_advances(raw.get("defender_advances"), "defender_advances"),
        paratroopers=_counts(edition, raw.get("paratroopers"), "paratroopers"))
    if not spec.attacker or not spec.defender:
        raise ValueError("Both sides need at least one unit.")
    check_spec(spec)
    return spec


def preset_order(edition: str, preset: str, side: str) -> tuple[str, ...]:
    """``cheapest``: the referee's default (cheapest, then weakest, first); ``attack``/``defense``:
    keep the units strongest in attack/defence longest (ties: cheapest first)."""
    units = table(edition)
    if preset == "cheapest":
        return ()
    if preset not in PRESETS:
        raise ValueError(f"Unknown order-of-loss preset '{preset}' (one of {', '.join(PRESETS)}).")
    def rank(uid: str) -> tuple[int, int]:
        ut = units[uid].type
        return (ut.attack if preset == "attack" else ut.defense), ut.cost

    return tuple(sorted(units, key=rank))


def _order(edition: str, raw: Any, side: str) -> SideOrder:
    if raw is None:
        return SideOrder()
    if not isinstance(raw, dict):
        raise ValueError(f"'{side}_order' is an object.")
    loss = raw.get("loss_order", "cheapest")
    loss = preset_order(edition, loss, side) if isinstance(loss, str) else tuple(_types(edition, loss))
    keep = tuple(_types(edition, raw.get("keep_last", [])))
    return SideOrder(loss_order=tuple(t for t in loss if t not in keep), keep_last=keep,
                     damage_first=bool(raw.get("damage_first", True)), submerge=bool(raw.get("submerge", False)))


def _types(edition: str, raw: Any) -> list[str]:
    units = table(edition)
    if not isinstance(raw, list) or any(t not in units for t in raw) or len(set(raw)) != len(raw):
        raise ValueError("An order of loss lists unit types of the edition, each once (AA41-CMB-33).")
    return list(raw)


def _number(raw: Any, key: str, low: float, high: float) -> Any:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(f"'{key}' is a number from {low} to {high}.")
    return value


def options_from_json(edition: str, raw: Any) -> Options:
    raw = raw or {}
    if not isinstance(raw, dict):
        raise ValueError("The options are a JSON object.")
    method = raw.get("method", "auto")
    if method not in ("auto", "exact", "montecarlo"):
        raise ValueError("'method' is 'auto', 'exact' or 'montecarlo'.")
    after = _number(raw, "retreat_after_round", 1, 100)
    below = _number(raw, "retreat_below_units", 1, 1000)
    return Options(attacker=_order(edition, raw.get("attacker_order"), "attacker"),
                   defender=_order(edition, raw.get("defender_order"), "defender"),
                   keep_land=int(_number(raw, "keep_land", 0, 1000) or 0),
                   retreat_after_round=int(after) if after is not None else None,
                   retreat_below_units=int(below) if below is not None else None,
                   retreat_only_air=bool(raw.get("retreat_only_air", False)),
                   retreat_below_win=_number(raw, "retreat_below_win", 0, 1), method=method,
                   runs=int(_number(raw, "runs", 100, 10_000_000) or 100_000),
                   seed=int(_number(raw, "seed", 0, 2**31) or 17))
