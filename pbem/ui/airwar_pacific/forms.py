"""The Airwar Pacific! forms (they work without JavaScript): each posted form becomes one order.

The page builds every form from ``legal_options`` (card ids, hosts, targets, slots); nothing here
checks a rule: the engine validates the order and refuses with its rule ID.

Form kinds (``kind``): ``pick`` (one complete order the engine listed, as JSON in ``order``: deal,
pass, engage, battle, counter, base loss), ``mobilize``, ``attack``, ``intercept``, ``allocate``,
``convoy_discard``.
"""

from __future__ import annotations

import json
from typing import Any

#: the longest form value taken (a card id is at most ~60 characters)
LONGEST = 2000


def _text(form: Any, name: str) -> str:
    return str(form.get(name, "") or "")[:LONGEST].strip()


def _list(form: Any, name: str) -> list[str]:
    return [str(v)[:LONGEST] for v in form.getlist(name) if v][:200]


def _pick(form: Any) -> dict[str, Any] | None:
    try:
        order = json.loads(_text(form, "order"))
    except ValueError:
        return None
    return order if isinstance(order, dict) and isinstance(order.get("type"), str) else None


def _mobilize(form: Any) -> dict[str, Any]:
    cards = []
    for cid in _list(form, "card"):
        host = _text(form, f"host-{cid}")
        cards.append({"card": cid, "host": host} if host else {"card": cid})
    return {"type": "mobilize", "cards": cards}


def _attack(form: Any) -> dict[str, Any]:
    if _text(form, "action") == "pass":
        return {"type": "pass"}
    raw = _text(form, "target")
    target = {"kind": "base", "base": raw[5:]} if raw.startswith("base:") else {"kind": "resources"}
    mission = _list(form, "mission")
    launch = {cid: _text(form, f"launch-{cid}") for cid in mission if _text(form, f"launch-{cid}")}
    return {"type": "attack", "target": target, "mission": mission} | ({"launch": launch} if launch else {})


def _intercept(form: Any) -> dict[str, Any]:
    if _text(form, "action") == "pass":
        return {"type": "pass"}
    cards = []
    for cid in _list(form, "cards"):
        entry = {"card": cid, "slot": _text(form, f"slot-{cid}") or "airbase"}
        if _text(form, f"base-{cid}"):
            entry["base"] = _text(form, f"base-{cid}")
        cards.append(entry)
    return {"type": "intercept", "cards": cards}


def build_order(kind: str, form: Any) -> dict[str, Any] | None:
    """The engine order a form of the Airwar Pacific! page stands for (``None``: no such form)."""
    if kind == "pick":
        return _pick(form)
    if kind == "mobilize":
        return _mobilize(form)
    if kind == "attack":
        return _attack(form)
    if kind == "intercept":
        return _intercept(form)
    if kind == "allocate":
        return {"type": "allocate", "convoy": _list(form, "convoy"), "parafrag": form.get("parafrag") == "1"}
    if kind == "convoy_discard":
        return {"type": "convoy_discard", "cards": _list(form, "cards")}
    return None
