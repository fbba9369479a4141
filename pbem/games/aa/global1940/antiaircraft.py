"""AA guns in Global 1940 (G40-AA-01…07): before the first round of a battle in their
territory the defending guns fire together, up to 3 dice each, at most one die per attacking
aircraft (or paratrooper, G40-AA-07). Never at aircraft flying over (G40-AA-03) nor at
raiders (installations fire at those, ``raids.installation_aa``); a territory defended only by
AA guns is taken without AA fire (G40-AA-04), and guns are destroyed on capture (G40-AA-05).

The caller rolls ``len(targets)`` dice, in the order of the returned targets; the attacker
then chooses the casualties among the attacking aircraft, one per hit (the rule does not tie
a die to a plane).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.engine import InvalidOrder
from pbem.games.aa.anniversary.research import aa_hit_value, advances
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, units_in
from pbem.games.aa.state import State, Unit


def guns(data: G40Data, state: State, territory: str, attacker: str) -> list[Unit]:
    """The defending AA guns: those of powers at war with the attacker (G40-CMB-01)."""
    return [u for u in units_in(state, territory)
            if data.unit(u["type"]).has("anti_aircraft") and at_war(state, attacker, u["owner"])]


def targets(data: G40Data, attacking: Sequence[Unit]) -> list[int]:
    """Attacking aircraft and paratroopers (``t_paratrooper``), ids in a stable order."""
    return sorted(u["id"] for u in attacking
                  if data.unit(u["type"]).domain == "air" or u.get("t_paratrooper"))


def fires(data: G40Data, state: State, territory: str, attacker: str,
          attacking: Sequence[Unit]) -> bool:
    """G40-AA-04: no fire when the defence is only AA guns (and installations): the territory
    is taken without dice. No fire without targets."""
    defenders = [u for u in units_in(state, territory) if at_war(state, attacker, u["owner"])]
    only_guns = all(data.unit(u["type"]).has("anti_aircraft") for u in defenders)
    return bool(guns(data, state, territory, attacker)) and not only_guns and bool(
        targets(data, attacking))


def dice(data: G40Data, state: State, territory: str, attacker: str,
         attacking: Sequence[Unit]) -> int:
    """G40-AA-02: min(3 x guns, attacking aircraft) dice, 0 when :func:`fires` is false."""
    if not fires(data, state, territory, attacker, attacking):
        return 0
    shots = sum(data.unit(g["type"]).aa_shots for g in guns(data, state, territory, attacker))
    return min(shots, len(targets(data, attacking)))


def hit_value(data: G40Data, state: State, territory: str, attacker: str) -> int:
    """G40-AA-02 hits on 1; G40-TECH-17 Radar 1-2 (the guns' owners' Radar, the best one)."""
    return max((aa_hit_value(data, advances(state, g["owner"]))
                for g in guns(data, state, territory, attacker)),
               default=data.unit("aa_gun").aa_hit)


def resolve(data: G40Data, state: State, territory: str, attacker: str,
            attacking: Sequence[Unit], faces: Sequence[int]) -> dict[str, Any]:
    """Payload ``{"territory", "dice", "hits"}``: the attacker then removes ``hits`` of its
    attacking aircraft/paratroopers at once (before the first round)."""
    count = dice(data, state, territory, attacker, attacking)
    if len(faces) != count:
        raise InvalidOrder("G40-AA-02", "The AA guns roll {count} dice.", {"count": count})
    hit_on = hit_value(data, state, territory, attacker)
    return {"territory": territory, "dice": list(faces),
            "hits": sum(1 for f in faces if f <= hit_on)}


def destroyed_on_capture(data: G40Data, state: State, territory: str, conqueror: str
                         ) -> list[int]:
    """G40-AA-05, G40-CMB-22: the AA guns of the losing side in a captured territory are
    destroyed, not captured."""
    return [g["id"] for g in guns(data, state, territory, conqueror)]
