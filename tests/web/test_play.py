"""The game page: view, orders through the form, errors kept in the form, organiser controls.

Helpers here (``race_game``, ``as_user``, ``events_stored``) are shared by the other
lobby/play/API test modules.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, func, select

from pbem.services import games as game_service
from pbem.store.models.games import Event, Game
from pbem.web.db import get_engine
from tests.fixtures_web import login


def race_game(app: Flask, user_factory: Any, *, visibility: str = "public", start: bool = True,
              goal: int = 30) -> tuple[int, Any, Any]:
    """A race game organised by Rosa (red) with Bruno (blue); started unless ``start=False``."""
    red = user_factory(display_name="Rosa")
    blue = user_factory(display_name="Bruno")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=red.id, ruleset_key="race", title="Corsa",
                                        options={"goal": goal}, visibility=visibility)
        game_service.join_game(s, game_id=game.id, user_id=red.id, seat="red")
        game_service.join_game(s, game_id=game.id, user_id=blue.id, seat="blue",
                               invite_token=game.invite_token)
        if start:
            game_service.start_game(s, game_id=game.id, user_id=red.id)
        return game.id, red, blue


def as_user(client: FlaskClient, user: Any) -> FlaskClient:
    login(client, user.email)
    return client


def events_stored(app: Flask, game_id: int) -> int:
    with Session(get_engine(app)) as s:
        return s.exec(select(func.count()).select_from(Event).where(Event.game_id == game_id)).one()


def game_row(app: Flask, game_id: int) -> Game:
    with Session(get_engine(app), expire_on_commit=False) as s:
        return s.get(Game, game_id)


def last_seq(app: Flask, game_id: int) -> int:
    return game_row(app, game_id).last_seq


def post_order(client: FlaskClient, game_id: int, seat: str, order: Any, seq: int) -> Any:
    text = order if isinstance(order, str) else json.dumps(order)
    return client.post(f"/games/{game_id}/orders",
                       data={"seat": seat, "order": text, "expected_seq": str(seq)})


def hidden_expected_seq(html: str) -> int:
    match = re.search(r'name="expected_seq" value="(\d+)"', html)
    assert match, "the page has no expected_seq field"
    return int(match.group(1))


# -- the page ---------------------------------------------------------------------------------
def test_game_page_shows_seats_owed_decision_and_legal_orders(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    html = as_user(client, red).get(f"/games/{game_id}").get_data(as_text=True)
    assert "Corsa" in html and "Rosa" in html and "Bruno" in html
    assert "Decision owed" in html and "Rosso must decide." not in html and "Red must decide." in html
    assert hidden_expected_seq(html) == last_seq(app, game_id)
    assert "step (n 3)" in html  # a button per legal order
    assert "&#34;type&#34;: &#34;end&#34;" in html or '{"type":"end"}' in html.replace("&#34;", '"')


def test_spectator_sees_no_order_form(app, client, user_factory):
    game_id, _red, _blue = race_game(app, user_factory)
    outsider = user_factory()
    html = as_user(client, outsider).get(f"/games/{game_id}").get_data(as_text=True)
    assert "Corsa" in html
    assert 'name="order"' not in html


def test_submit_via_page_stores_events_and_redirects(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    before, seq = events_stored(app, game_id), last_seq(app, game_id)
    response = post_order(as_user(client, red), game_id, "red", {"type": "step", "n": 2}, seq)
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/games/{game_id}#orders")  # lands on the orders panel
    assert events_stored(app, game_id) > before
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Order accepted." in page
    assert "Undo the latest order of Red" in page


def test_illegal_order_is_422_with_rule_id_and_the_order_kept_in_the_form(app, client,
                                                                         user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    before = events_stored(app, game_id)
    typed = '{"type": "step", "n": 7}'
    response = post_order(as_user(client, red), game_id, "red", typed, last_seq(app, game_id))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "RACE-1" in html and "A step is 1 to 3 squares." in html
    assert "{&#34;type&#34;: &#34;step&#34;, &#34;n&#34;: 7}" in html
    assert events_stored(app, game_id) == before


def test_stale_seq_gets_409_shows_new_position_and_stores_nothing(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    seq = last_seq(app, game_id)
    as_user(client, red)
    assert post_order(client, game_id, "red", {"type": "step", "n": 1}, seq).status_code == 302
    after_first = events_stored(app, game_id)
    response = post_order(client, game_id, "red", {"type": "step", "n": 2}, seq)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "The game moved on" in html
    assert events_stored(app, game_id) == after_first
    assert hidden_expected_seq(html) == last_seq(app, game_id) != seq


def test_non_owing_seat_gets_403_saying_whose_turn_it_is(app, client, user_factory):
    game_id, _red, blue = race_game(app, user_factory)
    before = events_stored(app, game_id)
    response = post_order(as_user(client, blue), game_id, "blue", {"type": "step", "n": 1},
                          last_seq(app, game_id))
    assert response.status_code == 403
    assert "It is Red&#39;s turn (move)." in response.get_data(as_text=True)
    assert events_stored(app, game_id) == before


def test_order_for_a_seat_of_someone_else_is_403(app, client, user_factory):
    game_id, _red, blue = race_game(app, user_factory)
    response = post_order(as_user(client, blue), game_id, "red", {"type": "step", "n": 1},
                          last_seq(app, game_id))
    assert response.status_code == 403
    assert "You do not hold the seat" in response.get_data(as_text=True)


def test_malformed_json_is_400_and_kept_in_the_form(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    response = post_order(as_user(client, red), game_id, "red", "{type: step",
                          last_seq(app, game_id))
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "not valid JSON" in html and "{type: step</textarea>" in html


def test_undo_button_takes_back_the_latest_order(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    post_order(client, game_id, "red", {"type": "step", "n": 3}, last_seq(app, game_id))
    response = client.post(f"/games/{game_id}/undo",
                           data={"seat": "red", "expected_seq": last_seq(app, game_id)})
    assert response.status_code == 302
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Red took back an order." in html
    assert "Undo the latest order" not in html


def test_log_is_paged(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory, goal=500)
    as_user(client, red)
    for _ in range(30):
        post_order(client, game_id, "red", {"type": "step", "n": 1}, last_seq(app, game_id))
    first = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Older events" in first and f"#{last_seq(app, game_id)}" in first
    older = client.get(f"/games/{game_id}?log_before=10").get_data(as_text=True)
    assert "#9" in older and f"#{last_seq(app, game_id)}<" not in older
    assert "Newer events" in older


def test_salt_is_recorded(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    before = events_stored(app, game_id)
    response = as_user(client, red).post(f"/games/{game_id}/salt",
                                         data={"seat": "red", "salt": "ciao"})
    assert response.status_code == 302
    assert events_stored(app, game_id) == before + 1


# -- organiser controls ----------------------------------------------------------------------
def test_organiser_controls_are_refused_to_others(app, client, user_factory):
    game_id, _red, blue = race_game(app, user_factory)
    as_user(client, blue)
    for path, data in [("pause", {}), ("deadline", {"hours": "24"}),
                       ("replace", {"seat": "red", "email": blue.email})]:
        response = client.post(f"/games/{game_id}/{path}", data=data)
        assert response.status_code == 403, path
    assert game_row(app, game_id).status == "active"
    assert game_row(app, game_id).deadline_hours is None


def test_start_refused_to_a_player_who_is_not_the_organiser(app, client, user_factory):
    game_id, _red, blue = race_game(app, user_factory, start=False)
    response = as_user(client, blue).post(f"/games/{game_id}/start")
    assert response.status_code == 403
    assert "Only the organiser" in response.get_data(as_text=True)
    assert game_row(app, game_id).status == "forming"


def test_organiser_starts_pauses_resumes_and_sets_the_deadline(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory, start=False)
    as_user(client, red)
    assert client.post(f"/games/{game_id}/start").status_code == 302
    assert game_row(app, game_id).status == "active"
    assert client.post(f"/games/{game_id}/pause").status_code == 302
    assert game_row(app, game_id).status == "paused"
    paused = post_order(client, game_id, "red", {"type": "end"}, last_seq(app, game_id))
    assert paused.status_code == 409 and "paused" in paused.get_data(as_text=True)
    assert client.post(f"/games/{game_id}/resume").status_code == 302
    assert client.post(f"/games/{game_id}/deadline", data={"hours": "48"}).status_code == 302
    row = game_row(app, game_id)
    assert row.status == "active" and row.deadline_hours == 48 and row.deadline_at is not None
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Deadline for the decision owed now" in html


def test_bad_deadline_is_400_with_the_reason(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    response = as_user(client, red).post(f"/games/{game_id}/deadline", data={"hours": "abc"})
    assert response.status_code == 400
    assert "whole number of hours" in response.get_data(as_text=True)


def test_organiser_invites_a_player_by_email(app, client, user_factory):
    """Any address gets the same answer; the seat changes on acceptance
    (tests/web/test_invitations.py)."""
    game_id, red, _blue = race_game(app, user_factory)
    newcomer = user_factory(display_name="Nuova")
    as_user(client, red)
    unknown = client.post(f"/games/{game_id}/replace",
                          data={"seat": "blue", "email": "nobody@example.com"})
    assert unknown.status_code == 302
    response = client.post(f"/games/{game_id}/replace",
                           data={"seat": "blue", "email": newcomer.email.upper()})
    assert response.status_code == 302
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Nuova now plays Blue." not in html and "Invitations waiting" in html


def test_export_link_downloads_the_game_as_json(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    response = as_user(client, red).get(f"/games/{game_id}/export")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    doc = json.loads(response.get_data(as_text=True))
    assert isinstance(doc, dict) and doc


def test_private_game_forms_are_404_to_strangers(app, client, user_factory):
    game_id, _red, _blue = race_game(app, user_factory, visibility="private")
    before = events_stored(app, game_id)
    as_user(client, user_factory())
    assert client.get(f"/games/{game_id}").status_code == 404
    assert client.get(f"/games/{game_id}/export").status_code == 404
    for path, data in [("orders", {"seat": "red", "order": '{"type": "end"}',
                                   "expected_seq": str(last_seq(app, game_id))}),
                       ("pause", {}), ("replace", {"seat": "red", "email": "x@example.com"})]:
        assert client.post(f"/games/{game_id}/{path}", data=data).status_code == 404, path
    assert events_stored(app, game_id) == before
    assert game_row(app, game_id).status == "active"


def test_visitors_see_public_games_but_not_private_ones(app, client, user_factory):
    public_id, _red, _blue = race_game(app, user_factory)
    private_id, _r, _b = race_game(app, user_factory, visibility="private")
    html = client.get(f"/games/{public_id}").get_data(as_text=True)
    assert "Corsa" in html and 'name="order"' not in html and "Organiser" not in html
    assert client.get(f"/games/{private_id}").status_code == 404
    refused = client.post(f"/games/{public_id}/orders", data={"seat": "red", "order": "{}"})
    assert refused.status_code == 302 and "/auth/login" in refused.headers["Location"]


def test_game_page_links_to_the_dice_audit(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    html = as_user(client, red).get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/dice"' in html


def test_a_busy_database_answers_503_try_again_not_a_stale_game(app, client, user_factory, monkeypatch):
    from sqlalchemy.exc import OperationalError

    from pbem.services import views

    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)

    def locked(*_args, **_kwargs):
        raise OperationalError("SELECT", {}, Exception("database is locked"))

    monkeypatch.setattr(views, "game_view", locked)
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 503 and "try again" in page.get_data(as_text=True)
    api = client.get(f"/api/v1/games/{game_id}")
    assert api.status_code == 503 and api.get_json()["error"] == "ServiceUnavailable"
