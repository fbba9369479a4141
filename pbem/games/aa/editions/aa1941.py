"""Axis & Allies 1941 (2012): data in ``rules/aa1941/``, rule IDs ``AA41-*`` (specs/aa1941.md)."""

from __future__ import annotations

from pbem.engine.i18n import N_
from pbem.games.aa.edition import Edition, side_based_at_war

PHASES = ("purchase", "combat_move", "combat", "noncombat_move", "mobilize")
PHASE_LABELS = {
    "purchase": N_("purchase units"),
    "combat_move": N_("combat move"),
    "combat": N_("conduct combat"),
    "noncombat_move": N_("noncombat move"),
    "mobilize": N_("mobilize new units"),
}

OPTIONS = (
    {"name": "victory", "label": N_("Victory conditions (AA41-VIC-01)"), "type": "choice",
     "default": "two_capitals", "choices": [
         {"value": "two_capitals", "label": N_("Standard game: two capitals")},
         {"value": "one_capital", "label": N_("Quick game: one capital")}]},
    {"name": "setup", "label": N_("Starting setup"), "type": "choice", "default": "rulebook",
     "choices": [{"value": "rulebook", "label": N_("Rulebook")},
                 {"value": "errata", "label": N_("Rulebook with errata (+3 Soviet infantry,"
                                                 " +1 US infantry, +1 US destroyer)")}]},
    {"name": "dice", "label": N_("Dice"), "type": "choice", "default": "standard",
     "choices": [{"value": "standard", "label": N_("Standard dice")},
                 {"value": "low_luck", "label": N_("Low luck")}]},
    {"name": "ask_defender", "label": N_("Ask the defender to choose casualties"),
     "type": "bool", "default": False},
)

EDITION = Edition(
    key="aa1941",
    title="Axis & Allies 1941",
    folder="aa1941",
    rule_prefix="AA41",
    phases=PHASES,
    phase_labels=PHASE_LABELS,
    skipped_without_capital=("purchase", "mobilize"),  # AA41-SEQ-05, AMB-14
    options=OPTIONS,
    at_war=side_based_at_war,
)
