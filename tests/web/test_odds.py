"""Issue 17, item 2: the battle odds calculator page and its API endpoint (docs/odds.md)."""

from __future__ import annotations

import re

import pytest

from pbem.ui.i18n import decimal, percent
from tests.fixtures_web import login, make_test_app
from tests.web.test_api import bearer, token_for

SMALL = {"a_infantry": "3", "a_artillery": "1", "a_tank": "1", "d_infantry": "3", "d_tank": "1",
         "edition": "anniversary"}


def test_odds_page_without_units_shows_the_form_with_every_unit_of_the_edition(client):
    page = client.get("/rulesets/aa1941/odds?edition=global1940")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'name="a_mech_infantry"' in html and 'name="d_tactical_bomber"' in html
    assert 'id="odds-result"' not in html


def test_odds_page_works_out_a_small_land_battle_exactly(client):
    html = client.get("/rulesets/aa1941/odds", query_string=SMALL).get_data(as_text=True)
    assert 'id="odds-result"' in html
    assert "Exact odds." in html
    wins = re.search(r'id="odds-attacker-wins">([\d.]+)%', html)
    assert wins and 60 < float(wins.group(1)) < 75
    assert 'id="odds-chart-attacker"' in html and "<rect" in html
    assert "Territory taken" in html and "Average rounds" in html


def test_odds_page_custom_order_of_loss_and_retreat_options_change_the_answer(client):
    plain = client.get("/rulesets/aa1941/odds", query_string=SMALL).get_data(as_text=True)
    custom = client.get("/rulesets/aa1941/odds", query_string={
        **SMALL, "ao": "custom", "ar_tank": "1", "ar_artillery": "2", "ar_infantry": "3",
        "retreat_after": "1"}).get_data(as_text=True)
    got = [re.search(r'id="odds-attacker-wins">([\d.]+)%', h).group(1) for h in (plain, custom)]  # type: ignore[union-attr]
    assert got[0] != got[1]
    assert "Attacker retreats" in custom


def test_odds_page_large_battle_is_a_labelled_monte_carlo_estimate(client):
    big = {"edition": "anniversary", "a_infantry": "40", "a_tank": "30", "a_fighter": "20", "a_artillery": "20",
           "a_bomber": "10",
           "d_infantry": "60", "d_tank": "20", "d_fighter": "15", "d_artillery": "10", "d_aa_gun": "2"}
    html = client.get("/rulesets/aa1941/odds", query_string=big).get_data(as_text=True)
    assert "Monte Carlo estimate from 20000 simulated battles" in html


@pytest.mark.parametrize(("args", "message"), [
    ({"a_infantry": "x", "d_infantry": "1"}, "whole number"),
    ({"a_infantry": "999", "d_infantry": "1"}, "whole number"),
    ({"a_battleship": "1", "d_infantry": "1"}, "cannot fight in this battle"),
    ({"a_infantry": "2"}, "Both sides need at least one unit"),
])
def test_odds_page_bad_input_is_a_clear_message_not_a_500(client, args, message):
    page = client.get("/rulesets/aa1941/odds", query_string=args)
    assert page.status_code == 200
    assert message in page.get_data(as_text=True)


def test_odds_page_in_italian(client):
    html = client.get("/rulesets/aa1941/odds", query_string=SMALL,
                      headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Probabilità della battaglia" in html and "Probabilità esatte." in html
    assert "Attacker wins" not in html and "Work out the odds" not in html and "Calcola le probabilità" in html


def test_odds_of_a_game_without_a_calculator_is_404(client):
    assert client.get("/rulesets/victory/odds").status_code == 404
    assert client.get("/rulesets/nosuch/odds").status_code == 404


# -- the API ----------------------------------------------------------------------------------
def test_api_odds_answers_the_json_of_pbem_odds(app, user_factory):
    token = token_for(app, user_factory())
    body = {"battle": {"edition": "anniversary", "attacker": {"infantry": 3, "artillery": 1, "tank": 1},
                       "defender": {"infantry": 3, "tank": 1}},
            "options": {"attacker_order": {"loss_order": ["infantry", "artillery", "tank"]}}}
    answer = app.test_client().post("/api/v1/rulesets/aa1941/odds", json=body, headers=bearer(token))
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    assert data["method"] == "exact" and "outcomes" not in data
    assert abs(data["attacker_wins"] + data["defender_wins"] + data["both_destroyed"] - 1) < 1e-9
    from pbem.odds_cli import run

    assert data["attacker_wins"] == pytest.approx(run(body)["attacker_wins"])


def test_api_odds_edition_defaults_to_the_rulesets(app, user_factory):
    token = token_for(app, user_factory())
    body = {"battle": {"attacker": {"infantry": 1, "artillery": 1}, "defender": {"infantry": 1}}}
    answer = app.test_client().post("/api/v1/rulesets/aa1941/odds", json=body, headers=bearer(token))
    assert answer.status_code == 422  # A&A 1941 has no artillery
    assert "artillery" in answer.get_json()["message"]


@pytest.mark.parametrize(("body", "status"), [
    ([1, 2], 400),
    ({"battle": {"edition": "anniversary", "attacker": {"infantry": 1}, "defender": {"battleship": 1}}}, 422),
    ({"battle": {"edition": "anniversary", "attacker": {"infantry": 151}, "defender": {"infantry": 1}}}, 400),
    ({"battle": {"edition": "anniversary", "attacker": {"infantry": 100, "tank": 51}, "defender": {"infantry": 1}}},
     422),
    ({"battle": {"attacker": {"infantry": 1}, "defender": {"infantry": 1}}, "options": None}, 400),
    ({"battle": {"edition": "anniversary", "attacker": {"infantry": 1}, "defender": {"infantry": 1}},
      "options": {"runs": "many"}}, 422),
])
def test_api_odds_bad_input_is_400_or_422_with_a_message(app, user_factory, body, status):
    token = token_for(app, user_factory())
    answer = app.test_client().post("/api/v1/rulesets/aa1941/odds", json=body, headers=bearer(token))
    assert answer.status_code == status
    assert answer.get_json()["message"]


def test_api_odds_needs_a_token_and_is_in_the_openapi_document(client):
    assert client.post("/api/v1/rulesets/aa1941/odds", json={}).status_code == 401
    doc = client.get("/api/v1/openapi.json").get_json()
    assert "post" in doc["paths"]["/api/v1/rulesets/{key}/odds"]


def test_odds_page_and_api_are_rate_limited(request, tmp_path, user_factory):
    app = make_test_app(request, tmp_path, RATELIMIT_ENABLED=True, ODDS_RATE_LIMIT="2 per minute")
    client = app.test_client()
    statuses = [client.get("/rulesets/aa1941/odds").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


# -- odds in the record: the battle view and the dice audit -------------------------------------
def _fought_battle(app):
    from sqlmodel import Session

    from pbem.web.db import get_engine
    from tests.services.test_battle_odds import _fight, karelia_game

    with Session(get_engine(app), expire_on_commit=False) as s:
        game, who = karelia_game(s)
        _fight(s, game, who)
        from pbem.services import battle_odds

        return game.id, battle_odds.battles(s, game.id)[0]


def test_battle_view_shows_the_pre_battle_odds_and_the_luck_of_the_outcome(app, client):
    game_id, battle = _fought_battle(app)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    # the page's own rounding (Babel's, half to even) on the stored figures
    win, luck = decimal("en", 100 * battle["attacker_wins"]), decimal("en", 100 * battle["percentile"], 0)
    assert f"Before the battle the attacker had a {win}% chance of winning (exact odds)." in html
    assert f"Luck: the outcome was better for the attacker than {luck}%" in html


def test_dice_audit_lists_each_battles_odds_and_each_players_mean_percentile(app, client):
    game_id, battle = _fought_battle(app)
    html = client.get(f"/games/{game_id}/dice").get_data(as_text=True)
    assert 'id="battle-luck"' in html and f'data-seq="{battle["seq"]}"' in html
    assert 'data-player="germany"' in html and 'data-player="ussr"' in html
    doc = client.get(f"/games/{game_id}/dice.json").get_json()
    assert doc["battles"][0]["percentile"] == battle["percentile"]
    assert doc["battle_luck"]["ussr"]["mean"] == 1 - battle["percentile"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_dice_audit_battle_odds_and_percentiles_are_in_the_readers_language(app, client, language):
    """The attacker's chance as a percentage with the language's decimal mark ("53.8%", "53,8%"),
    the outcome's percentile and each player's mean percentile as whole numbers (Babel's)."""
    game_id, battle = _fought_battle(app)
    html = client.get(f"/games/{game_id}/dice", headers={"Accept-Language": language}).get_data(as_text=True)
    row = re.search(rf'data-seq="{battle["seq"]}"><th scope="row">[^<]*</th>\s*<td>[^<]*</td>\s*'
                    r"<td>([^<(]+?)(?: \([^)]*\))?</td>\s*<td>([^<]+)</td>", html)
    assert row, html
    win = percent(language, battle["attacker_wins"])
    assert row.group(1) == win and ("," if language == "it" else ".") in win
    assert row.group(2) == decimal(language, 100 * battle["percentile"], 0)
    mean = re.search(r'data-player="ussr"><th scope="row">[^<]*</th><td>1</td><td>([^<]+)</td>', html)
    assert mean and mean.group(1) == decimal(language, 100 * (1 - battle["percentile"]), 0)


def test_odds_page_and_battle_luck_read_wholly_in_italian(app, client):
    from tests.i18n_leaks import english_in, visible_text

    html = client.get("/rulesets/aa1941/odds", query_string={**SMALL, "a_fighter": "1"},
                      headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert not english_in(visible_text(html)), english_in(visible_text(html))
    game_id, _battle = _fought_battle(app)
    for path in (f"/games/{game_id}", f"/games/{game_id}/dice"):
        text = visible_text(client.get(path, headers={"Accept-Language": "it"}).get_data(as_text=True))
        assert "Fortuna" in text and not english_in(text), (path, english_in(text))


def test_move_builder_gets_the_calculator_address_the_edition_and_the_sides(app, user_factory):
    """The page's script builds the Odds link from its own data (the seat's view): the address,
    the edition and which powers are on which side."""
    import json

    from tests.web.test_board import aa_game

    game_id, allies, _axis = aa_game(app, user_factory)
    client = app.test_client()
    login(client, allies.email)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    found = re.search(r'<script type="application/json" id="aa-data">(.*?)</script>', html, re.S)
    assert found
    data = json.loads(found.group(1))
    assert data["urls"]["odds"] == "/rulesets/aa1941/odds" and data["edition"] == "aa1941"
    assert "germany" in data["sides"]["axis"] and "ussr" in data["sides"]["allies"]


def test_api_odds_caps_monte_carlo_runs_for_one_request(app, user_factory):
    token = token_for(app, user_factory())
    body = {"battle": {"edition": "anniversary", "attacker": {"infantry": 3}, "defender": {"infantry": 2}},
            "options": {"method": "montecarlo", "runs": 5_000_000, "seed": 3}}
    answer = app.test_client().post("/api/v1/rulesets/aa1941/odds", json=body, headers=bearer(token))
    data = answer.get_json()
    assert answer.status_code == 200 and data["method"] == "montecarlo" and data["runs"] == 20_000
    assert data["interval"][0] <= data["attacker_wins"] <= data["interval"][1]


def test_odds_read_with_a_decimal_point_in_english_and_a_decimal_comma_in_italian(app, client):
    """Babel formats each percentage for the reader's language: "66.7%" in English, "66,7%" in
    Italian, on the calculator page and in a battle's pre-battle odds on the game page."""
    english = client.get("/rulesets/aa1941/odds", query_string=SMALL).get_data(as_text=True)
    italian = client.get("/rulesets/aa1941/odds", query_string=SMALL,
                         headers={"Accept-Language": "it"}).get_data(as_text=True)
    en = re.search(r'id="odds-attacker-wins">(\d+)\.(\d)%<', english)
    it = re.search(r'id="odds-attacker-wins">(\d+),(\d)%<', italian)
    assert en and it and en.groups() == it.groups()
    assert re.search(r"<dd>\d+,\d\d</dd>", italian) and not re.search(r"<dd>\d+\.\d+</dd>", italian)
    game_id, battle = _fought_battle(app)
    win = decimal("it", 100 * battle["attacker_wins"])
    html = client.get(f"/games/{game_id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert f"aveva il {win}% di probabilità di vincere" in html
