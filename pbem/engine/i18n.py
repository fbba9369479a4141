"""The no-op translation marker of the rules engines: ``N_("Standard dice")``.

The engines are pure and never translate: ``N_`` returns its argument unchanged. It marks an
English string a person will read (an option label or choice, a phase or decision name in
``owed()``) so that Babel extracts it (keyword ``N_``) into the catalogs; a game's UI package
translates the same string at display time (``gettext(label)``). A refusal template written as
the 2nd argument of ``IllegalOrder``/``InvalidOrder``/``NotYourTurn``/``GameOver`` needs no marker
(keywords ``IllegalOrder:2`` etc.); one that reaches the refusal through a variable does: a
``("RULE-ID", N_("..."), params)`` tuple, a literal passed to a helper
(``_refuse(rule, N_("{space} ..."), ...)``). tests/engine/test_refusal_templates_are_extracted.py
checks every rules module.
"""

from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - the conventional name of a gettext no-op marker
    """Mark ``message`` for extraction; return it unchanged."""
    return message
