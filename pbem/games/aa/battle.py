"""Pure battle arithmetic on unit lists (AA41-CMB): who fires, what a hit may strike, casualties.

No state, no events: :mod:`pbem.games.aa.combat` calls these with the units of one battle.

*Hit categories* (AA41-CMB-08/09, AA41-UNIT-SUB-05): a hit scored by a submarine (``S``) can
never strike an air unit; a hit scored by an air unit whose side has no destroyer in the battle
(``A``) can never strike a submarine; every other hit (``N``) strikes anything. A hit may
strike a transport only when no other unit could legally take it (AA41-CMB-09c,
AA41-UNIT-TRN-13). An undamaged battleship takes two hits, the first only damages it
(AA41-UNIT-BB-02, AA41-CMB-28).

A *selection* of casualties is a list of unit ids, one entry per hit applied; an undamaged
battleship may appear twice. It must apply as many hits as possible (AA41-CMB-08).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pbem.engine.errors import format_message
from pbem.engine.i18n import N_
from pbem.games.aa.data import UnitType

Unit = dict[str, Any]
Hits = dict[str, int]  # {"S": n, "A": n, "N": n}
CATEGORIES = ("S", "A", "N")
_CLASSES = ("air", "sub", "other", "trn")


def no_hits() -> Hits:
    return {"S": 0, "A": 0, "N": 0}


def value(ut: UnitType, side: str) -> int:
    """Attack value for the attacker, defense value for the defender (AA41-CMB-05)."""
    return ut.attack if side == "attacker" else ut.defense


def target_class(ut: UnitType) -> str:
    if ut.domain == "air":
        return "air"
    if ut.has("evades_air"):
        return "sub"
    if ut.has("defenceless"):
        return "trn"
    return "other"


def category(ut: UnitType, own_destroyer: bool) -> str:
    """The restriction on the hit this unit scores (AA41-CMB-09a/b, AA41-UNIT-DD-03)."""
    if ut.has("cannot_hit_air"):
        return "S"
    if ut.domain == "air" and not own_destroyer:
        return "A"
    return "N"


def can_hit(shooter: UnitType, target: UnitType, own_destroyer: bool) -> bool:
    """Could a hit scored by ``shooter`` ever be applied to ``target``?"""
    cat = category(shooter, own_destroyer)
    cls = target_class(target)
    return not (cat == "S" and cls == "air") and not (cat == "A" and cls == "sub")


# -- firing ----------------------------------------------------------------------------


def firing_dice(types: Mapping[str, UnitType], shooters: Iterable[Unit], side: str, own_destroyer: bool,
                target: int | None = None, targets: Iterable[Unit] | None = None,
                values: Mapping[int, int] | None = None,
                dice_per: Mapping[str, int] | None = None,
                best_of: Mapping[str, int] | None = None) -> list[dict[str, Any]]:
    """One die description per shooter with a value above 0 (AA41-CMB-05; transports never roll).

    ``target`` overrides the value (surprise strike: 2 attacking, 1 defending, AA41-CMB-13).
    ``targets``: the units the hits may strike; a restriction that cannot matter against them
    (no air unit for submarine hits, no submarine for air hits) is dropped, so that low luck
    pools every hit that may strike the same units. ``values``: the edition's value of each
    shooter by id (artillery support, research: ``combat_rules.attack_values``); ``dice_per``:
    dice of a unit type rolling more than one (heavy bombers, AAE-TECH-12); ``best_of``: dice of a
    unit type of which only the best counts (heavy bombers, G40-TECH-19), marked ``"group"``.
    """
    classes = None if targets is None else {target_class(types[u["type"]]) for u in targets}
    dice = []
    for unit in shooters:
        ut = types[unit["type"]]
        hit_on = value(ut, side) if target is None else target
        if values is not None and target is None:
            hit_on = values.get(unit["id"], hit_on)
        if hit_on > 0 and not ut.has("defenceless"):
            cat = category(ut, own_destroyer)
            if classes is not None and (cat == "S" and "air" not in classes or cat == "A" and "sub" not in classes):
                cat = "N"
            for _ in range((dice_per or {}).get(ut.id, 1)):
                dice.append({"unit": unit["type"], "unit_id": unit["id"], "target": hit_on, "cat": cat})
            best = (best_of or {}).get(ut.id, 1)
            if best > 1:
                die = {**dice.pop(), "group": unit["id"]}
                dice.extend(dict(die) for _ in range(best))
    return dice


def count_hits(dice: Sequence[dict[str, Any]], faces: Sequence[int]) -> Hits:
    """Hits of ``dice``; of dice sharing a ``"group"`` (best of several) one hit at most counts."""
    hits = no_hits()
    counted: set[Any] = set()
    for die, face in zip(dice, faces, strict=True):
        if face <= die["target"] and die.get("group", object()) not in counted:
            hits[die["cat"]] += 1
            if "group" in die:
                counted.add(die["group"])
    return hits


def low_luck(dice: Sequence[dict[str, Any]]) -> tuple[Hits, list[dict[str, Any]]]:
    """Low luck (dice option): per hit category, hits = total strength // 6 and one die for the rest.

    Returns the sure hits and the descriptions of the remainder dice (hit when face <= rest).
    A best-of group of n dice (heavy bombers, G40-TECH-19) pools as one die at its value plus one
    per extra die, at most 6 (TripleA's low luck for "choose the best roll", the data's engine).
    """
    hits = no_hits()
    rest_dice = []
    groups = Counter(d["group"] for d in dice if "group" in d)
    dice = [{**d, "target": min(d["target"] + groups[d["group"]] - 1, 6)} if "group" in d else d
            for i, d in enumerate(dice) if "group" not in d or all(e.get("group") != d["group"] for e in dice[:i])]
    for cat in CATEGORIES:
        strength = sum(d["target"] for d in dice if d["cat"] == cat)
        hits[cat] = strength // 6
        if strength % 6:
            rest_dice.append({"unit": "low luck", "cat": cat, "strength": strength, "target": strength % 6})
    return hits, rest_dice


# -- applying hits ---------------------------------------------------------------------


def slots(types: Mapping[str, UnitType], candidates: Iterable[Unit]) -> list[tuple[Unit, bool]]:
    """Every hit the candidates can still take: ``(unit, kills)``; a fresh battleship gives two."""
    out = []
    for unit in candidates:
        left = types[unit["type"]].hits - unit["hits"]
        for i in range(left):
            out.append((unit, i == left - 1))
    return out


def caps_of(types: Mapping[str, UnitType], candidates: Iterable[Unit]) -> dict[str, int]:
    caps = dict.fromkeys(_CLASSES, 0)
    for unit in candidates:
        ut = types[unit["type"]]
        caps[target_class(ut)] += ut.hits - unit["hits"]
    return caps


def max_assign(hits: Mapping[str, int], caps: Mapping[str, int], with_transports: bool = True) -> int:
    """Most hits applicable (greedy: each restricted category first to its only own class)."""
    s, a, n = hits["S"], hits["A"], hits["N"]
    sub = min(s, caps["sub"])
    air = min(a, caps["air"])
    s, a = s - sub, a - air
    other = caps["other"]
    used_s = min(s, other)
    other -= used_s
    used_a = min(a, other)
    other -= used_a
    free = caps["air"] - air + caps["sub"] - sub + other
    used_n = min(n, free)
    total = sub + air + used_s + used_a + used_n
    if with_transports:
        total += min(s - used_s + a - used_a + n - used_n, caps["trn"])
    return total


def _assignable(y: Mapping[str, int], hits: Hits) -> bool:
    """Hall's condition for hits of each category onto ``y`` slots of each class."""
    return (y["air"] <= hits["A"] + hits["N"] and y["sub"] <= hits["S"] + hits["N"]
            and sum(y.values()) <= sum(hits.values()))


def _completable(chosen: Mapping[str, int], caps: Mapping[str, int], hits: Hits, total: int, best_plain: int) -> bool:
    """Is there a valid full selection (``total`` hits) containing ``chosen`` (counts by class)?"""
    for air in range(chosen["air"], min(caps["air"], total) + 1):
        for sub in range(chosen["sub"], min(caps["sub"], total - air) + 1):
            for trn in range(chosen["trn"], min(caps["trn"], total - air - sub) + 1):
                other = total - air - sub - trn
                if not chosen["other"] <= other <= caps["other"]:
                    continue
                y = {"air": air, "sub": sub, "other": other, "trn": trn}
                if trn and air + sub + other != best_plain:
                    continue
                if _assignable(y, hits):
                    return True
    return False


def applicable(types: Mapping[str, UnitType], candidates: Sequence[Unit], hits: Hits) -> int:
    """How many of ``hits`` can be applied to ``candidates`` (AA41-CMB-08)."""
    return max_assign(hits, caps_of(types, candidates))


def check_selection(types: Mapping[str, UnitType], candidates: Sequence[Unit], hits: Hits,
                    selection: Sequence[int]) -> str | None:
    """``None`` if ``selection`` is a legal casualty choice, else a sentence saying why not."""
    problem = selection_problem(types, candidates, hits, selection)
    return None if problem is None else format_message(*problem)


def selection_problem(types: Mapping[str, UnitType], candidates: Sequence[Unit], hits: Hits,
                      selection: Sequence[int]) -> tuple[str, dict[str, Any]] | None:
    """Why ``selection`` is not a legal casualty choice (AA41-CMB-08/09/10, AA41-UNIT-BB-02,
    AA41-UNIT-TRN-13), as a translatable template and its parameters, or ``None``."""
    by_id = {u["id"]: u for u in candidates}
    caps = caps_of(types, candidates)
    total = max_assign(hits, caps)
    if len(selection) != total:
        return N_("One casualty per hit: choose exactly {count}."), {"count": total}
    y = dict.fromkeys(_CLASSES, 0)
    for unit_id, times in Counter(selection).items():
        unit = by_id.get(unit_id)
        if unit is None:
            return N_("Unit {unit_id} cannot be chosen as a casualty here."), {"unit_id": unit_id}
        ut = types[unit["type"]]
        if times > ut.hits - unit["hits"]:
            return N_("Unit {unit_id} ({unit}) cannot take {times} hits."), {
                "unit_id": unit_id, "unit": unit["type"], "times": times}
        y[target_class(ut)] += times
    if not _assignable(y, hits):
        return N_("Submarine hits cannot strike air units and air hits cannot strike submarines "
                  "without a destroyer of their side in the battle."), {}
    if y["trn"] and y["air"] + y["sub"] + y["other"] != max_assign(hits, caps, with_transports=False):
        return N_("Transports are chosen as casualties last."), {}
    return None


def preference_key(types: Mapping[str, UnitType], prefs: Mapping[str, Any], cargo_count: Mapping[int, int]) -> Any:
    """Sort key of ``(unit, kills)`` slots by a power's standing loss order (first lost first)."""
    loss = list(prefs.get("loss_order", []))
    keep = list(prefs.get("keep_last", []))
    damage_first = prefs.get("damage_battleships_first", True)

    def key(slot: tuple[Unit, bool]) -> tuple[Any, ...]:
        unit, kills = slot
        ut = types[unit["type"]]
        if damage_first and not kills:
            band, rank = 0, 0
        elif ut.id in keep:
            band, rank = 3, len(keep) - keep.index(ut.id)
        elif ut.id in loss:
            band, rank = 1, loss.index(ut.id)
        else:
            band, rank = 2, ut.cost * 10 + max(ut.attack, ut.defense)
        return band, rank, cargo_count.get(unit["id"], 0), not kills, unit["id"]

    return key


def choose(types: Mapping[str, UnitType], candidates: Sequence[Unit], hits: Hits,
           prefs_of: Mapping[str, Mapping[str, Any]], cargo_count: Mapping[int, int] | None = None) -> list[int]:
    """A legal selection following each owner's standing loss order (``prefs_of[owner]``).

    Slots are taken greedily in preference order, skipping any that would make a full legal
    selection impossible (so the result always passes :func:`check_selection`).
    """
    caps = caps_of(types, candidates)
    total = max_assign(hits, caps)
    plain = max_assign(hits, caps, with_transports=False)
    cargo_count = cargo_count or {}
    keys = {owner: preference_key(types, prefs, cargo_count) for owner, prefs in prefs_of.items()}
    default = preference_key(types, {}, cargo_count)
    ordered = sorted(slots(types, candidates),
                     key=lambda s: keys.get(s[0]["owner"], default)(s) + (s[0]["owner"],))
    chosen = dict.fromkeys(_CLASSES, 0)
    selection: list[int] = []
    for unit, _kills in ordered:
        if len(selection) == total:
            break
        cls = target_class(types[unit["type"]])
        chosen[cls] += 1
        if _completable(chosen, caps, hits, total, plain):
            selection.append(unit["id"])
        else:
            chosen[cls] -= 1
    return selection


def forced(types: Mapping[str, UnitType], candidates: Sequence[Unit], hits: Hits,
           cargo_count: Mapping[int, int] | None = None) -> bool:
    """True when every legal selection loses the same kinds of units (no real choice)."""
    caps = caps_of(types, candidates)
    total = max_assign(hits, caps)
    if total == 0:
        return True
    plain = max_assign(hits, caps, with_transports=False)
    excluded = set()
    if plain == total:
        excluded.add("trn")  # transports are not reached (AA41-CMB-09c)
    if hits["A"] + hits["N"] == 0:
        excluded.add("air")
    if hits["S"] + hits["N"] == 0:
        excluded.add("sub")
    eligible = [u for u in candidates if target_class(types[u["type"]]) not in excluded]
    if total == len(slots(types, eligible)) or len(eligible) == 1:
        return True
    cargo_count = cargo_count or {}
    kinds = {(u["type"], u["owner"], u["hits"], cargo_count.get(u["id"], 0)) for u in eligible}
    return len(kinds) == 1 and types[eligible[0]["type"]].hits == 1


def outcome(types: Mapping[str, UnitType], selection: Sequence[int],
            units: Mapping[int, Unit]) -> tuple[list[int], list[int]]:
    """``(destroyed, damaged)`` ids after applying ``selection`` (AA41-UNIT-BB-02)."""
    destroyed, damaged = [], []
    for unit_id, times in sorted(Counter(selection).items()):
        unit = units[unit_id]
        if unit["hits"] + times >= types[unit["type"]].hits:
            destroyed.append(unit_id)
        else:
            damaged.append(unit_id)
    return destroyed, damaged
