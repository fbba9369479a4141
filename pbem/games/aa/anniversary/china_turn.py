"""Rules module: China inside the US turn (AAE-CHINA, AAE-SEQ-10) and repairs (AAE-PUR-03).

* China's Purchase step (right after the US Purchase): its free infantry are counted
  (AAE-CHINA-03) and added to ``china_pending`` (``aa.aae_china_infantry``).
* China's Mobilize step: ``{"type": "place_free_infantry", "units": {territory: n}}``
  (AAE-CHINA-04) places them (``aa.aae_free_infantry_placed``); the phase cannot end while one
  could still be placed; the others wait (AAE-CHINA-14).
* ``{"type": "combat_block", "first": "china" | "usa"}`` before the first combat move of the US
  turn: whose combat move and combat come first (AAE-CHINA-10).
* ``{"type": "repair", "complexes": {territory: markers}}`` in Purchase (AAE-PUR-03).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.anniversary import bombing, china
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.research import advances, repair_cost
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

FREE_INFANTRY = "aa.aae_china_infantry"
PLACED = "aa.aae_free_infantry_placed"
BLOCK = "aa.aae_combat_block"
REPAIRED = "aa.aae_repaired"


def _data(rs: AARuleset, state: State) -> AnniversaryData:
    data = rs.scenario(state["options"])
    assert isinstance(data, AnniversaryData)
    return data


def first_block(state: State) -> str | None:
    """The power whose combat block comes first this round, if the host chose (AAE-CHINA-10)."""
    chosen = state.get("first_block")
    return chosen["first"] if chosen and chosen["round"] == state["round"] else None


def counts_at_start(state: State) -> dict[str, int]:
    """Chinese units per territory at the start of Mobilize: those placed now are flagged."""
    out: dict[str, int] = {}
    for space, units in state["units"].items():
        n = sum(1 for u in units if u["owner"] == china.CHINA and not u.get("t_placed"))
        if n:
            out[space] = n
    return out


def _free_infantry(rs: AARuleset, ctx: OrderContext) -> None:
    state = ctx.state
    if state["power"] != china.CHINA:
        return
    count = china.free_infantry(_data(rs, state), state)
    ctx.emit(FREE_INFANTRY, {"count": count,
                             "pending": int(state.get("china_pending", 0)) + count}, seat=None)


def place_free_infantry(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    if ctx.seat != china.CHINA or state["power"] != china.CHINA or state["phase"] != "mobilize":
        raise IllegalOrder("AAE-CHINA-04", "China's free infantry are placed in China's "
                           "mobilization, in the US turn.")
    data = _data(rs, state)
    placements = china.check_placement(data, state, order.get("units"), counts_at_start(state))
    ids = list(range(state["next_id"], state["next_id"] + sum(placements.values())))
    ctx.emit(PLACED, {"placements": {t: placements[t] for t in sorted(placements)},
                      "ids": ids})


def _placeable(rs: AARuleset, state: State) -> list[str]:
    if state["power"] != china.CHINA or not state.get("china_pending"):
        return []
    return china.placement_territories(_data(rs, state), state, counts_at_start(state))


def _mobilize_check(rs: AARuleset, state: State) -> list[tuple[str, str, dict[str, Any]]]:
    where = _placeable(rs, state)
    if where:
        return [("AAE-CHINA-04", N_("Place China's free infantry: {space} can still take them."),
                 {"space": where[0]})]
    return []


def combat_block(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    host = state["power"]
    guests = [g for g, h in rs.edition.hosts.items() if h == host]
    if ctx.seat != host or not guests or state["phase"] not in ("research", "purchase"):
        raise IllegalOrder("AAE-CHINA-10", "The order of the US and Chinese combat blocks is "
                           "chosen by the United States before its combat move.")
    first = order.get("first")
    if first not in (host, *guests):
        raise IllegalOrder("AAE-CHINA-10", "The first combat block is {host}'s or {guest}'s.",
                           {"host": host, "guest": guests[0]})
    ctx.emit(BLOCK, {"first": first, "round": state["round"]})


def repair(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    power = state["power"]
    if ctx.seat != power or state["phase"] != "purchase":
        raise IllegalOrder("AAE-PUR-03", "Industrial complexes are repaired in your Purchase "
                           "phase.")
    repairs = order.get("complexes")
    cost = bombing.check_repair(_data(rs, state), state, power, repairs)
    assert isinstance(repairs, dict)
    ctx.emit(REPAIRED, {"power": power, "complexes": {t: repairs[t] for t in sorted(repairs)},
                        "cost": cost})


def _evolve_free_infantry(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    state["china_pending"] = event["payload"]["pending"]


def _evolve_placed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    ids = iter(p["ids"])
    for territory, count in p["placements"].items():
        for _ in range(count):
            uid = next(ids)
            state["units"][territory].append({"id": uid, "type": "infantry", "owner": china.CHINA,
                                              "hits": 0, "t_placed": territory})
            state["next_id"] = max(state["next_id"], uid + 1)
    state["china_pending"] -= len(p["ids"])


def _evolve_block(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    state["first_block"] = {"first": event["payload"]["first"], "round": event["payload"]["round"]}


def _evolve_repaired(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    bombing.repair(state, p["complexes"])
    state["ipcs"][p["power"]] -= p["cost"]


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    power = state["power"]
    if seat != power:
        return out
    if state["phase"] == "mobilize" and power == china.CHINA:
        out["free_infantry"] = {"pending": int(state.get("china_pending", 0)),
                                "territories": _placeable(rs, state)}
    if state["phase"] in ("research", "purchase") and any(
            h == power for h in rs.edition.hosts.values()):
        out["combat_block"] = {"first": first_block(state) or power,
                               "choices": [power, *[g for g, h in rs.edition.hosts.items()
                                                    if h == power]]}
    if state["phase"] == "purchase":
        damaged = {t: n for t, n in state.get("complexes", {}).items()
                   if n and state["owners"].get(t) == power}
        if damaged:
            out["repair"] = {"damage": damaged,
                             "cost_per_marker": repair_cost(advances(state, power), 2) / 2}
    return out


def _default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    """Deadline policy and bots: China's free infantry go to the first territory open."""
    where = _placeable(rs, state) if seat == state["power"] else []
    if where and state["phase"] == "mobilize":
        return {"type": "place_free_infantry", "units": {where[0]: 1}}
    return None


def _describe_free(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"China receives {p['count']} free infantry ({p['pending']} to place)"


def _describe_placed(rs: AARuleset, event: dict[str, Any]) -> str:
    places = ", ".join(f"{n} in {t}" for t, n in event["payload"]["placements"].items())
    return f"China places free infantry: {places}"


def _describe_block(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"{rs.power_names[event['payload']['first']]} moves and fights first"


def _describe_repaired(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    places = ", ".join(f"{n} in {t}" for t, n in p["complexes"].items())
    return f"{rs.power_names[p['power']]} repairs damage ({places}) for {p['cost']} IPCs"


ORDERS = {"place_free_infantry": place_free_infantry, "combat_block": combat_block,
          "repair": repair}
EVOLVERS = {FREE_INFANTRY: _evolve_free_infantry, PLACED: _evolve_placed, BLOCK: _evolve_block,
            REPAIRED: _evolve_repaired}
DESCRIBERS = {FREE_INFANTRY: _describe_free, PLACED: _describe_placed, BLOCK: _describe_block,
              REPAIRED: _describe_repaired}
PHASE_START = {"purchase": _free_infantry}
PHASE_EXIT_CHECKS = {"mobilize": _mobilize_check}
LEGAL_OPTIONS = [_legal_options]
DEFAULT_ORDERS = [_default_order]
