"""A game family's catalog checked against its code, as ``pybabel extract`` reads it now.

Comparing the Italian ``.po`` with the committed ``.pot`` misses a message the ``.pot`` never got
(a refusal template passed through a helper without ``N_``, then marked but not re-extracted):
these helpers extract the family's domain live, with its ``babel.cfg`` and the keywords of
docs/ui.md ("Translations"), and report what the ``.po`` lacks.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
#: docs/ui.md, "Translations": ``-k IllegalOrder:2 -k InvalidOrder:2 -k NotYourTurn:2 -k GameOver:2 -k N_``
KEYWORDS = {"IllegalOrder": (2,), "InvalidOrder": (2,), "NotYourTurn": (2,), "GameOver": (2,), "N_": None}


def translations(family: str) -> Path:
    """``pbem/ui/<family>/translations``."""
    return ROOT / "pbem" / "ui" / family / "translations"


@cache
def extracted(family: str) -> dict[str, tuple[str, ...]]:
    """What ``pybabel extract -F pbem/ui/<family>/babel.cfg`` finds: msgid -> (singular[, plural])."""
    with (ROOT / "pbem" / "ui" / family / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    out: dict[str, tuple[str, ...]] = {}
    for _path, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords={**DEFAULT_KEYWORDS, **KEYWORDS}):
        ids = tuple(message) if isinstance(message, tuple | list) else (message,)
        if ids[0]:
            out[ids[0]] = ids
    return out


def italian(family: str) -> Catalog:
    """The family's Italian catalog (``it/LC_MESSAGES/<family>.po``)."""
    with (translations(family) / "it" / "LC_MESSAGES" / f"{family}.po").open("rb") as handle:
        return read_po(handle, locale="it")


def template(family: str) -> set[str]:
    """The msgids of the committed ``<family>.pot``."""
    with (translations(family) / f"{family}.pot").open("rb") as handle:
        return {_singular(m) for m in read_po(handle) if m.id}


def _singular(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple | list) else message.id)


def untranslated(family: str) -> list[str]:
    """Each msgid the code marks that the Italian ``.po`` lacks, leaves empty or fuzzy, or holds
    without the plural the code uses."""
    po = {_singular(m): m for m in italian(family) if m.id}
    problems = []
    for msgid, ids in sorted(extracted(family).items()):
        found = po.get(msgid)
        if found is None:
            problems.append(msgid)
            continue
        strings = found.string if isinstance(found.string, tuple | list) else (found.string,)
        plural = len(found.id) if isinstance(found.id, tuple | list) else 1
        if found.fuzzy or not all(strings) or len(ids) != plural:
            problems.append(msgid)
    return problems


def missing_from_template(family: str) -> list[str]:
    """Each msgid the code marks that the committed ``.pot`` lacks (extract it again)."""
    return sorted(set(extracted(family)) - template(family))
