"""``pbem-odds``: battle odds from JSON (stdin or a file) to JSON (stdout). See docs/odds.md.

Input: ``{"battle": {...}, "options": {...}}`` or the battle object alone. Exit 2 with
``{"error": "..."}`` on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pbem.games.aa.odds import odds, options_from_json, spec_from_json


def run(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ValueError("The input is a JSON object.")
    battle = raw.get("battle", raw)
    spec = spec_from_json(battle)
    options = options_from_json(spec.edition, raw.get("options"))
    result = odds(spec, options).to_json()
    result.pop("outcomes", None)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-odds", description="Exact A&A battle odds, JSON in and out.")
    parser.add_argument("file", nargs="?", help="JSON input file (default: stdin)")
    parser.add_argument("--outcomes", action="store_true", help="also list every final outcome")
    args = parser.parse_args(argv)
    try:
        text = open(args.file, encoding="utf-8").read() if args.file else sys.stdin.read()
        raw = json.loads(text)
        out = run(raw)
        if args.outcomes:
            battle = raw.get("battle", raw)
            spec = spec_from_json(battle)
            out["outcomes"] = odds(spec, options_from_json(spec.edition, raw.get("options"))).outcomes
    except (OSError, ValueError) as exc:
        sys.stdout.write(json.dumps({"error": str(exc)}) + "\n")
        return 2
    sys.stdout.write(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
