"""The casualty rule, shared by the referee and the odds calculator (AA41-CMB-08/09, AA41-UNIT-BB-02).

:func:`choose` takes exactly the inputs of the referee's standing-order choice
(:func:`pbem.games.aa.battle.choose`) and returns the same selection; it is written in two
halves the calculator reuses on its own: :func:`ordered_slots` (every hit the units can take,
in the owners' standing loss order) and :func:`pick` (which of those slots a set of hits
strikes). The referee's feasibility search is replaced by its closed form:

* a selection always applies ``total`` hits, of which ``total - plain`` go to transports
  (AA41-CMB-09c: transports only when nothing else can take them) and ``plain`` to the rest;
* at most ``A + N`` of them strike air units and at most ``S + N`` submarines (a submarine's
  hit never strikes an air unit; an air unit's hit strikes a submarine only with a destroyer of
  its side in the battle, AA41-CMB-09a/b), and Hall's condition says that is all.

So walking the ordered slots and taking each one whose class still has room gives the same
selection as the referee's greedy search, in one pass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pbem.games.aa.battle import caps_of as caps_of
from pbem.games.aa.battle import max_assign
from pbem.games.aa.battle import slots as slots
from pbem.games.aa.battle import target_class as target_class
from pbem.games.aa.data import UnitType

Unit = dict[str, Any]
Slot = tuple[Unit, bool]  # (unit, whether this hit destroys it)
Hits = Mapping[str, int]  # {"S": n, "A": n, "N": n}
CLASSES = ("air", "sub", "other", "trn")


def limits(hits: Hits, caps: Mapping[str, int]) -> tuple[int, int, int, int, int]:
    """``(total, plain, air, sub, trn)``: hits applied, of them to non-transports, and the most
    that may strike air units, submarines and transports."""
    total = max_assign(hits, caps)
    plain = max_assign(hits, caps, with_transports=False)
    return (total, plain, min(caps["air"], hits["A"] + hits["N"]), min(caps["sub"], hits["S"] + hits["N"]),
            total - plain)


def pick(classes: Sequence[str], lim: tuple[int, int, int, int, int]) -> list[int]:
    """Indices of the ordered slots (given by class) that the hits strike, first lost first."""
    total, plain, air, sub, trn = lim
    room = {"air": air, "sub": sub, "other": plain, "trn": trn}
    out: list[int] = []
    nontrn = 0
    for i, cls in enumerate(classes):
        if len(out) == total:
            break
        if cls == "trn":
            if room["trn"]:
                room["trn"] -= 1
                out.append(i)
        elif room[cls] and nontrn < plain:
            room[cls] -= 1
            nontrn += 1
            out.append(i)
    return out


def preference_key(types: Mapping[str, UnitType], prefs: Mapping[str, Any],
                   cargo_count: Mapping[int, int]) -> Callable[[Slot], tuple[Any, ...]]:
    """Sort key of slots by a power's standing loss order (first lost first, AA41-CMB-33).

    Damage slots of undamaged two-hit units first when ``damage_battleships_first``; then the
    types of ``loss_order`` in its order; then unnamed types, cheapest (then weakest) first;
    ``keep_last`` types last, the first named kept longest. Ties: fewer cargo first, then id.
    """
    loss = list(prefs.get("loss_order", []))
    keep = list(prefs.get("keep_last", []))
    damage_first = prefs.get("damage_battleships_first", True)

    def key(slot: Slot) -> tuple[Any, ...]:
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


def ordered_slots(types: Mapping[str, UnitType], candidates: Sequence[Unit],
                  prefs_of: Mapping[str, Mapping[str, Any]], cargo_count: Mapping[int, int] | None = None
                  ) -> list[Slot]:
    """Every slot of the candidates, in the order their owners' standing orders lose them."""
    counts = cargo_count or {}
    keys = {owner: preference_key(types, prefs, counts) for owner, prefs in prefs_of.items()}
    default = preference_key(types, {}, counts)
    return sorted(slots(types, candidates), key=lambda s: keys.get(s[0]["owner"], default)(s) + (s[0]["owner"],))


def choose(types: Mapping[str, UnitType], candidates: Sequence[Unit], hits: Hits,
           prefs_of: Mapping[str, Mapping[str, Any]], cargo_count: Mapping[int, int] | None = None) -> list[int]:
    """A legal selection (one unit id per hit applied) following each owner's standing loss order.

    Same inputs and result as the referee's :func:`pbem.games.aa.battle.choose`.
    """
    ordered = ordered_slots(types, candidates, prefs_of, cargo_count)
    lim = limits(hits, caps_of(types, candidates))
    classes = [target_class(types[u["type"]]) for u, _kills in ordered]
    return [ordered[i][0]["id"] for i in pick(classes, lim)]
