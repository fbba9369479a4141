"""Sentences for the platform's own events (``game.*``, ``seat.*``, ``order``, ``undo``, ``dice.*``,
``policy.*``), shared by every game's describer. Domain ``ui`` (``pbem/ui/translations``).

Events reach here already redacted for the reader (``pbem.services.reading``): a private
order arrives without its payload, a private shuffle without its order, a deadline-policy
record of another seat without its reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbem.ui.i18n import Catalog, Translator

CATALOG = Catalog(Path(__file__).parent / "translations", "ui")
#: Bookkeeping events no person needs a sentence for (they stay in the dice audit and the API).
QUIET = frozenset({"dice.committed", "dice.revealed"})


def seat_name(names: dict[str, str], seat: Any) -> str:
    return names.get(seat or "", str(seat or ""))


def sentence(event: dict[str, Any], _: Translator, names: dict[str, str]) -> str | None:
    """One sentence for a platform event; ``None`` for a type this module does not know."""
    t, p = event["type"], event.get("payload") or {}
    who = seat_name(names, event.get("seat"))
    if t == "game.created":
        return _("The game was created.")
    if t == "order":
        return _("%(seat)s gave an order.", seat=who) if who else _("An order was given.")
    if t == "undo":
        if p.get("by"):  # the deadline policy clearing what blocked the seat's phase
            return _("The server took back an order of %(seat)s (the deadline had passed).", seat=who)
        return _("%(seat)s took back an order.", seat=who)
    if t == "dice.rolled":
        faces = ", ".join(str(f) for f in p.get("faces", []))
        dice = p.get("dice") or []
        if dice and any("target" in d for d in dice):
            hits = sum(1 for d in dice if d.get("hit"))
            roller = who or _("The server")
            return _.ngettext("%(who)s rolled %(faces)s: %(num)d hit",
                              "%(who)s rolled %(faces)s: %(num)d hits", hits, who=roller, faces=faces)
        return _("%(who)s rolled %(faces)s", who=who or _("The server"), faces=faces)
    if t == "dice.shuffled":
        return _("The server shuffled in secret.") if not p.get("public") else \
            _("The server shuffled (the order is public).")
    if t == "dice.committed":
        return _("The server committed to the dice seed of period %(period)s.", period=p.get("period"))
    if t == "dice.revealed":
        return _("The dice seed of period %(period)s was revealed.", period=p.get("period"))
    if t == "dice.salted":
        return _("%(seat)s added salt to the dice.", seat=who or _("A player"))
    if t in ("seat.joined", "seat.replaced"):
        return _("%(name)s now plays %(seat)s.", name=p.get("name") or "?",
                 seat=seat_name(names, p.get("seat")))
    if t == "seat.left":
        return _("%(seat)s is free.", seat=seat_name(names, p.get("seat")))
    if t == "game.custom_position":
        return _("The organiser %(name)s started the game from a custom position.", name=p.get("name") or "?")
    if t == "game.paused":
        return _("The organiser paused the game.")
    if t == "game.resumed":
        return _("The organiser resumed the game.")
    if t == "game.finished":
        return _("The game is over.")
    if t.startswith("policy."):
        return policy_sentence(t, p, _, names)
    return None


def policy_sentence(t: str, p: dict[str, Any], _: Translator, names: dict[str, str]) -> str:
    """A deadline-policy record. ``reason`` is present only for the seat's own reader."""
    seat = seat_name(names, p.get("seat"))
    kind = t.removeprefix("policy.")
    if kind == "acted":
        if p.get("reason") == "nothing_to_decide":
            return _("%(seat)s had nothing to decide: the server moved on.", seat=seat)
        return _("The deadline of %(seat)s passed: the server played the default orders.", seat=seat)
    sentences = {
        "excused": _("%(seat)s missed the deadline (excused): it was extended once.", seat=seat),
        "extended": _("%(seat)s missed the deadline: it was extended once.", seat=seat),
        "waited": _("%(seat)s missed the deadline: the game waits.", seat=seat),
        "vacation": _("%(seat)s is on vacation: the deadline was moved.", seat=seat),
    }
    return sentences.get(kind, _("The deadline of %(seat)s passed.", seat=seat))


def fallback(event: dict[str, Any], _: Translator) -> str:
    """For an event no describer knows: a neutral sentence, never its type or payload."""
    return _("Something happened in the game (event %(seq)s).", seq=event.get("seq", "?"))
