"""A service's refusal naming seats ("You already play Germany and Japan", "free: ...") says them in
the reader's language, with their Italian article, listed as the language lists them: the service
passes them as ``SeatNames`` and the web layer says them (``pbem.web.i18n.say_service_message``)."""

from __future__ import annotations

import html

from sqlmodel import Session

from pbem.services import games as game_service
from pbem.services.errors import Conflict, SeatNames
from pbem.web.db import get_engine
from tests.web.test_play import as_user


def aa_game(app, organiser, held: dict[str, int]):
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="aa1941",
                                        title="Seggi", options={})
        for seat, user_id in held.items():
            game_service.join_game(s, game_id=game.id, user_id=user_id, seat=seat)
    return game


def text(response) -> str:
    return " ".join(html.unescape(response.get_data(as_text=True)).split())


def test_already_playing_seats_are_said_in_italian_with_their_articles_and_listed(
        app, client, user_factory) -> None:
    organiser, player = user_factory(), user_factory(language="it")
    game = aa_game(app, organiser, {"germany": player.id, "japan": player.id})
    refused = as_user(client, player).post(f"/games/{game.id}/join", data={"seat": "uk"})
    assert refused.status_code == 409
    page = text(refused)
    assert ("Giochi già per la Germania e il Giappone in questa partita: un giocatore può occupare "
            "più posti solo della stessa parte, e la parte del Regno Unito è un'altra.") in page
    assert "Germany" not in page and "Germania, Giappone" not in page


def test_already_playing_seats_are_listed_the_english_way_in_english(app, client, user_factory) -> None:
    organiser, player = user_factory(), user_factory(language="en")
    game = aa_game(app, organiser, {"germany": player.id, "japan": player.id})
    page = text(as_user(client, player).post(f"/games/{game.id}/join", data={"seat": "uk"}))
    assert "You already play Germany and Japan in this game" in page
    assert "and United Kingdom is on another side." in page


def test_a_taken_seat_is_named_in_italian(app, client, user_factory) -> None:
    organiser, player = user_factory(), user_factory(language="it")
    game = aa_game(app, organiser, {"ussr": organiser.id})
    page = text(as_user(client, player).post(f"/games/{game.id}/join", data={"seat": "ussr"}))
    assert "Il posto dell'Unione Sovietica è già occupato." in page
    assert "Soviet Union" not in page


def test_free_seats_at_the_start_are_listed_in_italian(app, client, user_factory) -> None:
    organiser = user_factory(language="it")
    game = aa_game(app, organiser, {"ussr": organiser.id, "uk": organiser.id})
    page = text(as_user(client, organiser).post(f"/games/{game.id}/start"))
    assert "liberi: Germania, Giappone e Stati Uniti." in page
    assert "Germany" not in page


def test_the_english_message_of_the_service_lists_the_seats_in_english() -> None:
    error = Conflict("You already play %(seats)s.", seats=SeatNames("aa1941", ("Germany", "Japan", "Italy")))
    assert error.message == "You already play Germany, Japan, and Italy."
    assert not SeatNames("aa1941", ())
