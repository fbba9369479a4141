"""Interface helpers: reachable spaces of a stack, what blocks the end of a phase (issue 4)."""

from __future__ import annotations

from aa_move_kit import RS, end_phase, game, ids, move, refused_move, uid

from pbem.games.aa.helpers import phase_requirements, reachable

G = "germany"


def u(type_: str, owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def test_reachable_tank_in_combat_move_lists_battles_captures_and_blitzes() -> None:
    g = game({"Eastern Europe": [u("tank")], "Archangel": [u("infantry", "ussr")]})
    t = uid(g, "Eastern Europe", "tank")
    found = reachable(RS, g.state, [t])
    assert found["Archangel"] == {"cost": 2, "route": ["Eastern Europe", "Karelia", "Archangel"],
                                  "ends": "battle"}
    # stopping in empty Karelia: taken when combat is conducted (AA41-CM-12, AA41-CAP-01b)
    assert found["Karelia"] == {"cost": 1, "route": ["Eastern Europe", "Karelia"],
                                "ends": "capture"}
    # blitz through empty Karelia, then on into friendly Norway Finland (AA41-CM-12)
    assert found["Norway Finland"]["ends"] == "blitz"
    # empty but with an industrial complex: the tank stops there; captured in combat
    assert found["Russia"] == {"cost": 2, "route": ["Eastern Europe", "West Russia", "Russia"],
                               "ends": "capture"}
    assert found["Eastern Europe"] == {"cost": 2, "ends": "blitz",
                                       "route": ["Eastern Europe", "Karelia", "Eastern Europe"]}
    assert "Germany" not in found and "Sweden" not in found  # no repositioning, no neutrals
    assert "Urals" not in found  # not through Russia's complex


def test_reachable_every_listed_destination_is_accepted_by_the_move_order() -> None:
    g = game({"Germany": [u("fighter"), u("tank")], "SZ 6": [u("destroyer", "uk")],
              "Karelia": [u("infantry", "ussr")]})
    f, t = uid(g, "Germany", "fighter"), uid(g, "Germany", "tank")
    for stack in ([f], [t]):
        for space, entry in reachable(RS, g.state, stack).items():
            order = {"type": "move", "units": stack, "route": entry["route"]}
            if "landing" in entry:
                order["landing"] = entry["landing"]
            game_copy = RS.replay(g.log())
            game_copy.submit(G, order)
            assert game_copy.state["units"][space][-1]["id"] in stack
    assert reachable(RS, g.state, [f])["SZ 6"]["ends"] == "battle"


def test_reachable_air_in_combat_move_needs_landing_and_noncombat_lists_safe_spots() -> None:
    g = game({"Karelia": [u("fighter", t_moved=3, t_combat=True)]}, phase="noncombat_move")
    f = uid(g, "Karelia", "fighter")
    found = reachable(RS, g.state, [f])
    assert set(found) == {"Eastern Europe", "Norway Finland", "West Russia"}
    assert all(e["ends"] == "landing" for e in found.values())


def test_reachable_cargo_lists_unloading_territories_and_transport_loading() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)],
              "Germany": [u("infantry")]}, phase="noncombat_move")
    cargo = uid(g, "SZ 5", "infantry")
    found = reachable(RS, g.state, [cargo])
    assert set(found) == {"Eastern Europe", "Germany", "Norway Finland", "Western Europe"}
    assert found["Germany"]["ends"] == "unload"
    load = reachable(RS, g.state, [uid(g, "Germany", "infantry")])
    assert load["SZ 5"] == {"cost": 1, "route": ["Germany", "SZ 5"], "ends": "load",
                            "transport": uid(g, "SZ 5", "transport")}


def test_phase_requirements_lists_what_blocks_end_phase() -> None:
    g = game({"Germany": [u("fighter")], "Eastern Europe": [u("infantry")]})
    assert phase_requirements(RS, g.state) == []
    f = uid(g, "Germany", "fighter")
    move(g, [f], ["Germany", "Eastern Europe", "Karelia"], landing={str(f): "Eastern Europe"})
    reqs = phase_requirements(RS, g.state)
    assert [r["rule_id"] for r in reqs] == ["AA41-CM-21"]
    move(g, ids(g, "Eastern Europe", "infantry"), ["Eastern Europe", "Karelia"])
    assert phase_requirements(RS, g.state) == []
    end_phase(g)


def test_phase_requirements_noncombat_air_units_that_must_land() -> None:
    g = game({"Karelia": [u("fighter", t_moved=3, t_combat=True)]}, phase="noncombat_move")
    reqs = phase_requirements(RS, g.state)
    assert reqs[0]["rule_id"] == "AA41-AIR-08" and "Karelia" in reqs[0]["message"]
    refused_move(g, [uid(g, "Karelia", "fighter")], ["Karelia", "Archangel"], "AA41-AIR-04")


def test_legal_options_carry_the_phase_requirements_in_move_phases() -> None:
    g = game({"Karelia": [u("fighter", t_moved=3, t_combat=True)]}, phase="noncombat_move")
    options = g.legal_options(G)
    assert [r["rule_id"] for r in options["phase_requirements"]] == ["AA41-AIR-08"]
    assert "phase_requirements" not in g.legal_options("japan")


def test_AA41_AIR_08_the_default_order_lands_an_air_unit_that_can_still_land() -> None:
    g = game({"Karelia": [u("fighter", t_moved=3, t_combat=True)]}, phase="noncombat_move")
    order = RS.default_order(g.state, G)
    assert order is not None and order["type"] == "move" and order["units"] == [uid(g, "Karelia", "fighter")]
    g.submit(G, order)
    assert RS.default_order(g.state, G) == {"type": "end_phase"}
    g.submit(G, {"type": "end_phase"})  # what the deadline policy submits next is accepted
