"""The UI package of the Axis & Allies family (every edition): board, forms, standing orders,
history and the describer. Registered in :mod:`pbem.ui` as ``"aa"``; see ``docs/ui.md``.

Templates are under ``templates/aa/``, static files under ``static/`` (served at
``/ui/aa/static/``), messages in the ``aa`` domain (``translations/``, commands in ``docs/ui.md``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Blueprint, render_template
from markupsafe import Markup

from pbem.engine.errors import vocabulary_kind
from pbem.ui import i18n
from pbem.ui.aa import (
    board_svg,
    describe,
    editions_words,
    forms,
    history,
    odds,
    page,
    sentences,
    vocabulary,
)
from pbem.ui.base import Audience, GameReader, GameUI
from pbem.ui.italian import Noun

HERE = Path(__file__).parent
#: a rule of the family's code named inside a refusal's sentence ("... (AA41-MAP-04).")
FAMILY_RULE = re.compile(r"\bAA41-[A-Z]+(?:-[A-Z]+)*-\d+\b")


def edition_rule_ids(text: str, ruleset: Any) -> str:
    """``text`` with the family's rule IDs it names (A&A 1941's, the reference) turned into the
    game's edition's own (G40-..., AAE-...), as the refusal's own rule ID already is."""
    rename = getattr(getattr(ruleset, "edition", None), "rule_id", None)
    return FAMILY_RULE.sub(lambda m: str(rename(m.group(0))), text) if callable(rename) else text


class AAUI(GameUI):
    family = "aa"
    has_odds = True
    orders_panel = True  # page_html has the orders panel (id "orders"): messages and refusals go there
    catalog = describe.CATALOG
    story_class = describe.AAStory

    def __init__(self) -> None:
        self._blueprint: Blueprint | None = None

    def blueprint(self) -> Blueprint:
        if self._blueprint is None:
            self._blueprint = Blueprint("ui_aa", __name__, template_folder=str(HERE / "templates"),
                                        static_folder=str(HERE / "static"), static_url_path="/ui/aa/static")
        return self._blueprint

    def unit_names(self, language: str) -> dict[str, tuple[str, str]]:
        return describe.unit_names(language)

    def refusal(self, body: Mapping[str, Any], language: str, ruleset: Any = None) -> str:
        """The family's refusal: a unit type, a power, a Global 1940 ``treasury`` ("United Kingdom
        (Pacific)") or a space given by a parameter outside the engine's vocabulary kinds ("kind",
        "target", "zone", "known"...) named in the reader's language, and in Italian the article a
        place takes ("non c'è nessuna battaglia nel Regno Unito")."""
        _ = self.translator(language)
        name = {**{k: _(v) for k, v in vocabulary.POWERS.items()},
                **{k: _(v) for k, v in vocabulary.TREASURIES.items()},
                **{v: _(v) for v in (*vocabulary.SPACES, *vocabulary.REFUSAL_WORDS)}}
        units = {k: _(one) for k, (one, _many) in vocabulary.UNIT_NAMES.items()}

        def named(param: str, value: Any) -> Any:  # a key, or keys joined by ", " ("infantry, artillery")
            keys = [k.strip() for k in value.split(",")] if isinstance(value, str) else []
            known = name if param == "known" else {**units, **name}  # "known": the keys an API user types
            if not keys or not all(k in known for k in keys):
                return value
            if param == "known":  # the choices an API user may type: a plain list of them
                return ", ".join(known[k] for k in keys)
            return i18n.names_list(language, [known[k] for k in keys])  # "fanteria e artiglieria"

        params = {k: v if vocabulary_kind(k) else named(k, v) for k, v in (body.get("params") or {}).items()}
        body = {**body, "params": params}
        return edition_rule_ids(super().refusal(body, language, ruleset), ruleset)

    def grammar(self, language: str) -> Mapping[str, Noun]:
        """Every power, treasury and space of every A&A board (``italian_places``)."""
        return describe.CATALOG.places(language)

    def owed_text(self, owed: Mapping[str, Any], names: Mapping[str, str], language: str) -> str:
        _ = self.translator(language)
        power = describe.power_name(_, owed.get("seat"), {k: _(v) for k, v in names.items()})
        kind = owed.get("kind")
        params = owed.get("prompt_params") or {}
        if kind == "casualties":
            count, place = int(params.get("count") or 0), describe.space_name(_, owed.get("place"))
            if count:
                return _.ngettext("%(power)s: choose %(num)d casualty in %(place)s",
                                  "%(power)s: choose %(num)d casualties in %(place)s", count, power=power,
                                  place=place)
            return _("%(power)s: choose casualties in %(place)s", power=power, place=place)
        if kind == "air_battle_casualties":  # G40-SBR-05
            count, place = int(params.get("count") or 0), describe.space_name(_, owed.get("place"))
            return _.ngettext("%(power)s: choose %(num)d casualty in the air battle over %(place)s",
                              "%(power)s: choose %(num)d casualties in the air battle over %(place)s", count,
                              power=power, place=place)
        if kind == "stranded":
            return _("%(power)s: land a stranded fighter", power=power)
        if kind not in describe.PHASES and isinstance(owed.get("prompt_key"), str):  # research chart...
            key = str(owed["prompt_key"])  # an engine prompt marked N_ in the rules package
            prompt = str(_(key))
            return prompt.replace("{power}", power).replace("{phase}", describe.phase_name(_, owed.get("phase_key")))
        return _("%(power)s: %(phase)s", power=power, phase=describe.phase_name(_, kind))

    def result_text(self, result: Mapping[str, Any] | None, names: Mapping[str, str], language: str) -> str:
        if not result:
            return ""
        story = self.story(None, Audience(language, None, dict(names)))
        assert isinstance(story, describe.AAStory)
        return sentences.game_won(story, dict(result), {})

    def template_words(self, language: str) -> dict[str, Any]:
        """``_``/``gettext``/``ngettext`` for the package's templates: the ``aa`` domain first, then
        the site's own (for ``base.html``, which the pages extend); ``percent``/``decimal``: a number
        in the reader's language ("53.8%", "53,8%")."""
        import flask_babel

        class Site:
            def __call__(self, text: str, **params: Any) -> str:
                return str(flask_babel.gettext(text, **params))

            def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str:
                return str(flask_babel.ngettext(singular, plural, num, **params))

        _ = describe.CATALOG.bind(language, fallback=Site())
        return {"_": _, "gettext": _, "ngettext": _.ngettext,
                "percent": functools.partial(i18n.percent, language),
                "decimal": functools.partial(i18n.decimal, language),
                "scientific": functools.partial(i18n.scientific, language)}

    def render(self, template: str, language: str, **context: Any) -> str:
        return render_template(template, **self.template_words(language), **context)

    # -- pages ------------------------------------------------------------------------------
    def page_html(self, game: dict[str, Any], read: GameReader, language: str) -> str | None:
        if game["view"] is None:
            return None
        context = page.page_context(self, game, read, language)
        return Markup(self.render("aa/view.html", language, game=game, aa=context))  # noqa: S704 - our template

    def board_svg(self, data: dict[str, Any], read: GameReader, language: str) -> str | None:
        _ = self.translator(language)
        names = page.power_names(data["seats"], _)
        return board_svg.board_svg(board_svg.board_for(read.ruleset), data["view"], names, label=_("Board"),
                                   space_label=page.space_label(_), space_name=_)

    def outline_svg(self, ruleset: Any, language: str) -> tuple[str, str]:
        svg = board_svg.outline_svg(board_svg.board_for(ruleset), self.translator(language)(
            "Board of %(game)s", game=ruleset.title or ruleset.key))
        return svg, board_svg.outline_etag(svg)

    def history(self, data: dict[str, Any], read: GameReader, args: Mapping[str, str],
                language: str) -> tuple[str, dict[str, Any]]:
        template, context = history.history(self, data, read, args, language)
        return template, {**context, **self.template_words(language)}

    def history_frame(self, data: dict[str, Any], read: GameReader, args: Mapping[str, str],
                      language: str) -> dict[str, Any]:
        return history.history_frame(data, read, args, language)

    def standing_order(self, data: dict[str, Any], form: Any) -> dict[str, Any]:
        rs = self._ruleset(data)
        return forms.standing_order(forms.casualty_types(rs), form, forms.edition_standing(rs))

    def standing_page(self, data: dict[str, Any], language: str, *, error: str | None,
                      saved: bool) -> tuple[str, dict[str, Any]]:
        _ = self.translator(language)
        rs = self._ruleset(data)
        types = forms.casualty_types(rs)
        current = ((data["view"] or {}).get("standing") or {}).get(data["seat"], {})
        defence = editions_words.standing_choices(_, forms.edition_standing(rs), current)
        loss = list(current.get("loss_order") or [])
        keep = list(current.get("keep_last") or [])
        return "aa/standing.html", {
            "game": data, "seat_name": describe.power_name(_, data["seat"], {}),
            "loss": loss + [""] * (len(types) - len(loss)), "keep": keep + [""] * (3 - len(keep)),
            "types": types, "names": self.unit_names(language), "current": current, "error": error,
            "defence": defence,
            "saved": saved, **self.template_words(language)}

    def form_order(self, kind: str, form: Any, ruleset: Any = None) -> dict[str, Any] | None:
        return forms.build_order(forms.unit_types(ruleset), kind, form)

    def query(self, name: str, game: Any, seat: str, args: Mapping[str, str]) -> dict[str, Any] | None:
        """The engine's queries (``Ruleset.query``), e.g. ``reachable``: where the seat's units
        ``units=1,2`` may go now; ``landing``: ``units`` and ``route=A|B|C``. The answer carries
        the game's ``seq``."""
        if name not in game.ruleset.queries:
            return None
        ids = [int(x) for x in args.get("units", "").split(",") if x.strip()]
        extra: dict[str, Any] = {"place": args["place"]} if "place" in args else {}
        if "route" in args:
            extra["route"] = [s for s in args["route"].split("|") if s]
        found: dict[str, Any] = game.ruleset.query(game.state, seat, name, {"units": ids, **extra})
        return {**found, "seq": game.seq}  # the script compares it with its page's (an out-of-date tab)

    # -- battle odds (docs/odds.md) ---------------------------------------------------------
    def battle_odds(self, ruleset: Any, raw: Any) -> dict[str, Any]:
        return odds.compute(raw, odds.edition_of(ruleset))

    def odds_page(self, ruleset: Any, args: Mapping[str, str], language: str) -> tuple[str, dict[str, Any]]:
        words = self.template_words(language)
        return "aa/odds.html", {"odds": odds.page(ruleset, args, language, words["_"]), **words}

    @staticmethod
    def _ruleset(data: dict[str, Any]) -> Any:
        from pbem.engine import load_ruleset

        return load_ruleset(data["ruleset"])


UI = AAUI()
