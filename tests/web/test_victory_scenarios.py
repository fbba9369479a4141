"""VICTORY scenario upload and whole games through the HTTP API (issue 13): an organiser uploads
a scenario file on the new-game form; a file breaking a rule is refused naming it; an uploaded
scenario is played to its end by the bot choosing every order from ``legal_options`` through
the API as both players; at the end the whole log is revealed to both (``reveal_at_end``)."""

from __future__ import annotations

import copy
import io
import json
import re
from typing import Any

from pbem.games.victory.scenario import load_builtin
from tests.conformance.leaks import state_of
from tests.web.test_play import as_user
from tests.web.victory_http import bot_plays


def _upload(client: Any, scenario: Any, title: str = "Fiume breve") -> Any:
    raw = scenario if isinstance(scenario, bytes) else json.dumps(scenario).encode()
    return client.post("/games/new", data={"ruleset": "victory", "title": title, "opt_scenario": "river_line",
                                           "opt_rules_version": "1999-it",
                                           "opt_scenario_file": (io.BytesIO(raw), "scenario.json")},
                       content_type="multipart/form-data")


def short_river() -> dict[str, Any]:
    sc = copy.deepcopy(load_builtin("river_line"))
    sc["id"], sc["name"] = "short_river", "Short River"
    sc["victory"] = {"turns": 2, "at_end": "compare_pp"}
    return sc


def test_VIC_SETUP_02_an_uploaded_scenario_breaking_a_rule_is_refused_naming_it(app, user_factory) -> None:
    client = as_user(app.test_client(), user_factory())
    bad = short_river()
    bad["map"]["cities"] = [c for c in bad["map"]["cities"] if c["hex"] != "0707"]
    bad["blocks"]["blue"] = [b for b in bad["blocks"]["blue"] if b["hex"] != "0707"]
    page = _upload(client, bad)
    text = page.get_data(as_text=True)
    assert page.status_code == 400
    assert "Sheet west has 5 cities; each sheet needs 6. [VIC-SETUP-02]" in text
    assert 'aria-describedby="err-opt_scenario_file"' in text


def test_an_uploaded_file_that_is_not_json_is_refused(app, user_factory) -> None:
    client = as_user(app.test_client(), user_factory(language="it"))
    page = _upload(client, b"{not json")
    assert page.status_code == 400
    assert "opt_scenario_file" in page.get_data(as_text=True)


def test_VIC_VIC_06_an_uploaded_scenario_plays_to_its_end_through_the_api_and_the_log_is_then_revealed(
        app, user_factory) -> None:
    users = {"blue": user_factory(display_name="Bianca"), "red": user_factory(display_name="Rocco")}
    clients = {s: as_user(app.test_client(), u) for s, u in users.items()}
    created = _upload(clients["blue"], short_river())
    assert created.status_code == 302, created.get_data(as_text=True)[:2000]
    game_id = int(re.search(r"/games/(\d+)", created.headers["Location"]).group(1))
    for seat, client in clients.items():
        assert client.post(f"/games/{game_id}/join", data={"seat": seat}).status_code == 302
    assert clients["blue"].post(f"/games/{game_id}/start").status_code == 302
    _rs, state, _seq = state_of(app, game_id)
    assert state["scenario"]["name"] == "Short River" and state["rules_version"] == "1999-it"
    page = clients["red"].get(f"/games/{game_id}?seat=red").get_data(as_text=True)
    assert "Short River" in page and "1999-it" in page

    game = bot_plays(app, clients, game_id, seed=7, decisions=4)
    assert game.result() is None
    red_log = clients["red"].get(f"/api/v1/games/{game_id}/log?limit=500&seat=red").get_data(as_text=True)
    i = red_log.find("blue-0")
    assert i < 0, red_log[max(0, i - 700):i + 200]  # while the game goes on, Red never reads a Blue id
    game = bot_plays(app, clients, game_id, seed=8, decisions=3000)
    result = game.result()
    assert result is not None and result["reason"] in ("turn_limit", "sudden_death", "both_sudden_death")
    assert game.sent >= 5
    red_log = clients["red"].get(f"/api/v1/games/{game_id}/log?limit=500&seat=red").get_data(as_text=True)
    assert "blue-0" in red_log  # the full log is revealed to both players at the end
    blue_history = clients["blue"].get(f"/games/{game_id}/history?from=1&seat=blue").status_code
    assert blue_history in (200, 404)
    final = clients["red"].get(f"/games/{game_id}?seat=red").get_data(as_text=True)
    assert "wins the game" in final or "draw" in final
