"""The card vocabulary of Airwar Pacific!: kinds, values, abilities (docs/airwar_pacific_cards.md).

A *catalogue* is ``{card_id: card}``, the cards of a card list keyed by id. Every
function here is a pure read of one card or of the catalogue. Missing or blank
attack values count as 0 (AWP-DMG-12).
"""

from __future__ import annotations

from typing import Any

Card = dict[str, Any]
Catalogue = dict[str, Card]

SEATS = ("axis", "allies")
AIRCRAFT_KINDS = ("aircraft", "elite")
BASE_KINDS = ("airbase", "carrier")
ATTACK_VALUES = ("air_to_air", "bombing", "carrier", "convoy")

#: Ability keywords the engine adjudicates, and the card kinds each may appear on (AWP-DECK-06).
ABILITIES: dict[str, tuple[str, ...]] = {
    "PATROL": AIRCRAFT_KINDS,                 # AWP-SPECIAL-PATROL
    "SCOUTED": AIRCRAFT_KINDS,                # AWP-SPECIAL-SCOUTED
    "REUSE": AIRCRAFT_KINDS,                  # AWP-SPECIAL-REUSE (uses)
    "TWICE": ("carrier",),                    # AWP-SPECIAL-TWICE (first, second)
    "CARRIER_DOUBLE_VS_AIRBASE": ("carrier",),  # AWP-SPECIAL-AKAGI, as corrected by AWP-ERRATA-02
    "PARAFRAG": ("war",),                     # AWP-SPECIAL-PARAFRAG (amount, families)
    "HEAVYAAA": ("war",),                     # AWP-SPECIAL-HEAVYAAA (amount)
    "BASE_DEFENSE": ("war",),                 # host base Defense + amount
    "BASE_CAPACITY": ("war",),                # host base capacity + amount
    "AIR_TO_AIR": ("battle",),                # engaged aircraft Air to Air + amount
    "DEFENSE": ("battle",),                   # engaged aircraft Defense + amount
    "CANCEL_BATTLE": ("battle",),             # cancels the opponent's last Battle card of the fight
}


def val(card: Card, field: str) -> int:
    """A printed value; blank or missing counts as 0 (AWP-DMG-12, AMB-A-09)."""
    v = card.get(field)
    return int(v) if isinstance(v, int) else 0


def is_aircraft(card: Card) -> bool:
    return card.get("kind") in AIRCRAFT_KINDS


def is_base(card: Card) -> bool:
    return card.get("kind") in BASE_KINDS


def carrier_capable(card: Card) -> bool:
    return card.get("based") == "carrier"


def ability(card: Card, key: str) -> dict[str, Any] | None:
    """The card's ability ``key`` (with its parameters), or ``None``."""
    for a in card.get("abilities") or []:
        if a.get("key") == key:
            return dict(a)
    return None


def family(card: Card) -> str:
    return str(card.get("family") or card.get("name") or card.get("id"))


def reuse_uses(card: Card) -> int:
    """How many times per turn an aircraft may fly (AWP-CARD-AIRCRAFT-02, AWP-SPECIAL-REUSE)."""
    a = ability(card, "REUSE")
    return max(1, int(a.get("uses", 2))) if a else 1


def starting_base(catalogue: Catalogue, seat: str) -> str | None:
    """The id of ``seat``'s starting Airbase (Lae, Midway: AWP-SETUP-03) in the catalogue."""
    for cid, card in catalogue.items():
        if card.get("kind") == "airbase" and card.get("starting_base") and card.get("nationality") == seat:
            return cid
    return None


def catalogue_of(card_list: dict[str, Any]) -> Catalogue:
    return {c["id"]: c for c in card_list.get("cards", []) if isinstance(c, dict) and "id" in c}


def catalogue_rank(catalogue: Catalogue) -> dict[str, int]:
    """Each card id's place in the card list: "catalogue order" for defaults."""
    return {cid: i for i, cid in enumerate(catalogue)}
