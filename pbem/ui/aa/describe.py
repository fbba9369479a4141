"""The A&A family's describer: every event as a sentence in the reader's language.

One :class:`AAStory` per reader and game (``UI.story(ruleset, audience, view)``) is used by the
game page, the history, the emails, the webhooks and the API's readable log alike. Events arrive
redacted for the reader (``pbem.services.reading``). Units are named by type and counted
("3 infantry, 1 tank"): their types and owners come from the events themselves (the starting
position of ``game.created``, placements, battle rounds), the reader's view, and else the
game's starting position (A&A is a game of open information; a unit's id never changes type).
Messages live in the ``aa`` domain (``pbem/ui/aa/translations``); the words in ``vocabulary``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pbem.ui.aa.italian_places import PlaceCatalog
from pbem.ui.aa.vocabulary import BY, ENDINGS, MODES, PHASES, POWERS, SIDES, STEPS, TEAMS, UNIT_NAMES
from pbem.ui.base import Story
from pbem.ui.i18n import N_, Translator, names_list

CATALOG = PlaceCatalog(Path(__file__).parent / "translations", "aa")
_START: dict[tuple[str, str], dict[int, tuple[str, str]]] = {}


def unit_names(language: str) -> dict[str, tuple[str, str]]:
    _ = CATALOG.bind(language)
    return {t: (_(one), _(many)) for t, (one, many) in UNIT_NAMES.items()}


def count_text(_: Translator, counts: dict[str, int]) -> str:
    parts = []
    for utype, n in counts.items():
        one, many = UNIT_NAMES.get(utype, (N_("unit"), N_("units")))
        parts.append(f"{n} {_(one) if n == 1 else _(many)}")
    return ", ".join(parts) or _("nothing")


def phase_name(_: Translator, phase: str | None) -> str:
    return _(PHASES[phase]) if phase in PHASES else _("another phase")


def side_name(_: Translator, side: str) -> str:
    return _(SIDES.get(side, "nobody"))


def step_name(_: Translator, step: str) -> str:
    return _(STEPS[step]) if step in STEPS else _("a firing step")


def power_name(_: Translator, power: str | None, names: dict[str, str]) -> str:
    if power in POWERS:
        return _(POWERS[power])
    return names.get(power or "", power or "")


def space_name(_: Translator, space: Any) -> str:
    """A board space in the reader's language (the catalog has every space of the board)."""
    return _(space) if isinstance(space, str) and space else "\u2014"


def spaces_text(_: Translator, spaces: Iterable[str]) -> str:
    """Board spaces listed inside a sentence in the reader's language: "Karelia, Ukraine, and
    Caucasus", "Carelia, Ucraina e Caucaso" (Babel's list; :mod:`pbem.ui.italian` reads it)."""
    return names_list(_.language, (space_name(_, s) for s in spaces))


def spaces_of(event: dict[str, Any]) -> list[str]:
    """The board spaces an event is about (for "what happened here this turn")."""
    p = event.get("payload") or {}
    out = list(p.get("route") or [])
    for key in ("place", "territory", "at", "to", "target", "sea_zone", "space"):
        if isinstance(p.get(key), str):
            out.append(p[key])
    ctx = p.get("context") or {}
    if isinstance(ctx.get("battle"), str):
        out.append(ctx["battle"])
    return list(dict.fromkeys(out))


def starting_units(ruleset: Any, position: dict[str, Any] | None,
                   options: dict[str, Any]) -> dict[int, tuple[str, str]]:
    """``{unit id: (type, owner)}`` of a game's starting position (the ruleset's own if ``position``
    is ``None``), as the rules number them."""
    key = (str(getattr(ruleset, "key", "")), json.dumps([position, options], sort_keys=True, default=str))
    if key not in _START:
        try:
            state = ruleset.position_to_state(position if position is not None
                                              else ruleset.initial_position(options), options)
            found = {u["id"]: (u["type"], u["owner"]) for units in state["units"].values() for u in units}
        except Exception:  # noqa: BLE001 - names are a nicety: an odd position leaves units unnamed
            found = {}
        if len(_START) > 64:
            _START.clear()
        _START[key] = found
    return _START[key]


class AAStory(Story):
    """Sentences for A&A events (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.known: dict[int, tuple[str, str]] = {}
        self.started = False
        self.note_units(u for units in (self.view.get("units") or {}).values() for u in units)

    def quiet(self, event: dict[str, Any]) -> bool:
        """Also left out of "what happened" (Global 1940, every turn): a victory track with nothing
        held, no scrambled aircraft to bring back, a capture without installations."""
        p = event.get("payload") or {}
        if event["type"] == "aa.g40_victory_track":
            return not any((p.get("track") or {}).values())
        if event["type"] == "aa.scramble_returned":  # emitted at every Conduct Combat's end
            return not (p.get("returned") or p.get("stranded"))
        if event["type"] == "aa.g40_captured":  # emitted at every capture, installations or not
            return not p.get("installations")
        return super().quiet(event)

    def seat_label(self, name: str) -> str:
        return self._(name)

    def note_units(self, units: Iterable[dict[str, Any]], owner: str | None = None) -> None:
        for u in units:
            if isinstance(u, dict) and "id" in u and "type" in u:
                self.known[u["id"]] = (u["type"], u.get("owner") or owner or "")

    def learn(self, events: Iterable[dict[str, Any]]) -> None:
        for e in events:
            p = e.get("payload") or {}
            if e["type"] == "aa.battle_round":
                self.note_units(list(p.get("attackers", [])) + list(p.get("defenders", [])))
            elif e["type"] == "aa.placed":
                self.note_units(p.get("units", []), p.get("power"))
            elif e["type"] == "game.created" and isinstance(p.get("position"), dict) and not self.started:
                self.started = True
                for uid, info in starting_units(self.ruleset, p["position"], p.get("options") or {}).items():
                    self.known.setdefault(uid, info)

    @property
    def types(self) -> dict[int, str]:
        """``{unit id: type}`` of every unit met so far (the page's battle reports)."""
        return {uid: info[0] for uid, info in self.known.items()}

    def unit(self, uid: Any) -> tuple[str, str]:
        if uid not in self.known and not self.started and isinstance(self.view.get("options"), dict):
            self.started = True
            for key, info in starting_units(self.ruleset, None, self.view["options"]).items():
                self.known.setdefault(key, info)
        return self.known.get(uid, ("unit", ""))

    def units(self, ids: Iterable[Any]) -> str:
        return count_text(self._, dict(Counter(self.unit(i)[0] for i in ids)))

    def by_owner(self, ids: Iterable[Any], template: str = N_("%(units)s (%(power)s)")) -> str:
        """``"2 infantry, 1 tank (Germany); 1 fighter (Japan)"`` (``template`` names one owner's part)."""
        groups: dict[str, list[Any]] = {}
        for i in ids:
            groups.setdefault(self.unit(i)[1], []).append(i)
        return "; ".join(self._(template, power=power_name(self._, owner, self.names) or self._("unknown"),
                                units=self.units(group)) for owner, group in groups.items()) or self._("nothing")

    def family_line(self, event: dict[str, Any]) -> str | None:
        t = event["type"]
        self.learn([event])
        if t == "dice.rolled":
            return self.dice_line(event)
        from pbem.ui.aa import sentences

        found = sentences.SENTENCES.get(t)
        return found(self, event.get("payload") or {}, event) if found else None

    def side_text(self, side: str) -> str:
        return side_name(self._, side)

    def team_text(self, winner: str) -> str:
        return self._(TEAMS[winner]) if winner in TEAMS else power_name(self._, winner, self.names)

    def by_text(self, by: str) -> str:
        return self._(BY.get(by, "automatically"))

    def ending_text(self, reason: str) -> str:
        return self._(ENDINGS[reason]) if reason in ENDINGS else self._("the battle is over")

    def mode_text(self, mode: str) -> str:
        return self._(MODES[mode]) if mode in MODES else ""

    def dice_line(self, event: dict[str, Any]) -> str | None:
        p, _ = event.get("payload") or {}, self._
        ctx = p.get("context") or {}
        faces = " ".join(str(f) for f in p.get("faces", []))
        if not ctx.get("battle"):  # research and development dice, a War Bonds die...
            step = ctx.get("step") or ctx.get("roll")
            if not step:
                return None
            return _("%(power)s rolls (%(step)s): %(faces)s",
                     power=power_name(_, ctx.get("roller") or ctx.get("power"), self.names),
                     step=step_name(_, str(step)), faces=faces)
        dice = p.get("dice") or []
        hits = sum(1 for d in dice if isinstance(d, dict) and d.get("hit"))
        power, place = power_name(_, ctx.get("roller"), self.names), space_name(_, ctx["battle"])
        step = step_name(_, ctx.get("step", ""))
        return _.ngettext("%(power)s rolls in %(place)s (%(step)s): %(faces)s, %(num)d hit",
                          "%(power)s rolls in %(place)s (%(step)s): %(faces)s, %(num)d hits", hits,
                          power=power, place=place, step=step, faces=faces)
