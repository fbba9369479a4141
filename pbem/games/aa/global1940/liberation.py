"""Liberation of allied territories and capitals (G40-CMB-24, -36, G40-CHINA-07, G40-FAC-06,
G40-POL-21) and France's one-time liberation bonus (G40-NO-FRA-01, AMB-23).

Timing (AMB-19): the edition calls :func:`settle` once, at the end of the liberating power's
Conduct Combat phase, with every territory it captured in that phase; whether the original
controller's capital is enemy-held is judged on the board at that moment. The territories
were first given to the capturer by the family's capture code (income follows control,
G40-INC-02); ``settle`` hands back what is liberated.

State written: ``owners``; ``installations_idle`` (a liberated complex or base serves its
original controller from the start of that power's next turn, G40-FAC-06);
``objectives_paid`` (France's bonus is paid once, AMB-23).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import treasury_capital_lost, treasury_for
from pbem.games.aa.state import State

FRANCE_BONUS = "G40-NO-FRA-01"


def original_controller(data: G40Data, territory: str) -> str | None:
    """G40-MAP-09: the power whose emblem is printed on it; None for Dutch territories
    (no restoration, G40-POL-21) and former neutrals (never liberated, G40-NEUT-11)."""
    return data.space(territory).original_owner


def _capital_held(data: G40Data, state: State, original: str, territory: str) -> bool:
    """G40-CMB-24: the original controller's capital (for the UK the regional capital of the
    territory's economy, e.g. Calcutta for Kwangtung and Burma: G40-CHINA-07) is enemy-held.
    China has no capital: its territories always return (G40-CHINA-02)."""
    return treasury_capital_lost(data, state, treasury_for(data, original, territory))


def controller(data: G40Data, state: State, territory: str, liberator: str) -> str:
    """Who keeps ``territory`` that ``liberator`` captured: its original controller when that
    is another allied power whose capital is not enemy-held (G40-CMB-24), else the
    liberator. G40-CHINA-07: China keeps Kwangtung or Burma only while India is Axis-held."""
    original = original_controller(data, territory)
    if (original is None or original == liberator
            or data.side_of(original) != data.side_of(liberator)):
        return liberator
    return liberator if _capital_held(data, state, original, territory) else original


def capitals_liberated(data: G40Data, territories: Sequence[str], liberator: str) -> list[str]:
    """The allied capitals among the captured territories (G40-CMB-36)."""
    return [t for t in territories if data.space(t).capital_of not in (None, liberator)
            and data.side_of(data.space(t).capital_of or liberator) == data.side_of(liberator)]


def settle(data: G40Data, state: State, liberator: str, captured: Sequence[str]
           ) -> dict[str, Any]:
    """End of the liberator's Conduct Combat (AMB-19): which captured territories return to
    their original controllers (G40-CMB-24) and, for every liberated capital, which of that
    power's original territories held by friendly powers return with it (G40-CMB-36, AMB-20).
    No IPCs are returned. Pure: :func:`apply` changes the state."""
    owners = dict(state["owners"])
    trial = {**state, "owners": owners}
    returns: list[dict[str, str]] = []
    # capitals first: a capital returned now frees the other territories of its power
    ordered = sorted(captured, key=lambda t: (data.space(t).capital_of is None, t))
    for territory in ordered:
        to = controller(data, trial, territory, liberator)
        if to != owners.get(territory):
            returns.append({"territory": territory, "from": str(owners.get(territory)),
                            "to": to})
            owners[territory] = to
    for capital in capitals_liberated(data, ordered, liberator):
        power = owners[capital]
        if power != data.space(capital).capital_of:
            continue
        for territory, space in sorted(data.spaces.items()):
            holder = owners.get(territory)
            if (space.original_owner == power and holder not in (None, power)
                    and data.side_of(holder) == data.side_of(power)
                    and not _capital_held(data, trial, power, territory)):
                returns.append({"territory": territory, "from": holder, "to": power})
                owners[territory] = power
    return {"power": liberator, "returns": returns,
            "france_bonus": france_bonus_due(data, state, captured, owners)}


def apply(state: State, payload: Mapping[str, Any]) -> None:
    """Evolver of :func:`settle`: control and installations go back; a returned complex or
    base is idle until its owner's next turn (G40-FAC-06)."""
    idle = state.setdefault("installations_idle", [])
    for entry in payload["returns"]:
        territory, to = entry["territory"], entry["to"]
        state["owners"][territory] = to
        idle[:] = [e for e in idle if e[0] != territory]
        if state.get("installations", {}).get(territory):
            idle.append([territory, to])


# -- France's one-time bonus (G40-NO-FRA-01, AMB-23) -----------------------------------------
def _france_objective(data: G40Data) -> Any:
    return next(o for o in data.g40_objectives if o.id == FRANCE_BONUS)


def france_bonus_due(data: G40Data, state: State, captured: Sequence[str],
                     owners: Mapping[str, str | None]) -> bool:
    """The first liberation of Paris, by France itself or by an ally, pays the bonus; never
    again (AMB-23). ``owners``: control once the liberations are settled."""
    obj = _france_objective(data)
    if obj.id in state.get("objectives_paid", []) or not state["options"].get(
            "national_objectives", True):
        return False
    return obj.on_liberation_of in captured and owners.get(obj.on_liberation_of) == "france"


def check_france_bonus(data: G40Data, units: Mapping[str, int] | None) -> dict[str, int]:
    """AMB-23: French land units worth at most 12 IPCs, chosen by France's standing
    preference; the default is the data's 4 infantry. The remainder is lost."""
    obj = _france_objective(data)
    chosen = dict(obj.default_units) if units is None else dict(units)
    cost = 0
    for utype, count in sorted(chosen.items()):
        if utype not in data.units or data.unit(utype).domain != "land" or count < 0:
            raise IllegalOrder("G40-NO-FRA-01", "France's liberation bonus is land units, not "
                               "{unit}.", {"unit": utype})
        cost += data.unit(utype).cost * count
    if cost > obj.bonus:
        raise IllegalOrder("G40-NO-FRA-01", "France's liberation bonus is worth {bonus} IPCs "
                           "of units, not {cost}.", {"bonus": obj.bonus, "cost": cost})
    return {u: n for u, n in chosen.items() if n}


def france_bonus(data: G40Data, units: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Payload placing the bonus units in Paris at once, without any complex (AMB-23)."""
    obj = _france_objective(data)
    return {"power": "france", "territory": obj.on_liberation_of,
            "units": check_france_bonus(data, units), "objective": obj.id}


def apply_france_bonus(state: State, payload: Mapping[str, Any]) -> None:
    """Places the units (ids from ``next_id``) and records the bonus as paid."""
    for utype, count in sorted(payload["units"].items()):
        for _ in range(count):
            state["units"].setdefault(payload["territory"], []).append(
                {"id": state["next_id"], "type": utype, "owner": payload["power"], "hits": 0})
            state["next_id"] += 1
    state.setdefault("objectives_paid", []).append(payload["objective"])
