"""Game vocabulary the league pages show: the sides' names (translated)."""

from __future__ import annotations

from flask_babel import gettext as _

from pbem.services.common import ruleset_of


def side_label(ruleset_key: str, side: str | None) -> str:
    if not side:
        return ""
    known = {"axis": _("Axis"), "allies": _("Allies")}
    if side in known:
        return known[side]
    try:
        seats = ruleset_of(ruleset_key).seats({})
    except Exception:  # noqa: BLE001 - a name is cosmetic; fall back to the id
        return side
    names = [str(s.get("name", s["id"])) for s in seats if (s.get("side") or s["id"]) == side]
    return ", ".join(names) or side
