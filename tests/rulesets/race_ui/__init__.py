"""The UI package of the test-only race family (``race`` and ``race-hand``): its describer and
its section of the game page. Registered with one line in ``tests/conftest.py``; the web core
needs no change for it (``docs/ui.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, render_template
from markupsafe import Markup

from pbem.ui.base import GameReader, GameUI, Story
from pbem.ui.i18n import Catalog

HERE = Path(__file__).parent


class RaceStory(Story):
    def family_line(self, event: dict[str, Any]) -> str | None:
        t, p, _ = event["type"], event.get("payload") or {}, self._
        who = self.names.get(p.get("seat") or event.get("seat") or "", "")
        if t == "race.stepped":
            return _.ngettext("%(seat)s steps %(num)d square.", "%(seat)s steps %(num)d squares.", p["n"], seat=who)
        if t == "race.rolled":
            return _("%(seat)s moves %(face)s squares.", seat=who, face=p["face"])
        if t == "race.answered":
            return _("The six is blocked.") if p["block"] else _("The six is let through.")
        if t == "race.ended":
            return _("%(seat)s ends the turn.", seat=who)
        if t == "race.noted":
            return _("%(seat)s notes: %(text)s", seat=who, text=p["text"])
        if t == "race.drew":
            if "cards" in p:
                return _("%(seat)s draws %(cards)s.", seat=who, cards=", ".join(p["cards"]))
            return _("%(seat)s draws cards.", seat=who)
        if t == "race.played":
            return _("%(seat)s plays %(card)s and moves %(value)s squares.", seat=who, card=p["card"],
                     value=p["value"])
        return None


class RaceUI(GameUI):
    family = "race"
    catalog = Catalog(HERE / "translations", "race")
    story_class = RaceStory

    def __init__(self) -> None:
        self._blueprint: Blueprint | None = None

    def blueprint(self) -> Blueprint:
        if self._blueprint is None:
            self._blueprint = Blueprint("ui_race", __name__, template_folder=str(HERE / "templates"),
                                        static_folder=str(HERE / "static"), static_url_path="/ui/race/static")
        return self._blueprint

    def page_html(self, game: dict[str, Any], read: GameReader, language: str) -> str | None:
        return Markup(render_template("race/view.html", game=game, view=game["view"] or {}))  # noqa: S704


UI = RaceUI()
