"""Convoy disruption (G40-CONV-01…09), checked in the victim's Collect Income.

``dice(data, state, treasury)`` names the disrupted zones and how many dice each rolls; the
caller rolls them and passes the faces to ``loss``, which applies the zone cap (G40-CONV-05)
and the territory cap (G40-CONV-06) as a maximum flow from zones to territories.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, treasury_capital_lost
from pbem.games.aa.state import State

HIT = 3  # G40-CONV-04: dice showing 1, 2 or 3 count their value


def territories(data: G40Data, state: State, treasury: str) -> list[str]:
    """The land the treasury collects from (G40-UK-02: each UK economy its own)."""
    power = data.treasury_by_id(treasury).power
    return [t for t, o in sorted(state["owners"].items()) if o == power and (
        power != "uk" or data.space(t).uk_economy == treasury)]


def dice(data: G40Data, state: State, treasury: str) -> dict[str, int]:
    """G40-CONV-02/03/08: {zone: dice} for every convoy zone next to the treasury's land that
    holds a warship of a power at war with it; nothing for China or a lost capital."""
    power = data.treasury_by_id(treasury).power
    if power == "china" or treasury_capital_lost(data, state, treasury):
        return {}
    land = set(territories(data, state, treasury))
    out: dict[str, int] = {}
    for zone, space in data.spaces.items():
        if not getattr(space, "convoy", False) or not land & set(data.adjacency[zone]):
            continue
        enemy = [u for u in state["units"].get(zone, []) if at_war(state, power, u["owner"])]
        if not any(data.unit(u["type"]).warship for u in enemy):
            continue
        count = 0
        for unit in enemy:
            utype = data.unit(unit["type"])
            count += utype.convoy_dice_on_carrier if "aboard" in unit else utype.convoy_dice
        if count:
            out[zone] = count
    return out


def _max_flow(caps: Mapping[str, int], values: Mapping[str, int],
              edges: Mapping[str, Sequence[str]]) -> int:
    """Largest total that zones (each up to ``caps``) can assign to adjacent territories (each
    up to ``values``): Edmonds-Karp on source -> zones -> territories -> sink."""
    residual: dict[str, dict[str, int]] = {"source": {}, "sink": {}}
    for zone, cap in caps.items():
        residual["source"][f"z:{zone}"] = cap
        residual.setdefault(f"z:{zone}", {})["source"] = 0
        for land in edges[zone]:
            residual[f"z:{zone}"][f"t:{land}"] = values[land]
            residual.setdefault(f"t:{land}", {})[f"z:{zone}"] = 0
    for land, value in values.items():
        residual.setdefault(f"t:{land}", {})["sink"] = value
        residual["sink"][f"t:{land}"] = 0
    total = 0
    while True:
        parent = {"source": "source"}
        queue = ["source"]
        while queue and "sink" not in parent:
            node = queue.pop(0)
            for nxt, cap in sorted(residual[node].items()):
                if cap > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        if "sink" not in parent:
            return total
        path, node = [], "sink"
        while node != "source":
            path.append((parent[node], node))
            node = parent[node]
        push = min(residual[a][b] for a, b in path)
        for a, b in path:
            residual[a][b] -= push
            residual[b][a] += push
        total += push


def loss(data: G40Data, state: State, treasury: str, faces: Mapping[str, Sequence[int]]
         ) -> int:
    """G40-CONV-04…06: the IPCs the treasury loses this Collect Income."""
    land = set(territories(data, state, treasury))
    caps: dict[str, int] = {}
    edges: dict[str, list[str]] = {}
    for zone, rolled in sorted(faces.items()):
        near = [t for t in data.adjacency[zone] if t in land and data.spaces[t].value]
        raw = sum(f for f in rolled if f <= HIT)
        caps[zone] = min(raw, sum(data.spaces[t].value for t in near))
        edges[zone] = near
    values = {t: data.spaces[t].value for ts in edges.values() for t in ts}
    return _max_flow(caps, values, edges)
