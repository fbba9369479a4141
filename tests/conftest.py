"""Shared fixtures. The test-only ``race`` ruleset is registered for every test."""

from __future__ import annotations

from pbem.engine import register

register("race", "tests.rulesets.race:factory")

pytest_plugins = ["tests.fixtures_db", "tests.fixtures_web"]
