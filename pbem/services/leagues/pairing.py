"""Pairings, pure: round robin (circle method), Swiss (by score, no rematch), playoffs.

Players are user ids. A pairing is ``(a, b)``; ``b`` is ``None`` for a bye. Sides
alternate so that in a round robin every player plays the first side as often as
possible (each pair once; with an even number of rounds per player, equally often).
"""

from __future__ import annotations

from collections.abc import Sequence

Pair = tuple[int, int | None]


def round_robin(players: Sequence[int]) -> list[list[Pair]]:
    """Every player meets every other once: ``n-1`` rounds (``n`` with a bye when odd).

    The circle method: the first player stays, the others rotate. In each pair the first
    player takes the first side: the one of the two who has had it less often so far.
    """
    ids: list[int | None] = list(players)
    if len(ids) < 2:
        return []
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    rounds: list[list[Pair]] = []
    firsts: dict[int, int] = {}
    for _ in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            a, b = ids[i], ids[n - 1 - i]
            if a is None or b is None:
                bye = a if b is None else b
                assert bye is not None
                pairs.append((bye, None))
                continue
            if firsts.get(b, 0) < firsts.get(a, 0):
                a, b = b, a
            firsts[a] = firsts.get(a, 0) + 1
            pairs.append((a, b))
        rounds.append(pairs)
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return rounds


def swiss_round(players: Sequence[int], scores: dict[int, float], played: set[frozenset[int]],
                byes: set[int], seed: dict[int, int] | None = None) -> list[Pair]:
    """One Swiss round: players sorted by score (then seed), each paired with the nearest
    player below not met before (backtracking when a group cannot close); with an odd
    number, the lowest-placed player who has not had a bye gets it (a bye scores a win)."""
    seed = seed or {p: i for i, p in enumerate(players)}
    order = sorted(players, key=lambda p: (-scores.get(p, 0.0), seed.get(p, 0)))
    pairs: list[Pair] = []
    if len(order) % 2:
        bye = next((p for p in reversed(order) if p not in byes), order[-1])
        order.remove(bye)
        pairs.append((bye, None))
    matched = _match(order, played)
    if matched is None:  # everyone has met everyone: allow rematches rather than stop
        matched = _match(order, set())
    assert matched is not None
    return matched + pairs


def _match(order: list[int], played: set[frozenset[int]]) -> list[Pair] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in played:
            continue
        tail = _match(rest[:i] + rest[i + 1:], played)
        if tail is not None:
            return [(first, other), *tail]
    return None


def playoff_round(seeds: Sequence[int]) -> list[Pair]:
    """Single elimination of the seeded players: 1 v N, 2 v N-1...; byes go to the top
    seeds when N is not a power of two (the bracket is filled up to the next power)."""
    size = 1
    while size < len(seeds):
        size *= 2
    padded: list[int | None] = [*seeds, *([None] * (size - len(seeds)))]
    pairs: list[Pair] = []
    for i in range(size // 2):
        a, b = padded[i], padded[size - 1 - i]
        if a is not None:
            pairs.append((a, b))
    return pairs
