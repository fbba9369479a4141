"""The UI package of VICTORY: The Blocks of War: the hex map, the forms of every decision, the
battle view and the describer. Registered in :mod:`pbem.ui` as ``"vic"`` (the ruleset's family);
see ``docs/ui.md``.

Templates are under ``templates/victory/``, static files under ``static/`` (served at
``/ui/victory/static/``), messages in the ``victory`` domain (``translations/``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Blueprint, render_template
from markupsafe import Markup

from pbem.ui.base import GameReader, GameUI
from pbem.ui.victory import describe, forms, page

HERE = Path(__file__).parent


class VictoryUI(GameUI):
    family = "vic"
    catalog = describe.CATALOG
    #: "tocca al Blu", "la scadenza del Rosso" (the sides are named like the players of a board game)
    italian_seats = {"Blue": "il", "Red": "il"}
    story_class = describe.VictoryStory

    def __init__(self) -> None:
        self._blueprint: Blueprint | None = None

    def blueprint(self) -> Blueprint:
        if self._blueprint is None:
            self._blueprint = Blueprint(
                "ui_victory",
                __name__,
                template_folder=str(HERE / "templates"),
                static_folder=str(HERE / "static"),
                static_url_path="/ui/victory/static",
            )
        return self._blueprint

    def owed_text(self, owed: Mapping[str, Any], names: Mapping[str, str], language: str) -> str:
        _ = self.translator(language)
        seat = owed.get("seat", "")
        who = _(names[seat]) if seat in names else describe.side_name(_, seat)
        return _("%(side)s: %(decision)s", side=who, decision=describe.kind_name(_, owed.get("kind")))

    def template_words(self, language: str) -> dict[str, Any]:
        """``_``/``gettext``/``ngettext``: the ``victory`` domain first, then the site's own."""
        import flask_babel

        class Site:
            def __call__(self, text: str, **params: Any) -> str:
                return str(flask_babel.gettext(text, **params))

            def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str:
                return str(flask_babel.ngettext(singular, plural, num, **params))

        _ = describe.CATALOG.bind(language, fallback=Site())
        return {"_": _, "gettext": _, "ngettext": _.ngettext}

    def page_html(self, game: dict[str, Any], read: GameReader, language: str) -> str | None:
        if game["view"] is None or "scenario" not in game["view"]:
            return None
        context = page.page_context(self, game, read, language)
        return Markup(
            render_template(
                "victory/view.html",
                game=game,
                vic=context,  # noqa: S704 - our template
                **self.template_words(language),
            )
        )

    def board_svg(self, data: dict[str, Any], read: GameReader, language: str) -> str | None:
        view = data["view"]
        if not view or "scenario" not in view:
            return None
        _ = self.translator(language)
        names = {s["id"]: _(s["name"]) for s in data["seats"]}
        return page.svg_for(("board", data["id"], data["last_seq"], data["seat"], language), view, _, names)

    def form_order(self, kind: str, form: Any, ruleset: Any = None) -> dict[str, Any] | None:
        return forms.build_order(kind, form)


UI = VictoryUI()
