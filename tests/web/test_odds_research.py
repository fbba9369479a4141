"""The battle odds calculator with research advances and paratroopers (G40-TECH, AAE-TECH): the
page's checkboxes (only the advances of the edition, English and Italian), the API's JSON, and the
move builder's data for its Odds link (docs/odds.md)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from sqlmodel import Session

from pbem.games.aa.global1940.data import global1940
from pbem.services import games as game_service
from pbem.services import orders as order_service
from pbem.web.db import get_engine
from tests.i18n_leaks import english_in, visible_text
from tests.web.test_api import bearer, token_for
from tests.web.test_board_global1940 import SEATS
from tests.web.test_play import as_user, last_seq

G40 = {"edition": "global1940", "a_infantry": "2", "a_bomber": "2", "d_infantry": "3", "d_aa_gun": "1"}


def _wins(html: str) -> float:
    found = re.search(r'id="odds-attacker-wins">([\d.]+)%', html)
    assert found, html
    return float(found.group(1))


def test_G40_TECH_19_odds_page_offers_the_editions_battle_advances_for_each_side(client) -> None:
    html = client.get("/rulesets/global1940/odds?edition=global1940").get_data(as_text=True)
    for name in ("improved_artillery", "improved_mechanized_infantry", "paratroopers", "super_submarines",
                 "jet_fighters", "radar", "heavy_bombers"):
        assert f'name="aadv_{name}"' in html and f'name="dadv_{name}"' in html
    assert "Improved Mechanized Infantry" in html and 'name="p_infantry"' in html
    assert 'name="aadv_war_bonds"' not in html and 'name="aadv_advanced_artillery"' not in html
    anniversary = client.get("/rulesets/anniversary/odds?edition=anniversary").get_data(as_text=True)
    assert 'name="aadv_advanced_artillery"' in anniversary and 'name="aadv_improved_artillery"' not in anniversary
    assert 'id="odds-research"' not in client.get("/rulesets/aa1941/odds?edition=aa1941").get_data(as_text=True)


def test_G40_TECH_19_heavy_bombers_and_radar_from_the_page_change_the_answer(client) -> None:
    plain = _wins(client.get("/rulesets/global1940/odds", query_string=G40).get_data(as_text=True))
    heavy = client.get("/rulesets/global1940/odds", query_string={**G40, "aadv_heavy_bombers": "1"}).get_data(
        as_text=True)
    assert _wins(heavy) > plain and 'id="odds-aadv-heavy_bombers" value="1" checked' in heavy
    radar = _wins(client.get("/rulesets/global1940/odds", query_string={**G40, "dadv_radar": "1"}).get_data(
        as_text=True))
    assert radar < plain


def test_G40_AA_07_paratroopers_on_the_page_need_the_advance_and_are_fired_on(client) -> None:
    battle = {"edition": "global1940", "a_infantry": "2", "a_tank": "1", "d_infantry": "2", "d_aa_gun": "1",
              "p_infantry": "2"}
    refused = client.get("/rulesets/global1940/odds", query_string=battle).get_data(as_text=True)
    assert "Paratroopers drop only when the attacker has the Paratroopers advance (G40-TECH-10)." in refused
    too_many = client.get("/rulesets/global1940/odds", query_string={**battle, "p_infantry": "3",
                                                                      "aadv_paratroopers": "1"}).get_data(as_text=True)
    assert "There are more paratroopers than attacking infantry" in too_many
    walked = _wins(client.get("/rulesets/global1940/odds", query_string={
        **battle, "p_infantry": "0", "aadv_paratroopers": "1"}).get_data(as_text=True))
    dropped = client.get("/rulesets/global1940/odds", query_string={**battle, "aadv_paratroopers": "1"}).get_data(
        as_text=True)
    assert _wins(dropped) < walked  # the AA gun fires at them (G40-AA-07)
    assert 'id="odds-p-infantry" value="2"' in dropped


def test_G40_TECH_08_odds_page_with_advances_reads_wholly_in_italian(client) -> None:
    html = client.get("/rulesets/global1940/odds", query_string={
        **G40, "aadv_heavy_bombers": "1", "aadv_improved_artillery": "1", "dadv_radar": "1"},
        headers={"Accept-Language": "it"}).get_data(as_text=True)
    text = visible_text(html)
    assert "Sviluppi tecnologici in vigore" in text and "Artiglieria potenziata" in text
    assert "Meccanizzati potenziati" in text and "Paracadutisti: quante unità di fanteria" in text
    assert not english_in(text), english_in(text)
    refused = client.get("/rulesets/global1940/odds", query_string={**G40, "p_infantry": "1"},
                         headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "sviluppo Paracadutisti (G40-TECH-10)" in refused and not english_in(visible_text(refused))


@pytest.mark.parametrize(("battle", "status"), [
    ({"attacker_advances": ["heavy_bombers"]}, 200),
    ({"attacker_advances": ["no_such_advance"]}, 422),
    ({"attacker_advances": "heavy_bombers"}, 400),
    ({"defender_advances": ["radar"], "paratroopers": {"infantry": 1}}, 422),
    ({"attacker_advances": ["paratroopers"], "paratroopers": {"infantry": 1}}, 200),
    ({"attacker_advances": ["paratroopers"], "paratroopers": {"bomber": 1}}, 422),
])
def test_G40_TECH_19_api_takes_each_sides_advances_and_paratroopers(app, user_factory, battle, status) -> None:
    token = token_for(app, user_factory())
    body = {"battle": {"edition": "global1940", "attacker": {"infantry": 2, "bomber": 2},
                       "defender": {"infantry": 3, "aa_gun": 1}, **battle}}
    answer = app.test_client().post("/api/v1/rulesets/global1940/odds", json=body, headers=bearer(token))
    assert answer.status_code == status, answer.get_json()
    if status != 200:
        assert answer.get_json()["message"]


def test_G40_TECH_19_api_heavy_bombers_raise_the_attackers_chances(app, user_factory) -> None:
    token = token_for(app, user_factory())
    client = app.test_client()

    def wins(**extra: Any) -> float:
        body = {"battle": {"edition": "global1940", "attacker": {"bomber": 2}, "defender": {"infantry": 2}, **extra}}
        answer = client.post("/api/v1/rulesets/global1940/odds", json=body, headers=bearer(token))
        assert answer.status_code == 200
        return float(answer.get_json()["attacker_wins"])

    plain = wins()
    assert wins(attacker_advances=["heavy_bombers"]) > plain == pytest.approx(wins(defender_advances=["heavy_bombers"]))


def test_G40_TECH_10_move_builder_data_carries_each_powers_advances_and_dropped_paratroopers(app, client,
                                                                                            user_factory) -> None:
    """The Odds link reads the seat's own view: every power's advances, and which units were
    dropped by air (the page's script adds them to the calculator's query)."""
    users = {seat: user_factory(display_name=f"Giocatore {seat}") for seat in SEATS}
    position = copy.deepcopy(global1940().setup())
    position.update(power="germany", phase="combat_move",
                    research={"germany": {"advances": ["paratroopers", "heavy_bombers"]},
                              "france": {"advances": ["radar"]}})
    position["units"]["Normandy Bordeaux"] = [{"type": "infantry", "owner": "france"}]
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=users["germany"].id, ruleset_key="global1940",
                                        title="Paratroopers", options={"research": True})
        for seat, user in users.items():
            game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=users["germany"].id, position=position)
    game_id = game.id
    page = as_user(client, users["germany"])

    def script() -> dict[str, Any]:
        html = page.get(f"/games/{game_id}").get_data(as_text=True)
        found = re.search(r'<script type="application/json" id="aa-data">(.*?)</script>', html, re.S)
        assert found
        return dict(json.loads(found.group(1)))

    data = script()
    assert data["advances"] == {"germany": ["heavy_bombers", "paratroopers"], "france": ["radar"]}
    infantry = next(u["id"] for u in data["spaces"]["Western Germany"]["units"]
                    if u["type"] == "infantry" and u["owner"] == "germany")
    with Session(get_engine(app)) as s:
        order_service.submit_order(s, game_id=game_id, user_id=users["germany"].id, seat="germany",
                                   order={"type": "paradrop", "infantry": infantry,
                                          "route": ["Western Germany", "Normandy Bordeaux"]},
                                   expected_seq=last_seq(app, game_id))
    there = script()["spaces"]["Normandy Bordeaux"]["units"]
    assert [u for u in there if u.get("paratrooper")] == [
        {"id": infantry, "type": "infantry", "owner": "germany", "moved": 1, "paratrooper": True}]
