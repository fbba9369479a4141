"""One side's reachable states for the exact method, as *chains* of losses in a fixed order.

The shared casualty rule (:func:`~pbem.games.aa.odds.casualties.pick`) walks a side's slots (one
per hit a unit can still take) in its standing loss order and takes, in each target class (air,
submarine, other, transport), the first slots that class has room for. Removing slots never
reorders the others, so within each class the slots lost are always a prefix of that class's
slots in the order computed once, at the start. A state is therefore a *chain* (a starting
multiset: AA fire and kamikaze, which strike named types, each start their own) and four numbers
``x`` (slots lost per class), plus whether the side's submarines have submerged.

:meth:`Space.explore` finds every state hit vectors ``(S, A, N)`` can reach, vectorised over the
states of a wave and the hit vectors: the class room of :func:`~casualties.limits`, then the
position in the loss order where the hits run out. ``test_space.py`` checks every transition
against :meth:`Side.apply <pbem.games.aa.odds.side.Side.apply>`.
"""

from __future__ import annotations

import numpy as np

from pbem.games.aa.odds.side import _ID, Kind, Side

AIR, SUB, OTHER, TRN = range(4)
CLASS_CODE = {"air": AIR, "sub": SUB, "other": OTHER, "trn": TRN}


class TooLarge(ValueError):
    """The exact state space is too large; Monte Carlo estimates the odds instead."""


class Chain:
    """The slots of one starting multiset in loss order, and how a state's counts become a multiset."""

    def __init__(self, side: Side, start: int) -> None:
        classes, ids, _caps = side.order(start)
        self.cls = np.array([CLASS_CODE[c] for c in classes], dtype=np.int64)
        self.size = np.bincount(self.cls, minlength=4)  # slots per class
        self.pos = np.zeros(len(ids), dtype=np.int64)  # position of each slot within its class
        seen = [0, 0, 0, 0]
        for i, c in enumerate(self.cls.tolist()):
            self.pos[i], seen[c] = seen[c], seen[c] + 1
        units = sorted(set(ids))
        slot_unit = np.array([units.index(u) for u in ids], dtype=np.int64)
        self.unit_slots = np.zeros((len(ids), len(units)))
        self.unit_slots[np.arange(len(ids)), slot_unit] = 1
        state = list(side.states[start])
        kinds = [side.kinds[u // _ID] for u in units]
        for kind in kinds:
            state[side.kind_index[kind]] -= 1
        self.base = np.array(state, dtype=np.int64)  # units that are never casualties
        n_kinds = len(side.kinds)
        hits = max((len(ids) and max(side.types[k.type].hits for k in kinds)), 1)
        # after[dived, unit, hits taken] -> kind index, or n_kinds when destroyed
        self.after = np.full((2, len(units), hits + 1), n_kinds, dtype=np.int64)
        for u, kind in enumerate(kinds):
            top = side.types[kind.type].hits
            for taken in range(top - kind.hits):
                k = kind.hit(taken)
                self.after[0, u, taken] = side.kind_index[k]
                dived = Kind(kind.type, 0, True) if side.types[kind.type].submarine else k
                self.after[1, u, taken] = side.kind_index[dived]
        self.n_kinds = n_kinds
        self.dims = (*(int(n) + 1 for n in self.size), 2)

    def multisets(self, x: np.ndarray) -> np.ndarray:
        """Counts per kind of the side (one row per state)."""
        taken = (self.pos[None, :] < x[:, self.cls]).astype(float) @ self.unit_slots
        kind = self.after[x[:, 4][:, None], np.arange(self.after.shape[1])[None, :], taken.astype(np.int64)]
        out = np.zeros((len(x), self.n_kinds + 1), dtype=np.int64)
        rows = np.repeat(np.arange(len(x)), kind.shape[1])
        np.add.at(out, (rows, kind.ravel()), 1)
        return out[:, :self.n_kinds] + self.base


class Chains:
    """All chains of a side, padded to one length, so that a wave of states of any chains is
    handled at once. A state is a row ``(chain, lost air, sub, other, transport slots, dived)``."""

    def __init__(self, chains: list[Chain]) -> None:
        width = max(len(c.cls) for c in chains)
        self.cls = np.full((len(chains), width), 4, dtype=np.int64)  # class 4: padding
        self.pos = np.zeros((len(chains), width), dtype=np.int64)
        for i, c in enumerate(chains):
            self.cls[i, :len(c.cls)] = c.cls
            self.pos[i, :len(c.cls)] = c.pos
        self.size = np.stack([c.size for c in chains])
        top = self.size.max(axis=0) + 1
        self.dims = (len(chains), *(int(n) for n in top), 2)
        d = self.dims
        self.strides = np.array([d[1] * d[2] * d[3] * d[4] * 2, d[2] * d[3] * d[4] * 2, d[3] * d[4] * 2,
                                 d[4] * 2, 2, 1], dtype=np.int64)

    def code(self, x: np.ndarray) -> np.ndarray:
        out: np.ndarray = x @ self.strides
        return out

    def decode(self, code: np.ndarray) -> np.ndarray:
        out = np.empty((len(code), 6), dtype=np.int64)
        rest = code
        for col in range(6):
            out[:, col], rest = np.divmod(rest, self.strides[col])
        return out

    def successors(self, x: np.ndarray, hits: np.ndarray) -> np.ndarray:
        """Codes of the states after each hit vector (rows of ``hits``: S, A, N) from each state ``x``:
        ``(B, G)``, by :func:`~pbem.games.aa.odds.casualties.limits` and ``pick`` vectorised."""
        cls, pos = self.cls[x[:, 0]], self.pos[x[:, 0]]
        lost = np.concatenate([x[:, 1:5], np.zeros((len(x), 1), dtype=np.int64)], axis=1)
        remaining = (pos >= np.take_along_axis(lost, np.minimum(cls, 4), axis=1)) & (cls < 4)
        remaining &= ~((x[:, 5] == 1)[:, None] & (cls == SUB))
        zero = np.zeros((len(x), 1), dtype=np.int64)
        cum = [np.concatenate([zero, np.cumsum(remaining & (cls == c), axis=1)], axis=1) for c in (AIR, SUB, OTHER)]
        size = self.size[x[:, 0]]
        cap = [cum[AIR][:, -1:], cum[SUB][:, -1:], cum[OTHER][:, -1:], size[:, TRN:TRN + 1] - x[:, 4:5]]
        s, a, n = (hits[None, :, i] for i in range(3))
        sub = np.minimum(s, cap[SUB])
        air = np.minimum(a, cap[AIR])
        s2, a2 = s - sub, a - air
        used_s = np.minimum(s2, cap[OTHER])
        used_a = np.minimum(a2, cap[OTHER] - used_s)
        free = cap[AIR] - air + cap[SUB] - sub + cap[OTHER] - used_s - used_a
        used_n = np.minimum(n, free)
        plain = sub + air + used_s + used_a + used_n  # (B, G): cas.limits, vectorised
        trn = np.minimum(s2 - used_s + a2 - used_a + n - used_n, cap[TRN])
        room_air = np.minimum(cap[AIR], a + n)
        room_sub = np.minimum(cap[SUB], s + n)
        # Slots taken by the first t of the order with rooms (ra, rs) for air and submarines:
        # f[b, ra, rs, t], non-decreasing in t; cas.pick stops at the first t where f reaches plain.
        a1, s1, t1 = self.dims[1 + AIR], self.dims[1 + SUB], cls.shape[1] + 1
        f = (np.minimum(np.arange(a1)[None, :, None, None], cum[0][:, None, None, :])
             + np.minimum(np.arange(s1)[None, None, :, None], cum[1][:, None, None, :]) + cum[2][:, None, None, :])
        row = (np.arange(len(x))[:, None] * a1 + room_air) * s1 + room_sub
        flat = (f + (np.arange(f.size // t1).reshape(f.shape[:3]) * (t1 + 1))[..., None]).ravel()
        stop = np.searchsorted(flat, row * (t1 + 1) + plain) - row * t1
        rows = np.arange(len(x))[:, None]
        st = self.strides[1:]
        out: np.ndarray = (self.code(x)[:, None] + st[AIR] * np.minimum(room_air, cum[0][rows, stop])
                           + st[SUB] * np.minimum(room_sub, cum[1][rows, stop])
                           + st[OTHER] * np.minimum(plain, cum[2][rows, stop]) + st[TRN] * trn)
        return out

    def submerged(self, x: np.ndarray) -> np.ndarray:
        """Every fighting submarine submerges (AA41-CMB-12); a side without one is unchanged."""
        out = x.copy()
        out[:, 5] = x[:, 2] < self.size[x[:, 0], SUB]
        return out

    def level(self, x: np.ndarray) -> np.ndarray:
        """Hit points still fighting: every change of state lowers it."""
        left = self.size[x[:, 0]] - x[:, 1:5]
        out: np.ndarray = left.sum(axis=1) - np.where(x[:, 5] == 1, left[:, SUB], 0)
        return out


#: (states x hit vectors) explored in one step at most (about 0.1 s of work); beyond it the space
#: would exceed ``max_states`` or the work limit anyway, so it is refused before the work is done.
MAX_PAIRS = 2_000_000


class Space:
    """Every reachable state of one side, numbered by falling :meth:`Chains.level` (a topological order)."""

    def __init__(self, side: Side, starts: list[int], hits: np.ndarray, dive: bool, max_states: int = 0,
                 rolled: np.ndarray | None = None) -> None:
        """``hits``: the opponent's grid of hit vectors; ``rolled``: those it can roll (the others
        lead nowhere here)."""
        self.side = side
        grid = len(hits)
        rolled = np.arange(grid) if rolled is None else rolled
        hits = hits[rolled]
        self.chains = [Chain(side, s) for s in starts]
        ch = Chains(self.chains)
        codes: list[np.ndarray] = []  # codes of the states found
        rows: list[np.ndarray] = []  # their successors' codes, per hit vector
        dives: list[np.ndarray] = []
        wave = np.zeros((len(starts), 6), dtype=np.int64)
        wave[:, 0] = np.arange(len(starts))
        seen: set[int] = set()
        while len(wave):
            if max_states and (len(seen) + len(wave) > max_states or len(wave) * len(hits) > MAX_PAIRS):
                # the wave's states are all new: refused before the work, not after it
                raise TooLarge(f"more than {max_states} states of one side, or {len(wave)} states x {len(hits)} "
                               "hit vectors to explore at once")
            here = ch.code(wave)
            nxt = ch.successors(wave, hits)
            div = ch.code(ch.submerged(wave)) if dive else here
            codes.append(here)
            rows.append(nxt)
            dives.append(div)
            seen.update(here.tolist())
            if max_states and len(seen) > max_states:
                raise TooLarge(f"more than {max_states} states of one side")
            cand = np.unique(np.concatenate([nxt.ravel(), div]))
            cand = cand[[c not in seen for c in cand.tolist()]]
            wave = ch.decode(cand)
        code = np.concatenate(codes)
        x = ch.decode(code)
        level = ch.level(x)
        order = np.lexsort((code, -level))
        self.n = len(order)
        self.level, self.x = level[order], x[order]
        self.chain_of = self.x[:, 0]
        sorted_codes = code[order]
        by_code = np.argsort(sorted_codes)

        def where(c: np.ndarray) -> np.ndarray:
            found: np.ndarray = by_code[np.searchsorted(sorted_codes, c, sorter=by_code)]
            return found

        self.app = np.repeat(np.arange(self.n)[:, None], grid, axis=1)  # [state, hit vector] -> state
        self.app[:, rolled] = where(np.concatenate(rows)[order])
        self.dive = where(np.concatenate(dives)[order])
        counts = np.zeros((self.n, len(side.kinds)), dtype=np.int64)
        for i, chain in enumerate(self.chains):
            mine = self.chain_of == i
            counts[mine] = chain.multisets(self.x[mine, 1:])
        self.counts = counts  # units per kind of each state
        self.ids = [side.add(tuple(r)) for r in counts.tolist()]  # the Side's index of each state
        first = np.zeros((len(starts), 6), dtype=np.int64)
        first[:, 0] = np.arange(len(starts))
        self.start = dict(zip(starts, where(ch.code(first)).tolist(), strict=True))

    def levels(self) -> list[slice]:
        """The states of each level, in order (no transitions within a level but self-loops)."""
        cuts = np.flatnonzero(np.diff(self.level)) + 1
        bounds = [0, *cuts.tolist(), self.n]
        return [slice(lo, hi) for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)]
