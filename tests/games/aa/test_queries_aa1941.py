"""The interface contract: ``game.query`` (reachable, retreat), ``view`` extras, vocabulary in refusals."""

from __future__ import annotations

import pytest
from aa_move_kit import RS, game, ids, uid

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.helpers import reachable

G = "germany"


def u(type_: str, owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def test_query_reachable_is_helpers_reachable_and_empty_for_other_seats() -> None:
    g = game({"Eastern Europe": [u("tank")], "Archangel": [u("infantry", "ussr")]})
    t = uid(g, "Eastern Europe", "tank")
    assert g.query(G, "reachable", {"units": [t]}) == {"destinations": reachable(RS, g.state, [t])}
    assert g.query("ussr", "reachable", {"units": [t]}) == {"destinations": {}}
    with pytest.raises(InvalidOrder) as err:
        g.query(G, "reachable", {"units": "x"})
    assert err.value.rule_id == "AA41-ORDER-2"
    with pytest.raises(InvalidOrder) as err:
        g.query(G, "teleport", {})
    assert err.value.rule_id == "ENGINE-QUERY-1"


def test_AA41_CMB_22_query_retreat_lists_the_spaces_legal_options_offers() -> None:
    g = game({"Eastern Europe": [u("infantry", count=3)], "Ukraine": [u("infantry", "ussr")]}, phase="combat_move",
             owners={"Ukraine": "ussr"})
    g.submit(G, {"type": "move", "units": [uid(g, "Eastern Europe", "infantry")],
                 "route": ["Eastern Europe", "Ukraine"]})
    g.submit(G, {"type": "end_phase"})
    before = g.query(G, "retreat", {"place": "Ukraine"})
    assert before["may_retreat"] is False and before["to"] == []  # not before a round of combat
    assert g.query("ussr", "retreat", {"place": "Ukraine"})["may_retreat"] is False


def test_view_shows_production_and_battle_sides() -> None:
    g = game({"Eastern Europe": [u("infantry")], "Ukraine": [u("infantry", "ussr")]}, phase="combat_move",
             owners={"Ukraine": "ussr"})
    g.submit(G, {"type": "move", "units": [uid(g, "Eastern Europe", "infantry")],
                 "route": ["Eastern Europe", "Ukraine"]})
    g.submit(G, {"type": "end_phase"})
    seen = g.view("uk")
    assert seen["production"]["germany"] == RS.map.production("germany", g.state["owners"])
    sides = seen["battle_sides"]["Ukraine"]
    assert sides["attacker"] == ids(g, "Ukraine", "infantry", G)
    assert sides["defender"] == ids(g, "Ukraine", "infantry", "ussr")
    assert "production" not in g.state and "battle_sides" not in g.state


def test_refusal_carries_keys_and_english_names() -> None:
    g = game({"Germany": [u("infantry")]}, phase="combat_move")
    i = uid(g, "Germany", "infantry")
    with pytest.raises(IllegalOrder) as err:
        g.submit(G, {"type": "move", "units": [i], "route": ["Germany", "Eastern Europe", "Ukraine"]})
    e = err.value
    assert "{" in e.key and all(isinstance(k, str) for k in e.params)
    assert e.params.get("unit") == "infantry" and "Infantry" in e.message
    assert e.to_dict()["key"] == e.key


@pytest.mark.parametrize("escort,enemy,answer", [
    (["battleship"], "submarine", "choice"),  # AA41-AMP-05: fight or ignore, whatever the escort
    (["battleship"], "transport", "choice"),
    (["battleship", "destroyer"], "submarine", "mandatory"),  # AA41-AMP-06: the destroyer attacks them
    ([], "submarine", None),  # transports alone never attack (no escort: AA41-AMP-14 forbids the assault)
    (["battleship"], "destroyer", None),  # a surface warship: a sea battle whatever is declared
])
def test_AA41_AMP_05_amphibious_query_says_whether_the_sea_battle_is_a_choice(escort, enemy, answer) -> None:
    sz5 = [{"type": "transport", "owner": "germany", "count": 1},
           {"type": "infantry", "owner": "germany", "count": 1, "aboard_entry": 0},
           {"type": enemy, "owner": "ussr", "count": 1}]
    sz5 += [{"type": t, "owner": "germany", "count": 1} for t in escort]
    g = game({"SZ 5": sz5, "Karelia": [{"type": "infantry", "owner": "ussr", "count": 1}]})
    zone = g.query("germany", "amphibious", {})["zones"]["SZ 5"]
    assert zone["sea_battle"] == answer
