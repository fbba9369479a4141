"""A random-but-legal A&A player, built on the helpers the interfaces use.

``RandomBot(rs, rng).act(game)`` plays one owed decision of a facade :class:`~pbem.engine.Game`:
a whole phase for the active power (purchase, combat move, one battle order, noncombat move,
mobilize) or one owed casualty choice. Its choices come from the same queries a form uses
(``helpers.reachable``, ``helpers.phase_requirements``, ``legal_options``, the combat and
mobilize queries), so its orders are legal; a move that would leave the phase unable to end
(a sea unit with nothing to fight, an amphibious load without a declaration that holds) is
taken back with ``undo``, as a player would. Randomness comes only from ``rng``, any object
with ``random()``, ``choice(seq)`` and ``sample(seq, k)`` (a ``random.Random`` made by the
caller, or :class:`HashRng`, which derives everything from a seed string with SHA-256).

``on_order(game, seat, order, events)`` (optional) is called after every accepted order, undo
included: the fuzzer checks the invariants there. Orders the bot builds from the helpers'
answers should never be refused: those refusals are listed in ``refused`` as ``(order,
rule_id)``. A few orders are probes that no helper checks in advance (the loads and the
declaration of an amphibious assault, the size of a placement); their refusals go to
``probed``. Engine errors that are not rule refusals propagate.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pbem.engine import RulesError
from pbem.games.aa import air, bot_options, combat_rules, mobilize, retreat
from pbem.games.aa.helpers import phase_requirements, reachable
from pbem.games.aa.routes import domain, ended, movement_left, territory_hostile, unit_index, zone_hostile
from pbem.games.aa.transport import cargo_of, fits

if TYPE_CHECKING:
    from pbem.engine import Game
    from pbem.games.aa.ruleset import AARuleset

T = TypeVar("T")
Order = dict[str, Any]
Unit = dict[str, Any]

#: How often each unit type is bought (relative weights; a bot preference, not a rule: types of
#: other editions' rosters not named here weigh 1).
BUY_WEIGHTS = {"infantry": 8, "tank": 4, "fighter": 2, "bomber": 1, "submarine": 1, "transport": 2,
               "destroyer": 1, "carrier": 1, "battleship": 1, "artillery": 3}
_ATTACK_ENDS = {"land": ("battle", "capture", "blitz"), "sea": ("battle",), "air": ("battle",)}


class Rng(Protocol):
    def random(self) -> float: ...

    def choice(self, seq: Sequence[T]) -> T: ...

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...


class HashRng:
    """Deterministic choices derived from SHA-256 over a seed string and a counter."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.count = 0

    def random(self) -> float:
        self.count += 1
        digest = hashlib.sha256(f"{self.seed}|{self.count}".encode()).digest()
        return int.from_bytes(digest[:7], "big") / float(1 << 56)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[min(int(self.random() * len(seq)), len(seq) - 1)]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        pool = list(population)
        return [pool.pop(min(int(self.random() * len(pool)), len(pool) - 1)) for _ in range(k)]


class BotStuck(RuntimeError):
    """The bot found no legal way to end a phase (a bot limit or an engine deadlock)."""


class RandomBot:
    def __init__(self, rs: AARuleset, rng: Rng, *, moves: int = 4,
                 on_order: Callable[[Game, str, Order, list[dict[str, Any]]], None] | None = None) -> None:
        self.rs, self.rng, self.moves, self.on_order = rs, rng, moves, on_order
        self.refused: list[tuple[Order, str]] = []
        self.probed: list[tuple[Order, str]] = []
        self.orders = 0

    # -- plumbing --------------------------------------------------------------------------
    def submit(self, game: Game, seat: str, order: Order, *, probe: bool = False) -> bool:
        """Submit; True if accepted, False (recorded in ``refused``/``probed``) if refused."""
        try:
            events = game.submit(seat, order)
        except RulesError as err:
            (self.probed if probe else self.refused).append((order, err.rule_id))
            return False
        self.orders += 1
        if self.on_order is not None:
            self.on_order(game, seat, order, events)
        return True

    def _try(self, game: Game, seat: str, orders: list[Order | Callable[[], list[Order]]], *,
             probe: bool = False) -> bool:
        """Submit ``orders``; keep them only if they add no new blocker of the phase's end.

        An item may be a function, called when its turn comes, giving the alternatives for that
        step (an order read from the options after the moves before it): the first accepted is
        kept, the others are probes."""
        before = len(phase_requirements(self.rs, game.state))
        done = 0
        for item in orders:
            choices = item() if callable(item) else [item]
            if not any(self.submit(game, seat, order, probe=probe or n < len(choices) - 1)
                       for n, order in enumerate(choices)):
                break
            done += 1
        if done == len(orders) and len(phase_requirements(self.rs, game.state)) <= before:
            return True
        for _ in range(done):
            self.submit(game, seat, {"type": "undo"})
        return False

    def _end_phase(self, game: Game, seat: str) -> None:
        for _ in range(50):  # the edition's own duties (China's free infantry): its default orders
            if self.submit(game, seat, {"type": "end_phase"}, probe=True):
                return
            order = self.rs.default_order(game.state, seat)
            if order is None or order.get("type") == "end_phase" or not self.submit(game, seat, order):
                break
        if not self.submit(game, seat, {"type": "end_phase"}):
            raise BotStuck(f"{seat} cannot end {game.state['phase']}: {self.refused[-1]}; "
                           f"requirements {phase_requirements(self.rs, game.state)}")

    try_orders = _try

    # -- one decision ----------------------------------------------------------------------
    def act(self, game: Game) -> None:
        """Play the first decision owed (a whole phase for the active power)."""
        owed = game.owed()
        if not owed:
            return
        seat, state = owed[0]["seat"], game.state
        phase = state["phase"]
        if owed[0]["kind"] != phase:  # a decision owed mid-phase: casualties, a stranded fighter
            self._owed(game, seat, owed[0]["kind"])
            return
        if phase == "purchase" and "purchase" in game.legal_options(seat):
            if self.rng.random() < 0.1:
                self._standing(game, seat)
            bot_options.repair(self, game, seat)
            self.submit(game, seat, self._purchase(game.legal_options(seat)["purchase"]))
        elif phase == "research":
            bot_options.research(self, game, seat)
        elif phase == "combat_move":
            self._combat_move(game, seat)
        elif phase == "combat":
            self._battle(game, seat)
            return
        elif phase == "noncombat_move":
            self._noncombat_move(game, seat)
        elif phase == "mobilize":
            self._mobilize(game, seat)
        self._end_phase(game, seat)

    # -- purchase, standing orders ---------------------------------------------------------
    def _purchase(self, options: dict[str, Any]) -> Order:
        funds = options.get("treasuries") or {}  # a power with several treasuries picks one
        treasury = self.rng.choice(sorted(funds)) if len(funds) > 1 else None
        available = funds[treasury] if treasury is not None else options["available"]
        budget = int(available * (0.5 + self.rng.random() / 2))
        costs = options["costs"]
        units: dict[str, int] = {}
        while True:
            affordable = [t for t in self.rs.data.unit_order if t in costs
                          and not self.rs.data.units[t].has("mobilization_site")
                          for _ in range(BUY_WEIGHTS.get(t, 1)) if costs[t] <= budget]
            if not affordable:
                order: Order = {"type": "purchase", "units": units}
                if treasury is not None:
                    order["treasury"] = treasury
                return order
            kind = self.rng.choice(affordable)
            units[kind] = units.get(kind, 0) + 1
            budget -= costs[kind]

    def _standing(self, game: Game, seat: str) -> None:
        kinds = list(self.rs.data.unit_order)
        first = self.rng.sample(kinds, 3)
        order = {"type": "standing", "loss_order": first,
                 "keep_last": self.rng.sample([k for k in kinds if k not in first], 2),
                 "submerge": self.rng.random() < 0.5}
        for key, allowed in combat_rules.rules(self.rs).standing.items():  # the edition's own keys
            order[key] = self.rng.choice(allowed)
        self.submit(game, seat, order)

    # -- combat move -----------------------------------------------------------------------
    def _stacks(self, state: dict[str, Any], power: str, phase: str) -> list[list[Unit]]:
        """Groups of the power's units that may still move, one space and one domain each."""
        groups: dict[tuple[str, str], list[Unit]] = {}
        for space, units in state["units"].items():
            for unit in units:
                if unit["owner"] != power or movement_left(self.rs, unit, state) <= 0 or ended(unit, phase):
                    continue
                kind = domain(self.rs, unit)
                if kind == "land" and unit.get("aboard") is not None:
                    continue
                if phase == "noncombat_move" and kind != "air" and unit.get("t_combat"):
                    continue
                groups.setdefault((space, kind), []).append(unit)
        return [groups[k] for k in sorted(groups)]

    def _pick(self, stack: list[Unit]) -> list[int]:
        size = 1 + int(self.rng.random() * min(len(stack), 4))
        return sorted(u["id"] for u in self.rng.sample(stack, size))

    def _combat_move(self, game: Game, seat: str) -> None:
        rs = self.rs
        bot_options.raid_flight(self, game, seat)
        if self.rng.random() < 0.35:
            self._amphibious(game, seat)
        for _ in range(1 + int(self.rng.random() * self.moves)):
            flying = self.rng.random() < 0.25
            index = unit_index(game.state)
            stacks = [s for s in self._stacks(game.state, seat, "combat_move")
                      if (domain(rs, s[0]) == "air") == flying and self._near_enemy(game.state, seat, s, index)]
            if not stacks:
                continue
            stack = self.rng.choice(stacks)
            ids = self._pick(stack)
            kind = domain(rs, stack[0])
            options = {d: e for d, e in reachable(rs, game.state, ids).items() if e["ends"] in _ATTACK_ENDS[kind]}
            if not options:
                continue
            dest = self._destination(game.state, seat, options)
            if options[dest]["ends"] == "battle" and not self._worth_it(game.state, seat, ids, dest):
                continue
            self._try(game, seat, [_move_order(ids, options[dest])])
        self._attack_in_place(game, seat)
        bot_options.paradrops(self, game, seat)
        bot_options.ignore_enemy(self, game, seat)
        bot_options.raids_and_rockets(self, game, seat)

    def _destination(self, state: dict[str, Any], power: str, options: dict[str, Any]) -> str:
        """Mostly the destination nearest to an enemy-held enemy capital; sometimes any."""
        rs = self.rs
        targets = [c for p, c in rs.capitals.items()
                   if not rs.data.friendly(p, power) and not rs.data.friendly(state["owners"].get(c), power)]
        spaces = sorted(options)
        if not targets or self.rng.random() < 0.4:
            return self.rng.choice(spaces)

        def distance(space: str) -> int:
            return min(99 if (d := rs.map.air_distance(space, t)) is None else d for t in targets)

        best = min(distance(s) for s in spaces)
        return self.rng.choice([s for s in spaces if distance(s) == best])

    def _near_enemy(self, state: dict[str, Any], power: str, stack: list[Unit],
                    index: dict[int, tuple[str, Unit]] | None = None) -> bool:
        """A cheap filter before ``reachable``: is there anything to attack within range?"""
        rs = self.rs
        here = unit_index(state)[stack[0]["id"]][0] if index is None else index[stack[0]["id"]][0]
        kind, reach = domain(rs, stack[0]), min(movement_left(rs, u, state) for u in stack)
        if kind == "sea" and all(rs.data.units[u["type"]].has("carries_land_units") for u in stack):
            return False
        if kind == "air":
            near = rs.map.within_air(here, reach)
        else:
            step = rs.map.land_neighbours if kind == "land" else rs.map.sea_neighbours
            found: set[str] = set()
            frontier = {here}
            for _ in range(reach):
                frontier = {n for s in frontier for n in step(s)} - found
                found |= frontier
            near = tuple(found)
        friendly = rs.data.friendly
        for space in near:
            if kind == "land" and territory_hostile(rs, state, space, power):
                return True
            if any(not friendly(u["owner"], power) for u in state["units"][space]):
                return True
        return False

    def _worth_it(self, state: dict[str, Any], power: str, ids: list[int], dest: str) -> bool:
        types = self.rs.data.units
        index = unit_index(state)
        attack = sum(types[index[i][1]["type"]].attack for i in ids)
        attack += sum(types[u["type"]].attack for u in state["units"][dest] if u["owner"] == power)
        defence = sum(types[u["type"]].defense for u in state["units"][dest]
                      if not self.rs.data.friendly(u["owner"], power))
        return attack >= defence * (0.3 + self.rng.random())

    def _attack_in_place(self, game: Game, seat: str) -> None:
        rs, state = self.rs, game.state
        for zone in rs.data.sea_zones:
            mine = [u["id"] for u in state["units"][zone] if u["owner"] == seat and domain(rs, u) == "sea"
                    and not u.get("t_moved") and not u.get("t_combat")]
            foes = [u for u in state["units"][zone] if not rs.data.friendly(u["owner"], seat)]
            if mine and foes and self.rng.random() < 0.5:
                self._try(game, seat, [{"type": "attack_in_place", "units": mine}])
                state = game.state

    def _amphibious(self, game: Game, seat: str) -> None:
        """Load land units next to a transport, sail it next to a hostile coast and declare."""
        rs, state = self.rs, game.state
        ships = [(zone, u) for zone in rs.data.sea_zones for u in state["units"][zone]
                 if u["owner"] == seat and rs.data.units[u["type"]].has("carries_land_units") and not u.get("t_moved")]
        if not ships:
            return
        zone, ship = self.rng.choice(ships)
        if zone_hostile(rs, state, zone, seat):
            return  # no loading next to enemy warships (AA41-UNIT-TRN-11)
        orders: list[Order] = []
        cargo = list(cargo_of(state, zone, ship["id"]))
        for territory in rs.map.territories_of(zone):
            for unit in state["units"][territory]:
                if unit["owner"] == seat and domain(rs, unit) == "land" and not unit.get("t_moved") \
                        and fits(rs, ship, cargo + [unit]):
                    cargo.append(unit)
                    orders.append({"type": "move", "units": [unit["id"]], "route": [territory, zone],
                                   "transport": ship["id"]})
        if not cargo:
            return
        sails = {d: e for d, e in reachable(rs, state, [ship["id"]]).items() if e["ends"] in ("amphibious", "battle")}
        target_zone = zone
        if sails:
            target_zone = self.rng.choice(sorted(sails))
            orders.append(_move_order([ship["id"]], sails[target_zone]))
        targets = [t for t in rs.map.territories_of(target_zone)
                   if not rs.map.is_neutral(t) and territory_hostile(rs, state, t, seat)]
        if not targets:
            return
        orders += bot_options.bombard_escort(self, game, seat, target_zone)
        declaration = {"type": "declare_amphibious", "target": self.rng.choice(targets),
                       "sea_zone": target_zone, "transports": [ship["id"]]}
        landing = len(cargo)
        self._try(game, seat, [*orders, lambda: bot_options.with_bombardment(self, game, seat, declaration, landing)],
                  probe=True)

    # -- decisions owed by any seat, conduct combat ---------------------------------------
    def _owed(self, game: Game, seat: str, kind: str) -> None:
        """The ruleset's default answer (standing-order casualties, the first landing spot)."""
        order = self.rs.default_order(game.state, seat)
        if order is None or not self.submit(game, seat, order):
            raise BotStuck(f"{seat} owes a decision ({kind}) and its default order is missing or refused")

    def _battle(self, game: Game, seat: str) -> None:
        rs, state = self.rs, game.state
        battles = game.legal_options(seat).get("battles") or []
        if not battles:
            self._end_phase(game, seat)
            return
        b = state["battles"][self.rng.choice(battles)["place"]]
        if b["status"] == "fighting" and b["round"] >= 1 and self.rng.random() < 0.2:
            moving, fliers, _staying = retreat.movers(rs, state, b)
            where = retreat.destinations(rs, state, b, moving) if moving else []
            if where or (fliers and not moving):
                order: Order = {"type": "retreat", "place": b["place"]}
                if where:
                    order["to"] = self.rng.choice(where)
                if self.submit(game, seat, order):
                    return
        order = {"type": "battle", "place": b["place"]}
        subs = [u["id"] for u in state["units"][b["place"]] if u["id"] in set(b["attackers"])
                and rs.data.units[u["type"]].has("submerge") and not u.get("t_submerged")]
        foes_dd = any(rs.data.units[u["type"]].has("detects_submarines") and not rs.data.friendly(u["owner"], seat)
                      for u in state["units"][b["place"]])
        if subs and b["kind"] == "sea" and not foes_dd and self.rng.random() < 0.15:
            order["submerge"] = subs
        if not self.submit(game, seat, order):
            raise BotStuck(f"{seat} cannot fight in {b['place']}: {self.refused[-1]}")

    # -- noncombat move --------------------------------------------------------------------
    def _noncombat_move(self, game: Game, seat: str) -> None:
        rs = self.rs
        for _ in range(int(self.rng.random() * (self.moves + 1))):
            wanted = "sea" if self.rng.random() < 0.25 else "land"
            stacks = [s for s in self._stacks(game.state, seat, "noncombat_move") if domain(rs, s[0]) == wanted]
            stacks += [[u for u in cargo_of(game.state, zone, ship["id"])] for zone, ship in self._ships(game, seat)]
            stacks = [s for s in stacks if s]
            if not stacks:
                break
            ids = self._pick(self.rng.choice(stacks))
            options = reachable(rs, game.state, ids)
            if options:
                dest = self._destination(game.state, seat, options)
                self._try(game, seat, [_move_order(ids, options[dest])])
        self._land_air(game, seat)
        if phase_requirements(rs, game.state):
            self._repair_carriers(game, seat)

    def _ships(self, game: Game, seat: str) -> list[tuple[str, Unit]]:
        state = game.state
        return [(z, u) for z in self.rs.data.sea_zones for u in state["units"][z]
                if u["owner"] == seat and self.rs.data.units[u["type"]].has("carries_land_units")]

    def _land_air(self, game: Game, seat: str) -> None:
        for _space, unit in air.unsafe_air(self.rs, game.state, seat):
            if unit.get("t_waiting") or movement_left(self.rs, unit, game.state) <= 0:
                continue
            spots = {d: e for d, e in reachable(self.rs, game.state, [unit["id"]]).items() if e["ends"] == "landing"}
            if spots:
                self._try(game, seat, [_move_order([unit["id"]], spots[self.rng.choice(sorted(spots))])])

    def _repair_carriers(self, game: Game, seat: str) -> None:
        """AA41-AIR-07/13: move carriers until no requirement is left (or nothing helps)."""
        rs = self.rs
        carriers = [u for z in rs.data.sea_zones for u in game.state["units"][z]
                    if u["owner"] == seat and air.is_carrier(rs, u) and movement_left(rs, u, game.state) > 0]
        for carrier in carriers:
            for entry in reachable(rs, game.state, [carrier["id"]]).values():
                before = len(phase_requirements(rs, game.state))
                if not before:
                    return
                if not self.submit(game, seat, _move_order([carrier["id"]], entry)):
                    continue
                if len(phase_requirements(rs, game.state)) < before:
                    break
                self.submit(game, seat, {"type": "undo"})
        self._land_air(game, seat)

    # -- mobilize --------------------------------------------------------------------------
    def _mobilize(self, game: Game, seat: str) -> None:
        rs = self.rs
        for _ in range(40):
            where = mobilize.placements(rs, game.state)
            if not where:
                return
            space = self.rng.choice(sorted(where))
            kind = self.rng.choice(where[space])
            found = [c for c in mobilize.eligible_complexes(rs, game.state, seat, space, kind)[0]
                     if mobilize.capacity_left(rs, game.state, c) > 0]
            factory = self.rng.choice(found)
            most = min(game.state["bought"][kind], mobilize.capacity_left(rs, game.state, factory))
            count = 1 + int(self.rng.random() * most)
            order = {"type": "place", "units": {kind: count}, "at": space, "factory": factory}
            if self.submit(game, seat, order, probe=True) or (
                    count > 1 and self.submit(game, seat, {**order, "units": {kind: 1}}, probe=True)):
                continue
            fallback = rs.default_order(game.state, seat)
            if fallback is not None and fallback.get("type") == "place" and self.submit(game, seat, fallback):
                continue
            pairs = [(s, k) for s in sorted(where) for k in where[s]]  # the helpers disagree: try each
            if not any(self.submit(game, seat, {"type": "place", "units": {k: 1}, "at": s}, probe=True)
                       for s, k in pairs):
                return


def _move_order(ids: list[int], entry: dict[str, Any]) -> Order:
    order: Order = {"type": "move", "units": ids, "route": entry["route"]}
    for key in ("landing", "transport"):
        if key in entry:
            order[key] = entry[key]
    return order


def play(game: Game, bot: RandomBot, *, max_rounds: int = 15, max_orders: int = 100_000) -> Game:
    """Let ``bot`` play every seat until a result or the end of round ``max_rounds``."""
    while game.result() is None and game.state["round"] <= max_rounds and bot.orders < max_orders:
        bot.act(game)
    return game
