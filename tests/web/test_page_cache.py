"""The game page's kept parts (pbem/web/page_cache.py, services.views.POSITIONS): a page served
from them is the page a fresh render gives, for that viewer, language, time zone and log head."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.lru import LRU
from pbem.services import games as game_service
from pbem.services import invitations, views
from pbem.store.models.accounts import User
from pbem.store.models.games import Game
from pbem.store.models.trust import SeatInvitation
from pbem.web import page_cache
from pbem.web.db import get_engine
from tests.fixtures_web import DEFAULT_PASSWORD, logout, without_tokens
from tests.web.test_play import as_user, hidden_expected_seq, last_seq, post_order, race_game
from tests.web.test_play_hidden import secret_game  # noqa: F401  (fixture)

#: The orders panel's message after an accepted order (a flash message).
ACCEPTED = 'class="flash flash-success">Order accepted.</p>'


def aa_game(app: Flask, user_factory: Any) -> tuple[int, Any, Any]:
    """An A&A 1941 game: Carla holds the Allies (the Soviet Union buys first), Bruno the Axis."""
    allies = user_factory(display_name="Carla")
    axis = user_factory(display_name="Bruno")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=allies.id, ruleset_key="aa1941", title="Kept",
                                        options={})
        for user, seats in ((allies, ("ussr", "uk", "usa")), (axis, ("germany", "japan"))):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=allies.id)
    return int(game.id), allies, axis


def page(client: Any, game_id: int) -> str:
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "-slot-" not in html  # every slot filled (page_cache.slots)
    return html


def test_the_second_load_of_a_page_is_served_from_the_kept_parts_and_is_the_same(app, client, user_factory):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    hits = page_cache.PARTS.hits
    first = page(client, game_id)
    second = page(client, game_id)
    assert page_cache.PARTS.hits > hits
    assert without_tokens(second) == without_tokens(first)
    assert 'id="purchase-form"' in second


def test_a_new_event_changes_the_page(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    before = page(client, game_id)
    assert hidden_expected_seq(before) == last_seq(app, game_id)
    assert post_order(client, game_id, "red", {"type": "step", "n": 2}, last_seq(app, game_id)).status_code == 302
    after = page(client, game_id)
    assert after != before
    assert hidden_expected_seq(after) == last_seq(app, game_id) > hidden_expected_seq(before)
    assert "Red steps 2 squares." in after


def test_an_aa_purchase_shows_on_the_next_page_and_the_message_only_once(app, client, user_factory):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    html = page(client, game_id)
    response = client.post(f"/games/{game_id}/form", data={
        "kind": "purchase", "seat": "ussr", "expected_seq": str(hidden_expected_seq(html)), "buy-infantry": "2"})
    assert response.status_code == 302
    accepted = page(client, game_id)
    assert ACCEPTED in accepted
    assert hidden_expected_seq(accepted) == last_seq(app, game_id)
    again = page(client, game_id)
    assert ACCEPTED not in again  # the message is the request's, never kept
    assert 'name="buy-infantry" min="0" max="99" step="1" inputmode="numeric"\n                     value="2"' in again


def test_two_seats_of_a_game_with_hidden_information_get_their_own_pages(app, user_factory, secret_game):  # noqa: F811
    game_id, red, blue = secret_game
    red_client, blue_client = as_user(app.test_client(), red), as_user(app.test_client(), blue)
    post_order(red_client, game_id, "red", {"type": "step", "n": 3}, last_seq(app, game_id))
    for _ in range(2):  # the second round comes from the kept parts
        own = page(red_client, game_id)
        other = page(blue_client, game_id)
        assert "Red steps 3 squares." in own and "Red: 3" in own
        assert "Red steps 3 squares." not in other and "Red: 3" not in other


def test_two_seats_of_an_aa_game_see_their_own_forms(app, user_factory):
    game_id, allies, axis = aa_game(app, user_factory)
    allies_client, axis_client = as_user(app.test_client(), allies), as_user(app.test_client(), axis)
    for _ in range(2):
        assert 'id="purchase-form"' in page(allies_client, game_id)
        axis_page = page(axis_client, game_id)
        assert 'id="purchase-form"' not in axis_page
        assert "Bruno (you)" in axis_page and "Carla (you)" not in axis_page


def test_the_language_switch_changes_the_kept_page(app, client, user_factory):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    english = page(client, game_id)
    assert "Buy these units" in english
    assert client.post("/account/language", data={"lang": "it", "next": f"/games/{game_id}"}).status_code == 302
    italian = page(client, game_id)
    assert "Buy these units" not in italian and "Seats" not in italian
    assert client.post("/account/language", data={"lang": "en", "next": f"/games/{game_id}"}).status_code == 302
    assert without_tokens(page(client, game_id)) == without_tokens(english)


def test_a_new_holder_name_shows_at_once(app, client, user_factory):
    game_id, red, blue = race_game(app, user_factory)
    as_user(client, red)
    assert "Bruno" in page(client, game_id)
    with Session(get_engine(app)) as s:
        user = s.get(User, blue.id)
        user.display_name = "Bianca"
        s.commit()
    seats = page(client, game_id).split('id="seats-h"')[1].split("</section>")[0]
    assert "Bianca" in seats and "Bruno" not in seats


def test_a_kept_page_is_served_whole_without_building_its_parts(app, client, user_factory, monkeypatch):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    first = page(client, game_id)

    def not_again(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the kept content was built again")

    monkeypatch.setattr("pbem.web.play.context", not_again)
    monkeypatch.setattr("pbem.services.views.add_answers", not_again)  # nor the engine's view unpickled
    assert without_tokens(page(client, game_id)) == without_tokens(first)


def test_a_change_to_the_game_row_without_an_event_shows_at_once(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    for _ in range(2):
        assert "<h1>Corsa</h1>" in page(client, game_id)
    for column, value, shown in (("deadline_hours", 36, "36 hours per decision"),
                                 ("title", "Corsa lunga", "<h1>Corsa lunga</h1>")):
        with Session(get_engine(app)) as s:
            setattr(s.get(Game, game_id), column, value)  # no event: the log head stays
            s.commit()
        assert shown in page(client, game_id)


def test_the_organisers_open_invitations_show_on_the_kept_page_at_once(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    for _ in range(2):
        assert "nuova@example.org" not in page(client, game_id)
    with Session(get_engine(app), expire_on_commit=False) as s:
        row = invitations.invite(s, game_id=game_id, user_id=red.id, seat="blue", email="nuova@example.org")
    assert "nuova@example.org" in page(client, game_id)
    with Session(get_engine(app)) as s:  # it expires: gone from the page, though still "invited" in its row
        s.get(SeatInvitation, row.id).expires_at = row.created_at - timedelta(days=1)
        s.commit()
    assert "nuova@example.org" not in page(client, game_id)


def test_a_kept_page_goes_to_its_own_viewer_only(app, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    stranger = user_factory(display_name="Estranea")
    red_client, stranger_client = as_user(app.test_client(), red), as_user(app.test_client(), stranger)
    anonymous = app.test_client()
    for _ in range(2):
        own = page(red_client, game_id)
        assert "Rosa (you)" in own and 'name="expected_seq"' in own
        for other in (page(stranger_client, game_id), page(anonymous, game_id)):
            assert "(you)" not in other and 'name="expected_seq"' not in other  # no orders panel


def test_a_kept_private_page_is_refused_to_strangers_and_ended_sessions(app, user_factory):
    game_id, red, _blue = race_game(app, user_factory, visibility="private")
    stranger = user_factory(display_name="Estranea")
    red_client, other_device = as_user(app.test_client(), red), as_user(app.test_client(), red)
    for _ in range(2):
        assert "Rosa (you)" in page(red_client, game_id)
        assert as_user(app.test_client(), stranger).get(f"/games/{game_id}").status_code == 404
    logout(other_device)  # "on every device": a new session version
    assert red_client.get(f"/games/{game_id}").status_code == 404  # now a stranger, the page kept or not
    as_user(red_client, red)
    assert "Rosa (you)" in page(red_client, game_id)
    with Session(get_engine(app)) as s:  # a password change (a reset) ends it too
        user = s.get(User, red.id)
        user.set_password("another long password", app.config["PASSWORD_HASH_METHOD"])
        s.commit()
    assert red_client.get(f"/games/{game_id}").status_code == 404


def test_each_session_gets_its_own_working_csrf_token_in_a_kept_page(csrf_app, user_factory):
    game_id, red, _blue = race_game(csrf_app, user_factory)
    tokens = []
    for _ in range(2):
        client = csrf_app.test_client()
        login_page = client.get("/auth/login").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', login_page).group(1)
        client.post("/auth/login", data={"email": red.email, "password": DEFAULT_PASSWORD, "csrf_token": token})
        html = page(client, game_id)
        found = set(re.findall(r'name="csrf_token" value="([^"]+)"', html))
        assert len(found) == 1  # every form of the page carries this session's token
        tokens.append(found.pop())
        response = client.post(f"/games/{game_id}/orders", data={
            "csrf_token": tokens[-1], "seat": "red", "order": '{"type": "step", "n": 1}',
            "expected_seq": str(hidden_expected_seq(html))})
        assert response.status_code == 302  # the token works
    assert tokens[0] != tokens[1]


def test_the_engine_answers_are_kept_per_head_and_handed_out_as_copies(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    page(client, game_id)
    with app.app_context(), Session(get_engine(app)) as s:
        first = views.game_view(s, game_id=game_id, user_id=red.id)
        first["view"]["pos"]["red"] = 99  # a reader spoiling its copy
        second = views.game_view(s, game_id=game_id, user_id=red.id)
    assert second["view"]["pos"]["red"] != 99
    assert second["head"] == first["head"] and second["head"][0] == last_seq(app, game_id)
    with app.app_context(), Session(get_engine(app)) as s:
        later = views.game_view(s, game_id=game_id, user_id=red.id, answers=False)
        assert "view" not in later and "legal" not in later
        assert views.add_answers(later) == {**second, "game": later["game"]}


def test_the_kept_parts_are_bounded():
    kept: LRU[int] = LRU(3)
    for n in range(10):
        kept.put(n, n)
    assert len(kept) == 3 and kept.get(0) is None and kept.get(9) == 9
    kept.get(7)
    kept.put(10, 10)
    assert kept.get(8) is None and kept.get(7) == 7


def test_the_log_follows_the_viewers_time_zone(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)

    def log_times() -> list[str]:
        return re.findall(r"<time>([^<]+)</time>", page(client, game_id))

    utc = log_times()
    with Session(get_engine(app)) as s:
        s.get(User, red.id).timezone = "Asia/Tokyo"  # 9 hours ahead of UTC, no summer time
        s.commit()
    tokyo = log_times()
    assert utc and len(tokyo) == len(utc) and tokyo != utc


def test_the_kept_parts_are_bounded_by_weight_too():
    kept: LRU[str] = LRU(100, weigh=len, max_weight=10)
    for n in range(5):
        kept.put(n, "abcd")
    assert len(kept) == 2 and kept.weight == 8 and kept.get(4) == "abcd" and kept.get(2) is None
    kept.put(4, "abcdefgh")  # replacing an entry counts its new weight only
    assert kept.weight == 8 and len(kept) == 1
