"""Re-run a stored game's orders under the current rules, with its logged dice, and find where it diverges.

A rules fix changes how some orders are adjudicated; before applying it to running games an
operator asks, per game: would every order still produce the same events? :func:`readjudicate`
rebuilds the game from its ``game.created`` event with the rules installed now, then re-submits
every logged order (and undo, and platform record) in order. The dice are the logged ones:
:class:`RecordedDice` hands back each ``dice.rolled`` / ``dice.shuffled`` of the log in turn, and
fails clearly when the current rules ask for a different roll (count or sides) or for dice the log
does not have. The first order whose events differ (or that is now refused, or now asks for other
dice) is reported with the seq of its ``order`` event; no divergence means the current rules replay
the game exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbem.engine import events as ev
from pbem.engine.dice import ScriptedDice
from pbem.engine.errors import ReplayError, RulesError
from pbem.engine.events import Event
from pbem.engine.game import Game
from pbem.engine.ruleset import Ruleset


class DiceMismatch(ReplayError):
    """The current rules ask for dice the log did not record (another count, sides, or none left)."""


class RecordedDice(ScriptedDice):
    """A dice source that returns the faces and shuffles of a log, in the order they were logged."""

    def __init__(self, log: list[Event], game_id: str = "readjudicate") -> None:
        super().__init__([], game_id)
        self.draws = [e for e in log if e.get("type") in (ev.DICE_ROLLED, ev.DICE_SHUFFLED)]
        self.next = 0
        self.period = 1

    def _take(self, kind: str, what: str) -> dict[str, Any]:
        if self.next >= len(self.draws):
            raise DiceMismatch(f"the rules now ask for {what}, but the log has no more dice")
        event = self.draws[self.next]
        if event["type"] != kind:
            raise DiceMismatch(f"the rules now ask for {what}, the log has {event['type']} at seq {event['seq']}")
        self.next += 1
        payload: dict[str, Any] = event["payload"]
        return payload

    def roll(self, count: int, sides: int, *, seq: int) -> tuple[list[int], int]:
        p = self._take(ev.DICE_ROLLED, f"{count}d{sides}")
        faces = list(p["faces"])
        if len(faces) != count or p["sides"] != sides:
            raise DiceMismatch(f"the rules now roll {count}d{sides}, the log rolled {len(faces)}d{p['sides']}")
        return faces, int(p.get("period", self.period))

    def permutation(self, n: int, *, seq: int) -> tuple[list[int], int]:
        p = self._take(ev.DICE_SHUFFLED, f"a shuffle of {n}")
        if p["n"] != n:
            raise DiceMismatch(f"the rules now shuffle {n} items, the log shuffled {p['n']}")
        return list(p["order"]), int(p.get("period", self.period))

    def checkpoint(self) -> Any:
        return (self.next, self.period)

    def restore(self, saved: Any) -> None:
        self.next, self.period = saved


@dataclass
class Divergence:
    """The outcome of :func:`readjudicate`: ``seq`` is ``None`` when nothing diverged."""

    orders: int = 0
    seq: int | None = None
    #: The seq of the first logged event that differs from the re-run (``seq`` when the order is
    #: now refused or asks for other dice; one past the group when the re-run makes more events).
    event_seq: int | None = None
    reason: str = ""
    expected: list[dict[str, Any]] = field(default_factory=list)
    got: list[dict[str, Any]] = field(default_factory=list)

    @property
    def diverged(self) -> bool:
        return self.seq is not None

    def summary(self) -> str:
        if self.seq is None:
            return f"no divergence: {self.orders} orders re-adjudicated to the same events"
        where = f" (first differing event: seq {self.event_seq})" if self.event_seq != self.seq else ""
        return f"first divergence at seq {self.seq}: {self.reason}{where}"


def _compared(events: list[Event]) -> list[Event]:
    """The events of an order that are compared (the dice records aside from the rolls and shuffles)."""
    return [e for e in events if not e["type"].startswith("dice.") or e["type"] in (ev.DICE_ROLLED, ev.DICE_SHUFFLED)]


def _outcome(events: list[Event]) -> list[dict[str, Any]]:
    """What an order produced, compared between the log and the re-run (seq and dice records aside)."""
    return [{"type": e["type"], "seat": e["seat"], "v": e.get("v", 1), "payload": e["payload"]}
            for e in _compared(events)]


def _first_differing_seq(group: list[Event], got: list[dict[str, Any]]) -> int:
    """The seq of the first logged event of ``group`` (an order and its events) the re-run differs from."""
    logged = _compared(group[1:])
    for index, (event, outcome) in enumerate(zip(logged, _outcome(logged), strict=True)):
        if index >= len(got) or got[index] != outcome:
            return int(event["seq"])
    return int(group[-1]["seq"]) + 1


def _groups(log: list[Event]) -> list[list[Event]]:
    groups: list[list[Event]] = []
    for event in log[1:]:
        if ev.starts_group(event["type"]) or not groups:
            groups.append([event])
        else:
            groups[-1].append(event)
    return groups


def readjudicate(ruleset: Ruleset, log: list[Event]) -> Divergence:
    """Re-run ``log`` under ``ruleset`` (the rules installed now) with its logged dice."""
    if not log or log[0].get("type") != ev.CREATED:
        raise ReplayError("a log starts with a game.created event")
    created = log[0]["payload"]
    dice = RecordedDice(log, str(created.get("game_id", "readjudicate")))
    game = Game.create(ruleset, created["options"], created["position"], dice=dice,
                       game_id=str(created.get("game_id", "readjudicate")))
    out = Divergence()
    for group in _groups(log):
        head = group[0]
        kind, seat, payload = head["type"], head["seat"], head["payload"]
        if kind == ev.ORDER:
            out.orders += 1
            expected = _outcome(group[1:])
            try:
                got = _outcome(game.submit(seat, payload["order"], by=payload.get("by"))[1:])
            except DiceMismatch as err:
                return _diverged(out, head, f"the order now asks for other dice: {err}", expected, [])
            except RulesError as err:
                return _diverged(out, head, f"the order is now refused: {err}", expected, [])
            if got != expected:
                _diverged(out, head, "the order now produces other events", expected, got)
                out.event_seq = _first_differing_seq(group, got)
                return out
        elif kind == ev.UNDO:
            try:
                game.undo(seat)
            except RulesError as err:
                return _diverged(out, head, f"the undo is now refused: {err}", [], [])
        elif kind.startswith(("seat.", "policy.", "game.")):
            game.record(kind, payload, seat)
        # dice.committed/revealed/closed/salted: records of the original dice, not re-made
    return out


def _diverged(out: Divergence, head: Event, reason: str, expected: list[dict[str, Any]],
              got: list[dict[str, Any]]) -> Divergence:
    out.seq, out.event_seq, out.reason, out.expected, out.got = head["seq"], head["seq"], reason, expected, got
    return out
