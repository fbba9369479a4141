"""``pbem-verify FILE.json``: check an exported game offline (no server, no database).

Checks the hash chain, replays the log with this installation's rulesets,
compares the final fingerprint and (when ``pbem.engine.dice_verify`` is
installed) the dice. Prints ``OK`` or the problems, first mismatch first; exit
code 0 when sound, 1 when not, 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from pbem.services.export import verify_export

__all__ = ["main", "verify_export"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-verify", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a game exported with `flask pbem export` or the web page")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    problems = verify_export(data)
    if not problems:
        events = data["events"]
        print(f"OK: {len(events)} events, final hash {events[-1]['hash']}")
        return 0
    for problem in problems:
        print(problem)
    return 1


if __name__ == "__main__":
    sys.exit(main())
