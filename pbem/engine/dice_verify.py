"""Recompute every revealed roll of a game's log (docs/dice.md, section 7).

``verify_dice(log)`` walks the ``dice.*`` events in order and checks that

* each period's commitment was logged once, before its first salt and its first roll,
* each revealed seed hashes to its period's commitment,
* each salt went to a period that had not begun when it was logged,
* each roll and shuffle names the period open when it was logged, and its faces
  (or order) equal the derivation from the revealed seed and the logged salts,
* each described die records its own face and ``hit == (face <= target)``.

It reports the first roll (by seq) that fails, or ``ok`` with the number checked.
Rolls of periods not yet revealed (the current turn; a hidden-information game
still running) cannot be checked yet: they are counted in ``pending``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbem.engine.dice import commitment, derive_faces, derive_key, derive_permutation

Event = dict[str, Any]


@dataclass
class DiceReport:
    ok: bool
    checked: int = 0
    pending: int = 0
    first_bad: dict[str, Any] | None = None
    #: Problems with events that are not rolls (a reveal that contradicts the log...).
    problems: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> str:
        if self.ok:
            tail = f", {self.pending} not yet revealed" if self.pending else ""
            return f"OK: {self.checked} rolls checked{tail}"
        bad = self.first_bad or (self.problems[0] if self.problems else {})
        return f"FAILED at seq {bad.get('seq')}: {bad.get('reason')}"

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "checked": self.checked, "pending": self.pending,
                "first_bad": self.first_bad, "problems": self.problems, "summary": self.summary()}


@dataclass
class _Period:
    commitment: str | None = None
    committed_at: int = 0
    salts: list[str] = field(default_factory=list)
    seed: str | None = None
    revealed_salts: list[str] | None = None
    revealed_at: int = 0
    rolls: list[Event] = field(default_factory=list)


def _bad(event: Event, reason: str, **extra: Any) -> dict[str, Any]:
    return {"seq": event.get("seq"), "type": event.get("type"), "reason": reason, **extra}


class _Walk:
    def __init__(self) -> None:
        self.periods: dict[int, _Period] = {}
        self.current = 1
        self.problems: list[dict[str, Any]] = []
        self.roll_problems: dict[int, dict[str, Any]] = {}

    def period(self, p: Any) -> _Period:
        return self.periods.setdefault(int(p), _Period())

    def event(self, e: Event) -> None:
        t, p = e["type"], e.get("payload")
        if not isinstance(p, dict):
            raise TypeError("the payload is not an object")
        for name in ("seed", "commitment", "salt"):
            if name in p and not isinstance(p[name], str):
                raise TypeError(f"{name} is not a text")
        if not isinstance(p.get("period"), int) or isinstance(p.get("period"), bool):
            raise TypeError("period is not a whole number")
        if t == "dice.committed":
            per = self.period(p["period"])
            if per.commitment is not None:
                self.problems.append(_bad(e, f"period {p['period']} committed twice"))
            elif per.salts or per.rolls:
                self.problems.append(
                    _bad(e, f"period {p['period']} committed after its salts or rolls"))
            else:
                per.commitment, per.committed_at = p["commitment"], e["seq"]
        elif t == "dice.salted":
            if int(p["period"]) <= self.current:
                self.problems.append(_bad(e, f"salt for period {p['period']}, which had begun"))
            per = self.period(p["period"])
            if per.commitment is None:
                self.problems.append(
                    _bad(e, f"salt for period {p['period']} before its commitment"))
            per.salts.append(p["salt"])
        elif t == "dice.revealed":
            per = self.period(p["period"])
            per.seed, per.revealed_salts = p["seed"], list(p.get("salts", []))
            per.revealed_at = e["seq"]
            self.current = max(self.current, int(p["period"]) + 1)
        elif t == "dice.closed":
            self.current = int(p["period"]) + 1
        elif t in ("dice.rolled", "dice.shuffled"):
            if int(p.get("period", -1)) != self.current:
                self.roll_problems[e["seq"]] = _bad(
                    e, f"rolled in period {p.get('period')} while period {self.current} was open")
            per = self.period(p.get("period", self.current))
            if per.commitment is None:
                self.roll_problems.setdefault(
                    e["seq"], _bad(e, "rolled before its period was committed"))
            per.rolls.append(e)


def _check_roll(e: Event, key: bytes, game_id: str) -> dict[str, Any] | None:
    p = e["payload"]
    if e["type"] == "dice.shuffled":
        if not isinstance(p.get("order"), list) or len(p["order"]) != p.get("n"):
            return _bad(e, "the shuffled order does not have n items")
        order = derive_permutation(key, game_id, e["seq"], int(p["n"]))
        if p.get("order") != order:
            return _bad(e, "the shuffled order does not match the derivation")
        return None
    faces = p.get("faces", [])
    expected = derive_faces(key, game_id, e["seq"], len(faces), int(p["sides"]))
    for i, (got, want) in enumerate(zip(faces, expected, strict=True)):
        if got != want:
            return _bad(e, f"die {i}: logged {got}, derived {want}", index=i)
    for i, die in enumerate(p.get("dice") or []):
        if i >= len(faces) or die.get("face") != faces[i]:
            return _bad(e, f"die {i}: its description shows another face", index=i)
        if "target" in die and die.get("hit") != (die["face"] <= die["target"]):
            return _bad(e, f"die {i}: hit does not match face {die['face']} "
                           f"against target {die['target']}", index=i)
    if p.get("dice") is not None and len(p["dice"]) != len(faces):
        return _bad(e, "the number of described dice differs from the faces")
    return None


def verify_dice(log: list[Event], *, complete: bool = True) -> DiceReport:
    """Check every revealed roll of ``log``, which starts with ``game.created``.

    ``complete``: the log is the whole game (seq 1, 2, 3... without gaps). With
    ``complete=False`` it may hold only some events, e.g. ``game.created`` and the
    ``dice.*`` events of a dice ledger export, in increasing seq order.
    """
    if (not isinstance(log, list) or not log or not all(isinstance(e, dict) for e in log)
            or log[0].get("type") != "game.created" or not isinstance(log[0].get("payload"), dict)):
        return DiceReport(False, problems=[{"seq": None,
                                            "reason": "a log is a list of events starting with game.created"}])
    game_id = str(log[0]["payload"].get("game_id", "local"))
    walk = _Walk()
    last = 0
    for e in log:
        seq = e.get("seq")
        if not isinstance(seq, int) or seq <= last or (complete and seq != last + 1):
            walk.problems.append(_bad(e, f"seq {seq!r} out of order after {last}"))
            break
        last = seq
        if str(e.get("type", "")).startswith("dice."):
            try:
                walk.event(e)
            except (KeyError, TypeError, ValueError) as err:
                walk.problems.append(_bad(e, f"malformed dice record ({err})"))
    report = DiceReport(True, problems=walk.problems)
    bad: list[dict[str, Any]] = list(walk.roll_problems.values())
    for number, per in sorted(walk.periods.items()):
        if per.seed is None:
            report.pending += sum(1 for r in per.rolls if r["seq"] not in walk.roll_problems)
            continue
        if per.commitment is None or commitment(per.seed) != per.commitment:
            reason = f"the revealed seed of period {number} does not match its commitment"
            bad.extend(_bad(r, reason) for r in per.rolls)
            if not per.rolls:
                walk.problems.append({"seq": per.revealed_at, "reason": reason})
            continue
        if per.revealed_salts is not None and per.revealed_salts != per.salts:
            reason = f"period {number}: revealed salts differ from the logged ones"
            walk.problems.append({"seq": per.revealed_at, "reason": reason})
        key = derive_key(per.seed, per.salts)
        for r in per.rolls:
            if r["seq"] in walk.roll_problems:
                continue
            problem: dict[str, Any] | None
            try:
                problem = _check_roll(r, key, game_id)
            except (KeyError, TypeError, ValueError) as err:
                problem = _bad(r, f"malformed roll ({err})")
            if problem:
                bad.append(problem)
            else:
                report.checked += 1
    if bad:
        report.first_bad = min(bad, key=lambda b: b["seq"])
    report.ok = not bad and not walk.problems
    return report
