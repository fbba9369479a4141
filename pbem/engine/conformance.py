"""What a ruleset hands the shared conformance suite (``tests/conformance``).

Each game family exposes one :class:`Conformance` (``pbem/games/<family>/conformance.py``,
named ``CONFORMANCE``), and the suite runs the same checks over every ruleset: rule-ID
coverage against its spec, a random-bot fuzzer with invariants after every order, golden
logs, replay and snapshot equality, undo, refusals that leave the game unchanged, order
schemas, and the leak check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pbem.engine.game import Game
    from pbem.engine.ruleset import State


class RandomLike(Protocol):
    """The randomness a bot may use (a ``random.Random`` made by the test, never by the engine)."""

    def random(self) -> float: ...

    def choice(self, seq: Sequence[Any]) -> Any: ...

    def sample(self, population: Sequence[Any], k: int) -> list[Any]: ...


class Bot(Protocol):
    """A random but legal player: ``act`` submits the orders of one owed decision of ``game``."""

    def act(self, game: Game) -> None: ...


@dataclass(frozen=True)
class Conformance:
    """A ruleset's hooks for the conformance suite."""

    #: ruleset keys this family registers (each is run), with the options of each run
    rulesets: dict[str, list[dict[str, Any]]]
    #: spec file name under ``../shared/specs`` whose rule IDs must all be named by tests
    spec: str
    #: the rule-ID prefixes of that spec (``("AA41-",)``)
    rule_prefixes: tuple[str, ...]
    #: a bot for one seat's decisions: ``make_bot(ruleset, rng)``
    make_bot: Callable[[Any, RandomLike], Bot]
    #: problems found in a state (empty list: the invariants hold)
    invariants: Callable[[Any, State], list[str]]
    #: golden logs (paths relative to the repository root) replayed to their fingerprints
    golden_logs: tuple[str, ...] = ()
    #: secrets of ``seat`` in ``state`` that no other seat may ever receive (leak check)
    secrets: Callable[[Any, State, str], list[str]] | None = None
    #: longest game the short fuzz plays (rounds, or decisions for games without rounds)
    short_fuzz: dict[str, int] = field(default_factory=lambda: {"games": 3, "decisions": 400})
    #: the long fuzz (``PBEM_FUZZ=long``) per run of a ruleset: ``games``, ``decisions`` at most
    #: and, with :attr:`round_of`, ``rounds`` (a game stops after that round); None: ten times
    #: the short fuzz's games and decisions
    long_fuzz: dict[str, int] | None = None
    #: the game round of a state, for fuzz sizes given in rounds
    round_of: Callable[[State], int] | None = None
    #: rules the bots must exercise: ``{label: test of an event}``; across the short fuzz of the
    #: family's runs, every label must match at least one logged event
    must_occur: dict[str, Callable[[dict[str, Any]], bool]] = field(default_factory=dict)


# -- the checks the suite runs (pure: the caller supplies the randomness) ------------------------

#: Values a mutated order puts in place of a field's value (wrong types, out-of-range numbers).
GARBAGE: tuple[Any, ...] = (None, -1, 10**9, "", "???", [], {}, [None], True, 0.5)


def mutations(order: dict[str, Any], rng: RandomLike) -> list[dict[str, Any]]:
    """Deliberately malformed or illegal variants of a legal ``order`` (refused, or accepted legally)."""
    out: list[dict[str, Any]] = [{**order, "no_such_field": 1}, {**order, "type": "no_such_order"},
                                 {"type": order.get("type")}]
    for key in order:
        if key != "type":
            out.append({**order, key: rng.choice(GARBAGE)})
    return out


class FuzzStats:
    """What a fuzzed game met: accepted orders, refusals checked for identity, undos checked."""

    def __init__(self) -> None:
        self.accepted = 0
        self.refusals = 0
        self.mutated = 0
        self.undos = 0
        self.previews = 0
        self.rule_ids: set[str] = set()


class Watched:
    """A :class:`Game` seen through the suite: every order is checked around ``submit``.

    * a refused order leaves ``game.snapshot()`` and the dice source's ``checkpoint()`` identical;
    * after every accepted order the family's invariants hold;
    * now and then (``rng``) a mutated order is tried first on a copy of the game (refused with the
      game and its dice unchanged, or accepted), an accepted order is undone on a copy (back to the
      state before it), and an order is previewed first (preview events = the submitted ones' types,
      game unchanged); :func:`fuzz` also previews the seat's ``default_order`` (never refused).
    """

    def __init__(self, game: Game, conf: Conformance, rs: Any, rng: RandomLike, *, mutate: float = 0.2) -> None:
        self.game, self.conf, self.rs, self.rng, self.mutate = game, conf, rs, rng, mutate
        self.stats = FuzzStats()
        self.problems: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def _identical_after_refusal(self, game: Game, seat: str, order: dict[str, Any], where: str) -> None:
        from pbem.engine.errors import RulesError

        before, dice_before = game.snapshot(), _dice_state(game)
        try:
            game.submit(seat, order)
        except RulesError as err:
            self.stats.refusals += 1
            self.stats.rule_ids.add(err.rule_id)
            if game.snapshot() != before or _dice_state(game) != dice_before:
                self.problems.append(f"{where}: refused {order} ({err.rule_id}) changed the game")
            if not isinstance(err.key, str) or not isinstance(err.params, dict):
                self.problems.append(f"{where}: refusal {err.rule_id} has no key/params")
            return
        self.stats.accepted += 1

    def submit(self, seat: str, order: dict[str, Any], **kw: Any) -> list[dict[str, Any]]:
        from pbem.engine.errors import RulesError

        game = self.game
        if self.rng.random() < self.mutate and order.get("type") != "undo":
            copy = _copy_game(self.rs, game)
            for bad in mutations(order, self.rng):
                self.stats.mutated += 1
                self._identical_after_refusal(_copy_game(self.rs, copy), seat, bad, f"seq {game.seq} mutated")
        preview = None
        if self.rng.random() < self.mutate / 2 and order.get("type") != "undo":
            before = game.snapshot()
            try:
                preview = [e["type"] for e in game.preview(seat, order)]
                self.stats.previews += 1
            except RulesError:
                preview = None
            if game.snapshot() != before:
                self.problems.append(f"seq {game.seq}: preview of {order} changed the game")
        before, dice_before = game.snapshot(), _dice_state(game)
        try:
            events = game.submit(seat, order, **kw)
        except RulesError as err:
            self.stats.refusals += 1
            self.stats.rule_ids.add(err.rule_id)
            if game.snapshot() != before or _dice_state(game) != dice_before:
                self.problems.append(f"seq {game.seq}: refused {order} ({err.rule_id}) changed the game")
            raise
        self.stats.accepted += 1
        found = self.conf.invariants(self.rs, game.state)
        if found:
            self.problems.append(f"seq {game.seq}: {seat} {order}: invariants broken: {found[:3]}")
        if preview is not None and not any(t.startswith("dice.") for t in preview):
            got = [e["type"] for e in events]
            if got != preview:
                self.problems.append(f"seq {game.seq}: preview {preview} != submitted {got}")
        if order.get("type") != "undo" and game.can_undo(seat) and self.rng.random() < self.mutate:
            copy = _copy_game(self.rs, game)
            copy.undo(seat)
            self.stats.undos += 1
            if copy.state != before["state"]:
                self.problems.append(f"seq {game.seq}: undo of {order} does not restore the state")
        return events


def _dice_state(game: Game) -> Any:
    checkpoint = getattr(game.dice, "checkpoint", None)
    return checkpoint() if checkpoint else None


def _copy_game(rs: Any, game: Game) -> Game:
    """An independent copy of ``game`` (state, undo, dice) to try orders on."""
    from pbem.engine.dice import SeededDice
    from pbem.engine.game import Game as GameClass

    dice = SeededDice("conformance-copy", game.dice.game_id if game.dice else "copy")
    return GameClass.from_snapshot(rs, game.snapshot(), [], dice)


def fuzz(conf: Conformance, rs: Any, game: Game, rng: RandomLike, *, decisions: int,
         mutate: float = 0.2, until_round: int | None = None) -> Watched:
    """Let ``conf.make_bot`` play ``game`` for at most ``decisions`` owed decisions (or to a result;
    with ``until_round`` and ``conf.round_of``, until that round is over)."""
    from pbem.engine.errors import RulesError

    watched = Watched(game, conf, rs, rng, mutate=mutate)
    bot = conf.make_bot(rs, rng)
    for _ in range(decisions):
        if game.result() is not None or not game.owed():
            break
        if until_round is not None and conf.round_of is not None and conf.round_of(game.state) > until_round:
            break
        if rng.random() < mutate:  # the deadline policy's order for an absent seat is always legal
            seat = game.owed()[0]["seat"]
            default = game.default_order(seat)
            try:
                if default is not None:
                    game.preview(seat, default)
            except RulesError as err:
                watched.problems.append(f"seq {game.seq}: default order {default} of {seat} refused: {err}")
        bot.act(watched)  # type: ignore[arg-type]  # a Watched stands in for its Game
    return watched
