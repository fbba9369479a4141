"""Rockets and paratroopers in ``legal_options`` (G40-TECH-09, G40-TECH-10): every attack the
orders accept is listed, nothing else is, naming its rule; they follow the game (a base that
fired, infantry that dropped) and an amphibious assault counts as the land attack a drop needs."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game, RulesError
from tests.games.global1940.facade import RS, end, events, game_at, start_position


def _game(*advances: str, edit: dict[str, Any] | None = None, phase: str = "combat_move") -> Game:
    position = start_position()
    position["research"] = {"germany": {"advances": list(advances)}}
    position["units"]["Normandy Bordeaux"] = [{"type": "infantry", "owner": "france"}]
    position.update(edit or {})
    return game_at("germany", phase, edit=position, dice=[6] * 40, research=True)


def _accepted(game: Game, order: dict[str, Any]) -> bool:
    try:
        game.preview("germany", order)
    except RulesError:
        return False
    return True


def _ids(game: Game, space: str, utype: str, owner: str = "germany") -> list[int]:
    return [u["id"] for u in game.state["units"][space] if u["type"] == utype and u["owner"] == owner]


def test_G40_TECH_09_rocket_attacks_are_listed_in_legal_options() -> None:
    game = _game("rockets")
    listed = game.legal_options("germany")["rockets"]
    assert list(listed) == ["Western Germany"]  # the one operational German air base
    offers = listed["Western Germany"]
    assert {"target": "United Kingdom", "kind": "major_complex", "rule": "G40-TECH-09"} in offers
    assert {"target": "Scotland", "kind": "air_base", "rule": "G40-TECH-09"} in offers
    wanted = {(o["target"], o["kind"]) for o in offers}
    installations = game.state["installations"]
    for territory in sorted(installations):  # exactly the attacks the order accepts
        for kind in installations[territory]:
            order = {"type": "declare_rocket", "from": "Western Germany", "target": territory, "kind": kind}
            assert _accepted(game, order) == ((territory, kind) in wanted), (territory, kind)
    game.submit("germany", {"type": "declare_rocket", "from": "Western Germany", "target": "United Kingdom",
                            "kind": "air_base"})
    assert "rockets" not in game.legal_options("germany")  # G40-TECH-09: one rocket per base and turn


def test_G40_TECH_09_no_rockets_listed_without_the_advance_nor_outside_combat_move() -> None:
    assert "rockets" not in _game().legal_options("germany")
    assert "rockets" not in _game("rockets").legal_options("uk")  # not the active power
    assert "rockets" not in _game("rockets", phase="noncombat_move").legal_options("germany")


def test_G40_TECH_10_paradrops_are_listed_in_legal_options() -> None:
    game = _game("paratroopers")
    (offer,) = game.legal_options("germany")["paradrops"]
    infantry = _ids(game, "Western Germany", "infantry")
    assert offer == {"from": "Western Germany", "infantry": infantry, "left": 2,
                     "targets": ["France", "Normandy Bordeaux", "Scotland", "Southern France", "United Kingdom"],
                     "attacked": [], "rule": "G40-TECH-10"}
    lands = [s for s in RS.data.spaces if RS.data.spaces[s].is_land]
    for target in lands:  # exactly the drops the order accepts
        order = {"type": "paradrop", "infantry": infantry[0], "route": ["Western Germany", target]}
        assert _accepted(game, order) == (target in offer["targets"]), target
    tank = _ids(game, "Holland Belgium", "tank")[0]
    game.submit("germany", {"type": "move", "units": [tank], "route": ["Holland Belgium", "Normandy Bordeaux"]})
    assert game.legal_options("germany")["paradrops"][0]["attacked"] == ["Normandy Bordeaux"]
    for uid in infantry[:2]:
        game.submit("germany", {"type": "paradrop", "infantry": uid, "route": ["Western Germany",
                                                                               "Normandy Bordeaux"]})
        assert [o["left"] for o in game.legal_options("germany").get("paradrops", [])] == ([1] if uid == infantry[0]
                                                                                           else [])


def test_G40_TECH_10_no_paradrops_listed_without_the_advance_nor_for_moved_infantry() -> None:
    assert "paradrops" not in _game().legal_options("germany")
    assert "paradrops" not in _game("paratroopers").legal_options("uk")
    game = _game("paratroopers")
    infantry = _ids(game, "Western Germany", "infantry")
    game.submit("germany", {"type": "move", "units": infantry[:1], "route": ["Western Germany", "France"]})
    (offer,) = game.legal_options("germany")["paradrops"]
    assert infantry[0] not in offer["infantry"]  # G40-UNIT-INF-02: not an infantry that moved


def test_G40_TECH_10_an_amphibious_assault_is_the_land_attack_a_drop_needs() -> None:
    position = start_position()
    position["units"]["SZ 112"] = [{"type": "transport", "owner": "germany", "count": 1},
                                   {"type": "infantry", "owner": "germany", "count": 2, "aboard_entry": 0}]
    position["units"]["SZ 110"] = []
    game = _game("paratroopers", edit={"units": position["units"]})
    transport = _ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", "SZ 110"]})
    game.submit("germany", {"type": "declare_amphibious", "target": "Normandy Bordeaux", "sea_zone": "SZ 110",
                            "transports": transport})
    (offer,) = game.legal_options("germany")["paradrops"]
    assert offer["attacked"] == ["Normandy Bordeaux"]
    game.submit("germany", {"type": "paradrop", "infantry": offer["infantry"][0],
                            "route": ["Western Germany", "Normandy Bordeaux"]})
    end(game)  # G40-TECH-10: "from adjacent territories and/or by amphibious assault"
    assert game.state["phase"] == "combat" and len(events(game, "aa.g40_paradropped")) == 1
