"""Shared fixtures. The test-only ``race`` ruleset is registered for every test."""

from __future__ import annotations

from pbem.engine import register
from pbem.ui import register as register_ui

register("race", "tests.rulesets.race:factory")
register("race-hand", "tests.rulesets.race:hand_factory")
register_ui("race", "tests.rulesets.race_ui:UI")

pytest_plugins = ["tests.database_pass", "tests.fixtures_db", "tests.fixtures_web"]
