"""List the rule IDs of a spec checklist and the tests that name them.

Usage: python tools/rule_coverage.py [SPEC] [PREFIX]
(defaults: ../shared/specs/aa1941.md, AA41). Prints one line per uncovered ID and a summary.
A test "names" an ID when a test function name contains the ID with '-' replaced by '_'.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rule_ids(spec: Path, prefix: str) -> list[str]:
    """Every rule ID defined in the spec's checklist (bold ID at the start of an item)."""
    pattern = re.compile(rf"\*\*({prefix}-[A-Z]+(?:-[A-Z]+)?-\d+)\*\*")
    seen: dict[str, None] = {}
    for match in pattern.finditer(spec.read_text(encoding="utf-8")):
        seen.setdefault(match.group(1), None)
    return list(seen)


def test_names(tests_dir: Path) -> set[str]:
    names: set[str] = set()
    for path in tests_dir.rglob("test_*.py"):
        names.update(re.findall(r"^\s*(?:async\s+)?def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def uncovered(spec: Path, prefix: str, tests_dir: Path) -> tuple[list[str], list[str]]:
    ids = rule_ids(spec, prefix)
    names = test_names(tests_dir)
    missing = [i for i in ids if not any(i.replace("-", "_") + "_" in n or n.endswith(i.replace("-", "_"))
                                         for n in names)]
    return ids, missing


def main() -> int:
    spec = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "specs" / "aa1941.md"
    prefix = sys.argv[2] if len(sys.argv) > 2 else "AA41"
    ids, missing = uncovered(spec, prefix, ROOT / "tests")
    for rule in missing:
        print(f"uncovered {rule}")
    print(f"{len(ids) - len(missing)}/{len(ids)} rule IDs named by a test")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
