"""Card-list and deck validation: ``validate_decks(card_list, decks, options)`` (docs/airwar_pacific_cards.md).

The web calls it when a player uploads a card list or decks, and the ruleset calls it before a
game starts. Each problem names the rule it breaks (``AWP-DECK-nn``) with an English template and
its parameters, so it can be translated. Warnings (AWP-DECK sanity checks) do not stop a game.
"""

from __future__ import annotations

from typing import Any

import jsonschema

from pbem.engine.i18n import N_
from pbem.games import rulesdata
from pbem.games.airwar_pacific.cards import ABILITIES, AIRCRAFT_KINDS, SEATS, Catalogue, catalogue_of, val

MIN_DECK = 41
SET_CHOICES = {"all": None, "base": ("base",), "base+1942": ("base", "1942")}
Problem = dict[str, Any]


def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = rulesdata.load_json("airwar_pacific", name)
    return schema


def problem(rule: str, key: str, level: str = "error", **params: Any) -> Problem:
    return {"rule": rule, "level": level, "key": key, "params": params,
            "message": f"{key.format(**params)} ({rule})"}


def _schema_problems(doc: Any, name: str, what: str) -> list[Problem]:
    validator = jsonschema.Draft202012Validator(_schema(name))
    out = []
    for err in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))[:20]:
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        out.append(problem("AWP-DECK-06", N_("The {what} is not in the documented format at {where}: {error}"),
                           what=what, where=where, error=err.message[:200]))
    return out


def _card_problems(catalogue: Catalogue, cards: list[dict[str, Any]], manual: bool) -> list[Problem]:
    out: list[Problem] = []
    seen: set[str] = set()
    for card in cards:
        cid = card["id"]
        if cid in seen:
            out.append(problem("AWP-DECK-06", N_("The card id {card} appears twice in the card list."), card=cid))
        seen.add(cid)
        for a in card.get("abilities") or []:
            kinds = ABILITIES.get(a["key"])
            if kinds is None and not manual:
                out.append(problem("AWP-DECK-06", N_("Card {card} has the ability {ability}, which the engine cannot "
                                      "adjudicate (allow manual adjudication to use it)."), card=cid, ability=a["key"]))
            elif kinds is not None and card["kind"] not in kinds:
                out.append(problem("AWP-DECK-06", N_("Card {card} is a {kind}; the ability {ability} belongs on "
                                      "a {allowed} card."), card=cid, kind=card["kind"], ability=a["key"],
                                   allowed="/".join(kinds)))
    return out


def _deck_problems(catalogue: Catalogue, seat: str, cards: dict[str, int], options: dict[str, Any]) -> list[Problem]:
    out: list[Problem] = []
    unknown = [cid for cid in cards if cid not in catalogue]
    for cid in unknown:
        out.append(problem("AWP-DECK-06", N_("The {side} deck lists card {card}, which is not in the card list."),
                           side=seat, card=cid))
    known = {cid: n for cid, n in cards.items() if cid in catalogue}
    total = sum(cards.values())
    kinds: dict[str, int] = {}
    for cid, n in known.items():
        kinds[catalogue[cid]["kind"]] = kinds.get(catalogue[cid]["kind"], 0) + n
    if total < MIN_DECK or not kinds.get("industry") or not kinds.get("convoy"):
        out.append(problem("AWP-DECK-01", N_("The {side} deck has {count} cards; at least {minimum} are needed, "
                              "including Industry and Convoy."), side=seat, count=total, minimum=MIN_DECK))
    for kind in ("industry", "convoy"):
        if kinds.get(kind, 0) != 1:
            out.append(problem("AWP-DECK-02",
                               N_("The {side} deck must hold exactly one {kind} card; it holds {count}."),
                               side=seat, kind=kind, count=kinds.get(kind, 0)))
    starts = [(cid, n) for cid, n in known.items() if catalogue[cid].get("starting_base")]
    if sum(n for _, n in starts) != 1:
        out.append(problem("AWP-DECK-02", N_("The {side} deck must hold exactly one starting Airbase ({name}); "
                              "it holds {count}."), side=seat, name="Lae" if seat == "axis" else "Midway",
                           count=sum(n for _, n in starts)))
    for cid in known:
        if catalogue[cid].get("nationality") != seat:
            out.append(problem("AWP-DECK-03", N_("Card {card} is {nationality}; every card of the {side} deck must be "
                                  "{side}."), card=cid, nationality=catalogue[cid].get("nationality"), side=seat))
    allowed = SET_CHOICES.get(str(options.get("card_sets", "all")))
    if allowed is not None:
        for cid in known:
            if catalogue[cid].get("set", "base") not in allowed:
                out.append(problem("AWP-DECK-05", N_("Card {card} belongs to the {set} set, which this game does not "
                                      "allow."), card=cid, set=catalogue[cid].get("set", "base")))
    limit = int(options.get("copy_limit", 0) or 0)
    if limit:
        for cid, n in known.items():
            kind = catalogue[cid]["kind"]
            if n > limit and kind not in ("industry", "convoy"):
                out.append(problem("AWP-OPT-03", N_("The {side} deck holds {count} copies of {card}; this game allows "
                                      "at most {limit}."), side=seat, count=n, card=cid, limit=limit))
    if not any(catalogue[c]["kind"] in AIRCRAFT_KINDS and val(catalogue[c], "air_to_air") >= 1 for c in known):
        out.append(problem("AWP-DECK-06", N_("The {side} deck has no aircraft with Air to Air 1 or more: it can never "
                              "intercept."), "warning", side=seat))
    if kinds.get("carrier") and not any(catalogue[c].get("based") == "carrier" for c in known):
        out.append(problem("AWP-DECK-06", N_("The {side} deck has Carriers but no carrier-capable aircraft."),
                           "warning", side=seat))
    return out


def validate_decks(card_list: Any, decks: Any, options: dict[str, Any] | None = None) -> list[Problem]:
    """Every problem of a card list and its decks (empty: both are good). See the module docstring.

    Each problem: ``{"rule", "level": "error"|"warning", "key", "params", "message"}``.
    """
    opts = options or {}
    out = _schema_problems(card_list, "card_list.schema.json", "card list")
    out += _schema_problems(decks, "decks.schema.json", "deck file")
    if out:
        return out
    catalogue = catalogue_of(card_list)
    out += _card_problems(catalogue, card_list["cards"], bool(opts.get("manual_abilities")))
    for seat in SEATS:
        deck = decks["decks"].get(seat)
        if deck is None:
            out.append(problem("AWP-SETUP-01", N_("There is no {side} deck; each side needs its own deck."), side=seat))
            continue
        out += _deck_problems(catalogue, seat, deck["cards"], opts)
    return out


def errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p["level"] == "error"]
