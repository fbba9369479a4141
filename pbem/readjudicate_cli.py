"""``pbem-readjudicate FILE.json``: re-run an exported game under the rules installed now.

Reads a game export (``flask pbem export`` or the web page; see docs/event-log.md), re-submits
every order with the logged dice and prints the first diverging seq, or "no divergence". Exit code
0 when nothing diverges, 1 when something does, 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from pbem.engine import ReplayError, UnknownRuleset, load_ruleset
from pbem.engine.readjudicate import readjudicate
from pbem.verify_cli import register_extra_rulesets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-readjudicate", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a game exported with `flask pbem export` or the web page")
    parser.add_argument("--ruleset", action="append", default=[], metavar="KEY=MODULE:FACTORY",
                        help="register an extra ruleset (e.g. race=tests.rulesets.race:factory)")
    args = parser.parse_args(argv)
    register_extra_rulesets(parser, args.ruleset)
    try:
        with open(args.file, encoding="utf-8") as fh:
            data = json.load(fh)
        events = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in data["events"]]
        ruleset = load_ruleset(events[0]["payload"]["ruleset"])
        report = readjudicate(ruleset, events)
    except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
        kind = "unknown ruleset" if isinstance(exc, UnknownRuleset) else "cannot read"
        kind = "cannot replay" if isinstance(exc, ReplayError) else kind
        print(f"{kind} {args.file}: {exc}", file=sys.stderr)
        return 2
    print(report.summary())
    if report.diverged:
        print(f"logged: {json.dumps(report.expected, ensure_ascii=False)[:2000]}")
        print(f"now:    {json.dumps(report.got, ensure_ascii=False)[:2000]}")
    return 1 if report.diverged else 0


if __name__ == "__main__":
    sys.exit(main())
