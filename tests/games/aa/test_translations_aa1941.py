"""The A&A Italian catalog (domain "aa"): every message translated, refusals included, placeholders kept."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[3]
CATALOG = ROOT / "pbem" / "ui" / "aa" / "translations" / "it" / "LC_MESSAGES"
KEYWORDS = {"IllegalOrder": (2,), "InvalidOrder": (2,), "NotYourTurn": (2,), "GameOver": (2,), "N_": None}
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[a-z_0-9]+\}|%\([a-z_]+\)[sd]")


def _catalog():
    with (CATALOG / "aa.po").open("rb") as handle:
        return read_po(handle, locale="it")


def _text(value: object) -> str:
    return " ".join(value) if isinstance(value, tuple | list) else str(value or "")


def test_every_aa_message_has_an_italian_translation_and_none_is_fuzzy() -> None:
    catalog = _catalog()
    problems = [str(m.id) for m in catalog
                if m.id and (m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string))]
    assert problems == []
    assert len([m for m in catalog if m.id]) > 300


def test_every_refusal_template_of_the_aa_rules_is_in_the_catalog() -> None:
    """A refusal added to the playable A&A rules without its Italian sentence fails here (extract:
    docs/ui.md). The Anniversary and Global 1940 modules join when they become playable rulesets."""
    known = {m.id for m in _catalog() if m.id}
    missing = []
    for path in sorted((ROOT / "pbem" / "games" / "aa").rglob("*.py")):
        if {"anniversary", "global1940", "odds"} & set(path.relative_to(ROOT).parts):
            continue
        for _line, msgid, _comments, _context in extract_from_file("python", str(path), keywords=KEYWORDS):
            if isinstance(msgid, str) and msgid and msgid not in known:
                missing.append(f"{path.relative_to(ROOT)}: {msgid}")
    assert missing == []


def test_italian_aa_translations_keep_every_placeholder() -> None:
    wrong = [str(m.id) for m in _catalog() if m.id and
             sorted(PLACEHOLDER.findall(_text(m.id))) != sorted(PLACEHOLDER.findall(_text(m.string)))
             and not isinstance(m.id, tuple)]
    assert wrong == []


def _key(value: object) -> object:
    return tuple(value) if isinstance(value, tuple | list) else value


def test_compiled_aa_catalog_matches_the_po_file() -> None:
    po = {_key(m.id): _key(m.string) for m in _catalog() if m.id}
    with (CATALOG / "aa.mo").open("rb") as handle:
        mo = {_key(m.id): _key(m.string) for m in read_mo(handle) if m.id}
    assert mo == po
