"""``pbem-verify FILE.json``: check an exported game offline (no server, no database).

Checks the hash chain, replays the log with this installation's rulesets,
compares the final fingerprint and (when ``pbem.engine.dice_verify`` is
installed) the dice; with ``--witness SEQ:HASH`` and ``--mailbox DIR`` (``.eml`` files),
that the export extends every log head a player was shown. Prints ``OK`` or the problems, first mismatch first; exit
code 0 when sound, 1 when not, 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from pbem.engine import load_ruleset, register
from pbem.engine.dice_verify import verify_dice
from pbem.services.export import verify_export
from pbem.services.witness import Head, mailbox_heads, parse_witness, witness_problems

__all__ = ["main", "verify_export"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-verify", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a game exported with `flask pbem export` or the web page")
    parser.add_argument("--ruleset", action="append", default=[], metavar="KEY=MODULE:FACTORY",
                        help="register an extra ruleset (e.g. race=tests.rulesets.race:factory)")
    parser.add_argument("--witness", action="append", default=[], metavar="SEQ:HASH",
                        help="a log head you were shown (an email's X-Pbem-Log-Head, the game "
                             "page): the export must extend it")
    parser.add_argument("--mailbox", action="append", default=[], metavar="DIR",
                        help="a folder of .eml files: every log head in their X-Pbem-Log-Head "
                             "headers for this game must be extended by the export")
    args = parser.parse_args(argv)
    heads: list[Head] = []
    for text in args.witness:
        parsed = parse_witness(text)
        if parsed is None:
            parser.error(f"--witness wants SEQ:HASH (a number, a colon, 64 hex digits), "
                         f"not {text!r}")
        heads.append((parsed[0], parsed[1], "--witness"))
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
    game_id = (data.get("game") or {}).get("id") if isinstance(data, dict) else None
    for directory in args.mailbox:
        found, files = mailbox_heads(directory, game_id if isinstance(game_id, int) else None)
        print(f"{directory}: {files} .eml file(s), {len(found)} log head(s) of game {game_id}")
        heads.extend(found)
    if isinstance(data, dict) and isinstance(data.get("events"), list):
        problems.extend(witness_problems(data["events"], heads))
    if not problems:
        events = data["events"]
        print(f"OK: {len(events)} events, final hash {events[-1]['hash']}")
        if heads:
            print(f"witnessed heads: {len(heads)}, every one extended by this export")
        print(f"dice {_dice_summary(events)}")
        deals = _deal_problems(data)
        for problem in deals or []:
            print(f"deals FAILED: {problem}")
        return 1 if deals else 0
    for problem in problems:
        print(problem)
    try:  # the deals are re-dealt whatever else is wrong: a forged draw is named as such too
        deals = _deal_problems(data)
    except Exception:  # noqa: BLE001  a file too broken to re-deal: its problems are printed above
        deals = None
    for problem in deals or []:
        print(f"deals FAILED: {problem}")
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


def _deal_problems(data: dict) -> list[str] | None:
    """Card games re-deal every shuffle from the revealed seeds (a ruleset's ``verify_deals(log)``)."""
    events = data["events"]
    ruleset = load_ruleset(events[0]["payload"]["ruleset"])
    hook = getattr(ruleset, "verify_deals", None)
    if hook is None:
        return None
    log = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in events]
    if not any(e["type"] == "dice.revealed" and e["payload"].get("final") for e in log):
        print("deals: not checkable until the game is over (the seeds are revealed then)")
        return []
    problems: list[str] = hook(log)
    if not problems:
        print(f"deals OK: {sum(1 for e in log if e['type'] == 'dice.shuffled')} shuffles re-dealt")
    return problems


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
