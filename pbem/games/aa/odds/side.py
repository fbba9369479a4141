"""One side of a battle as a finite state space: which of its units survive, damaged or submerged.

A *state* is a tuple of counts, one per :class:`Kind` (unit type, hits taken, submerged or out of
the battle, dropped by air).
Casualties are applied with the shared rule of :mod:`pbem.games.aa.odds.casualties`: the
state's units are laid out as the referee's unit lists (one owner, no cargo), ordered by the
side's standing loss order, and :func:`~pbem.games.aa.odds.casualties.pick` takes the slots a
hit vector ``(S, A, N)`` strikes (hits scored by submarines, by air units without a destroyer
of their side, by anything else: AA41-CMB-09). States are numbered as they are found.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from pbem.games.aa.odds import casualties as cas
from pbem.games.aa.odds.units import CombatUnit

State = tuple[int, ...]
Lim = tuple[int, int, int, int, int]
_ID = 1000  # synthetic unit id = kind * _ID + n


class Kind(NamedTuple):
    type: str
    hits: int = 0
    submerged: bool = False  # submerged, or (a land unit) out of the battle after a partial retreat
    airborne: bool = False  # dropped by air (paratroopers, G40-TECH-10): listed before its type's others,
    # so lost before them among equals (the attacker keeps the units that can leave)

    def hit(self, times: int) -> Kind:
        return Kind(self.type, self.hits + times, self.submerged, self.airborne)


class Side:
    """The states of one side, their casualty order and how hits, AA fire and submerging move them."""

    def __init__(self, units: dict[str, CombatUnit], counts: dict[str, int], damaged: dict[str, int],
                 prefs: dict[str, Any], keep_land: int = 0, can_leave: bool = False,
                 airborne: dict[str, int] | None = None) -> None:
        """``can_leave``: units may leave the battle while others fight on (an amphibious retreat,
        AAE-AMPH-08): each type gets an out-of-battle kind, as submerged submarines have.
        ``airborne``: of ``counts``, the units dropped by air (their own kind)."""
        self.table = units
        self.types = {k: v.type for k, v in units.items()}
        self.prefs = prefs
        self.keep_land = keep_land
        airborne = {u: n for u, n in (airborne or {}).items() if n}
        kinds: list[Kind] = []
        for uid in counts:
            if uid in airborne:
                kinds.append(Kind(uid, 0, False, True))
            kinds.extend(Kind(uid, h) for h in range(self.types[uid].hits))
            if self.types[uid].submarine or can_leave:
                kinds.append(Kind(uid, 0, True))
        self.kinds = kinds
        self.kind_index = {k: i for i, k in enumerate(kinds)}
        start = [0] * len(kinds)
        for uid, n in counts.items():
            hurt = damaged.get(uid, 0)
            dropped = airborne.get(uid, 0)
            if dropped:
                start[self.kind_index[Kind(uid, 0, False, True)]] += dropped
            start[self.kind_index[Kind(uid)]] += n - hurt - dropped
            if hurt:
                start[self.kind_index[Kind(uid, 1)]] += hurt
        self.states: list[State] = []
        self.index: dict[State, int] = {}
        self.initial = self.add(tuple(start))
        self._order: dict[int, tuple[list[str], list[int], dict[str, int]]] = {}
        self._memo: dict[tuple[int, Lim], int] = {}

    # -- states -------------------------------------------------------------------------
    def add(self, state: State) -> int:
        idx = self.index.get(state)
        if idx is None:
            idx = self.index[state] = len(self.states)
            self.states.append(state)
        return idx

    def active(self, idx: int) -> list[tuple[Kind, int]]:
        """``(kind, count)`` of the units still fighting (not submerged)."""
        return [(k, n) for k, n in zip(self.kinds, self.states[idx], strict=True) if n and not k.submerged]

    def count(self, idx: int, pred: Any = None) -> int:
        return sum(n for k, n in self.active(idx) if pred is None or pred(self.types[k.type]))

    def strength(self, idx: int) -> int:
        """Hit points left among fighting units (every transition strictly lowers it)."""
        return sum(n * (self.types[k.type].hits - k.hits) for k, n in self.active(idx))

    def cost(self, idx: int) -> int:
        return sum(n * self.types[k.type].cost for k, n in zip(self.kinds, self.states[idx], strict=True))

    def units(self, idx: int) -> dict[str, int]:
        out: Counter[str] = Counter()
        for k, n in zip(self.kinds, self.states[idx], strict=True):
            if n:
                out[k.type] += n
        return dict(out)

    def damaged(self, idx: int) -> dict[str, int]:
        out: Counter[str] = Counter()
        for k, n in zip(self.kinds, self.states[idx], strict=True):
            if n and k.hits:
                out[k.type] += n
        return dict(out)

    def flags(self, idx: int) -> tuple[bool, bool, bool]:
        """``(destroyer, air, submarine)`` among fighting units."""
        act = [self.types[k.type] for k, _n in self.active(idx)]
        return (any(t.destroyer for t in act), any(t.domain == "air" for t in act), any(t.submarine for t in act))

    # -- casualties ---------------------------------------------------------------------
    def _candidates(self, idx: int, only: set[int] | None = None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for ki, (k, n) in enumerate(zip(self.kinds, self.states[idx], strict=True)):
            if n and not k.submerged and self.table[k.type].casualty and (only is None or ki in only):
                out.extend({"id": ki * _ID + j, "type": k.type, "owner": "side", "hits": k.hits} for j in range(n))
        return out

    def order(self, idx: int) -> tuple[list[str], list[int], dict[str, int]]:
        """The state's slots in loss order: their classes, their unit ids, and the class caps."""
        got = self._order.get(idx)
        if got is None:
            cands = self._candidates(idx)
            slots = cas.ordered_slots(self.types, cands, {"side": self.prefs})
            if self.keep_land:
                land = [i for i, (u, _k) in enumerate(slots) if self.table[u["type"]].captures]
                kept = set(land[-self.keep_land:])
                slots = [s for i, s in enumerate(slots) if i not in kept] + [slots[i] for i in sorted(kept)]
            classes = [cas.target_class(self.types[u["type"]]) for u, _k in slots]
            got = self._order[idx] = (classes, [u["id"] for u, _k in slots], cas.caps_of(self.types, cands))
        return got

    def caps(self, idx: int) -> dict[str, int]:
        return self.order(idx)[2]

    def apply(self, idx: int, lim: Lim) -> int:
        """The state after the hits whose :func:`~casualties.limits` are ``lim``."""
        key = (idx, lim)
        got = self._memo.get(key)
        if got is None:
            classes, ids, _caps = self.order(idx)
            got = self._memo[key] = self._hit(idx, [ids[i] for i in cas.pick(classes, lim)])
        return got

    def _hit(self, idx: int, selection: list[int]) -> int:
        state = list(self.states[idx])
        for uid, times in Counter(selection).items():
            ki = uid // _ID
            kind = self.kinds[ki]
            state[ki] -= 1
            if kind.hits + times < self.types[kind.type].hits:
                state[self.kind_index[kind.hit(times)]] += 1
        return self.add(tuple(state))

    def hit_types(self, idx: int, hits: dict[str, int]) -> int:
        """Hits aimed at named types (kamikaze targets, G40-KAMI-04), each type's hits taken in the
        side's loss order among units of that type."""
        for uid, n in hits.items():
            idx = self.hit_among(idx, {i for i, k in enumerate(self.kinds) if k.type == uid}, n)
        return idx

    def hit_ship(self, idx: int, uid: str, hits_before: int, n: int) -> int:
        """``n`` hits on one named ship of type ``uid`` that had taken ``hits_before`` (G40-KAMI-05:
        a hit damages an undamaged capital ship, sinks anything else; more hits than it can take
        are lost)."""
        if n <= 0:
            return idx
        state = list(self.states[idx])
        state[self.kind_index[Kind(uid, hits_before)]] -= 1
        if hits_before + n < self.types[uid].hits:
            state[self.kind_index[Kind(uid, hits_before + n)]] += 1
        return self.add(tuple(state))

    def hit_among(self, idx: int, kinds: set[int], n: int) -> int:
        """``n`` hits that may strike only units of ``kinds`` (kind indices; G40-AA-02: the attacker
        chooses which aircraft are lost; AAE-AA-05: the dice aimed at one type), taken in the side's
        loss order."""
        if n <= 0:
            return idx
        cands = self._candidates(idx, kinds)
        selection = cas.choose(self.types, cands, {"S": 0, "A": 0, "N": n}, {"side": self.prefs})
        return self._hit(idx, selection)

    def submerge(self, idx: int) -> int:
        """Every fighting submarine submerges (AA41-CMB-12)."""
        state = list(self.states[idx])
        for ki, kind in enumerate(self.kinds):
            if kind.submerged or not state[ki] or not self.types[kind.type].submarine:
                continue
            state[self.kind_index[Kind(kind.type, 0, True)]] += state[ki]
            state[ki] = 0
        return self.add(tuple(state))
