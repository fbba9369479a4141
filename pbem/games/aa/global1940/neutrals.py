"""Neutral territories and Mongolia (G40-NEUT-01…17, AMB-30, AMB-32).

State: ``neutrals = {territory: status}`` for every territory still neutral, status one of
``strict``, ``mongolia`` (a strict neutral with the Soviet pact), ``pro_axis``,
``pro_allies``. An attack on a neutral places its army at once, operated by a power of the
alliance opposed to the attacker (units flagged ``neutral_army``: they never move, G40-NEUT-09).
``politics.flags``: ``mongolia_pact_due`` (G40-NEUT-16), ``mongolia_pact_cancelled`` (-17).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, belligerent, flags, theatre_of
from pbem.games.aa.state import State

FAVOURS = {"pro_axis": "axis", "pro_allies": "allies"}


def favoured_side(state: State, territory: str) -> str | None:
    """The side a neutral favours (G40-NEUT-02), None for strict neutrals and Mongolia."""
    return FAVOURS.get(state.get("neutrals", {}).get(territory, ""))


def other_side(side: str) -> str:
    return "allies" if side == "axis" else "axis"


def check_attack(data: G40Data, state: State, attacker: str, territory: str) -> None:
    """G40-NEUT-06: never the favoured side; G40-NEUT-14: never a non-belligerent."""
    if territory not in state.get("neutrals", {}):
        raise IllegalOrder("G40-NEUT-01", "{space} is not a neutral territory.",
                           {"space": territory})
    if favoured_side(state, territory) == data.side_of(attacker):
        raise IllegalOrder("G40-NEUT-06", "{space} is a friendly neutral: {power} may enter it "
                           "only in Noncombat Move.", {"space": territory, "power": attacker})
    if not belligerent(data, state, attacker, theatre_of(data, territory)):
        raise IllegalOrder("G40-NEUT-14", "{power} is not at war and may not attack a neutral "
                           "territory.", {"power": attacker})


def operator(data: G40Data, state: State, attacker: str, territory: str) -> str:
    """AMB-32: of the defending alliance's powers at war with the attacker (else all of them),
    the one controlling the most IPC value next to the neutral; ties to the first in turn order
    after the attacker."""
    side = other_side(data.side_of(attacker))
    powers = [p for p in data.sides[side] if at_war(state, p, attacker)] or list(
        data.sides[side])
    order = data.turn_order
    start = order.index(attacker)

    def key(p: str) -> tuple[int, int]:
        value = sum(data.spaces[t].value for t in data.adjacency[territory]
                    if state["owners"].get(t) == p)
        return (-value, (order.index(p) - start) % len(order))

    return min(powers, key=key)


def attack(data: G40Data, state: State, attacker: str, territory: str) -> dict[str, Any]:
    """Payload of an attack on a neutral (G40-NEUT-08, -10, -12, -15, AMB-32)."""
    check_attack(data, state, attacker, territory)
    side = data.side_of(attacker)
    joins = other_side(side)
    changes: dict[str, str] = {territory: f"pro_{joins}"}
    status = state["neutrals"][territory]
    for other, kind in sorted(state["neutrals"].items()):
        if other == territory:
            continue
        if status in ("strict", "mongolia") and kind == "strict":  # G40-NEUT-12
            changes[other] = f"pro_{joins}"
        elif kind == "mongolia" and side == "axis" and status in ("strict", "mongolia"):
            changes[other] = "pro_allies"  # G40-NEUT-15
        elif kind == "mongolia" and attacker == "ussr" and status == "mongolia":
            changes[other] = "pro_axis"
    return {"attacker": attacker, "territory": territory, "joins": joins,
            "operator": operator(data, state, attacker, territory),
            "army": data.space(territory).neutral_army, "changes": changes}


def _place_army(state: State, territory: str, owner: str, count: int, neutral: bool) -> None:
    for _ in range(count):
        unit = {"id": state["next_id"], "type": "infantry", "owner": owner, "hits": 0}
        if neutral:
            unit["neutral_army"] = True
        state["units"].setdefault(territory, []).append(unit)
        state["next_id"] += 1


def apply_attack(state: State, payload: dict[str, Any]) -> None:
    state["neutrals"].update(payload["changes"])
    _place_army(state, payload["territory"], payload["operator"], payload["army"], True)


def check_friendly_entry(data: G40Data, state: State, power: str, territory: str) -> None:
    """G40-NEUT-07: a land unit of a belligerent favoured power enters in Noncombat Move."""
    if favoured_side(state, territory) != data.side_of(power):
        raise IllegalOrder("G40-NEUT-07", "{space} is not a friendly neutral of {power}.",
                           {"space": territory, "power": power})
    if state["phase"] != "noncombat_move":
        raise IllegalOrder("G40-NEUT-06", "A friendly neutral is entered only in Noncombat "
                           "Move.")
    if not belligerent(data, state, power, theatre_of(data, territory)):
        raise IllegalOrder("G40-NEUT-07", "{power} is not at war: it may not enter {space}.",
                           {"power": power, "space": territory})


def enter_friendly(data: G40Data, state: State, power: str, territory: str) -> dict[str, Any]:
    """Payload: control at once, the army (or the survivors of a failed attack, G40-NEUT-09)
    becomes the power's; aircraft may not land there this turn (G40-NEUT-07)."""
    check_friendly_entry(data, state, power, territory)
    survivors = [u["id"] for u in state["units"].get(territory, []) if u.get("neutral_army")]
    army = 0 if survivors else data.space(territory).neutral_army
    return {"power": power, "territory": territory, "army": army, "survivors": survivors}


def apply_friendly_entry(state: State, payload: dict[str, Any]) -> None:
    territory, power = payload["territory"], payload["power"]
    state["neutrals"].pop(territory, None)
    state["owners"][territory] = power
    state.setdefault("captured_this_turn", []).append(territory)  # no landing this turn
    for unit in state["units"].get(territory, []):
        if unit["id"] in payload["survivors"]:
            unit["owner"] = power
            unit.pop("neutral_army", None)
    _place_army(state, territory, power, payload["army"], False)


def record_attack(data: G40Data, state: State, attacker: str, territory: str) -> None:
    """G40-NEUT-16/17: Japan attacking a Soviet territory next to Mongolia makes the pact due;
    the USSR attacking a territory next to Mongolia while it is strict neutral cancels it."""
    mongolia = data.rules["mongolia"]
    f = flags(state)
    still_strict = any(k == "mongolia" for k in state.get("neutrals", {}).values())
    if attacker == "ussr" and territory in mongolia["cancel_if_ussr_attacks"] and still_strict:
        f["mongolia_pact_cancelled"] = True
    if (attacker == "japan" and territory in mongolia["pact_soviet_territories"]
            and state["owners"].get(territory) == "ussr"):
        f["mongolia_pact_due"] = True


def mongolia_pact(data: G40Data, state: State) -> dict[str, Any] | None:
    """G40-NEUT-16, AMB-30: at the end of Japan's Conduct Combat, every Mongolian territory still
    strict or pro-Allied (or left uncontrolled by a failed Japanese attack) becomes Soviet, its
    army Soviet infantry. None when the pact is not due or was cancelled."""
    f = flags(state)
    if not f.get("mongolia_pact_due") or f.get("mongolia_pact_cancelled"):
        return None
    joining = [t for t in data.rules["mongolia"]["territories"]
               if state.get("neutrals", {}).get(t) in ("mongolia", "pro_allies")]
    return {"territories": joining,
            "armies": {t: data.space(t).neutral_army for t in joining}}


def apply_mongolia_pact(state: State, payload: dict[str, Any]) -> None:
    for territory in payload["territories"]:
        survivors = [u for u in state["units"].get(territory, []) if u.get("neutral_army")]
        state["neutrals"].pop(territory, None)
        state["owners"][territory] = "ussr"
        for unit in survivors:
            unit["owner"] = "ussr"
            unit.pop("neutral_army", None)
        if not survivors:
            _place_army(state, territory, "ussr", payload["armies"][territory], False)
    flags(state)["mongolia_pact_due"] = False
    flags(state)["mongolia_pact_cancelled"] = True  # once only
