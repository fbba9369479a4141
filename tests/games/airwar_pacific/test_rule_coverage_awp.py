"""Every rule ID of the Airwar Pacific! spec is named by at least one test (issue 14 acceptance)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT.parent / "shared" / "specs" / "airwar_pacific.md"
PINNED = Path(__file__).with_name("airwar_pacific_rule_ids.txt")


def spec_ids(text: str) -> list[str]:
    return list(dict.fromkeys(re.findall(r"^- \[ \] \*\*(AWP-[A-Z0-9-]+)\*\*", text, re.M)))


def all_test_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def named(rule: str, names: set[str]) -> bool:
    token = rule.replace("-", "_")
    return any(token + "_" in n or n.endswith(token) for n in names)


def test_AWP_all_145_rule_ids_are_named_by_a_test() -> None:
    ids = PINNED.read_text(encoding="utf-8").split()
    assert len(ids) == 145
    names = all_test_names()
    assert [i for i in ids if not named(i, names)] == []


def test_AWP_pinned_ids_match_the_spec_when_it_is_present() -> None:
    if not SPEC.exists():
        return
    assert spec_ids(SPEC.read_text(encoding="utf-8")) == PINNED.read_text(encoding="utf-8").split()
