"""Global 1940's rocket and paratrooper forms over the test client (G40-TECH-09, G40-TECH-10): built
from the engine's ``legal_options``, shown only to the power that may fire or drop now, in English
and Italian; posted, each plays its order; a bad number answers 400, never a 500."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from flask import Flask
from sqlmodel import Session, select

from pbem.games.aa.global1940.data import global1940
from pbem.services import games as game_service
from pbem.services import orders as order_service
from pbem.store.models.games import Event
from pbem.web.db import get_engine
from tests.i18n_leaks import english_in, visible_text
from tests.web.test_board import form_post
from tests.web.test_board_global1940 import SEATS
from tests.web.test_play import as_user, last_seq


def advanced_game(app: Flask, user_factory: Any, advances: tuple[str, ...] = ("rockets", "paratroopers"),
                  language: str = "en") -> tuple[int, dict[str, Any]]:
    """A Global 1940 game (research on) at Germany's Combat Move, Germany holding ``advances`` and a
    French infantry defending Normandy Bordeaux."""
    users = {seat: user_factory(display_name=f"Giocatore {seat}", language=language) for seat in SEATS}
    position = copy.deepcopy(global1940().setup())
    position.update(power="germany", phase="combat_move",
                    research={"germany": {"advances": list(advances)}})
    position["units"]["Normandy Bordeaux"] = [{"type": "infantry", "owner": "france"}]
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=users["germany"].id, ruleset_key="global1940",
                                        title="Global 1940", options={"research": True, "dice": "low_luck"})
        for seat, user in users.items():
            game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=users["germany"].id, position=position)
    return game.id, users


def logged(app: Flask, game_id: int, kind: str) -> list[dict[str, Any]]:
    with Session(get_engine(app)) as s:
        rows = s.exec(select(Event).where(Event.game_id == game_id, Event.type == kind).order_by(Event.seq)).all()
        return [json.loads(r.payload) for r in rows]


def form(html: str, form_id: str) -> str:
    start = html.index(f'id="{form_id}"')
    return html[start:html.index("</form>", start)]


def german_infantry(html: str, space: str) -> list[int]:
    script = json.loads(re.search(r'id="aa-data">(.*?)</script>', html, re.S).group(1))
    return [u["id"] for u in script["spaces"][space]["units"] if u["type"] == "infantry" and u["owner"] == "germany"]


def test_G40_TECH_09_the_rocket_form_lists_the_installations_in_range_and_fires(app, client, user_factory) -> None:
    game_id, users = advanced_game(app, user_factory, ("rockets",))
    html = as_user(client, users["germany"]).get(f"/games/{game_id}").get_data(as_text=True)
    rocket = form(html, "rocket-form-1")
    assert 'name="from" value="Western Germany"' in rocket
    assert '<option value="United Kingdom|major_complex">major industrial complex in United Kingdom</option>' in rocket
    assert '<option value="Scotland|air_base">air base in Scotland</option>' in rocket
    assert "(G40-TECH-09)" in html and 'id="paradrop-form-1"' not in html
    posted = form_post(client, app, game_id, "germany", kind="declare_rocket", **{"from": "Western Germany"},
                       target="Scotland|air_base")
    assert posted.status_code in (302, 303)
    assert logged(app, game_id, "aa.g40_rocket_declared") == [
        {"power": "germany", "from": "Western Germany", "target": "Scotland", "kind": "air_base"}]
    assert 'id="rocket-form-1"' not in client.get(f"/games/{game_id}").get_data(as_text=True)  # one a turn
    uk = as_user(client, users["uk"]).get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="rocket-form-1"' not in uk  # only the power that may fire sees the form


def test_G40_TECH_10_the_paradrop_form_drops_one_infantry_on_the_target_chosen(app, client, user_factory) -> None:
    game_id, users = advanced_game(app, user_factory, ("paratroopers",))
    html = as_user(client, users["germany"]).get(f"/games/{game_id}").get_data(as_text=True)
    drop = form(html, "paradrop-form-1")
    first = german_infantry(html, "Western Germany")[0]
    assert f'name="infantry" value="{first}"' in drop
    assert "Paratroopers from Western Germany (2 left this turn) on" in drop
    assert '<option value="Normandy Bordeaux">Normandy Bordeaux (no land attack there yet)</option>' in drop
    assert "(G40-TECH-10)" in html and 'id="rocket-form-1"' not in html
    tank = next(u["id"] for u in json.loads(re.search(r'id="aa-data">(.*?)</script>', html, re.S).group(1))[
        "spaces"]["Holland Belgium"]["units"] if u["type"] == "tank")
    with Session(get_engine(app)) as s:  # the land attack the drop needs (the board's move builder)
        order_service.submit_order(s, game_id=game_id, user_id=users["germany"].id, seat="germany",
                                   order={"type": "move", "units": [tank],
                                          "route": ["Holland Belgium", "Normandy Bordeaux"]},
                                   expected_seq=last_seq(app, game_id))
    drop = form(client.get(f"/games/{game_id}").get_data(as_text=True), "paradrop-form-1")
    assert '<option value="Normandy Bordeaux" selected>Normandy Bordeaux</option>' in drop
    posted = form_post(client, app, game_id, "germany", kind="paradrop", **{"from": "Western Germany"},
                       infantry=str(first), target="Normandy Bordeaux")
    assert posted.status_code in (302, 303)
    assert logged(app, game_id, "aa.g40_paradropped") == [
        {"power": "germany", "unit": first, "from": "Western Germany", "to": "Normandy Bordeaux"}]
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "(1 left this turn)" in form(html, "paradrop-form-1")
    bad = form_post(client, app, game_id, "germany", kind="paradrop", **{"from": "Western Germany"},
                    infantry="x", target="Normandy Bordeaux")
    assert bad.status_code == 400


def test_G40_TECH_09_10_no_forms_without_the_advances(app, client, user_factory) -> None:
    game_id, users = advanced_game(app, user_factory, ())
    html = as_user(client, users["germany"]).get(f"/games/{game_id}").get_data(as_text=True)
    assert "aa-rocket" not in html and "aa-paradrop" not in html


def test_G40_TECH_09_10_the_forms_read_italian(app, client, user_factory) -> None:
    app.config["DEFAULT_LANGUAGE"] = "it"
    game_id, users = advanced_game(app, user_factory, language="it")
    html = as_user(client, users["germany"]).get(f"/games/{game_id}").get_data(as_text=True)
    shown = visible_text(form(html, "rocket-form-1") + "</form>" + form(html, "paradrop-form-1") + "</form>")
    assert "Razzo dalla Germania occidentale contro" in shown and "Regno Unito" in shown
    assert "Paracadutisti dalla Germania occidentale (ancora 2 in questo turno) su" in shown
    assert not english_in(visible_text(html)), english_in(visible_text(html))
