"""What a game family's UI package offers the web core and the notifications: :class:`GameUI`.

The defaults here are the generic UI, used for a family that registers none: the platform's
sentences for core events, a neutral sentence for the family's own events, and no board,
history, standing orders or forms (the game page then shows the generic order form).

The web core gives a UI package what it reads through a :class:`GameReader` (implemented by
``pbem.services.reading``): events and views already redacted for the reader's seat. A UI
package never reads the database itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pbem.int_input import MAX_INT32
from pbem.ui import italian, platform
from pbem.ui.i18n import Catalog, Translator, names_list


class FormFieldError(ValueError):
    """A whole-number field of a game's form that is not one: the web answers 400 naming it."""

    def __init__(self, field_name: str, lo: int = 0, hi: int = MAX_INT32) -> None:
        super().__init__(field_name)
        self.field_name, self.lo, self.hi = field_name, lo, hi


@dataclass
class Audience:
    """Who reads: their language, the seat whose view they get (``None``: a spectator or an
    organiser without a seat) and the seats' display names (seat id -> English name)."""

    language: str = "en"
    seat: str | None = None
    names: dict[str, str] = field(default_factory=dict)


class GameReader(Protocol):
    """What a UI package may read of one game, everything redacted for ``seat``."""

    game_id: int
    seat: str | None
    last_seq: int
    ruleset: Any

    def events(self, after: int = 0, upto: int | None = None) -> list[dict[str, Any]]:
        """The events ``after < seq <= upto`` the seat may see, redacted, oldest first."""

    def last_seq_of(self, event_type: str, upto: int | None = None) -> int:
        """The seq of the newest event of that type the seat may see, at or before ``upto``
        (0: none)."""

    def last_of(self, event_type: str, upto: int | None = None) -> dict[str, Any] | None:
        """The newest event of that type the seat may see (redacted), at or before ``upto``
        (``None``: none)."""

    def view_at(self, seq: int) -> dict[str, Any]:
        """``Ruleset.view(state after event seq, seat)``."""

    def views_after(self, event_types: Iterable[str], after: int = 0) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """``(event, view just after it)`` for each visible event of these types after ``after``."""

    def series(self, name: str, event_types: Iterable[str],
               point: Callable[[dict[str, Any], dict[str, Any]], Any]) -> list[Any]:
        """``point(event, view just after it)`` for each visible event of these types, cached and
        extended as the log grows (``point``: a pure function returning something small)."""


class Story:
    """The sentences of one game for one reader. ``line(event)`` takes a redacted event."""

    def __init__(self, ui: GameUI, ruleset: Any, audience: Audience,
                 view: Mapping[str, Any] | None = None) -> None:
        self.ui = ui
        self.ruleset = ruleset
        self.audience = audience
        nouns = ui.grammar(audience.language)
        self.core = platform.CATALOG.bind(audience.language, nouns=nouns)
        self._ = ui.catalog.bind(audience.language, nouns=nouns) if ui.catalog else self.core
        self.names = {sid: self.seat_label(name) for sid, name in audience.names.items()}
        self.view = view or {}

    def names_list(self, names: Iterable[str]) -> str:
        """Names (seats, powers, places) listed in a sentence in the reader's language: "Germany,
        Japan, and Italy", "Germania, Giappone e Italia" (:func:`pbem.ui.i18n.names_list`)."""
        return names_list(self.audience.language, names)

    def seat_label(self, name: str) -> str:
        """A seat's display name in the reader's language (the family catalog names its seats)."""
        return self._(name) if self.ui.catalog else name

    def learn(self, events: Iterable[dict[str, Any]]) -> None:
        """Look ahead over events about to be described (e.g. unit types of later battles)."""

    def family_line(self, event: dict[str, Any]) -> str | None:
        """A sentence for one of the family's own events; ``None`` if it has none."""
        return None

    def line(self, event: dict[str, Any]) -> str:
        """One sentence for ``event``: never its type or its payload."""
        try:
            text = self.family_line(event)
        except (KeyError, TypeError, ValueError, AttributeError):  # a sentence must never break a page
            text = None
        if text:
            return text
        found = platform.sentence(event, self.core, self.names)
        return found or platform.fallback(event, self.core)

    def quiet(self, event: dict[str, Any]) -> bool:
        """Bookkeeping a "what happened" list leaves out (orders, seeds; the consequences show)."""
        return event["type"] in platform.QUIET or event["type"] in ("order", "game.created")

    def lines(self, events: list[dict[str, Any]]) -> list[str]:
        self.learn(events)
        return [self.line(e) for e in events]


class GameUI:
    """The generic UI; a family's UI package subclasses it (see ``docs/ui.md``)."""

    family = ""
    #: the package has the battle odds calculator (``odds_page``, ``battle_odds``)
    has_odds = False
    #: the family's own message catalog (``None``: only the platform's sentences)
    catalog: Catalog | None = None
    story_class: type[Story] = Story
    #: the Italian grammar of the seats' names, by English name: the article, as in
    #: :func:`pbem.ui.italian.noun` ("l'": "tocca all'Asse"; "gli": "tocca agli Alleati", plural)
    italian_seats: Mapping[str, str] = {}

    # -- words ------------------------------------------------------------------------------
    def story(self, ruleset: Any, audience: Audience, view: Mapping[str, Any] | None = None) -> Story:
        return self.story_class(self, ruleset, audience, view)

    def translator(self, language: str) -> Translator:
        return (self.catalog or platform.CATALOG).bind(language, nouns=self.grammar(language))

    def grammar(self, language: str) -> Mapping[str, italian.Noun]:
        """The grammar of the game's names in ``language`` (name in that language -> its
        :class:`~pbem.ui.italian.Noun`): what the platform's sentences need to say a seat with its
        article ("tocca all'Unione Sovietica", "la scadenza degli Alleati"). Italian only; from
        :attr:`italian_seats` here, a family may add more (e.g. its places)."""
        if (language or "en").split("_")[0] != "it":
            return {}
        return {(name := self.text(english, "it")): italian.noun(name, code)
                for english, code in self.italian_seats.items()}

    def say(self, language: str, template: str, **params: Any) -> str:
        """A platform sentence translated by another domain (the site's, the notifications': its
        ``template`` unfilled) filled with ``params``, the game's names said with their grammar."""
        template = italian.shape(language, template, params, self.grammar(language))
        try:
            return template % params
        except (KeyError, TypeError, ValueError):
            return template

    def text(self, english: str, language: str) -> str:
        """An English string the engine marked with ``N_`` (an option label or choice, a phase or a
        seat name) in ``language``: the family's catalog, else the platform's, else unchanged."""
        for catalog in (self.catalog, platform.CATALOG):
            if catalog is not None and catalog.has(language, english):
                return catalog.gettext(language, english)
        return english

    def seat_names(self, seats: Iterable[Mapping[str, Any]], language: str) -> dict[str, str]:
        """``{seat id: name}`` of ``seats`` (``Ruleset.seats`` entries) in ``language``."""
        return {str(s["id"]): self.text(str(s.get("name") or s["id"]), language) for s in seats}

    def result_text(self, result: Mapping[str, Any] | None, names: Mapping[str, str], language: str) -> str:
        """A finished game's result (``Ruleset.result``) as a sentence; ``""`` while it goes on."""
        if not result:
            return ""
        _ = platform.CATALOG.bind(language, nouns=self.grammar(language))
        winner = result.get("winner")
        if isinstance(winner, str) and winner:
            return _("Winner: %(winner)s", winner=self.text(names.get(winner, winner), language))
        return _("The game is over.")

    def owed_text(self, owed: Mapping[str, Any], names: Mapping[str, str], language: str) -> str:
        """The decision a seat owes, as a sentence (``owed`` is an entry of ``Ruleset.owed``)."""
        _ = platform.CATALOG.bind(language, nouns=self.grammar(language))
        return _("%(seat)s must decide.", seat=names.get(owed.get("seat", ""), owed.get("seat", "")))

    def refusal(self, body: Mapping[str, Any], language: str, ruleset: Any = None) -> str:
        """A refusal (``key`` + ``params`` from the engine) as a sentence in ``language``: the
        template from the family's catalog, game vocabulary named by :meth:`term`."""
        from pbem.engine.errors import format_message, vocabulary_kind

        key, params = body.get("key"), dict(body.get("params") or {})
        if not isinstance(key, str):
            return str(body.get("message", ""))
        catalog = self.catalog if self.catalog and self.catalog.has(language, key) else platform.CATALOG
        template = catalog.translations(language).gettext(key)

        def namer(kind: str, value: str) -> str:
            return self.term(kind, value, language, ruleset)

        def joiner(items: list[str]) -> str:  # "Karelia, Ucraina e Caucaso"
            return names_list(language, items)

        shown = {k: namer(kind, v) if (kind := vocabulary_kind(k)) and isinstance(v, str) else v
                 for k, v in params.items()}
        shown |= {k: joiner([namer(kind.rstrip("s"), str(x)) for x in v]) for k, v in params.items()
                  if (kind := vocabulary_kind(k)) and isinstance(v, list)}
        template = italian.shape(language, template, shown, self.grammar(language), brace=True)
        try:
            return format_message(template, params, namer, joiner)
        except (KeyError, ValueError, TypeError, IndexError):
            return str(body.get("message", ""))

    def term(self, kind: str, value: str, language: str, ruleset: Any = None) -> str:
        """A vocabulary key of a refusal (a unit type, space, power, phase, seat) in ``language``:
        the ruleset's English name (``Ruleset.vocabulary``, else the seat's name), translated
        by the family's catalog when it has the word."""
        english = ruleset.vocabulary(kind, value) if ruleset is not None else value
        if english == value and kind == "seat" and ruleset is not None:
            seats = {s["id"]: s["name"] for s in ruleset.seats(ruleset.normalise_options({}))}
            english = seats.get(value, value)
        return (self.catalog or platform.CATALOG).gettext(language, english) if self.catalog else english

    # -- pages (``None``: the family has no such page) ----------------------------------------
    def blueprint(self) -> Any:
        """A Flask blueprint carrying the package's templates and static files, or ``None``."""
        return None

    def page_html(self, game: dict[str, Any], read: GameReader, language: str) -> str | None:
        """The game page's position section (HTML), or ``None`` for the generic one."""
        return None

    def board_svg(self, data: dict[str, Any], read: GameReader, language: str) -> str | None:
        return None

    def outline_svg(self, ruleset: Any, language: str) -> tuple[str, str] | None:
        """``(svg, etag)`` of the bare board of a ruleset (the same for everyone)."""
        return None

    def history(self, data: dict[str, Any], read: GameReader, args: Mapping[str, str],
                language: str) -> tuple[str, dict[str, Any]] | None:
        """``(template, context)`` of the history page."""
        return None

    def history_frame(self, data: dict[str, Any], read: GameReader, args: Mapping[str, str],
                      language: str) -> dict[str, Any] | None:
        return None

    def standing_order(self, data: dict[str, Any], form: Any) -> dict[str, Any] | None:
        """The engine order a standing-orders form stands for (``None``: no such page)."""
        return None

    def standing_page(self, data: dict[str, Any], language: str, *, error: str | None,
                      saved: bool) -> tuple[str, dict[str, Any]] | None:
        return None

    def form_order(self, kind: str, form: Any, ruleset: Any = None) -> dict[str, Any] | None:
        """The engine order one of the package's forms stands for (the engine checks it)."""
        return None

    def query(self, name: str, game: Any, seat: str, args: Mapping[str, str]) -> dict[str, Any] | None:
        """A question the page's script asks about the seat's own options (``None``: unknown)."""
        return None

    # -- battle odds (``None``: the family has no calculator; docs/odds.md) ------------------
    def battle_odds(self, ruleset: Any, raw: Any) -> dict[str, Any] | None:
        """The calculator's answer to ``raw`` (the JSON of ``pbem-odds``); ``ValueError`` with a
        sentence for input it cannot take."""
        return None

    def odds_page(self, ruleset: Any, args: Mapping[str, str], language: str) -> tuple[str, dict[str, Any]] | None:
        """``(template, context)`` of the standalone calculator page, filled from ``args``."""
        return None
