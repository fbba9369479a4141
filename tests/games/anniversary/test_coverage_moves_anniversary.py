"""Combat move rules of the Anniversary checklist through the ``anniversary`` ruleset."""

from __future__ import annotations

from tests.games.anniversary.facade import advance, events
from tests.games.anniversary.move_kit import (
    G, NCM, board, end_phase, ids, move, refused, refused_move, u, uid, unit, where)


def test_AAE_CM_04_no_movement_once_combat_has_begun() -> None:
    g = board({"Poland": [u("infantry")], "Baltic States": [u("infantry", "ussr")]},
              phase="combat")
    refused_move(g, [uid(g, "Poland", "infantry")], ["Poland", "Baltic States"], "AAE-CM-04")


def test_AAE_CM_08_attacking_lone_submarines_and_transports_is_optional() -> None:
    g = board({"SZ 6": [u("battleship"), u("transport", "uk")], "SZ 5": [u("destroyer")]})
    bb = uid(g, "SZ 6", "battleship")
    g.submit(G, {"type": "attack_in_place", "units": [bb]})
    assert unit(g, bb)["t_combat"] is True
    refused(g, {"type": "attack_in_place", "units": [uid(g, "SZ 5", "destroyer")]}, "AAE-CM-08")
    g2 = board({"SZ 6": [u("battleship"), u("transport", "uk")]})
    end_phase(g2)  # ignored: no battle
    assert not unit(g2, uid(g2, "SZ 6", "battleship")).get("t_combat")
    assert "SZ 6" not in g2.state.get("battles", {})


def test_AAE_CM_09_ships_sharing_a_zone_with_enemy_warships_stay_and_fight_or_leave() -> None:
    g = board({"SZ 6": [u("battleship"), u("transport"), u("destroyer", "uk")]})
    bb = uid(g, "SZ 6", "battleship")
    end_phase(g)
    assert events(g, "aa.attacked_in_place")[0]["units"] == sorted(
        [bb, uid(g, "SZ 6", "transport")])
    assert unit(g, bb)["t_combat"] is True
    g2 = board({"SZ 6": [u("battleship"), u("transport"), u("destroyer", "uk")],
                "Norway": [u("infantry")]})
    transport = uid(g2, "SZ 6", "transport")
    # no loading in the zone shared with the enemy warship
    refused_move(g2, [uid(g2, "Norway", "infantry")], ["Norway", "SZ 6"], "AAE-CM-19",
                 transport=transport)
    bb2 = uid(g2, "SZ 6", "battleship")
    move(g2, [bb2], ["SZ 6", "SZ 7", "SZ 8"])  # leaves without fighting
    assert where(g2, bb2) == "SZ 8"
