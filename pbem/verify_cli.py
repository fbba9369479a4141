"""``pbem-verify FILE.json``: check an exported game offline (no server, no database).

Checks the hash chain, replays the log with this installation's rulesets,
compares the final fingerprint and (when ``pbem.engine.dice_verify`` is
installed) the dice. Prints ``OK`` or the problems, first mismatch first; exit
code 0 when sound, 1 when not, 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from pbem.engine import register
from pbem.engine.dice_verify import verify_dice
from pbem.services.export import verify_export

__all__ = ["main", "verify_export"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-verify", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a game exported with `flask pbem export` or the web page")
    parser.add_argument("--ruleset", action="append", default=[], metavar="KEY=MODULE:FACTORY",
                        help="register an extra ruleset (e.g. race=tests.rulesets.race:factory)")
    args = parser.parse_args(argv)
    register_extra_rulesets(parser, args.ruleset)
    try:
        with open(args.file, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    if isinstance(data, dict) and data.get("format") == "pbem-dice-ledger":
        return _dice_ledger(data)
    problems = verify_export(data)
    if not problems:
        events = data["events"]
        print(f"OK: {len(events)} events, final hash {events[-1]['hash']}")
        print(f"dice {_dice_summary(events)}")
        return 0
    for problem in problems:
        print(problem)
    return 1


def register_extra_rulesets(parser: argparse.ArgumentParser, specs: list[str]) -> None:
    """``--ruleset KEY=MODULE:FACTORY`` options: register each (modules relative to the cwd)."""
    if specs and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # modules named relative to where the command runs
    for spec in specs:
        key, sep, target = spec.partition("=")
        if not sep or ":" not in target:
            parser.error(f"--ruleset wants KEY=MODULE:FACTORY, not {spec!r}")
        register(key, target)


def _dice_summary(events: list[dict]) -> str:
    log = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in events]
    return verify_dice(log).summary()


def _dice_ledger(data: dict) -> int:
    """A dice ledger export (game.created and the dice.* events): the dice check only."""
    events = data.get("events")
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        print("the dice ledger has no events")
        return 1
    report = verify_dice(events, complete=False)
    print(report.summary())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
