"""Every rule ID of each family's spec checklist is named by a test.

The specs live in ``../shared/specs`` (next to the repository): a missing spec is a FAILURE, not a
pass. Each family pins its list (``tests/games/<family>/<spec>_rule_ids.txt``) so that a change of
the spec shows in review.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from tests.conformance.conftest import FAMILIES, load

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT.parent / "shared" / "specs"
WITH_SPEC = [family for family in FAMILIES if load(family).spec]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_coverage", ROOT / "tools" / "rule_coverage.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pinned(family: str) -> Path:
    return ROOT / "tests" / "games" / family / (Path(load(family).spec).stem + "_rule_ids.txt")


@pytest.mark.parametrize("family", WITH_SPEC)
def test_spec_is_present_and_matches_the_pinned_rule_ids(family: str) -> None:
    conf = load(family)
    spec = SPECS / conf.spec
    assert spec.exists(), f"the rules checklist {spec} is missing: put ../shared/specs next to the repository"
    ids = [i for prefix in conf.rule_prefixes for i in _tool().rule_ids(spec, prefix.rstrip("-"))]
    assert ids, f"no rule ids with prefixes {conf.rule_prefixes} in {spec}"
    assert ids == _pinned(family).read_text(encoding="utf-8").split()


@pytest.mark.parametrize("family", WITH_SPEC)
def test_every_rule_id_of_the_spec_is_named_by_a_test(family: str) -> None:
    ids = _pinned(family).read_text(encoding="utf-8").split()
    names = _tool().test_names(ROOT / "tests")
    missing = [i for i in ids if not any(i.replace("-", "_") in n for n in names)]
    assert missing == []
