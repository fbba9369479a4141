"""Rule-ID coverage of the VICTORY spec (issue 13 acceptance: every ID named by a test)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT.parent / "shared" / "specs" / "victory.md"
HERE = Path(__file__).resolve().parent


def _tool():
    spec = importlib.util.spec_from_file_location("rule_coverage", ROOT / "tools" / "rule_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_VIC_every_rule_id_of_the_spec_is_named_by_a_test() -> None:
    tool = _tool()
    ids = (HERE / "victory_rule_ids.txt").read_text(encoding="utf-8").split()
    assert len(ids) == 231
    names = tool.test_names(ROOT / "tests")
    missing = [i for i in ids if not any(i.replace("-", "_") + "_" in n or n.endswith(i.replace("-", "_"))
                                         for n in names)]
    assert missing == []


def test_VIC_pinned_rule_ids_match_the_spec_when_it_is_present() -> None:
    if not SPEC.exists():
        return
    assert _tool().rule_ids(SPEC, "VIC") == (HERE / "victory_rule_ids.txt").read_text(encoding="utf-8").split()
