"""Whole-number form fields and query arguments for views: a bad one ends the request with a
400 that says which field and what it takes (the parsing itself: :mod:`pbem.int_input`)."""

from __future__ import annotations

from typing import Any

from flask import abort
from flask_babel import gettext as _

from pbem.int_input import MAX_INT32, strict_int, strict_ints


def refuse_field(name: str, lo: int, hi: int) -> None:
    abort(400, description=_("'%(name)s' takes whole numbers from %(lo)s to %(hi)s (digits 0-9).",
                             name=name, lo=lo, hi=hi))


def form_int(form: Any, name: str, default: int | None = None, lo: int = 0,
             hi: int = MAX_INT32) -> int:
    """The field ``name`` of ``form`` (``default`` when absent or empty, if one is given)."""
    raw = form.get(name)
    if raw in (None, "") and default is not None:
        return default
    value = strict_int(raw, lo, hi)
    if value is None:
        refuse_field(name, lo, hi)
    assert value is not None
    return value


def form_ids(form: Any, name: str) -> list[int]:
    """Every value of the repeated field ``name`` (unit ids and the like)."""
    values = strict_ints(form.getlist(name))
    if values is None:
        refuse_field(name, 0, MAX_INT32)
    assert values is not None
    return values
