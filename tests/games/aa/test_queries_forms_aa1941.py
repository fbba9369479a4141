"""The engine's queries the A&A forms use: ``amphibious`` (only loaded transports, only targets a
declaration may name) and ``landing`` (every plan a move allows, checked by the move's own code)."""

from __future__ import annotations

from pbem.engine import load_ruleset
from pbem.engine.game import Game


def japan_combat_move() -> Game:
    game = Game.create(load_ruleset("aa1941"), {"dice": "low_luck"}, None, seed="queries")
    while (game.state["power"], game.state["phase"]) != ("japan", "combat_move"):
        game.submit(game.state["power"], {"type": "end_phase"})
    return game


def test_AA41_AMP_01_amphibious_query_offers_loaded_transports_and_hostile_coast_only() -> None:
    game = japan_combat_move()
    assert game.query("japan", "amphibious", {}) == {"zones": {}}  # nothing loaded yet: no carrier offered
    infantry = [u["id"] for u in game.state["units"]["Japan"] if u["type"] == "infantry"][:2]
    game.submit("japan", {"type": "move", "units": infantry, "route": ["Japan", "SZ 45"], "transport": 80})
    zones = game.query("japan", "amphibious", {})["zones"]
    assert zones == {"SZ 45": {"transports": [{"id": 80, "cargo": sorted(infantry)}], "targets": ["Siberia"],
                               "sea_battle": None, "declared": []}}  # no enemy in SZ 45: no sea battle to choose
    # the carrier in SZ 45 (77, with fighters aboard) is no transport; Japan's own islands are no targets
    for target in ("Japan", "Iwo Jima", "Okinawa", "Manchuria"):
        assert target not in zones["SZ 45"]["targets"]
    assert game.query("germany", "amphibious", {}) == {"zones": {}}  # not the active power
    game.submit("japan", {"type": "declare_amphibious", "sea_zone": "SZ 45", "target": "Siberia", "transports": [80]})
    # the form shows the assault declared from the zone (declaring again replaces it)
    assert game.query("japan", "amphibious", {})["zones"]["SZ 45"]["declared"] == [
        {"target": "Siberia", "transports": [80]}]


def test_AA41_AIR_05_landing_query_lists_every_plan_the_move_allows() -> None:
    game = japan_combat_move()
    fighter = next(u["id"] for u in game.state["units"]["Japan"] if u["type"] == "fighter")
    route = game.query("japan", "reachable", {"units": [fighter]})["destinations"]["Siberia"]["route"]
    plans = game.query("japan", "landing", {"units": [fighter], "route": route})["plans"][str(fighter)]
    spaces = [p["space"] for p in plans]
    assert spaces[0] == "Manchuria" and "Japan" in spaces and "Siberia" not in spaces  # not where it fights
    assert {"space": "SZ 45", "carrier": 77} not in plans  # carrier 77 is full
    for plan in plans:  # every listed plan is accepted by the move itself
        landing = plan if "carrier" in plan else plan["space"]
        game.preview("japan", {"type": "move", "units": [fighter], "route": route, "landing": {str(fighter): landing}})
