"""A game's options are shown before anyone joins: on its page and in the open-games list."""

from __future__ import annotations

from sqlmodel import Session

from pbem.services import games as game_service
from pbem.web.db import get_engine
from tests.web.test_play import as_user


def test_options_on_the_game_page_and_in_the_open_games_list(app, client, user_factory) -> None:  # type: ignore[no-untyped-def]
    organiser = user_factory(display_name="Org")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="aa1941", title="Club night",
                                        options={"dice": "low_luck", "ask_defender": True})
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Options of this game" in page
    assert "<dt>Dice</dt><dd>Low luck</dd>" in page
    assert "<dt>Ask the defender to choose casualties</dt><dd>yes</dd>" in page
    assert "<dt>Victory conditions (AA41-VIC-01)</dt><dd>Standard game: two capitals</dd>" in page  # a default
    listing = as_user(client, user_factory(display_name="Guest")).get("/games/open").get_data(as_text=True)
    assert "Options:" in listing and "Dice: Low luck" in listing
