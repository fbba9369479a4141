"""The A&A Italian catalog (domain "aa"): every message the code marks (the UI package and the rules
of every edition, refusals included) extracted into aa.pot and translated in aa.po, placeholders kept,
nothing hidden from pybabel."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from tests.i18n_catalogs import extracted, missing_from_template, untranslated

ROOT = Path(__file__).resolve().parents[3]
CATALOG = ROOT / "pbem" / "ui" / "aa" / "translations" / "it" / "LC_MESSAGES"
RULE_ID = re.compile(r"[A-Z0-9]+(-[A-Z0-9]+)+")
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


def _extracted() -> dict[str, tuple[str, ...]]:
    """What ``pybabel extract`` finds (docs/ui.md, "Translations"): msgid -> (singular[, plural])."""
    return extracted("aa")


def test_every_message_the_aa_code_marks_has_its_italian_translation() -> None:
    """Every msgid ``pybabel extract`` finds in the A&A UI package and the rules of every edition
    (Anniversary's and Global 1940's included) is in aa.po, translated, not fuzzy, with its plural."""
    assert untranslated("aa") == []
    assert len(_extracted()) > 1200


def test_the_aa_template_holds_every_message_of_the_code() -> None:
    """aa.pot is extracted again when messages are added (docs/ui.md, "Translations")."""
    assert missing_from_template("aa") == []


def _literal_calls(path: Path) -> list[tuple[str, str, ast.Call | ast.Tuple]]:
    """``(kind, literal, node)``: gettext calls (``_``, ``s._``, ``ngettext``, ``N_``) and refusals
    (``("RULE-ID", "template", params)`` tuples and calls) with a literal message."""
    out: list[tuple[str, str, ast.Call | ast.Tuple]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            first = node.args[0] if node.args else None
            if name in ("_", "gettext", "ngettext", "N_") and isinstance(first, ast.Constant) and isinstance(
                    first.value, str):
                out.append(("ngettext" if name == "ngettext" else "gettext", first.value, node))
        elements = node.elts if isinstance(node, ast.Tuple) else node.args if isinstance(node, ast.Call) else []
        if (len(elements) >= 2 and isinstance(elements[0], ast.Constant) and isinstance(elements[0].value, str)
                and RULE_ID.fullmatch(elements[0].value) and isinstance(elements[1], ast.Constant)
                and isinstance(elements[1].value, str)):
            out.append(("refusal", elements[1].value, node))
    return out


def test_every_literal_message_of_the_aa_code_is_seen_by_pybabel() -> None:
    """A message pybabel cannot see is never translated: a refusal template returned in a tuple
    without ``N_``, or a ``_`` call inside another call's arguments (write its result first)."""
    extracted = _extracted()
    hidden = []
    for root in ("pbem/ui/aa", "pbem/games/aa"):
        for path in sorted((ROOT / root).rglob("*.py")):
            for kind, literal, node in _literal_calls(path):
                where = f"{path.relative_to(ROOT)}:{node.lineno}: {literal[:60]}"
                if literal not in extracted or (kind == "ngettext" and len(extracted[literal]) != 2):
                    hidden.append(where)
    assert hidden == []


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
