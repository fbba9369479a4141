"""The amphibious-assault form offers the attacker's choice to fight or ignore enemy submarines and
transports alone in the sea zone (AA41-AMP-05, AA41-CMB-33), as the engine's ``amphibious`` query
says; an attacking destroyer there makes the sea battle mandatory (AA41-AMP-06): no choice then."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.services import games as game_service
from pbem.store import snapshots
from pbem.store.models.games import Game
from pbem.web.db import get_engine
from tests.web.test_board import ALLIES, AXIS, form_post
from tests.web.test_play import as_user

G, U = "germany", "ussr"


def assault_game(app: Flask, user_factory: Any, *, destroyer: bool, language: str = "en") -> tuple[int, Any]:
    """Germany's combat move: a loaded transport escorted by a battleship (and a destroyer) in SZ 5,
    with a Soviet submarine alone there."""
    allies = user_factory(display_name="Alleati")
    axis = user_factory(display_name="Asse", language=language)
    sz5 = [{"type": "transport", "owner": G}, {"type": "infantry", "owner": G, "aboard_entry": 0},
           {"type": "battleship", "owner": G}, {"type": "submarine", "owner": U}] \
        + ([{"type": "destroyer", "owner": G}] if destroyer else [])
    position = {"round": 2, "power": G, "phase": "combat_move", "owners": {},
                "units": {"SZ 5": sz5, "Karelia": [{"type": "infantry", "owner": U}],
                          "Germany": [{"type": "infantry", "owner": G}],
                          "Russia": [{"type": "infantry", "owner": U}]}}
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=allies.id, ruleset_key="aa1941", title="Sbarco", options={})
        for user, seats in ((allies, ALLIES), (axis, AXIS)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=allies.id, position=position)
    return game.id, axis


def declared(app: Flask, game_id: int) -> list[dict[str, Any]]:
    with Session(get_engine(app)) as s:
        return list(snapshots.load_game(s, s.get(Game, game_id)).state["declared"].get("amphibious", []))


def transport_id(app: Flask, game_id: int) -> int:
    with Session(get_engine(app)) as s:
        units = snapshots.load_game(s, s.get(Game, game_id)).state["units"]["SZ 5"]
    return next(u["id"] for u in units if u["type"] == "transport")


def test_AA41_AMP_05_form_offers_to_fight_or_ignore_submarines_alone_in_the_zone(app, client, user_factory):
    game_id, axis = assault_game(app, user_factory, destroyer=False)
    as_user(client, axis)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="sea_battle" value="ignore" checked' in page and 'name="sea_battle" value="fight"' in page
    assert "Enemy submarines or transports are alone in SZ 5" in page
    response = form_post(client, app, game_id, G, kind="declare_amphibious", sea_zone="SZ 5", target="Karelia",
                         transports=str(transport_id(app, game_id)), sea_battle="fight")
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:500]
    (decl,) = declared(app, game_id)
    assert decl["target"] == "Karelia" and decl["sea_battle"] is True
    # declaring again with "ignore" replaces the declaration (AA41-AMP-05: the transports unload)
    form_post(client, app, game_id, G, kind="declare_amphibious", sea_zone="SZ 5", target="Karelia",
              transports=str(transport_id(app, game_id)), sea_battle="ignore")
    (decl,) = declared(app, game_id)
    assert decl["sea_battle"] is False


def test_AA41_AMP_06_attacking_destroyer_makes_the_sea_battle_mandatory_no_choice_offered(
        app, client, user_factory):
    game_id, axis = assault_game(app, user_factory, destroyer=True)
    as_user(client, axis)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="sea_battle"' not in page
    assert "The enemy submarines or transports in SZ 5 must be fought first" in page


def test_AA41_CMB_33_sea_battle_choice_reads_italian(app, client, user_factory):
    game_id, axis = assault_game(app, user_factory, destroyer=False, language="it")
    as_user(client, axis)
    client.post("/language", data={"language": "it"})
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Nella ZM 5 ci sono solo sommergibili o navi trasporto nemici" in page
    assert "ignorali e sbarca" in page and "combattili prima (battaglia navale)" in page
