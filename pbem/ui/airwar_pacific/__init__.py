"""The UI package of Airwar Pacific! (family ``awp``): both players' tables, the viewer's hand,
the forms of every decision (built from ``legal_options``) and the describer. Registered in
:mod:`pbem.ui` as ``"awp"``; see ``docs/ui.md``.

Templates are under ``templates/airwar_pacific/``, static files under ``static/`` (served at
``/ui/awp/static/``), messages in the ``airwar_pacific`` domain (``translations/``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Blueprint, render_template
from markupsafe import Markup

from pbem.ui.airwar_pacific import describe, forms, page
from pbem.ui.base import GameReader, GameUI

HERE = Path(__file__).parent


class _SiteWords:
    """The site's own translations (``base.html`` words) as a fallback of the family's catalog."""

    def __call__(self, text: str, **params: Any) -> str:
        import flask_babel

        return str(flask_babel.gettext(text, **params))

    def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str:
        import flask_babel

        return str(flask_babel.ngettext(singular, plural, num, **params))


class AirwarUI(GameUI):
    family = "awp"
    catalog = describe.CATALOG
    #: "tocca all'Asse", "tocca agli Alleati" (plural: "gli Alleati hanno ...")
    italian_seats = {"Axis": "l'", "Allies": "gli"}
    story_class = describe.AwpStory

    def __init__(self) -> None:
        self._blueprint: Blueprint | None = None

    def blueprint(self) -> Blueprint:
        if self._blueprint is None:
            self._blueprint = Blueprint("ui_awp", __name__, template_folder=str(HERE / "templates"),
                                        static_folder=str(HERE / "static"), static_url_path="/ui/awp/static")
        return self._blueprint

    def owed_text(self, owed: Mapping[str, Any], names: Mapping[str, str], language: str) -> str:
        _ = self.translator(language)
        kind = str(owed.get("kind", ""))
        return _("%(seat)s: %(prompt)s", seat=describe.seat_name(_, owed.get("seat")),
                 prompt=_(describe.PROMPTS.get(kind, kind)))

    def page_html(self, game: dict[str, Any], read: GameReader, language: str) -> str | None:
        if game["view"] is None:
            return None
        context = page.page_context(self, game, read, language)
        words = describe.CATALOG.bind(language, fallback=_SiteWords())
        html = render_template("airwar_pacific/view.html", game=game, awp=context, _=words, gettext=words,
                               ngettext=words.ngettext)
        return Markup(html)  # noqa: S704 - our own template, autoescaped

    def form_order(self, kind: str, form: Any, ruleset: Any = None) -> dict[str, Any] | None:
        return forms.build_order(kind, form)


UI = AirwarUI()
