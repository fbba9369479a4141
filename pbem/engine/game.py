"""The game facade: one object that tests, bots, the services and the web all use.

A :class:`Game` owns a ruleset's state, the platform ``meta`` (seat holders,
dice periods), the event log, undo and the dice source. Every change goes
through :meth:`Game._apply`, the same code live play and replay run, so that
``rs.replay(game.log())`` rebuilds an equal game bit for bit.

Undo: the active seat may take back its latest orders inside one undo scope
(``Ruleset.undo_scope``: usually the phase) as long as no die was rolled since.
The game keeps a checkpoint copy of the state where the scope began and the
groups of events since; an undo (itself an event) drops the last group and
refolds the rest from the checkpoint. Nothing is deleted from the log.

Refusals: a refused order (or a preview) leaves the Game identical: the state is frozen before
the order (that copy is also the undo checkpoint when the order opens one: one copy, not two),
``meta`` only when the order is about to change it (dice rolled, a period closed), and both are
put back as they were. The state is frozen whole, edits made to ``game.state`` outside the rules
(test set-ups) included: a refusal never depends on how the state was reached.
"""

from __future__ import annotations

import marshal
import pickle
from types import EllipsisType
from typing import Any

from pbem.engine import events as ev
from pbem.engine.dice import DiceSource, SeededDice
from pbem.engine.errors import GameOver, IllegalOrder, InvalidOrder, NotYourTurn, ReplayError, RulesError
from pbem.engine.events import Event, canonical_json, make_event, starts_group, state_digest
from pbem.engine.ruleset import Ruleset
from pbem.engine.schemas import check_order

_META_KINDS = ("seat.", "policy.", "game.")


def _freeze(value: Any) -> bytes:
    """A private copy of a JSON-like value, kept as bytes until it is needed (cheap to take).

    ``marshal`` (about twice as fast as ``pickle`` on a state of dicts, lists, texts and
    numbers; shared sub-objects stay shared) with ``pickle`` for anything it cannot hold; the
    first byte says which. The bytes never leave the process (marshal's format is per version)."""
    try:
        return b"m" + marshal.dumps(value, 4)
    except ValueError:
        return b"p" + pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


def _thaw(frozen: bytes) -> Any:
    body = memoryview(frozen)[1:]
    return marshal.loads(body) if frozen[:1] == b"m" else pickle.loads(body)


def _copy(value: Any) -> Any:
    return _thaw(_freeze(value))


class _Context:
    """The :class:`~pbem.engine.ruleset.OrderContext` handed to ``Ruleset.decide``."""

    def __init__(self, game: Game, seat: str) -> None:
        self._game = game
        self.seat = seat

    @property
    def state(self) -> dict[str, Any]:
        return self._game.state

    def emit(self, type_: str, payload: dict[str, Any], seat: str | None | EllipsisType = ...) -> Event:
        family = self._game.ruleset.family
        if not type_.startswith(family):
            raise ValueError(f"ruleset event '{type_}' must start with '{family}'")
        return self._game._append(self.seat if isinstance(seat, EllipsisType) else seat, type_, payload)

    def roll(self, count: int, sides: int = 6, *, context: dict[str, Any],
             dice: list[dict[str, Any]] | None = None) -> list[int]:
        game = self._game
        source = game._require_dice()
        seq = game.seq + 1
        faces, period = source.roll(count, sides, seq=seq)
        payload: dict[str, Any] = {"sides": sides, "faces": faces, "period": period, "context": context}
        if dice is not None:
            if len(dice) != count:
                raise ValueError("one description per die")
            payload["dice"] = [
                {**d, "face": f, **({"hit": f <= d["target"]} if "target" in d else {})}
                for d, f in zip(dice, faces, strict=True)
            ]
        game._append(context.get("roller", self.seat), ev.DICE_ROLLED, payload)
        return faces

    def shuffle(self, items: list[Any], *, context: dict[str, Any], public: bool = False) -> list[Any]:
        game = self._game
        source = game._require_dice()
        seq = game.seq + 1
        order, period = source.permutation(len(items), seq=seq)
        shuffled = [items[i] for i in order]
        payload = {"n": len(items), "period": period, "context": context, "public": public,
                   "order": order}
        game._append(self.seat, ev.DICE_SHUFFLED, payload)
        return shuffled


class Game:
    """A game in progress. Build one with ``Ruleset.new_game``, ``from_position`` or ``replay``."""

    def __init__(self, ruleset: Ruleset, dice: DiceSource | None = None) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.state: dict[str, Any] = {}
        self.meta: dict[str, Any] = {}
        self.seq = 0
        self._log: list[Event] = []
        self._offset = 0
        # undo machinery (see module docstring)
        self._cp_state: bytes = b""  # the checkpoint state, frozen (see _freeze)
        self._cp_groups: list[dict[str, Any]] = []
        self._cp_scope = ""
        self._dirty = True
        self._group: dict[str, Any] | None = None
        self._period_key = ""
        # refusals (see module docstring)
        self._fresh: tuple[int, bytes] | None = None  # the state frozen by _save, at this seq
        self._saving: list[dict[str, Any]] = []  # saves still open, whose meta is frozen lazily

    # -- construction -------------------------------------------------------
    @classmethod
    def create(cls, ruleset: Ruleset, options: dict[str, Any], position: dict[str, Any] | None, *,
               seed: str = "", dice: DiceSource | None = None, game_id: str = "local") -> Game:
        opts = ruleset.normalise_options(options)
        if position is None:
            position = ruleset.initial_position(opts)
        source = dice if dice is not None else SeededDice(seed, game_id)
        game = cls(ruleset, source)
        payload = {"ruleset": ruleset.key, "version": ruleset.version, "game_id": source.game_id,
                   "options": opts, "seats": ruleset.seats(opts), "position": position}
        game._append(None, ev.CREATED, payload)
        for type_, rec in source.start():
            game._append(None, type_, rec)
        return game

    @classmethod
    def replay(cls, ruleset: Ruleset, log: list[Event], dice: DiceSource | None = None) -> Game:
        """Rebuild a game from its whole log; raises :class:`ReplayError` on a broken log."""
        game = cls(ruleset, dice)
        if not log or log[0].get("type") != ev.CREATED:
            raise ReplayError("a log starts with a game.created event")
        if log[0]["payload"].get("ruleset") != ruleset.key:
            raise ReplayError(f"this log is for ruleset {log[0]['payload'].get('ruleset')!r}, not {ruleset.key!r}")
        game._fold(log, dice)
        return game

    @classmethod
    def from_snapshot(cls, ruleset: Ruleset, snapshot: dict[str, Any], events_after: list[Event],
                      dice: DiceSource | None = None) -> Game:
        """Resume from :meth:`snapshot` plus the events logged after it (the store's fast path)."""
        game = cls(ruleset, dice)
        game.state = _copy(snapshot["state"])
        game.meta = _copy(snapshot["meta"])
        game.seq = game._offset = snapshot["seq"]
        undo = snapshot["undo"]
        game._cp_state = _freeze(undo["cp_state"]) if undo["cp_state"] is not None else b""
        game._cp_groups = _copy(undo["groups"])
        game._group = game._cp_groups[-1] if game._cp_groups and undo.get("open") else None
        game._cp_scope = undo["scope"]
        game._dirty = undo["dirty"] or not game._cp_state
        game._period_key = snapshot["period_key"]
        game._fold(events_after, dice)
        return game

    def _fold(self, events: list[Event], dice: DiceSource | None) -> None:
        """Apply logged events in order (checking their seq), then hand the dice their periods."""
        for expected, event in enumerate(events, start=self.seq + 1):
            if event.get("seq") != expected:
                raise ReplayError(f"event {expected} has seq {event.get('seq')!r}")
            self._log.append(event)
            self.seq = expected
            self._apply(self._upcast(event))
        if dice is not None:
            dice.bind(self.meta.get("dice", {}))

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume this game without its earlier log (JSON-serialisable)."""
        snap: dict[str, Any] = _copy({
            "seq": self.seq, "state": self.state, "meta": self.meta, "period_key": self._period_key,
            "undo": {"cp_state": _thaw(self._cp_state) if self._cp_state else None,
                     "groups": self._cp_groups, "scope": self._cp_scope,
                     "dirty": self._dirty, "open": self._group is not None and bool(self._cp_groups)
                     and self._group is self._cp_groups[-1]},
        })
        return snap

    # -- the public facade -------------------------------------------------------
    def owed(self) -> list[dict[str, Any]]:
        """Decisions owed now, with the seat that owes each; empty when the game is over."""
        if self.result() is not None:
            return []
        return self.ruleset.owed(self.state)

    def result(self) -> dict[str, Any] | None:
        return self.ruleset.result(self.state) if self.state else None

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    def legal_options(self, seat: str) -> dict[str, Any]:
        return self.ruleset.legal_options(self.state, seat)

    def query(self, seat: str, name: str, args: dict[str, Any] | None = None) -> Any:
        """Ask the ruleset a named question for ``seat`` (see ``Ruleset.query``); changes nothing."""
        if not isinstance(name, str) or name not in self.ruleset.queries:
            raise InvalidOrder("ENGINE-QUERY-1", "Unknown query {name}.", {"name": str(name)})
        if args is not None and not isinstance(args, dict):
            raise InvalidOrder("ENGINE-QUERY-2", "The arguments of a query are a JSON object.")
        return self.ruleset.query(self.state, seat, name, args or {})

    def log(self) -> list[Event]:
        """The whole event log (a new list; do not mutate the events)."""
        if self._offset:
            raise ReplayError("this game was resumed from a snapshot; load the whole log to export it")
        return list(self._log)

    def events_since(self, seq: int) -> list[Event]:
        """The events after ``seq`` that this object holds."""
        return self._log[max(0, seq - self._offset):]

    def fingerprint(self) -> str:
        """SHA-256 over state and meta: equal games have equal fingerprints."""
        return state_digest({"state": self.state, "meta": self.meta})

    def snapshot_key(self) -> str:
        return canonical_json(self.ruleset.snapshot_key(self.state))

    def submit(self, seat: str, order: dict[str, Any], *, by: str | None = None) -> list[Event]:
        """Apply ``seat``'s order; return the events it produced or raise a ``RulesError``.

        ``by`` records who acted when it was not the seat's holder (e.g. a deadline policy).
        ``{"type": "undo"}`` takes back the seat's latest order (see :meth:`undo`).
        """
        if not isinstance(order, dict) or not isinstance(order.get("type"), str):
            raise InvalidOrder("ENGINE-ORDER-1", "An order is a JSON object with a 'type' field.")
        check_order(self.ruleset, order)
        if order["type"] in self.ruleset.anytime_orders:
            self._check_seat(seat)
        else:
            self._check_turn(seat)
        if order["type"] == "undo":
            return self.undo(seat, by=by)
        start = len(self._log)
        saved = self._save()
        payload: dict[str, Any] = {"order": order}
        if by:
            payload["by"] = by
        try:
            self._append(seat, ev.ORDER, payload)
            self.ruleset.decide(_Context(self, seat), order)
        except RulesError as err:
            self._restore(saved)
            err.name_vocabulary(self._namer)
            raise
        except BaseException:
            self._restore(saved)
            raise
        self._release(saved)
        self._after_group()
        return self._log[start:]

    def preview(self, seat: str, order: dict[str, Any]) -> list[Event]:
        """The events ``order`` would produce now, without committing anything.

        The game (state, log, undo, dice) is unchanged afterwards; a refusal is raised as by
        :meth:`submit`. Dice rolled in a preview come from a throwaway source unrelated to the
        game's seeds: their faces (and every event that depends on them) are illustrative, never
        the faces the real order will roll, and no real die is consumed or revealed.
        """
        saved = self._save()
        real = self.dice
        self.dice = SeededDice(f"preview|{self.seq}", self.dice.game_id if self.dice else "preview")
        self.dice.bind(self.meta.get("dice", {}))
        try:
            events = self.submit(seat, order)
            return _copy(events)  # type: ignore[no-any-return]
        finally:
            self.dice = real
            self._restore(saved)

    def undo(self, seat: str, *, by: str | None = None) -> list[Event]:
        """Take back ``seat``'s latest order in this undo scope, if no die was rolled since
        (``by``: who did it when not the seat's holder, e.g. a deadline policy)."""
        self._check_turn(seat)
        target = self._undo_target(seat)
        start = len(self._log)
        payload: dict[str, Any] = {"order_seq": target["order_seq"]}
        if by:
            payload["by"] = by
        self._append(seat, ev.UNDO, payload)
        return self._log[start:]

    def default_order(self, seat: str) -> dict[str, Any] | None:
        """The order a deadline policy plays for an absent ``seat``: the ruleset's
        ``default_order`` when it is accepted now; when it is refused (e.g. the seat's own
        moves of this phase block its end: transports sent alone into a battle), taking back
        the seat's latest order (``{"type": "undo"}``), repeated until the phase may end.
        ``None`` when the ruleset has no default for the seat. The returned order is accepted
        now unless the ruleset's default is refused and nothing can be undone."""
        order = self.ruleset.default_order(self.state, seat)
        if order is None:
            return None
        try:
            self.preview(seat, order)
        except RulesError:
            if self.can_undo(seat):
                return {"type": "undo"}
        return order

    def can_undo(self, seat: str) -> bool:
        try:
            self._undo_target(seat)
        except RulesError:
            return False
        return True

    def record(self, type_: str, payload: dict[str, Any], seat: str | None = None) -> Event:
        """Log a platform record (``seat.*``, ``policy.*``, ``game.*``) that changes no rules state."""
        if not type_.startswith(_META_KINDS) or type_ == ev.CREATED:
            raise ValueError(f"'{type_}' is not a platform record type")
        return self._append(seat, type_, payload)

    def add_salt(self, seat: str, salt: str) -> list[Event]:
        """A player's salt for the next dice period (see docs/dice.md)."""
        if not isinstance(salt, str) or not 1 <= len(salt) <= 200:
            raise InvalidOrder("DICE-SALT-1", "A salt is a text of 1 to 200 characters.")
        if self.result() is not None:
            raise GameOver("DICE-SALT-2", "The game is over; its dice are all rolled.")
        if seat not in self.meta.get("seats", {}):
            raise InvalidOrder("DICE-SALT-3", "There is no seat '{seat}' in this game.", {"seat": seat})
        start = len(self._log)
        for type_, rec in self._require_dice().add_salt(seat, salt):
            self._append(seat, type_, rec)
        return self._log[start:]

    # -- internals ----------------------------------------------------------
    def _namer(self, kind: str, key: str) -> str:
        """English names of vocabulary for ``RulesError.message`` (seats by their names)."""
        if kind == "seat":
            return next((s["name"] for s in self.ruleset.seats(self.meta.get("options", {}))
                         if s["id"] == key), key)
        return self.ruleset.vocabulary(kind, key)

    def _require_dice(self) -> DiceSource:
        if self.dice is None:
            raise RuntimeError("this game has no dice source (it was replayed for reading only)")
        return self.dice

    def _check_seat(self, seat: str) -> None:
        if self.result() is not None:
            raise GameOver("ENGINE-TURN-2", "The game is over; no more orders are taken.")
        if seat not in self.meta.get("seats", {}):
            raise NotYourTurn("ENGINE-TURN-3", "'{seat}' is not a seat of this game.", {"seat": seat})

    def _check_turn(self, seat: str) -> None:
        if self.result() is not None:
            raise GameOver("ENGINE-TURN-2", "The game is over; no more orders are taken.")
        owed = self.ruleset.owed(self.state)
        if not any(o["seat"] == seat for o in owed):
            if owed:
                labels = {o["seat"]: o.get("seat_name", o["seat"]) for o in owed}
                label = owed[0].get("phase", "")
                err = NotYourTurn("ENGINE-TURN-1", "It is {seats}'s turn ({phase}).",
                                  {"seats": list(labels), "phase": owed[0].get("kind", "")})
                err.name_vocabulary(lambda kind, key: labels.get(key, key) if kind == "seat" else label)
                raise err
            raise NotYourTurn("ENGINE-TURN-1", "No decision is owed now.")

    def _undo_target(self, seat: str) -> dict[str, Any]:
        last = next((g for g in reversed(self._cp_groups) if not g.get("anytime")), None)
        scope = canonical_json(self.ruleset.undo_scope(self.state))
        if last is None or scope != self._cp_scope:
            raise IllegalOrder("ENGINE-UNDO-1", "There is nothing to undo in this phase.")
        if last.get("locked"):
            raise IllegalOrder("ENGINE-UNDO-2", "Dice have been rolled since; that order cannot be undone.")
        if last["seat"] != seat:
            raise IllegalOrder("ENGINE-UNDO-3", "Only your own latest order can be undone.")
        found: dict[str, Any] = last
        return found

    def _append(self, seat: str | None, type_: str, payload: dict[str, Any]) -> Event:
        version = self.ruleset.event_versions.get(type_, 1)
        event = make_event(self.seq + 1, seat, type_, payload, version)
        self._log.append(event)
        self.seq += 1
        self._apply(event)
        return event

    def _upcast(self, event: Event) -> Event:
        current = self.ruleset.event_versions.get(event["type"], 1)
        v = event.get("v", 1)
        if v >= current:
            return event
        payload = event["payload"]
        while v < current:
            payload = self.ruleset.upcasters[(event["type"], v)](payload)
            v += 1
        return {**event, "v": v, "payload": payload}

    def _apply(self, event: Event) -> None:
        type_ = event["type"]
        if type_.startswith(self.ruleset.family) and self.ruleset.family:
            self.ruleset.evolve(self.state, event)
            if self._group is not None:
                self._group["events"].append(event)
            return
        if starts_group(type_):
            self._group = None
        if type_ != ev.ORDER and type_ != ev.UNDO:
            self._meta_changes()
        if type_ == ev.ORDER:
            self._open_group(event)
        elif type_ in (ev.DICE_ROLLED, ev.DICE_SHUFFLED):
            self.ruleset.evolve_core(self.state, event)
            self.meta["dice"]["rolls"] = self.meta["dice"].get("rolls", 0) + 1
            self._dirty = True
            if self._group is not None:
                self._group["events"].append(event)
                self._group["locked"] = True
        elif type_ == ev.UNDO:
            self._apply_undo(event)
        elif type_ == ev.CREATED:
            self._apply_created(event)
        elif type_.startswith("dice."):
            self._apply_dice_record(event)
        elif type_.startswith("seat."):
            self._apply_seat_record(event)
            self.ruleset.evolve_core(self.state, event)
        elif type_.startswith(("policy.", "game.")):
            self.meta.setdefault("records", {}).setdefault(type_, 0)
            self.meta["records"][type_] += 1
            self.ruleset.evolve_core(self.state, event)
        else:
            raise ReplayError(f"unknown event type {type_!r} at seq {event['seq']}")

    def _apply_created(self, event: Event) -> None:
        p = event["payload"]
        self.state = self.ruleset.position_to_state(p["position"], p["options"])
        self.meta = {
            "game_id": p.get("game_id", "local"), "ruleset": p["ruleset"], "version": p["version"],
            "options": p["options"], "seats": {s["id"]: None for s in p["seats"]},
            "dice": {"period": 1, "commitments": {}, "revealed": {}, "salts": {}, "rolls": 0},
        }
        self._period_key = canonical_json(self.ruleset.dice_period_key(self.state))
        self._dirty = True

    def _apply_dice_record(self, event: Event) -> None:
        p, dice = event["payload"], self.meta["dice"]
        period = str(p["period"])
        if event["type"] == "dice.committed":
            dice["commitments"][period] = p["commitment"]
        elif event["type"] == "dice.revealed":
            dice["revealed"][period] = {"seed": p["seed"], "salts": p.get("salts", [])}
            dice["period"] = max(dice["period"], int(period) + 1)
            self._period_key = canonical_json(self.ruleset.dice_period_key(self.state))
            if p.get("final"):
                dice["final"] = True
        elif event["type"] == "dice.closed":
            dice["period"] = int(period) + 1
            self._period_key = canonical_json(self.ruleset.dice_period_key(self.state))
        elif event["type"] == "dice.salted":
            dice["salts"].setdefault(period, []).append(p["salt"])
        else:
            raise ReplayError(f"unknown event type {event['type']!r} at seq {event['seq']}")

    def _apply_seat_record(self, event: Event) -> None:
        p = event["payload"]
        if p.get("seat") not in self.meta["seats"]:
            raise ReplayError(f"seat record for unknown seat {p.get('seat')!r} at seq {event['seq']}")
        holder = None if event["type"] == "seat.left" else {"user": p.get("user"), "name": p.get("name")}
        self.meta["seats"][p["seat"]] = holder

    def _open_group(self, event: Event) -> None:
        scope = canonical_json(self.ruleset.undo_scope(self.state))
        if self._dirty or scope != self._cp_scope:
            fresh, self._fresh = self._fresh, None
            self._cp_state = fresh[1] if fresh is not None and fresh[0] == event["seq"] - 1 else _freeze(self.state)
            self._cp_groups = []
            self._cp_scope = scope
            self._dirty = False
        self._group = {"seat": event["seat"], "order_seq": event["seq"], "events": []}
        if event["payload"]["order"].get("type") in self.ruleset.anytime_orders:
            self._group["anytime"] = True
        self._cp_groups.append(self._group)

    def _refold(self) -> None:
        self.state = _thaw(self._cp_state)
        for group in self._cp_groups:
            for event in group["events"]:
                if event["type"] in (ev.DICE_ROLLED, ev.DICE_SHUFFLED):
                    self.ruleset.evolve_core(self.state, event)
                else:
                    self.ruleset.evolve(self.state, event)

    def _apply_undo(self, event: Event) -> None:
        target = event["payload"]["order_seq"]
        index = next((i for i in range(len(self._cp_groups) - 1, -1, -1)
                      if not self._cp_groups[i].get("anytime")), None)
        if index is None or self._cp_groups[index]["order_seq"] != target:
            raise ReplayError(f"undo at seq {event['seq']} does not match the latest order")
        del self._cp_groups[index]
        self._refold()

    def _save(self) -> dict[str, Any]:
        """Everything a submission may change, to put back exactly if it is refused (or previewed).

        ``meta`` is frozen by :meth:`_meta_changes` before anything changes it."""
        checkpoint = getattr(self.dice, "checkpoint", None)
        state = _freeze(self.state)
        self._fresh = (self.seq, state)
        saved = {"log": len(self._log), "seq": self.seq, "state": state,
                 "meta": None, "cp_state": self._cp_state, "cp_groups": list(self._cp_groups),
                 "cp_scope": self._cp_scope, "dirty": self._dirty, "group": self._group,
                 "period_key": self._period_key, "dice": checkpoint() if checkpoint else None}
        self._saving.append(saved)
        return saved

    def _meta_changes(self) -> None:
        """``meta`` is about to change: the open saves that have no copy of it take one now."""
        waiting = [s for s in self._saving if s["meta"] is None]
        if waiting:
            frozen = _freeze(self.meta)
            for saved in waiting:
                saved["meta"] = frozen

    def _release(self, saved: dict[str, Any]) -> None:
        """``saved`` will not be restored: stop keeping ``meta`` for it."""
        self._saving = [s for s in self._saving if s is not saved]
        self._fresh = None

    def _restore(self, saved: dict[str, Any]) -> None:
        self._release(saved)
        del self._log[saved["log"]:]
        self.seq = saved["seq"]
        self._cp_state, self._cp_groups = saved["cp_state"], saved["cp_groups"]
        self._cp_scope, self._dirty = saved["cp_scope"], saved["dirty"]
        self._group, self._period_key = saved["group"], saved["period_key"]
        self.state = _thaw(saved["state"])
        self._fresh = None
        if saved["meta"] is not None:
            self.meta = _thaw(saved["meta"])
        if saved["dice"] is not None and self.dice is not None:
            self.dice.restore(saved["dice"])

    def _after_group(self) -> None:
        """After a live submission: close the dice period when the turn (or the game) ended."""
        if self.dice is None:
            return
        final = self.result() is not None
        if final and not self.meta["dice"].get("final"):
            records = self.dice.end_period(final=True)
        elif not final and \
                canonical_json(self.ruleset.dice_period_key(self.state)) != self._period_key:
            # open games reveal each period's seed as it closes; hidden-information
            # games ("game") only close it and reveal every seed when the game ends
            records = self.dice.end_period(reveal=self.ruleset.dice_period == "turn")
        else:
            return
        for type_, rec in records:
            self._append(None, type_, rec)
