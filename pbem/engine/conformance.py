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
