"""Every refusal of the shared code names a Global 1940 rule of the checklist."""

from __future__ import annotations

import re
from pathlib import Path

from pbem.games.aa.global1940.rule_ids import RULE_IDS
from tests.games.global1940.facade import RS

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT.parent / "shared" / "specs" / "global1940.md"


def test_refusals_of_the_shared_code_name_rules_of_the_global1940_checklist() -> None:
    known = set(re.findall(r"\*\*(G40-[A-Z]+(?:-[A-Z]+)?-\d+)\*\*", SPEC.read_text("utf-8")))
    assert set(RULE_IDS.values()) <= known
    shared = "".join(p.read_text("utf-8") for p in (ROOT / "pbem" / "games" / "aa").glob("*.py"))
    # ORDER/POS: malformed orders and positions, the family's own IDs in every edition
    named = {i for i in re.findall(r'"(AA41-(?:[A-Z]+-)+\d+)"', shared)
             if not i.startswith(("AA41-ORDER-", "AA41-POS-"))}
    assert len(named) > 50
    wrong = sorted(i for i in named if RS.edition.rule_id(i) not in known)
    assert wrong == []
