"""The state of a game and the reads every module shares (who, where, capacity).

Card *instances* are named by opaque ids (``iid``): ``<seat>-industry``, ``<seat>-convoy``
and ``<seat>-start`` for the three cards placed at set-up (AWP-SETUP-02/03), and for the rest
a hash of the deck's shuffled order (secret until the game ends), so an id tells nothing about
the card or when it was drawn. ``state["cards"]`` maps every id to its card id; it is private:
views show an id's card only to those who may see it (``views.py``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pbem.engine import InvalidOrder
from pbem.games.airwar_pacific.cards import SEATS, Card, ability, catalogue_of, val
from pbem.games.airwar_pacific.decks import errors, validate_decks

State = dict[str, Any]
INDUSTRY_START = 60
CONVOY_START = 15
HAND_START = 7


def other(seat: str) -> str:
    return "allies" if seat == "axis" else "axis"


def player(state: State, seat: str) -> dict[str, Any]:
    p: dict[str, Any] = state["players"][seat]
    return p


def card(state: State, iid: str) -> Card:
    c: Card = state["catalogue"][state["cards"][iid]]
    return c


def owner(iid: str) -> str:
    return iid.split("-", 1)[0]


def setup_ids(seat: str) -> dict[str, str]:
    return {"industry": f"{seat}-industry", "convoy": f"{seat}-convoy", "start": f"{seat}-start"}


def deal_list(catalogue: dict[str, Card], deck: dict[str, int], seat: str) -> list[str]:
    """The card ids shuffled at set-up, in a fixed order: the deck less Industry, Convoy and the
    starting Airbase, which are placed first (AWP-SETUP-03, AMB-A-01)."""
    out: list[str] = []
    placed = {"industry": False, "convoy": False, "start": False}
    for cid in sorted(deck):
        n = deck[cid]
        kind = catalogue[cid]["kind"]
        slot = "start" if catalogue[cid].get("starting_base") else kind if kind in ("industry", "convoy") else None
        if slot and not placed[slot]:
            placed[slot] = True
            n -= 1
        out.extend([cid] * n)
    return out


def token(seat: str, order: list[int], index: int) -> str:
    """The opaque id of the card at ``index`` of ``seat``'s shuffled pile."""
    digest = hashlib.sha256(f"{seat}|{index}|{json.dumps(order)}".encode()).hexdigest()
    return f"{seat}-{digest[:12]}"


def fingerprint(deck: dict[str, int], pile: list[str]) -> str:
    """Commitment to a deck list and its shuffled order (AWP-RNG-02, AWP-HID-10), checkable at the end."""
    text = json.dumps({"deck": dict(sorted(deck.items())), "pile": pile}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def build_state(position: dict[str, Any], options: dict[str, Any]) -> State:
    card_list, decks = position.get("card_list"), position.get("decks")
    found = errors(validate_decks(card_list, decks, options))
    if found:
        rule, key, params = found[0]["rule"], found[0]["key"], found[0]["params"]  # no literal in the call:
        raise InvalidOrder(rule, key, params)  # pybabel would extract it (the templates are N_ in decks.py)
    assert isinstance(card_list, dict) and isinstance(decks, dict)
    catalogue = catalogue_of(card_list)
    state: State = {
        "catalogue": catalogue, "card_list": {"name": card_list.get("name"), "sample": bool(card_list.get("sample"))},
        "options": dict(options), "phase": "deal", "round": 1, "turn": 0, "active": "axis", "stage": None,
        "cards": {}, "seen": {}, "players": {}, "attached": {}, "attack": None, "pending": None,
        "quiet_turns": 0, "attacked": False, "result": None,
    }
    for seat in SEATS:
        ids = setup_ids(seat)
        deck = decks["decks"][seat]["cards"]
        kinds = {k: next(cid for cid in deck if catalogue[cid]["kind"] == k) for k in ("industry", "convoy")}
        start = next(cid for cid in deck if catalogue[cid].get("starting_base"))
        state["cards"].update({ids["industry"]: kinds["industry"], ids["convoy"]: kinds["convoy"],
                               ids["start"]: start})
        state["seen"].update({i: True for i in ids.values()})
        state["players"][seat] = {
            "deck_list": dict(deck), "dealt": False, "fingerprint": None, "pile": [], "hand": [], "discard": [],
            "industry": INDUSTRY_START, "convoy": CONVOY_START,
            "bases": [{"id": ids["start"], "landed": [], "war": [], "damaged_turn": None}],
            "resource_war": {"industry": [], "convoy": []}, "face_down": [], "uses": {}, "turns": 0,
            "parafrag_used": False,
        }
    return state


# -- bases and capacity -----------------------------------------------------------------


def base_entry(state: State, iid: str) -> dict[str, Any] | None:
    for b in player(state, owner(iid))["bases"]:
        if b["id"] == iid:
            found: dict[str, Any] = b
            return found
    return None


def bases(state: State, seat: str, kind: str | None = None) -> list[dict[str, Any]]:
    return [b for b in player(state, seat)["bases"] if kind is None or card(state, b["id"])["kind"] == kind]


def war_bonus(state: State, base: dict[str, Any], key: str) -> int:
    return sum(int((ability(card(state, w), key) or {}).get("amount", 0)) for w in base["war"])


def capacity(state: State, base: dict[str, Any]) -> int:
    """Operational capacity of a mobilized base, War-card bonuses included (AWP-BASE-02)."""
    return max(0, val(card(state, base["id"]), "capacity") + war_bonus(state, base, "BASE_CAPACITY"))


def defense(state: State, base: dict[str, Any]) -> int:
    return val(card(state, base["id"]), "defense") + war_bonus(state, base, "BASE_DEFENSE")


def launched_from(state: State, base_id: str) -> int:
    """Aircraft that took off from ``base_id`` in the current stage (their slots stay used: AWP-INT-08)."""
    atk = state.get("attack")
    if not atk:
        return 0
    return sum(1 for b in list(atk["launch"].values()) + list(atk["int_launch"].values()) if b == base_id)


def free(state: State, base: dict[str, Any]) -> int:
    """Capacity less aircraft landed on the base and those launched from it this stage (AWP-INT-04)."""
    return capacity(state, base) - len(base["landed"]) - launched_from(state, base["id"])


def landed_on(state: State, iid: str) -> dict[str, Any] | None:
    for b in player(state, owner(iid))["bases"]:
        if iid in b["landed"]:
            found: dict[str, Any] = b
            return found
    return None


def reusable(state: State, iid: str) -> bool:
    """A landed aircraft with uses left this turn may fly again (AWP-SPECIAL-REUSE)."""
    a = ability(card(state, iid), "REUSE")
    if not a:
        return False
    return int(player(state, owner(iid))["uses"].get(iid, 0)) < max(1, int(a.get("uses", 2)))


def available_aircraft(state: State, seat: str) -> list[str]:
    """Aircraft ``seat`` may put into a mission or intercept hand now (AWP-ATK-03, AWP-INT-03)."""
    p = player(state, seat)
    out = [i for i in p["hand"] if card(state, i)["kind"] in ("aircraft", "elite")]
    for b in p["bases"]:
        out += [i for i in b["landed"] if reusable(state, i)]
    return out
