"""Pure map queries over a :class:`~pbem.games.aa.data.ScenarioData`, precomputed at load time.

Movement and combat call these on every order, so every table that does not depend on
the position (neighbours, coastal, distances) is built once in ``MapGraph.__init__``;
what depends on control (canals, AA41-MAP-08..10) takes the owners as arguments.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from pbem.games.aa.data import Canal, ScenarioData


def _bfs(start: str, step: Mapping[str, tuple[str, ...]],
         leaves: frozenset[str] = frozenset()) -> dict[str, int]:
    """Distances from ``start``; ``leaves`` are reached but never crossed."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in leaves and here != start:
            continue
        for nxt in step.get(here, ()):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


class MapGraph:
    """Neighbours, distances and canal/strait rules of one board."""

    def __init__(self, data: ScenarioData, *, neutrals_enterable: bool = False) -> None:
        self.data = data
        sp = data.spaces
        #: the spaces no unit enters (AA41-MAP-04); none when the edition lets neutrals be
        #: attacked and checks them itself (``Edition.neutrals_enterable``)
        self._neutral = frozenset() if neutrals_enterable else frozenset(
            s for s in sp if sp[s].neutral)
        self.spaces: tuple[str, ...] = tuple(sp)
        self._adj = data.adjacency
        self._land_adj = {s: tuple(n for n in adj if sp[n].is_land) for s, adj in self._adj.items()}
        self._sea_adj = {s: tuple(n for n in adj if sp[n].is_sea) for s, adj in self._adj.items()}
        self._pairs = frozenset(frozenset(p) for p in data.connections)
        self._canal_of: dict[frozenset[str], Canal] = {
            frozenset(c.sea_zones): c for c in data.canals}
        # AA41-MAP-04: neutrals are never entered, crossed or overflown.
        #: the spaces no route crosses (neutrals): with enterable neutrals they may still end
        #: a route (an attack), so distances reach them without passing through them
        self._no_passage = frozenset(s for s in sp if sp[s].neutral)
        passable = {s for s in sp if s not in self._neutral}
        air_step = {s: tuple(n for n in self._adj[s] if n in passable) for s in passable}
        land_step = {s: tuple(n for n in self._land_adj[s] if n in passable)
                     for s in passable if sp[s].is_land}
        leaves = self._no_passage - self._neutral
        self._air_dist = {s: _bfs(s, air_step, leaves) for s in passable}
        self._land_dist = {s: _bfs(s, land_step, leaves) for s in land_step}
        self.factories: tuple[str, ...] = data.factories
        self.capitals: dict[str, str] = {p.id: p.capital for p in data.powers}

    # -- topology ---------------------------------------------------------------
    def neighbours(self, space: str) -> tuple[str, ...]:
        """Every adjacent space (AA41-DEF-03), neutrals included."""
        return self._adj[space]

    def land_neighbours(self, space: str) -> tuple[str, ...]:
        return self._land_adj[space]

    def sea_neighbours(self, space: str) -> tuple[str, ...]:
        """Adjacent sea zones; for a territory: the sea zones bordering it."""
        return self._sea_adj[space]

    def sea_zones_of(self, territory: str) -> tuple[str, ...]:
        return self._sea_adj[territory]

    def territories_of(self, sea_zone: str) -> tuple[str, ...]:
        """Land territories bordering a sea zone (neutrals included)."""
        return self._land_adj[sea_zone]

    def island_groups_of(self, sea_zone: str) -> tuple[str, ...]:
        """AA41-MAP-05: the island territories lying in a sea zone (each a single territory)."""
        return tuple(t for t in self._land_adj[sea_zone] if self.data.spaces[t].island)

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._pairs

    def is_land(self, space: str) -> bool:
        return self.data.spaces[space].is_land

    def is_sea(self, space: str) -> bool:
        return self.data.spaces[space].is_sea

    def is_neutral(self, space: str) -> bool:
        """No unit enters it (AA41-MAP-04); never, when the edition's neutrals are enterable."""
        return space in self._neutral

    def passable(self, space: str) -> bool:
        """A route may cross it (neutrals are never crossed, enterable or not)."""
        return space not in self._no_passage

    def is_coastal(self, territory: str) -> bool:
        """AA41-MAP-06: a land territory next to at least one sea zone."""
        return self.data.spaces[territory].coastal

    def value(self, territory: str) -> int:
        return self.data.spaces[territory].value

    def has_factory(self, territory: str) -> bool:
        return self.data.spaces[territory].factory

    # -- distances ----------------------------------------------------------------
    def air_distance(self, a: str, b: str) -> int | None:
        """Fewest moves for an air unit from ``a`` to ``b`` (None: unreachable). AA41-MAP-04."""
        return self._air_dist.get(a, {}).get(b)

    def air_distances(self, start: str) -> Mapping[str, int]:
        """Air distance from ``start`` to every reachable space (do not mutate)."""
        return self._air_dist.get(start, {})

    def within_air(self, start: str, moves: int) -> tuple[str, ...]:
        """Spaces an air unit at ``start`` reaches in at most ``moves`` moves (board order)."""
        dist = self._air_dist.get(start, {})
        return tuple(s for s in self.spaces if dist.get(s, moves + 1) <= moves)

    def land_distance(self, a: str, b: str) -> int | None:
        """Fewest land moves ignoring enemy units (None: no land route). AA41-MAP-04."""
        return self._land_dist.get(a, {}).get(b)

    def distance(self, a: str, b: str) -> int | None:
        """Alias of :meth:`air_distance`: path length through any non-neutral spaces."""
        return self.air_distance(a, b)

    # -- canals and straits ----------------------------------------------------------
    def canal_between(self, a: str, b: str) -> Canal | None:
        return self._canal_of.get(frozenset((a, b)))

    def canal_open(self, canal: Canal, side: str, owners_at_turn_start: Mapping[str, str | None],
                   owners: Mapping[str, str | None]) -> bool:
        """AA41-MAP-08/09/10: every canal territory held by ``side`` now and since turn start."""
        powers = self.data.power_by_id
        for t in canal.territories:
            for table in (owners, owners_at_turn_start):
                holder = table.get(t)
                if holder is None or powers[holder].side != side:
                    return False
        return True

    def sea_step_allowed(self, a: str, b: str, side: str,
                         owners_at_turn_start: Mapping[str, str | None],
                         owners: Mapping[str, str | None]) -> bool:
        """May a sea unit of ``side`` move from sea zone ``a`` to adjacent sea zone ``b``?

        False when not adjacent sea zones, into or out of a closed zone (Black Sea, AA41-MAP-07),
        or through a canal the side does not hold (AA41-MAP-08..10).
        """
        sp = self.data.spaces
        if a not in sp or b not in sp or not (sp[a].is_sea and sp[b].is_sea):
            return False
        if not self.adjacent(a, b):
            return False
        closed = self.data.closed_sea_zones
        if a in closed or b in closed:
            return False
        canal = self._canal_of.get(frozenset((a, b)))
        return canal is None or self.canal_open(canal, side, owners_at_turn_start, owners)

    def sea_distances(self, start: str, side: str, owners_at_turn_start: Mapping[str, str | None],
                      owners: Mapping[str, str | None], limit: int = 2) -> dict[str, int]:
        """Sea zones reachable from ``start`` in at most ``limit`` legal sea steps (no blocking)."""
        dist = {start: 0}
        frontier = [start]
        for step in range(1, limit + 1):
            nxt: list[str] = []
            for here in frontier:
                for zone in self._sea_adj[here]:
                    if zone not in dist and self.sea_step_allowed(
                            here, zone, side, owners_at_turn_start, owners):
                        dist[zone] = step
                        nxt.append(zone)
            frontier = nxt
        return dist

    # -- helpers for economy ----------------------------------------------------------
    def production(self, power: str, owners: Mapping[str, str | None]) -> int:
        """AA41-DEF-10: national production level = sum of values of controlled territories."""
        spaces = self.data.spaces
        return sum(spaces[t].value for t, p in owners.items() if p == power)

    def complexes_bordering(self, sea_zone: str) -> tuple[str, ...]:
        return tuple(t for t in self._land_adj[sea_zone] if self.data.spaces[t].factory)

    def sorted_spaces(self, names: Iterable[str]) -> list[str]:
        """``names`` in board order (deterministic output for events)."""
        wanted = set(names)
        return [s for s in self.spaces if s in wanted]
