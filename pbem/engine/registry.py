"""The registry of rulesets: ``load_ruleset("aa1941")``.

Rulesets register by key with the dotted path of a factory, imported on first
use (python-chess ``find_variant``). Tests may register their own rulesets.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from pbem.engine.errors import UnknownRuleset
from pbem.engine.ruleset import Ruleset

#: key -> "module:factory" (a callable returning a Ruleset).
RULESETS: dict[str, str] = {
    "aa1941": "pbem.games.aa:aa1941",
    "anniversary": "pbem.games.aa:anniversary_edition",
    "global1940": "pbem.games.aa:global1940_edition",
    "victory": "pbem.games.victory:victory",
    "airwar_pacific": "pbem.games.airwar_pacific:airwar_pacific",
}

_loaded: dict[str, Ruleset] = {}
_factories: dict[str, Callable[[], Ruleset]] = {}


def register(key: str, factory: str | Callable[[], Ruleset]) -> None:
    """Register a ruleset factory (a callable or ``"module:callable"``) under ``key``."""
    _loaded.pop(key, None)
    if isinstance(factory, str):
        RULESETS[key] = factory
        _factories.pop(key, None)
    else:
        _factories[key] = factory
        RULESETS[key] = f"{factory.__module__}:{getattr(factory, '__qualname__', 'factory')}"


def unregister(key: str) -> None:
    RULESETS.pop(key, None)
    _factories.pop(key, None)
    _loaded.pop(key, None)


def available() -> list[str]:
    """The keys of every registered ruleset, sorted."""
    return sorted(RULESETS)


def load_ruleset(key: str) -> Ruleset:
    """The ruleset registered under ``key``; :class:`UnknownRuleset` if there is none."""
    if key in _loaded:
        return _loaded[key]
    if key not in RULESETS:
        known = ", ".join(available()) or "none"
        raise UnknownRuleset(f"unknown ruleset: {key!r} (known: {known})")
    factory = _factories.get(key)
    if factory is None:
        module_name, _, attr = RULESETS[key].partition(":")
        factory = getattr(importlib.import_module(module_name), attr)
    ruleset = factory()
    _loaded[key] = ruleset
    return ruleset
