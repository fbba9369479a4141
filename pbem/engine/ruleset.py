"""The contract every game implements: :class:`Ruleset`.

A ruleset is stateless: it holds the rules data it loaded and offers pure
functions over a state dict. The :class:`~pbem.engine.game.Game` facade owns
the state, the log, undo, and the dice; a ruleset only

* builds the first position (``initial_position`` / ``position_to_state``),
* says who owes a decision (``owed``),
* turns an order into events (``decide``, through an :class:`OrderContext`),
* applies one event to the state (``evolve``, the only code replay runs),
* redacts what a seat may see (``view``, ``event_view``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pbem.engine.game import Game

State = dict[str, Any]
Order = dict[str, Any]
Event = dict[str, Any]
Upcaster = Any  # Callable[[dict], dict]: payload of version v -> payload of version v + 1


class OrderContext(Protocol):
    """What ``Ruleset.decide`` uses to produce events (implemented by the Game)."""

    seat: str

    @property
    def state(self) -> State:
        """The game's state, changed by each emitted event."""

    def emit(self, type_: str, payload: dict[str, Any], seat: str | None | EllipsisType = ...) -> Event:
        """Append one event to the log and apply it to ``state`` at once."""

    def roll(
        self,
        count: int,
        sides: int = 6,
        *,
        context: dict[str, Any],
        dice: list[dict[str, Any]] | None = None,
    ) -> list[int]:
        """Roll ``count`` dice, record a ``dice.rolled`` event and return the faces.

        ``context`` says why (round, battle, roller...); ``dice`` optionally
        describes each die (``{"unit": "tank", "target": 3}``): the event then also
        records for each die its face and whether it hit (face <= target).
        """

    def shuffle(self, items: list[Any], *, context: dict[str, Any], public: bool = False) -> list[Any]:
        """Shuffle ``items`` (a recorded ``dice.shuffled`` event) and return the new order."""


class Ruleset(ABC):
    """Base class of every game's rules. Subclasses override the methods below."""

    key: str = ""
    #: The rules version recorded in each game's ``game.created`` event.
    version: str = "1"
    title: str = ""
    #: The event-type prefix of this family (``aa.``): evolve receives only these.
    family: str = ""
    #: "turn": dice seeds are revealed when ``dice_period_key`` changes (open games);
    #: "game": revealed only when the game has a result (hidden-information games).
    dice_period: str = "turn"
    #: May one player hold several seats? "side": only seats of one side; "any"; "none".
    multi_seat: str = "side"
    #: Upcasters: {(event_type, v): function(payload) -> payload of version v + 1}.
    upcasters: dict[tuple[str, int], Upcaster] = {}
    #: Current version of each event type this ruleset emits (default 1).
    event_versions: dict[str, int] = {}
    #: Order types a seat may submit at any time, not only when it owes a decision
    #: (standing orders). They are never undone and never block the active seat's undo.
    anytime_orders: frozenset[str] = frozenset()
    #: Order types whose ``order`` events other seats may read (``"*"``: every type but the
    #: anytime orders, which must be named). Private by default: other seats see only that an
    #: order was given, and nothing at all of a private anytime order (``pbem.services.reading``).
    public_orders: frozenset[str] = frozenset()

    # -- set-up -------------------------------------------------------------
    def options_schema(self) -> list[dict[str, Any]]:
        """Game options: ``[{"name", "label", "type": "choice"|"bool"|"int", "choices", "default"}]``."""
        return []

    def normalise_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and validate; raise ``InvalidOrder`` with a rule id on a bad option."""
        from pbem.engine.options import normalise

        return normalise(self.options_schema(), options)

    @abstractmethod
    def seats(self, options: dict[str, Any]) -> list[dict[str, Any]]:
        """The seats in turn order: ``[{"id": "germany", "name": "Germany", "side": "axis"}]``."""

    @abstractmethod
    def initial_position(self, options: dict[str, Any]) -> dict[str, Any]:
        """The starting position for these options, in the ruleset's position format."""

    @abstractmethod
    def position_to_state(self, position: dict[str, Any], options: dict[str, Any]) -> State:
        """Validate a position (``InvalidOrder`` if impossible) and build the state from it."""

    # -- play ---------------------------------------------------------------
    @abstractmethod
    def owed(self, state: State) -> list[dict[str, Any]]:
        """Decisions owed now: ``[{"seat", "kind", "phase", "prompt"}]``; empty when over."""

    @abstractmethod
    def decide(self, ctx: OrderContext, order: Order) -> None:
        """Validate ``order`` for ``ctx.seat`` and emit its events; raise a ``RulesError`` if illegal.

        Validate before emitting: an error after an emit is rolled back by the Game,
        but costs a refold.
        """

    @abstractmethod
    def evolve(self, state: State, event: Event) -> None:
        """Apply one of this family's events to ``state`` in place. Must be deterministic."""

    def evolve_core(self, state: State, event: Event) -> None:
        """Hook for core events a ruleset cares about (``dice.rolled``, ``seat.*``). Default: none."""
        return None

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while the game goes on; else ``{"winner": side_or_seat, "reason": ...}``."""

    #: Whether the game supports bids (extra resources given to play a side, placed before play).
    has_bids: bool = False

    def place_bid(self, options: dict[str, Any], *, side: str, ipcs: int, placement: Any,
                  rules: dict[str, Any]) -> dict[str, Any]:
        """The starting position for ``options`` with a bid of ``ipcs`` placed for ``side``.

        ``placement`` is what the player chose (units per space, resources kept); ``rules`` the
        league's bid rules. Raises ``IllegalOrder``/``InvalidOrder`` naming the broken rule.
        """
        from pbem.engine.errors import IllegalOrder

        raise IllegalOrder("LEAGUE-BID-00", "This game has no bids.")

    # -- views and helpers ----------------------------------------------------
    def view(self, state: State, seat: str | None) -> State:
        """What ``seat`` may see (``None``: a spectator). Open-information games return the state."""
        return state

    def event_view(self, event: Event, seat: str | None) -> Event | None:
        """An event as ``seat`` may see it (``None`` hides it). Default: the ruleset hides nothing
        more than the platform's private-by-default read path does (private orders, private
        shuffles, the reasons of deadline-policy records: ``pbem.services.reading``)."""
        return event

    def legal_options(self, state: State, seat: str) -> dict[str, Any]:
        """What ``seat`` may do now, for interfaces and bots (shape documented per game)."""
        return {}

    #: Order types and their fields: ``{type: {field: JSON Schema of the value}}`` (``{}`` accepts
    #: any JSON value: the rules check it). The default :meth:`order_schema` is built from it.
    order_fields: dict[str, dict[str, Any]] = {}

    def order_schema(self) -> dict[str, Any] | None:
        """JSON Schema of this ruleset's orders (see ``pbem.engine.schemas``); ``None``: not checked."""
        if not self.order_fields:
            return None
        from pbem.engine.schemas import schema_from_fields

        return schema_from_fields({"undo": {}, **self.order_fields})

    def position_schema(self) -> dict[str, Any] | None:
        """JSON Schema of the position format of ``from_position`` (``None``: not documented)."""
        return None

    #: The names :meth:`query` answers (documented per game, e.g. A&A ``reachable``, ``retreat``).
    queries: frozenset[str] = frozenset()

    def query(self, state: State, seat: str, name: str, args: dict[str, Any]) -> Any:
        """A narrower question than ``legal_options``, for interfaces: e.g. where selected units may go.

        ``name`` is one of :attr:`queries`; ``args`` its JSON arguments (a partial order). The answer is
        plain JSON, computed with the same validation code as the orders, so an interface never offers
        an illegal choice. Raises ``InvalidOrder`` (``ENGINE-QUERY-1``) for an unknown query or bad args.
        """
        from pbem.engine.errors import InvalidOrder

        raise InvalidOrder("ENGINE-QUERY-1", "Unknown query {name}.", {"name": name})

    #: Event types that open / end a battle whose pre-battle odds are recorded (docs/odds.md).
    battle_events: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())

    def battle_odds(self, view: State, event: Event) -> dict[str, Any] | None:
        """The pre-battle odds of the battle ``event`` opens (``view``: the public view just after
        it, so nothing hidden is used), as JSON with at least ``place``, ``attacker`` and
        ``attacker_wins``; ``None``: no odds for it. Pure and deterministic (a side table keeps it:
        the log is unchanged)."""
        return None

    def battle_luck(self, record: dict[str, Any], view: State, event: Event) -> float | None:
        """How lucky the attacker was in the battle of ``record`` (from :meth:`battle_odds`) that
        ``event`` ends (``view``: the public view just after it): the percentile of the outcome in
        the pre-battle distribution (0.5 is average luck); ``None``: ``event`` does not end it."""
        return None

    def default_order(self, state: State, seat: str) -> Order | None:
        """The safe order the deadline policy submits for an absent seat, or ``None``."""
        return None

    def undo_scope(self, state: State) -> Any:
        """A value that changes whenever undo must stop reaching back (phase, owing seat...)."""
        return None

    def dice_period_key(self, state: State) -> Any:
        """A value that changes when a turn ends: a new dice period starts (revealed or closed).

        ``undo_scope`` must change whenever this changes.
        """
        return None

    def snapshot_key(self, state: State) -> Any:
        """A value that changes at turn boundaries, where the store caches snapshots."""
        return self.dice_period_key(state)

    def vocabulary(self, kind: str, key: str) -> str:
        """The English name of a vocabulary key (``kind`` one of ``errors.VOCABULARY_KINDS``).

        Refusal parameters carry keys (``{"unit": "tank"}``); the Game renders ``err.message`` in
        English through this, and a game's UI package translates the same keys. Default: the key.
        """
        return key

    def describe_event(self, event: Event) -> str | None:
        """A one-line English description of an event for readable logs (optional)."""
        return None

    # -- facade -------------------------------------------------------------
    def new_game(self, options: dict[str, Any] | None = None, seed: str = "", *, dice: Any = None,
                 game_id: str = "local") -> Game:
        from pbem.engine.game import Game

        return Game.create(self, options or {}, None, seed=seed, dice=dice, game_id=game_id)

    def from_position(self, position: dict[str, Any], seed: str = "", *, options: dict[str, Any] | None = None,
                      dice: Any = None, game_id: str = "local") -> Game:
        from pbem.engine.game import Game

        opts = dict(position.get("options", {}))
        opts.update(options or {})
        return Game.create(self, opts, position, seed=seed, dice=dice, game_id=game_id)

    def replay(self, log: list[Event], dice: Any = None) -> Game:
        from pbem.engine.game import Game

        return Game.replay(self, log, dice=dice)
