"""The VICTORY forms (they work without JavaScript): each posted form becomes one engine order.

Nothing here checks a rule: the engine validates every order and refuses it with its rule ID.
Field values are the entries ``legal_options`` offered (``page.move_value``, ``page.action_value``).
"""

from __future__ import annotations

from typing import Any

from pbem.int_input import strict_int
from pbem.ui.base import FormFieldError


def _steps(form: Any, name: str) -> int:
    raw = form.get(name)
    if raw in (None, ""):
        return 0
    value = strict_int(raw, 0, 4)  # a block has at most 4 steps (VIC-UNIT-GEN-01)
    if value is None:
        raise FormFieldError(name, 0, 4)
    return value


def _picked(form: Any, prefix: str) -> dict[str, str]:
    """``{block: value}`` of the fields ``<prefix><block>`` with a value."""
    return {k[len(prefix) :]: v for k, v in form.items() if k.startswith(prefix) and v}


def move(value: str) -> dict[str, Any]:
    block, mode, path, onto = (value.split("|") + ["", "", "", ""])[:4]
    entry: dict[str, Any] = {"block": block, "mode": mode, "path": [h for h in path.split(",") if h]}
    if onto:
        entry["onto"] = onto
    return {"type": "move", "moves": [entry]}


def act(block: str, value: str) -> dict[str, Any]:
    action, target, to = (value.split("|") + ["", "", ""])[:3]
    order: dict[str, Any] = {"type": "act", "block": block, "action": action}
    if target:
        order["target"] = target
    if to:
        order["to"] = to
    return order


def produce(form: Any) -> dict[str, Any]:
    builds: list[dict[str, Any]] = []
    for city, kind in sorted(_picked(form, "new-").items()):
        steps = _steps(form, f"newsteps-{city}") or 1
        builds.append({"city": city, "new": kind, "steps": steps})
    for key in sorted(form.keys()):
        if key.startswith("add-"):
            steps = _steps(form, key)
            city, _sep, block = key[4:].partition(":")
            if steps:
                builds.append({"city": city, "block": block, "steps": steps})
    return {"type": "produce", "builds": builds}


def build_order(kind: str, form: Any) -> dict[str, Any] | None:
    """The engine order a form of the VICTORY page stands for (``None``: no such form)."""
    if kind == "move":
        return move(form.get("move", ""))
    if kind == "end_move":
        restart = form.getlist("restart")
        return {"type": "end_move", **({"restart": restart} if restart else {})}
    if kind == "air_cover":
        return {"type": "air_cover", "blocks": _picked(form, "cover-")}
    if kind == "choose_battle":
        return {"type": "choose_battle", "hex": form.get("hex", "")}
    if kind == "act":
        block, _sep, value = form.get("action", "").partition("#")
        return act(block, value)
    if kind == "take_hit":
        return {"type": "take_hit", "block": form.get("block", "")}
    if kind == "retreat_all":
        return {
            "type": "retreat_all",
            "moves": _picked(form, "to-"),
            **({"blockade": True} if form.get("blockade") == "1" else {}),
        }
    if kind == "rebase":
        return {"type": "rebase", "moves": _picked(form, "base-")}
    if kind == "end_turn":
        return {"type": "end_turn", "beachheads": form.getlist("beachheads"), "cancel": form.getlist("cancel")}
    if kind == "produce":
        return produce(form)
    if kind == "deploy":
        return {"type": "deploy", "placements": _picked(form, "place-")}
    return None
