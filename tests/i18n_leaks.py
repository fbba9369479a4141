"""Finding English in text an Italian reader receives, checked against the message catalogs.

Every msgid of every Italian catalog (site ``messages``, ``notify``, platform ``ui``, every UI
package) whose Italian differs from its English is a phrase that must not appear in Italian text:
a plain msgid whole, a msgid with placeholders by its longest literal fragment of two words or
more. Words that are the same in both languages (a msgid that appears inside some Italian
translation, e.g. "IPC", "Round", "low luck") and the proper names of :data:`ALLOWED` pass.
"""

from __future__ import annotations

import re
from functools import cache
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
                if not m.id or not m.string:
                    continue
                ids = list(m.id) if isinstance(m.id, tuple) else [m.id]
                strings = [s for s in (m.string if isinstance(m.string, tuple) else [m.string]) if s]
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
