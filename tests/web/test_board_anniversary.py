"""Anniversary Edition's pages over the test client: the game page (its board from the edition's
own outlines, the research form, the options chosen) stays under 400 KB; board, outline,
standing orders and history answer; the forms become the engine's orders (research tokens,
repairs refused with their rule ID in the orders panel)."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.services import games as game_service
from pbem.web.db import get_engine
from tests.web.test_board import form_post
from tests.web.test_play import as_user

AXIS, ALLIES = ("germany", "japan", "italy"), ("ussr", "uk", "usa", "china")


def anniversary_game(app: Flask, user_factory: Any, options: dict[str, Any] | None = None) -> tuple[int, Any, Any]:
    allies, axis = user_factory(display_name="Alleati"), user_factory(display_name="Asse")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=axis.id, ruleset_key="anniversary", title="Anniversario",
                                        options=options or {"scenario": "1941"})
        for user, seats in ((allies, ALLIES), (axis, AXIS)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=axis.id)
    return game.id, allies, axis


def test_AAE_the_game_page_draws_the_editions_board_under_400_kb(app, client, user_factory) -> None:
    game_id, _allies, axis = anniversary_game(app, user_factory)
    html = as_user(client, axis).get(f"/games/{game_id}").get_data(as_text=True)
    assert len(html.encode()) < 400 * 1024, len(html.encode())  # measured: 178,595 bytes (was 272,594)
    assert html.count('tabindex="0" role="button"') == 162
    assert 'class="sp land o-italy" data-space="Italy"' in html and 'class="sp land o-china"' in html
    assert re.search(r'class="mk-u u-germany"[^>]*>3I 1A 1AA 1F 1B<', html)  # Germany's stack
    assert 'id="research-form"' in html and "1941" in html
    for page in ("/board.svg", "/standing?seat=germany", "/history?from=1", "/history/frame?at=1"):
        assert client.get(f"/games/{game_id}{page}").status_code == 200, page
    outline = client.get("/boards/anniversary.svg")
    assert outline.status_code == 200 and outline.get_data(as_text=True).count("<path ") == 162


def test_AAE_RD_the_research_form_buys_tokens_and_the_log_tells_the_roll(app, client, user_factory) -> None:
    game_id, _allies, axis = anniversary_game(app, user_factory)
    as_user(client, axis)
    response = form_post(client, app, game_id, "germany", kind="research", tokens="1")
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Germany buys 1 research token for 5 IPCs; Germany rolls" in html
    refused = form_post(client, app, game_id, "germany", kind="research", tokens="1")
    text = refused.get_data(as_text=True) if refused.status_code >= 400 else \
        client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "AAE-RD-06" in text


def test_AAE_SEQ_the_new_game_form_and_open_games_show_the_editions_options(app, client, user_factory) -> None:
    organiser = user_factory(display_name="Asse")
    as_user(client, organiser)
    form = client.get("/games/new?ruleset=anniversary").get_data(as_text=True)
    for field in ("opt_scenario", "opt_victory_cities", "opt_research", "opt_national_objectives"):
        assert f'id="{field}"' in form, field
    assert '<option value="1942"' in form
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="anniversary",
                                        title="Pacifico 1942", options={"scenario": "1942", "victory_cities": 13})
    listed = client.get("/games/open").get_data(as_text=True)
    assert "Pacifico 1942" in listed and "13 victory cities (short game)" in listed and "1942" in listed
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Scenario" in page and "13 victory cities (short game)" in page
