"""Strict whole numbers from text a client sent (form fields, query strings, cookies).

``str.isdigit`` is true for "²", "³" and other Unicode digits that ``int`` refuses, and
``int`` itself accepts " 12 ", "1_000", Arabic-Indic digits and numbers of thousands of
digits (then fails above 4,300 of them). A number a client sends is ASCII digits only, of
bounded length, within the bounds of the column or field it goes to; anything else is
``None`` here, and the caller answers with a clear refusal (never a 500).
"""

from __future__ import annotations

from collections.abc import Iterable

#: Ids and seqs are 32-bit integer columns on PostgreSQL.
MAX_INT32 = 2**31 - 1


def strict_int(text: str | None, lo: int = 0, hi: int = MAX_INT32) -> int | None:
    """``text`` as an int when it is ASCII digits (a leading ``-`` only if ``lo < 0``) with a
    value in ``[lo, hi]``; else ``None``."""
    if not isinstance(text, str):
        return None
    negative = text.startswith("-") and lo < 0
    digits = text[1:] if negative else text
    longest = max(len(str(abs(lo))), len(str(abs(hi))))
    if not digits or len(digits.lstrip("0")) > longest or len(digits) > longest + 8:
        return None
    if not (digits.isascii() and digits.isdigit()):
        return None
    value = -int(digits) if negative else int(digits)
    return value if lo <= value <= hi else None


def strict_ints(texts: Iterable[str], lo: int = 0, hi: int = MAX_INT32,
                most: int = 1000) -> list[int] | None:
    """Every one of ``texts`` as :func:`strict_int` (at most ``most`` of them); ``None`` if any
    one is not."""
    out: list[int] = []
    for text in texts:
        value = strict_int(text, lo, hi)
        if value is None or len(out) >= most:
            return None
        out.append(value)
    return out
