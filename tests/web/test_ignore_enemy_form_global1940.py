"""The combat-move panel offers Global 1940's choice to ignore lone enemy submarines and transports
where the player's ships ended their move, or to attack them after all (G40-CM-06), as the engine's
``legal_options["ignore_enemy"]`` lists it; the form becomes the engine's order, in English and Italian."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.services import games as game_service
from pbem.store import snapshots
from pbem.store.models.games import Game
from pbem.web.db import get_engine
from tests.i18n_leaks import visible_text
from tests.web.test_board import form_post
from tests.web.test_board_global1940 import SEATS
from tests.web.test_play import as_user

G = "germany"


def ignore_game(app: Flask, user_factory: Any, language: str = "en") -> tuple[int, Any]:
    """Germany's combat move: its cruiser left SZ 113 (a British destroyer there) for SZ 112, where a
    British submarine is alone (G40-CM-03b: it may end there without attacking)."""
    users = {seat: user_factory(display_name=f"Giocatore {seat}", language=language) for seat in SEATS}
    cruiser = {"type": "cruiser", "owner": G, "t_combat": True, "t_moved": 1, "t_from": "SZ 113",
               "t_route_from": "SZ 113"}
    position = {"round": 3, "power": G, "phase": "combat_move", "owners": {},
                "units": {"SZ 112": [cruiser, {"type": "submarine", "owner": "uk"}],
                          "SZ 113": [{"type": "destroyer", "owner": "uk"}],
                          "Germany": [{"type": "infantry", "owner": G}],
                          "United Kingdom": [{"type": "infantry", "owner": "uk"}]}}
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=users[G].id, ruleset_key="global1940", title="Ignora",
                                        options={})
        for seat, user in users.items():
            game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=users[G].id, position=position)
    return game.id, users[G]


def ignored(app: Flask, game_id: int) -> list[str]:
    with Session(get_engine(app)) as s:
        return list(snapshots.load_game(s, s.get(Game, game_id)).state["declared"].get("ignored", []))


def test_G40_CM_06_the_form_ignores_the_lone_submarine_and_takes_it_back(app, client, user_factory) -> None:
    game_id, germany = ignore_game(app, user_factory)
    as_user(client, germany)
    page = visible_text(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Your units in SZ 112 attack the enemy submarines and transports there." in page
    assert "Ignore them (no sea battle)" in page
    response = form_post(client, app, game_id, G, kind="ignore_enemy", sea_zone="SZ 112")
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    assert ignored(app, game_id) == ["SZ 112"]
    page = visible_text(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "You ignore the enemy submarines and transports in SZ 112: no sea battle is fought there." in page
    assert "Germany ignores the enemy submarines and transports in SZ 112: no sea battle there" in page
    form_post(client, app, game_id, G, kind="ignore_enemy", sea_zone="SZ 112", ignore="0")
    assert ignored(app, game_id) == []


def test_G40_CM_06_the_choice_reads_italian(app, client, user_factory) -> None:
    app.config["DEFAULT_LANGUAGE"] = "it"
    game_id, germany = ignore_game(app, user_factory, language="it")
    as_user(client, germany)
    page = visible_text(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Le tue unità nella ZM 112 attaccano i sommergibili e i trasporti nemici lì." in page
    assert "Ignorali (nessuna battaglia navale)" in page
    form_post(client, app, game_id, G, kind="ignore_enemy", sea_zone="SZ 112")
    page = visible_text(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert ("Ignori i sommergibili e i trasporti nemici nella ZM 112: lì non si combatte nessuna battaglia "
            "navale.") in page
    assert "Attaccali comunque" in page
