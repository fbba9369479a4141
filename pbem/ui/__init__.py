"""The registry of game UI packages: family -> its UI package, imported on first use.

A game family's UI package (``pbem/ui/<family>/``) holds everything a person sees of that game:
templates, static files, the forms built from the engine's ``legal_options`` and ``view``, the
board drawing and the describer (one sentence per event, in the reader's language). The web core
and the notifications reach a game only through :func:`ui_for`; registration is one line::

    register("aa", "pbem.ui.aa:UI")

A ruleset is matched by its ``family`` (``"aa."`` -> ``"aa"``), so every edition of a family
(A&A 1941, Anniversary...) gets the same UI. A family without a UI package gets the generic
:class:`~pbem.ui.base.GameUI`. See ``docs/ui.md``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbem.ui.base import GameUI

#: family -> "module:attribute" of its UI object (a GameUI instance).
UI_PACKAGES: dict[str, str] = {
    "aa": "pbem.ui.aa:UI",
    "awp": "pbem.ui.airwar_pacific:UI",
    "vic": "pbem.ui.victory:UI",
}

_loaded: dict[str, GameUI] = {}


def register(family: str, spec: str) -> None:
    """Register the UI package of ``family`` (``"module:attribute"``)."""
    UI_PACKAGES[family] = spec
    _loaded.pop(family, None)


def unregister(family: str) -> None:
    UI_PACKAGES.pop(family, None)
    _loaded.pop(family, None)


def family_of(ruleset: Any) -> str:
    """The family key of a ruleset: its event prefix without the dot (``"aa."`` -> ``"aa"``)."""
    return str(getattr(ruleset, "family", "") or getattr(ruleset, "key", "")).rstrip(".")


def ui_for_family(family: str) -> GameUI:
    if family in _loaded:
        return _loaded[family]
    spec = UI_PACKAGES.get(family)
    if spec is None:
        from pbem.ui.base import GameUI

        return GameUI()
    module_name, _, attr = spec.partition(":")
    found: GameUI = getattr(importlib.import_module(module_name), attr)
    _loaded[family] = found
    return found


def ui_for(ruleset: Any) -> GameUI:
    """The UI package of ``ruleset`` (a Ruleset, or a ruleset key)."""
    if isinstance(ruleset, str):
        from pbem.engine import load_ruleset

        ruleset = load_ruleset(ruleset)
    return ui_for_family(family_of(ruleset))


def all_uis() -> list[GameUI]:
    """Every registered UI package (the web registers their blueprints at start-up)."""
    return [ui_for_family(f) for f in sorted(UI_PACKAGES)]
