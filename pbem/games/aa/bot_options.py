"""What the random bot does with the choices some editions add to a phase.

Strategic bombing raids, rockets and paratroopers (combat move), research (its own phase),
repairs of damaged industrial complexes (purchase), shore bombardment (named in an amphibious
declaration) and lone enemy submarines and transports ignored where the power's ships ended
their combat move (Global 1940) are offered by the edition's ``legal_options`` (``raids``,
``rockets``, ``paradrops``, ``research``, ``repair``, ``bombard``, ``ignore_enemy``). The bot
only picks among what is offered, with its own seeded ``rng`` like its other choices; an edition
that offers none of them costs the bot no draw, so the other editions' bot games are unchanged.
Where the offer cannot be read before an order (which enemy complex a bomber may reach, which
ships a landing's sea zone will hold, whether land units attack a drop zone), the bot moves first
and reads the offer after the move, or takes the move back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.games.aa.helpers import reachable
from pbem.games.aa.routes import movement_left, territory_hostile, unit_index

if TYPE_CHECKING:
    from pbem.engine import Game
    from pbem.games.aa.bot import Order, RandomBot

#: How often the bot takes each kind of choice when it is offered (bot preferences, not rules).
RESEARCH, REPAIR, RAID_FLIGHT, RAID, ROCKET, BOMBARD, PARADROP = 0.3, 0.7, 0.5, 0.6, 0.8, 0.8, 0.6
IGNORE = 0.5


def research(bot: RandomBot, game: Game, seat: str) -> None:
    """Buy one to three research tokens (or roll those held) and choose a chart after a success."""
    offer = game.legal_options(seat).get("research")
    if not offer or offer["rolled"] or bot.rng.random() >= RESEARCH:
        return
    tokens = min(offer["max_tokens"], 1 + int(bot.rng.random() * 3))
    if tokens <= 0 and offer["tokens_held"] <= 0:
        return
    if not bot.submit(game, seat, {"type": "research", "tokens": max(tokens, 0)}):
        return
    offer = game.legal_options(seat).get("research") or {}
    if offer.get("chart_owed") and offer.get("charts"):
        bot.submit(game, seat, {"type": "research_chart", "chart": bot.rng.choice(offer["charts"])})


def repair(bot: RandomBot, game: Game, seat: str) -> None:
    """Repair some damage markers on the power's complexes, as far as its IPCs go."""
    options = game.legal_options(seat)
    offer, purchase = options.get("repair"), options.get("purchase")
    if not offer or not purchase or bot.rng.random() >= REPAIR:
        return
    per, money = float(offer["cost_per_marker"]), int(purchase["available"])
    chosen: dict[str, int] = {}
    for territory in sorted(offer["damage"]):
        can = min(int(offer["damage"][territory]), int((money - per * sum(chosen.values())) // per) if per else 99)
        if can > 0:
            chosen[territory] = 1 + int(bot.rng.random() * can)
    if chosen:
        bot.submit(game, seat, {"type": "repair", "complexes": chosen})


def raid_flight(bot: RandomBot, game: Game, seat: str) -> None:
    """Fly one bomber to a hostile territory with an industrial complex, and raid it if offered."""
    rs, state = bot.rs, game.state
    offered = game.legal_options(seat)
    if "raids" not in offered or bot.rng.random() >= RAID_FLIGHT:
        return
    bombers = [u["id"] for units in state["units"].values() for u in units if u["owner"] == seat
               and rs.data.units[u["type"]].has("strategic_bombing") and not u.get("t_moved")]
    if not bombers:
        return
    bomber = bot.rng.choice(sorted(bombers))
    complexes = state.get("complexes", {})
    spots = {d: e for d, e in reachable(rs, state, [bomber]).items()
             if d in complexes and territory_hostile(rs, state, d, seat)}
    if not spots:
        return
    target = bot.rng.choice(sorted(spots))
    entry = spots[target]
    move: Order = {"type": "move", "units": [bomber], "route": entry["route"]}
    if "landing" in entry:
        move["landing"] = entry["landing"]

    def declare() -> list[Order]:
        offers = [o for o in game.legal_options(seat).get("raids", []) if o["target"] == target]
        return [{"type": "declare_raid", "target": target, "units": o["bombers"]} for o in offers]

    bot.try_orders(game, seat, [move, declare])


def raids_and_rockets(bot: RandomBot, game: Game, seat: str) -> None:
    """Sometimes turn bombers already over an enemy complex into raiders; fire rockets."""
    offered = game.legal_options(seat)
    for offer in offered.get("raids", []):
        if "installation" in offer:  # a raid on an installation, with escorts (Global 1940)
            if bot.rng.random() < 0.5:
                bot.try_orders(game, seat, [{"type": "declare_raid", "target": offer["target"],
                                             "installation": offer["installation"],
                                             "units": offer["raiders"], "escorts": offer["escorts"]}])
        elif bot.rng.random() < RAID:
            bot.try_orders(game, seat, [{"type": "declare_raid", "target": offer["target"],
                                         "units": offer["bombers"]}])
    sites = offered.get("rockets") or {}
    for site in sorted(sites):
        if bot.rng.random() < ROCKET:  # two sites may aim at one complex: the second is a probe
            aim = bot.rng.choice(sites[site])  # a territory, or (Global 1940) an installation there
            target = {"target": aim["target"], "kind": aim["kind"]} if isinstance(aim, dict) else {"target": aim}
            bot.try_orders(game, seat, [{"type": "declare_rocket", "from": site, **target}], probe=True)


def paradrops(bot: RandomBot, game: Game, seat: str) -> None:
    """Sometimes drop one or two infantry from an air base (Global 1940's paratroopers): on a
    territory other land units already attack, or else after moving one land unit to attack
    it (a drop alone would block the end of the phase, G40-TECH-10); all taken back if refused."""
    offered = game.legal_options(seat).get("paradrops") or []
    if not offered or bot.rng.random() >= PARADROP:
        return
    offer = bot.rng.choice(offered)
    site, infantry = offer["from"], offer["infantry"]
    escort: list[Order] = []
    if offer["attacked"]:
        target = bot.rng.choice(offer["attacked"])
    else:
        target = bot.rng.choice(offer["targets"])
        escort = _land_attack(bot, game, seat, target, set(infantry))
        if not escort:
            return
    count = 1 + int(bot.rng.random() * min(offer["left"], len(infantry)))
    bot.try_orders(game, seat, [*escort, *({"type": "paradrop", "infantry": uid, "route": [site, target]}
                                           for uid in infantry[:count])])


def _land_attack(bot: RandomBot, game: Game, seat: str, target: str, keep: set[int]) -> list[Order]:
    """A move of one land unit (not one of ``keep``) from a neighbour into a battle in ``target``."""
    rs, state = bot.rs, game.state
    near = [u["id"] for space in rs.map.land_neighbours(target) for u in state["units"][space]
            if u["owner"] == seat and u["id"] not in keep and rs.data.units[u["type"]].domain == "land"
            and u.get("aboard") is None and movement_left(rs, u, state) > 0]
    for uid in bot.rng.sample(sorted(near), min(len(near), 3)):
        entry = reachable(rs, state, [uid]).get(target)
        if entry is not None and entry["ends"] == "battle":
            return [{"type": "move", "units": [uid], "route": entry["route"]}]
    return []


def bombard_escort(bot: RandomBot, game: Game, seat: str, zone: str) -> list[Order]:
    """A move that brings one ship able to bombard to the landing's sea ``zone`` (or none)."""
    offer = game.legal_options(seat).get("bombard")
    if offer is None or bot.rng.random() >= BOMBARD:
        return []
    index = unit_index(game.state)
    ships = sorted(i for z, ids in offer.items() if z != zone for i in ids
                   if not index[i][1].get("t_moved"))
    if not ships:
        return []
    ship = bot.rng.choice(ships)
    entry = reachable(bot.rs, game.state, [ship]).get(zone)
    if entry is None or entry["ends"] != "amphibious":  # not into a sea battle
        return []
    return [{"type": "move", "units": [ship], "route": entry["route"]}]


def with_bombardment(bot: RandomBot, game: Game, seat: str, declaration: Order, landing: int) -> list[Order]:
    """The declaration naming ships in its sea zone to bombard (at most one per land unit
    landing), then the declaration alone should that be refused."""
    offer = game.legal_options(seat).get("bombard")
    ships = sorted((offer or {}).get(declaration["sea_zone"], []))
    if not ships or bot.rng.random() >= BOMBARD:
        return [declaration]
    named = bot.rng.sample(ships, min(len(ships), landing, 1 + int(bot.rng.random() * len(ships))))
    return [{**declaration, "bombard": sorted(named)}, declaration]


def ignore_enemy(bot: RandomBot, game: Game, seat: str) -> None:
    """Sometimes ignore the lone enemy submarines and transports where the power's ships ended
    their combat move (G40-CM-06), when the edition offers that choice."""
    offer = game.legal_options(seat).get("ignore_enemy") or {}
    for zone in sorted(z for z, o in offer.items() if not o["ignored"]):
        if bot.rng.random() < IGNORE:
            bot.try_orders(game, seat, [{"type": "ignore_enemy", "sea_zone": zone}])
