"""Damage Allocation (AWP-DMG, AWP-CONV, AWP-BASE, AWP-CARRIER, AWP-SPECIAL-*) and its choices.

Modifier order (AWP-DMG-08, AMB-A-12): printed value, doubling (AWP-CARRIER-04, Akagi), sum,
+Para-Frag, -Heavy AAA, floor 0. Damage to bases is judged per attack, never carried (AWP-DMG-07).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.airwar_pacific.cards import ability, family, val
from pbem.games.airwar_pacific.state import (
    CONVOY_START,
    State,
    base_entry,
    card,
    defense,
    owner,
    player,
)

FIELD = {"airbase": "bombing", "industry": "bombing", "carrier": "carrier", "convoy": "convoy"}


def arrived(state: State) -> list[str]:
    """Aircraft that reached the target (AWP-DMG-01); SCOUTED leavers only under the option (AMB-A-18)."""
    atk = state["attack"]
    out = list(atk["arrived"])
    if state["options"].get("scouted_deals_damage"):
        out += [x for x in atk["out"] if x not in out]
    return out


def value(state: State, iid: str, against: str) -> int:
    """One aircraft's damage against ``against`` (airbase, carrier, industry, convoy), doubled where due."""
    atk = state["attack"]
    base = val(card(state, iid), FIELD[against])
    launch = atk["launch"].get(iid)
    from_carrier = atk["stage"] == "carrier" and launch is not None and card(state, launch)["kind"] == "carrier"
    if from_carrier and against in ("carrier", "convoy"):  # AWP-CARRIER-04, AWP-CONV-03
        return base * 2
    if from_carrier and against == "airbase" and ability(card(state, launch), "CARRIER_DOUBLE_VS_AIRBASE"):
        return base * 2  # AWP-SPECIAL-AKAGI (AWP-ERRATA-02)
    return base


def parafrag(state: State) -> dict[str, Any] | None:
    """The attacker's usable Para-Frag bonus for this attack, or ``None`` (AWP-SPECIAL-PARAFRAG)."""
    atk = state["attack"]
    seat = atk["attacker"]
    if atk["target"]["kind"] != "airbase" or player(state, seat)["parafrag_used"]:
        return None
    for b in player(state, seat)["bases"]:
        for w in b["war"]:
            a = ability(card(state, w), "PARAFRAG")
            if a and any(family(card(state, x)) in a.get("families", []) for x in arrived(state)):
                return a
    return None


def heavy_aaa(state: State, seat: str, host: str) -> int:
    return sum(int((ability(card(state, w), "HEAVYAAA") or {}).get("amount", 2))
               for w in player(state, seat)["resource_war"][host] if ability(card(state, w), "HEAVYAAA"))


def allocation_choice(state: State) -> bool:
    """Does the attacker have a choice to make (AWP-DMG-03 split, Para-Frag use)?"""
    atk = state["attack"]
    if atk["target"]["kind"] == "resources":
        return any(val(card(state, x), "convoy") > 0 for x in arrived(state))
    return parafrag(state) is not None


def check_allocate(state: State, order: dict[str, Any]) -> tuple[list[str], bool]:
    convoy = order.get("convoy", [])
    if not isinstance(convoy, list) or not all(isinstance(x, str) for x in convoy) or len(set(convoy)) != len(convoy):
        raise InvalidOrder("AWP-ORDER-01", "'convoy' is a list of arrived aircraft ids.")
    here = set(arrived(state))
    for x in convoy:
        if state["attack"]["target"]["kind"] != "resources" or x not in here:
            raise IllegalOrder("AWP-DMG-03", "{card} did not reach the Resources.", {"card": x})
        if val(card(state, x), "convoy") <= 0:
            raise IllegalOrder("AWP-CONV-02", "{card} has no Convoy value: it cannot attack the Convoy.",
                               {"card": state["cards"][x]})
    use = order.get("parafrag", True)
    if not isinstance(use, bool):
        raise InvalidOrder("AWP-ORDER-01", "'parafrag' is true or false.")
    return convoy, use and parafrag(state) is not None


def damage(state: State, convoy: list[str], use_parafrag: bool) -> dict[str, Any]:
    """The payload of ``awp.damage_dealt``."""
    atk = state["attack"]
    seat, foe = atk["attacker"], atk["defender"]
    d = player(state, foe)
    target = atk["target"]
    here = arrived(state)
    out: dict[str, Any] = {"seat": seat, "target": target, "parafrag": False, "base": None, "hits": []}
    industry, conv = d["industry"], d["convoy"]
    out["convoy"] = {"before": conv, "after": conv, "damage": 0, "zeroed": False}
    if target["kind"] == "resources":
        to_convoy = [x for x in here if x in convoy]
        to_industry = [x for x in here if x not in convoy]
        out["hits"] = [{"id": x, "to": "convoy", "value": value(state, x, "convoy")} for x in to_convoy] + \
                      [{"id": x, "to": "industry", "value": value(state, x, "industry")} for x in to_industry]
        ind_dmg = max(0, sum(value(state, x, "industry") for x in to_industry)
                      - (heavy_aaa(state, foe, "industry") if to_industry else 0))
        conv_dmg = max(0, sum(value(state, x, "convoy") for x in to_convoy)
                       - (heavy_aaa(state, foe, "convoy") if to_convoy else 0))
        zeroed = conv_dmg >= conv and conv_dmg > 0  # AWP-CONV-04/05/08: overkill lost, once per attack
        out["convoy"] = {"before": conv, "after": CONVOY_START if zeroed else conv - conv_dmg,
                         "damage": conv_dmg, "zeroed": zeroed}
        ind_after = max(0, industry - ind_dmg - (4 if zeroed else 0))  # AWP-DMG-04, AWP-CONV-05
        out["industry"] = {"before": industry, "after": ind_after, "damage": ind_dmg}
        return out
    out["industry"] = {"before": industry, "after": industry, "damage": 0}
    kind = target["kind"]
    out["hits"] = [{"id": x, "to": kind, "value": value(state, x, kind)} for x in here]
    total = sum(h["value"] for h in out["hits"])
    bonus = parafrag(state) if use_parafrag and kind == "airbase" else None
    if bonus:
        total += int(bonus.get("amount", 4))
        out["parafrag"] = True
    base = base_entry(state, target["base"])
    assert base is not None
    info: dict[str, Any] = {"id": base["id"], "total": total, "defense": defense(state, base),
                            "destroyed": False, "damaged": False}
    twice = ability(card(state, base["id"]), "TWICE")
    if kind == "airbase" and state["options"].get("indestructible_bases") and card(state, base["id"]).get(
            "starting_base"):
        info["indestructible"] = True  # AWP-OPT-01
    elif twice:  # AWP-SPECIAL-TWICE
        if base["damaged_turn"] is None:
            info["damaged"] = total >= int(twice.get("first", 9))
        elif base["damaged_turn"] < state["turn"]:
            info["destroyed"] = total >= int(twice.get("second", 4))
    else:
        info["destroyed"] = total >= info["defense"]  # AWP-DMG-05, AWP-DMG-06
    out["base"] = info
    return out


# -- choices after damage -------------------------------------------------------------------


def loss_candidates(state: State) -> list[str]:
    base = base_entry(state, state["pending"]["base"])
    assert base is not None
    return list(base["landed"])


def check_base_loss(state: State, order: dict[str, Any]) -> str:
    x = order.get("discard")
    if x not in loss_candidates(state):
        raise IllegalOrder("AWP-BASE-04", "Choose one of the aircraft landed on the lost base to discard.")
    return str(x)


def convoy_eligible(state: State, seat: str) -> list[str]:
    """Cards a Convoy loss may discard (AWP-CONV-06, AMB-A-14): hand, mobilized bases, landed aircraft."""
    p = player(state, seat)
    out = list(p["hand"])
    for b in p["bases"]:
        protected = state["options"].get("indestructible_bases") and card(state, b["id"]).get("starting_base")
        if not protected:  # AWP-CONV-07 under AWP-OPT-01
            out.append(b["id"])
        out += b["landed"]
    return out


def check_convoy_discard(state: State, seat: str, order: dict[str, Any]) -> list[str]:
    cards = order.get("cards")
    eligible = convoy_eligible(state, seat)
    need = min(2, len(eligible))
    if not isinstance(cards, list) or len(cards) != need or len(set(map(str, cards))) != need:
        raise IllegalOrder("AWP-CONV-05", "Discard exactly {count} different cards.", {"count": need})
    for x in cards:
        if x not in eligible:
            raise IllegalOrder("AWP-CONV-06", "{card} cannot be discarded: choose cards in hand, mobilized Airbases "
                               "or Carriers, or landed aircraft.", {"card": x})
    return [str(x) for x in cards]


def ordered_by_catalogue(state: State, ids: list[str]) -> list[str]:
    rank = {cid: i for i, cid in enumerate(state["catalogue"])}
    return sorted(ids, key=lambda i: (rank.get(state["cards"][i], 0), i))


def default_convoy_discard(state: State, seat: str) -> list[str]:
    """Default: the 2 hand cards latest in catalogue order, then other eligible cards."""
    hand = ordered_by_catalogue(state, list(player(state, seat)["hand"]))[::-1]
    rest = [x for x in convoy_eligible(state, seat) if x not in hand]
    return (hand + ordered_by_catalogue(state, rest))[:2]


def refs(state: State, ids: list[str]) -> list[dict[str, str]]:
    return [{"id": i, "card": state["cards"][i]} for i in ids]


def is_own(seat: str, iid: str) -> bool:
    return owner(iid) == seat
