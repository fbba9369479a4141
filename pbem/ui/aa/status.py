"""The game page's table of powers and the facts of a space, for every edition: IPCs per treasury
(Global 1940: the UK's two economies), who is at war with whom (``wars``: pairs, Global 1940), the
neutrals by leaning, installations with their damage, kamikaze tokens and the victory track.

Everything comes from ``Ruleset.view(seat)``; an edition without these keys gets the table of
A&A 1941 (IPCs and production per power).
"""

from __future__ import annotations

from typing import Any

from pbem.ui.aa.describe import power_name
from pbem.ui.aa.sentences_global import LEANINGS
from pbem.ui.aa.vocabulary import TREASURIES, TREASURY_POWERS, UNIT_NAMES
from pbem.ui.i18n import Translator


def economy_production(view: dict[str, Any], board: dict[str, Any]) -> dict[str, int]:
    """Production per UK economy (the map's ``uk_economy`` of each territory the UK holds now)."""
    out: dict[str, int] = {}
    for name, owner in (view.get("owners") or {}).items():
        space = board["spaces"].get(name) or {}
        if owner in TREASURY_POWERS.values() and space.get("uk_economy") in TREASURY_POWERS:
            out[space["uk_economy"]] = out.get(space["uk_economy"], 0) + int(space.get("value") or 0)
    return out


def power_rows(view: dict[str, Any], names: dict[str, str], _: Translator,
               board: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Per power (and per treasury of a power with two): ``power`` (its id, for the swatch),
    ``name``, ``ipcs``, ``production`` and, where the view knows wars, ``enemies`` (names) or
    ``None`` (not at war with anyone)."""
    ipcs = view.get("ipcs") or {}
    production = {**(view.get("production") or {}), **(economy_production(view, board) if board else {})}
    wars = view.get("wars")
    rows = []
    for power, name in names.items():
        treasuries = [t for t, owner in TREASURY_POWERS.items() if owner == power and t in ipcs] or [power]
        enemies: list[str] | None = None
        if isinstance(wars, list):
            enemies = [power_name(_, b if a == power else a, names) for a, b in wars if power in (a, b)]
        for treasury in treasuries:
            rows.append({"power": power, "name": _(TREASURIES[treasury]) if treasury in TREASURIES else name,
                         "ipcs": ipcs.get(treasury, 0), "production": production.get(treasury, production.get(
                             power, 0) if treasury == power else 0),
                         "enemies": enemies, "wars": isinstance(wars, list)})
    return rows


def treasury_names(names: dict[str, str], _: Translator) -> dict[str, str]:
    """Every treasury's name in the reader's language: a power's own, the UK's two economies."""
    return {**names, **{t: _(label) for t, label in TREASURIES.items()}}


def installation_facts(view: dict[str, Any], _: Translator) -> dict[str, list[str]]:
    """``{territory: ["air base: 3 damage markers", "naval base"]}`` in the reader's language."""
    out: dict[str, list[str]] = {}
    for territory, kinds in (view.get("installations") or {}).items():
        for kind, damage in sorted(kinds.items()):
            name = _(UNIT_NAMES.get(kind, (kind, kind))[0])
            out.setdefault(str(territory), []).append(
                _("%(kind)s: %(n)s damage markers", kind=name, n=damage) if damage else name)
    return out


def space_facts(view: dict[str, Any], _: Translator) -> dict[str, list[str]]:
    """What the space panel says of a territory beyond owner, value and units: its leaning while
    neutral and its installations (only the spaces that have any: the page stays small)."""
    facts = installation_facts(view, _)
    for territory, kind in (view.get("neutrals") or {}).items():
        facts.setdefault(str(territory), []).insert(0, _(LEANINGS.get(kind, kind)))
    return facts


def edition_lines(view: dict[str, Any], _: Translator) -> list[str]:
    """Lines under the table of powers: kamikaze tokens left, the victory track (Global 1940)."""
    lines = []
    if "kamikaze_tokens" in view:
        lines.append(_("Kamikaze attacks left to Japan: %(n)s", n=view["kamikaze_tokens"]))
    track = view.get("victory_track")
    if isinstance(track, dict) and (track.get("axis") or track.get("allies")):
        lines.append(_("Victory conditions held: the Axis for %(axis)s turns in a row, the Allies for %(allies)s",
                       axis=track.get("axis", 0), allies=track.get("allies", 0)))
    return lines
