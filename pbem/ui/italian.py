"""Italian names inside sentences: the article, the articulated preposition and the verb they take.

Italian says "nel Regno Unito", "a Malta", "dalla ZM 5", "tocca all'Unione Sovietica", "gli Stati
Uniti liberano": the word before a name depends on the name, and a plural subject takes a plural
verb. Game-agnostic: a game's UI package gives the grammar of its names (:class:`Noun`, from
``GameUI.grammar``: its seats, and for a board game its places), and an Italian template marks
where a name's grammar applies:

* a plain preposition before the placeholder: "in %(place)s", "da %(zone)s", "di %(seat)s",
  "a %(seats)s", "su %(target)s" ("in {space}" in a refusal's brace template) -> "nel Regno Unito",
  "dalla ZM 5", "dell'Unione Sovietica", "all'Asse", "sugli Urali";
* "il" where the name takes only its article ("conquista il %(territory)s" -> "conquista la Polonia");
* "Il" at the start of a sentence for its subject ("Il %(power)s libera ..."; "il" after a colon,
  starting a part of a sentence or after "che"/"come": "Ordini che il %(seat)s può dare"): the
  name with its article ("Gli Stati Uniti") and, for a plural name or a list of names, the verb that
  follows and the possessives after it in the plural ("Gli Stati Uniti liberano ...", "aggiornano i
  loro ordini"). A subject whose value is not a known name
  is written bare (no article is better than a wrong one).

:func:`articulate` rewrites those words for the values the placeholders are filled with; only a
value that is a known name (or a list of them: ", " between, and " e " before the last as
:func:`pbem.ui.i18n.names_list` joins them) is rewritten, so a unit, a phase or a
player's name beside such a word is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

ARTICLES = ("il", "lo", "l'", "la", "i", "gli", "le")
PLURAL_ARTICLES = ("i", "gli", "le")
#: A preposition joined with an article ("di" + "il" = "del").
_JOINED = {"di": ("del", "dello", "dell'", "della", "dei", "degli", "delle"),
           "a": ("al", "allo", "all'", "alla", "ai", "agli", "alle"),
           "da": ("dal", "dallo", "dall'", "dalla", "dai", "dagli", "dalle"),
           "in": ("nel", "nello", "nell'", "nella", "nei", "negli", "nelle"),
           "su": ("sul", "sullo", "sull'", "sulla", "sui", "sugli", "sulle")}
#: Prepositions that stay apart from the article ("verso la Germania", "contro il Regno Unito").
_APART = ("per", "verso", "contro", "tra", "fra", "con", "attraverso", "oltre", "presso", "sopra", "sotto")
#: The words a template may write before a name's placeholder (``"ad"`` counts as ``"a"``).
WORDS = (*_JOINED, "ad", "il", *_APART)
#: The subject marker: "Il %(power)s ..." at the start of a sentence.
SUBJECT = "Il"


@dataclass(frozen=True)
class Noun:
    """An Italian name and its grammar: its article ("" for none) and how it says "in": "in"
    ("in Germania"), "a" ("a Malta", a town or a small island) or "" (the articulated "nel"...)."""

    name: str
    article: str
    locative: str = ""

    @property
    def plural(self) -> bool:
        return self.article in PLURAL_ARTICLES

    def with_article(self) -> str:
        return _join(self.article, self.name) if self.article else self.name

    def after(self, word: str) -> str:
        """The name after ``word`` (a preposition, or "il" for the article alone), in lower case."""
        word = "a" if word == "ad" else word
        if word == "il":
            return self.with_article()
        if word == "in" and self.locative:
            return _bare(self.locative, self.name)
        if word in _JOINED:
            if not self.article:
                return _bare(word, self.name)
            return _join(_JOINED[word][ARTICLES.index(self.article)], self.name)
        return f"{word} {self.with_article()}"


def noun(name: str, code: str) -> Noun:
    """A :class:`Noun` from a grammar code: the article ("-" none), then the locative if any
    ("la in": "la Germania", "in Germania"; "gli": "gli Stati Uniti", "negli Stati Uniti")."""
    article, _, locative = code.partition(" ")
    return Noun(name, "" if article == "-" else article, locative)


def _join(article: str, name: str) -> str:
    return f"{article}{name}" if article.endswith("'") else f"{article} {name}"


def _bare(word: str, name: str) -> str:
    if word == "a" and name[:1].lower() == "a":  # the euphonic "ad": "ad Alessandria"
        return f"ad {name}"
    return f"{word} {name}"


#: Third-person verbs whose plural is not the regular "-a" -> "-ano", "-e" -> "-ono".
_IRREGULAR = {"è": "sono", "ha": "hanno", "può": "possono", "deve": "devono", "vuole": "vogliono",
              "sa": "sanno", "fa": "fanno", "va": "vanno", "dà": "danno", "sta": "stanno",
              "toglie": "tolgono", "raccoglie": "raccolgono", "sceglie": "scelgono", "coglie": "colgono",
              "accoglie": "accolgono", "rimane": "rimangono", "tiene": "tengono", "ottiene": "ottengono",
              "mantiene": "mantengono", "trattiene": "trattengono", "viene": "vengono", "diviene": "divengono",
              "pone": "pongono", "dispone": "dispongono", "propone": "propongono", "trae": "traggono",
              "compie": "compiono", "esce": "escono", "dice": "dicono", "possiede": "possiedono",
              "appartiene": "appartengono", "contiene": "contengono", "sostiene": "sostengono",
              "vale": "valgono", "prevale": "prevalgono", "sale": "salgono", "assale": "assalgono",
              "appare": "appaiono", "compare": "compaiono", "scompare": "scompaiono", "muore": "muoiono"}
#: Unstressed words that may stand between a subject and its verb ("non", "si", "ne"...).
_BETWEEN = ("non", "si", "ne", "ci", "vi", "lo", "la", "li", "le", "gli", "se")


def plural_verb(verb: str) -> str:
    """The third person plural of an Italian present (or auxiliary) singular: "libera" ->
    "liberano", "perde" -> "perdono", "ha" -> "hanno", "sceglie" -> "scelgono"."""
    lower = verb.lower()
    if lower in _IRREGULAR:
        said = _IRREGULAR[lower]
    elif lower.endswith("à"):  # a future: "attaccherà" -> "attaccheranno"
        said = lower[:-1] + "anno"
    elif lower.endswith("a"):
        said = lower + "no"
    elif lower.endswith("e"):
        said = lower[:-1] + "ono"
    else:
        return verb
    return said[:1].upper() + said[1:] if verb[:1].isupper() else said


#: Between the names of a list: ", ", and " e " before the last (Babel's ``format_list`` in Italian).
_LIST = re.compile(r"(, | e )")


def _names(found: Mapping[str, Noun], value: str) -> tuple[list[str], list[str]] | None:
    """The names of ``value`` and the separators between them, if ``value`` is a name of ``found``
    or a list of them ("Germania, Giappone e Italia"); else ``None``."""
    if value in found:
        return [value], []
    parts = _LIST.split(value)
    items, separators = parts[0::2], parts[1::2]
    return (items, separators) if all(item in found for item in items) else None


def _phrase(found: Mapping[str, Noun], word: str, value: str) -> str | None:
    """``word value`` said well, if ``value`` is a name (or a list of names) of ``found``."""
    names, word_ = _names(found, value), word.lower()
    if names is None:
        return None
    items, separators = names
    if word_ in _APART:  # "tra la Francia e la Germania"
        said = [found[item].with_article() for item in items]
    else:  # "della Francia, della Germania e dell'Italia"
        said = [found[item].after(word_) for item in items]
    text = said[0] + "".join(sep + item for sep, item in zip(separators, said[1:], strict=True))
    if word_ in _APART:
        text = f"{word_} {text}"
    return text[:1].upper() + text[1:] if word[:1].isupper() else text


def _is_plural(found: Mapping[str, Noun], value: str) -> bool:
    names = _names(found, value)
    return names is not None and (len(names[0]) > 1 or found[names[0][0]].plural)


_WORD = "|".join(sorted({*WORDS, *(w.capitalize() for w in WORDS)}, key=len, reverse=True))
_PERCENT = re.compile(r"(?<![\w'’])(" + _WORD + r") %\((\w+)\)s")
_BRACE = re.compile(r"(?<![\w'’{])(" + _WORD + r") \{(\w+)\}")
_AFTER = r"((?: (?:" + "|".join(_BETWEEN) + r")(?= ))*) (?!(?:e|ed|o|od)\b)([^\W\d_]+)"
#: "Il" starting a sentence, or "il" after a colon ("Battaglia in %(place)s: il %(attacker)s attacca"),
#: starting a part of a sentence ("il %(power)s perde %(units)s", after "Karelia, round 2: ") or a
#: clause after "che" or "come" ("Ordini che il %(seat)s può dare", "come il %(seats)s la vede")
_MARKER = (r"((?<![\w'’{])" + SUBJECT + r"|(?:(?<=: )|(?<=\bche )|(?<=\bcome )|^)" + SUBJECT.lower() + ")")
_SUBJECT_PERCENT = re.compile(_MARKER + r" %\((\w+)\)s" + _AFTER)
_SUBJECT_BRACE = re.compile(_MARKER + r" \{(\w+)\}" + _AFTER)
_SUBJECT_BARE_PERCENT = re.compile(_MARKER + r" (%\(\w+\)s)")
_SUBJECT_BARE_BRACE = re.compile(_MARKER + r" (\{\w+\})")
_POSSESSIVE = re.compile(r"(?<![\w'’])(suo|sua|suoi|sue)(?![\w'’])")


def _subjects(template: str, params: Mapping[str, Any], found: Mapping[str, Noun], brace: bool,
              escape: Callable[[str], str]) -> str:
    """Each subject "Il %(name)s verb" said with its article; a plural subject (a plural name or a
    list) takes the verb, and the possessives after it ("i suoi ordini"), in the plural."""
    parts: list[str] = []
    pos, plural = 0, False
    for match in (_SUBJECT_BRACE if brace else _SUBJECT_PERCENT).finditer(template):
        value = params.get(match.group(2))
        said = _phrase(found, match.group(1), value) if isinstance(value, str) else None
        if said is None:
            continue
        before = template[pos:match.start()]
        parts.append(_POSSESSIVE.sub("loro", before) if plural else before)
        plural = _is_plural(found, str(value))
        verb = plural_verb(match.group(4)) if plural else match.group(4)
        parts.append(f"{escape(said)}{match.group(3)} {verb}")
        pos = match.end()
    rest = template[pos:]
    return "".join(parts) + (_POSSESSIVE.sub("loro", rest) if plural else rest)


def articulate(template: str, params: Mapping[str, Any], found: Mapping[str, Noun], brace: bool = False) -> str:
    """``template`` with each "preposition %(name)s" whose value is a name of ``found`` written out
    ("in %(place)s" filled with "Regno Unito" -> "nel Regno Unito"), each subject "Il %(name)s verb"
    with its article and its verb agreeing ("Gli Stati Uniti liberano"); ``brace``: ``{name}``
    placeholders (the refusals' templates). The result is still a template for the other values."""

    def escape(said: str) -> str:
        return said.replace("{", "{{").replace("}", "}}") if brace else said.replace("%", "%%")

    def rewrite(match: re.Match[str]) -> str:
        value = params.get(match.group(2))
        said = _phrase(found, match.group(1), value) if isinstance(value, str) else None
        return match.group(0) if said is None else escape(said)

    template = _subjects(template, params, found, brace, escape)
    template = (_BRACE if brace else _PERCENT).sub(rewrite, template)
    # a subject marker left (the value is no known name): the name alone, never "Il Blu"
    return (_SUBJECT_BARE_BRACE if brace else _SUBJECT_BARE_PERCENT).sub(r"\2", template)


def shape(language: str, template: str, params: Mapping[str, Any], found: Mapping[str, Noun],
          brace: bool = False) -> str:
    """``template`` (already in ``language``) reworded for its values: Italian only, else unchanged."""
    if (language or "en").split("_")[0] != "it":
        return template
    return articulate(template, params, found, brace)
