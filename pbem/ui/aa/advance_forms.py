"""The forms of two research advances, built from the engine's ``legal_options`` (nothing here
checks a rule: the engine validates every order and refuses with its rule ID).

* Rockets: ``legal_options["rockets"]`` is ``{site: [target territory]}`` (Anniversary, one
  complex per territory) or ``{site: [{"target", "kind", "rule"}]}`` (Global 1940, G40-TECH-09:
  an installation named). One form per launching site; the Global 1940 choice posts
  ``target|kind``.
* Paratroopers (Global 1940, G40-TECH-10): ``legal_options["paradrops"]``, one form per air
  base that may still drop: the target chosen, the first infantry listed drops (they are all
  alike); the targets other land units do not attack yet are marked.
"""

from __future__ import annotations

from typing import Any

from pbem.int_input import strict_int
from pbem.ui.base import FormFieldError
from pbem.ui.i18n import Translator


def rockets(legal: dict[str, Any], names: dict[str, tuple[str, str]], _: Translator) -> list[dict[str, Any]]:
    """Per launching site: ``{"from", "rule", "choices": [{"value", "label"}]}``."""
    out = []
    for site, targets in sorted((legal.get("rockets") or {}).items()):
        choices, rule = [], ""
        for t in targets:
            if isinstance(t, dict):  # a key read inside ``_()`` would be taken for a message by pybabel
                kind, target = names.get(t["kind"], (t["kind"],))[0], str(t["target"])
                choices.append({"value": f"{target}|{t['kind']}",
                                "label": _("%(kind)s in %(space)s", kind=kind, space=_(target))})
                rule = str(t.get("rule", ""))
            else:
                choices.append({"value": str(t), "label": _(str(t))})
        out.append({"from": site, "rule": rule, "choices": choices})
    return out


def paradrops(legal: dict[str, Any], _: Translator) -> list[dict[str, Any]]:
    """Per air base: ``{"from", "from_name", "infantry": the id that drops, "left", "rule",
    "choices"}`` (``from_name`` translated before an ``ngettext``);
    a choice's label says when other land units do not attack that target yet."""
    out = []
    for offer in legal.get("paradrops") or []:
        attacked = set(offer.get("attacked") or [])
        choices = [{"value": t, "attacked": t in attacked,
                    "label": _(t) if t in attacked else _("%(space)s (no land attack there yet)", space=_(t))}
                   for t in offer["targets"]]
        base = str(offer["from"])
        out.append({"from": base, "from_name": _(base), "infantry": offer["infantry"][0],
                    "left": offer["left"],
                    "rule": offer.get("rule", ""), "choices": choices})
    return out


def rocket_order(form: Any) -> dict[str, Any]:
    """``from`` and ``target`` (``territory`` or ``territory|installation``)."""
    target, sep, kind = str(form.get("target", "")).partition("|")
    order = {"type": "declare_rocket", "from": form.get("from", ""), "target": target}
    return order | ({"kind": kind} if sep else {})


def paradrop_order(form: Any) -> dict[str, Any]:
    """One infantry (``infantry``, an id) from the air base ``from`` onto ``target``."""
    infantry = strict_int(form.get("infantry"))
    if infantry is None:
        raise FormFieldError("infantry")
    return {"type": "paradrop", "infantry": infantry, "route": [form.get("from", ""), form.get("target", "")]}
