"""Finding English in text an Italian reader receives, checked against the message catalogs.

Every msgid of every Italian catalog (site ``messages``, ``notify``, platform ``ui``, every UI
package) whose Italian differs from its English is a phrase that must not appear in Italian text:
a plain msgid whole, a msgid with placeholders by its longest literal fragment of two words or
more; an untranslated msgid is English too (but a rules refusal still waiting for its Italian,
which the refusal catalog's own test reports). Words that are the same in both languages (a
msgid that appears inside some Italian translation, e.g. "IPC", "Round", "low luck") and the
proper names of :data:`ALLOWED` pass.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
#: Proper names and words identical in both languages that a catalog also has as an English msgid.
ALLOWED = frozenset({"pbem", "ANZAC", "PostgreSQL", "SQLite", "API", "JSON", "OK", "Email", "email", "Login",
                     "Chromium", "Axis & Allies", "Round", "IPC", "IPCs", "Webhook", "webhook"})
_PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sd]|%[sd]|\{[a-z_0-9]*\}")


def catalogs() -> list[Path]:
    return sorted(p for p in ROOT.glob("pbem/**/translations/it/LC_MESSAGES/*.po"))


@cache
def phrases() -> dict[str, str]:
    """English phrase -> the msgid it comes from, for every phrase that must not show in Italian."""
    pairs: list[tuple[str, str]] = []
    italian: list[str] = []
    for path in catalogs():
        with path.open("rb") as f:
            for m in read_po(f):
                if not m.id:
                    continue
                ids = list(m.id) if isinstance(m.id, tuple) else [m.id]
                strings = [s for s in (m.string if isinstance(m.string, tuple) else [m.string]) if s]
                if (not strings or m.fuzzy) and all(f.startswith("pbem/games/") for f, _line in m.locations):
                    continue  # a rules refusal not yet translated: checked by the refusal catalog's own test
                italian.extend(strings)
                for english in ids:
                    if english not in strings:
                        pairs.append((english, english))
    every_italian = "\n".join(italian)
    out: dict[str, str] = {}
    for msgid, english in pairs:
        literal = max((f.strip(" .,:;()[]\u2192-\u2014") for f in _PLACEHOLDER.split(english)), key=len)
        if _PLACEHOLDER.search(english) and len(literal.split()) < 2:
            continue
        if len(literal) < 4 or literal in ALLOWED or literal in every_italian:
            continue
        out[literal] = msgid
    return out


@cache
def _pattern() -> re.Pattern[str]:
    alternatives = "|".join(re.escape(p) for p in sorted(phrases(), key=len, reverse=True))
    return re.compile(r"(?<![\w])(" + alternatives + r")(?![\w])")


def english_in(text: str) -> list[str]:
    """The catalog msgids whose English shows in ``text`` (whole words, case as written)."""
    found: set[str] = set()
    pattern, table = _pattern(), phrases()
    position = 0
    while (match := pattern.search(text, position)) is not None:
        found.add(table[match.group(1)])
        position = match.start() + 1
    return sorted(found)


class _Visible(HTMLParser):
    """The text of an HTML page a person reads: text outside scripts and styles, and the
    ``aria-label``, ``title``, ``placeholder``, ``alt`` attributes and the labels of buttons."""

    SKIP = {"script", "style", "template"}
    ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        found = dict(attrs)
        self.parts.extend(str(found[a]) for a in self.ATTRIBUTES if found.get(a))
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            self.parts.append(str(found["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return "\n".join(parser.parts)
