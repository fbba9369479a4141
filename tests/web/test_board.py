"""The A&A board and its forms on the game page (server side: they work without JavaScript)."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.services import games as game_service
from pbem.ui.aa import board_svg
from pbem.web.db import get_engine
from tests.web.test_play import as_user, last_seq

AXIS, ALLIES = ("germany", "japan"), ("ussr", "uk", "usa")


def aa_game(app: Flask, user_factory: Any, options: dict[str, Any] | None = None) -> tuple[int, Any, Any]:
    """A started A&A 1941 game: ``allies`` holds the Soviet Union, UK and USA, ``axis`` the rest."""
    allies, axis = user_factory(display_name="Alleati"), user_factory(display_name="Asse")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=allies.id, ruleset_key="aa1941", title="Barbarossa",
                                        options=options or {})
        for user, seats in ((allies, ALLIES), (axis, AXIS)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=allies.id)
    return game.id, allies, axis


def form_post(client: Any, app: Flask, game_id: int, seat: str, **fields: Any) -> Any:
    data = {"seat": seat, "expected_seq": str(last_seq(app, game_id)), **fields}
    return client.post(f"/games/{game_id}/form", data=data)


def test_outline_board_is_small_cacheable_and_has_one_path_per_space(client) -> None:
    response = client.get("/boards/aa1941.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    body = response.get_data(as_text=True)
    assert len(response.data) <= 400 * 1024
    spaces = board_svg.board_data()["spaces"]
    assert body.count("<path ") == len(spaces) == 120
    assert 'id="sp-germany"' in body and 'id="sp-sz-5"' in body
    etag = response.headers["ETag"]
    again = client.get("/boards/aa1941.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304 and "public" in response.headers["Cache-Control"]


def test_game_page_draws_the_position_coloured_by_owner_with_unit_counts(app, client, user_factory) -> None:
    game_id, allies, _axis = aa_game(app, user_factory)
    html = as_user(client, allies).get(f"/games/{game_id}").get_data(as_text=True)
    assert 'class="sp land o-germany" data-space="Germany" tabindex="0" role="button"' in html
    assert 'aria-label="Germany: Germany, 4 IPCs"' in html
    # Russia: 3 infantry, 1 tank, 1 fighter of the Soviet Union; capital, factory, value 3
    assert re.search(r'class="mk-u u-ussr"[^>]*>3I 1T 1F<', html)
    assert re.search(r'class="mk-val"[^>]*>★ ■ 3<', html)
    assert 'id="purchase-form"' in html and 'data-available="7"' in html
    assert "The whole position as JSON" not in html


def test_the_board_is_drawn_again_only_when_what_it_shows_changes(app, client, user_factory, monkeypatch) -> None:
    from pbem.ui.aa import page as aa_page

    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    drawn: list[str] = []
    draw = board_svg.board_svg

    def counted(*args: Any, **kwargs: Any) -> str:
        drawn.append(args[1]["phase"])
        return draw(*args, **kwargs)

    monkeypatch.setattr(board_svg, "board_svg", counted)
    aa_page._SVGS.clear()
    before = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-infantry": "2"}).status_code == 302
    after = client.get(f"/games/{game_id}").get_data(as_text=True)  # a new log head, no unit moved
    assert drawn == ["purchase"] and 'value="2" data-cost="3"' in after
    board = re.compile(r'<g class="marks".*?</g>\s*</svg>', re.S)
    assert board.search(after).group(0) == board.search(before).group(0)
    assert client.post("/account/language", data={"lang": "it", "next": f"/games/{game_id}"}).status_code == 302
    italian = client.get(f"/games/{game_id}").get_data(as_text=True)  # another language: its own board
    assert len(drawn) == 2 and board.search(italian).group(0) != board.search(after).group(0)


def test_the_boards_digest_names_what_the_board_shows_and_nothing_else() -> None:
    from pbem.ui.aa.page import board_digest

    view = {"owners": {"Russia": "ussr"}, "units": {"Russia": [{"id": 1, "type": "infantry", "owner": "ussr"}]},
            "ipcs": {"ussr": 24}, "phase": "purchase"}
    same = {**view, "ipcs": {"ussr": 17}, "phase": "combat_move"}
    assert board_digest(same) == board_digest(view)
    moved = {**view, "units": {"Karelia S.S.R.": [{"id": 1, "type": "infantry", "owner": "ussr"}]}}
    taken = {**view, "owners": {"Russia": "germany"}}
    damaged = {**view, "complexes": {"Russia": 2}}
    assert len({board_digest(v) for v in (view, moved, taken, damaged)}) == 4


def test_purchase_form_submits_and_an_illegal_one_shows_the_rule(app, client, user_factory) -> None:
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    refused = form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-battleship": "1"})
    assert refused.status_code == 422 and "AA41-PUR-02" in refused.get_data(as_text=True)
    ok = form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-infantry": "2"})
    assert ok.status_code == 302
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'value="2" data-cost="3"' in html and 'data-available="7"' in html


def test_reachable_lists_destinations_only_for_the_owing_player(app, client, user_factory) -> None:
    game_id, allies, axis = aa_game(app, user_factory)
    as_user(client, allies)
    form_post(client, app, game_id, "ussr", kind="purchase")
    form_post(client, app, game_id, "ussr", kind="end_phase")
    answer = client.get(f"/games/{game_id}/query/reachable?seat=ussr&units=51,52,53,54").get_json()
    assert answer["destinations"]["West Russia"]["ends"] == "battle"
    client.post("/auth/logout")
    as_user(client, axis)
    assert client.get(f"/games/{game_id}/query/reachable?seat=germany&units=15").status_code == 403


def test_history_page_steps_and_charts(app, client, user_factory) -> None:
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-infantry": "2"})
    html = client.get(f"/games/{game_id}/history?from=1").get_data(as_text=True)
    assert "Soviet Union buys 2 infantry for 6 IPCs" in html and 'id="history-stepper"' in html
    first = client.get(f"/games/{game_id}/history/frame?at=1").get_json()
    assert first["owners"]["Germany"] == "germany" and "3I 1T 1F" in first["marks"]


def test_standing_orders_page_saves_the_seats_own_orders(app, client, user_factory) -> None:
    game_id, _allies, axis = aa_game(app, user_factory)
    as_user(client, axis)
    page = client.get(f"/games/{game_id}/standing?seat=germany")
    assert page.status_code == 200 and "Standing orders of Germany" in page.get_data(as_text=True)
    saved = client.post(f"/games/{game_id}/standing", data={
        "seat": "germany", "loss_order": ["infantry", "tank"], "keep_last": ["fighter"], "submerge": "1"})
    assert saved.status_code == 302
    html = client.get(f"/games/{game_id}/standing?seat=germany").get_data(as_text=True)
    assert re.search(r'id="loss-2" name="loss_order">.*?<option value="tank" selected>', html, re.S)
    assert 'id="submerge" name="submerge" value="1" checked' in html


def test_battle_forms_work_without_javascript(app, client, user_factory) -> None:
    """Low luck: 3 infantry and a tank against 3 infantry score one hit each way, so the attacker
    is certainly asked which of its units (infantry or tank) is lost."""
    from tests.web.test_play import post_order

    game_id, allies, _axis = aa_game(app, user_factory, {"dice": "low_luck"})
    as_user(client, allies)
    form_post(client, app, game_id, "ussr", kind="purchase")
    form_post(client, app, game_id, "ussr", kind="end_phase")
    moved = post_order(client, game_id, "ussr", {"type": "move", "units": [51, 52, 53, 54],
                                                 "route": ["Russia", "West Russia"]}, last_seq(app, game_id))
    assert moved.status_code == 302
    form_post(client, app, game_id, "ussr", kind="end_phase")
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Fight the battle in West Russia" in html
    assert form_post(client, app, game_id, "ussr", kind="battle", place="West Russia").status_code == 302
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="casualties-form" data-hits="1"' in html
    # "N of M" per type, set to the default (the standing orders: infantry first), so one click confirms
    assert 'name="group" value="tank|54"' in html and 'name="group" value="infantry|51,52,53"' in html
    assert re.search(r'name="n-infantry" min="0" max="3" step="1"\s+value="1"', html)
    assert re.search(r'name="n-tank" min="0" max="1" step="1"\s+value="0"', html)
    assert "Casualties of the defender: 1 infantry" in html and "low luck" in html
    wrong = form_post(client, app, game_id, "ussr", kind="casualties", place="West Russia",
                      group=["infantry|51,52,53", "tank|54"], **{"n-infantry": "1", "n-tank": "1"})
    body = wrong.get_data(as_text=True)
    assert wrong.status_code == 422 and "AA41-CMB-08" in body
    assert "AA41-CMB-08). [AA41-CMB-08]" not in body  # the rule is named once
    too_many = form_post(client, app, game_id, "ussr", kind="casualties", place="West Russia",
                         group=["tank|54"], **{"n-tank": "2"})
    assert too_many.status_code == 400
    accepted = form_post(client, app, game_id, "ussr", kind="casualties", place="West Russia",
                         group=["infantry|51,52,53", "tank|54"], **{"n-infantry": "1", "n-tank": "0"})
    assert accepted.status_code == 302 and accepted.headers["Location"].endswith(f"/games/{game_id}#orders")
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Casualties of the attacker: 1 infantry" in html
    assert "Press on in West Russia (round 2)" in html  # 3 attackers against 2 defenders now
    retreat = re.search(r'<select id="retreat-1" name="to">(.*?)</select>', html, re.S)
    assert retreat and '<option value="Russia">Russia</option>' in retreat.group(1)


def test_another_powers_standing_orders_never_reach_the_board_pages(app, client, user_factory) -> None:
    game_id, allies, axis = aa_game(app, user_factory)
    as_user(client, axis)
    client.post(f"/games/{game_id}/standing", data={"seat": "germany", "loss_order": ["bomber", "carrier"],
                                                    "submerge": "1"})
    client.post("/auth/logout")
    as_user(client, allies)
    pages = [client.get(f"/games/{game_id}").get_data(as_text=True),
             client.get(f"/games/{game_id}/history?from=1").get_data(as_text=True),
             client.get(f"/games/{game_id}/history/frame?at={last_seq(app, game_id)}").get_data(as_text=True),
             client.get(f"/games/{game_id}/standing?seat=ussr").get_data(as_text=True)]
    for html in pages[:3]:
        assert "loss_order" not in html and "bomber&#34;, &#34;carrier" not in html
        assert '["bomber","carrier"]' not in html and '["bomber", "carrier"]' not in html
    assert '<option value="bomber" selected>' not in pages[3]
    other = client.get(f"/games/{game_id}/standing?seat=germany").get_data(as_text=True)
    assert "Standing orders of Soviet Union" in other and '<option value="bomber" selected>' not in other


def test_since_your_last_turn_starts_after_your_latest_order(app, client, user_factory) -> None:
    game_id, allies, axis = aa_game(app, user_factory)
    as_user(client, allies)
    form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-infantry": "1"})
    for _ in range(7):
        html = client.get(f"/games/{game_id}").get_data(as_text=True)
        if "Round 1: Germany" in html:
            break
        if 'id="place-form"' in html:
            assert form_post(client, app, game_id, "ussr", kind="place", unit="infantry", count="1",
                             at="Russia").status_code == 302
        assert form_post(client, app, game_id, "ussr", kind="end_phase").status_code == 302
    else:
        raise AssertionError("the Soviet turn did not end")
    client.post("/auth/logout")
    as_user(client, axis)
    whole = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "The whole game" in whole and "Soviet Union buys 1 infantry" in whole  # never acted: everything
    form_post(client, app, game_id, "germany", kind="purchase", **{"buy-tank": "1"})
    client.post("/auth/logout")
    as_user(client, allies)
    since = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Since event" in since and "Germany buys 1 tank" in since
    assert "Soviet Union buys 1 infantry" not in since


def test_the_board_pages_speak_italian(app, client, user_factory) -> None:
    game_id, allies, _axis = aa_game(app, user_factory)
    with Session(get_engine(app)) as s:
        from pbem.store.models.accounts import User

        row = s.get(User, allies.id)
        row.language = "it"
        s.add(row)
        s.commit()
    as_user(client, allies)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Acquista queste unità" in html and "Dal tuo ultimo turno" in html
    assert '"where":"Dove possono andare?"' in html  # the script's words
    history = client.get(f"/games/{game_id}/history?from=1").get_data(as_text=True)
    assert "Produzione e IPC per round" in history


def test_another_edition_of_the_family_gets_the_same_pages(app, client, user_factory) -> None:
    """The UI resolves by family: an edition registered under another key (as Anniversary will be)
    gets the board, the standing orders and the history, no 404."""
    import dataclasses

    from pbem.engine import register
    from pbem.engine.registry import unregister
    from pbem.games.aa.editions.aa1941 import EDITION
    from pbem.games.aa.ruleset import AARuleset

    register("aa-edition-test", lambda: AARuleset(dataclasses.replace(EDITION, key="aa-edition-test",
                                                                      title="Another edition")))
    try:
        allies, axis = user_factory(display_name="Alleati"), user_factory(display_name="Asse")
        with Session(get_engine(app), expire_on_commit=False) as s:
            game = game_service.create_game(s, organiser_id=allies.id, ruleset_key="aa-edition-test",
                                            title="Edizione", options={})
            for user, seats in ((allies, ALLIES), (axis, AXIS)):
                for seat in seats:
                    game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
            game_service.start_game(s, game_id=game.id, user_id=allies.id)
        as_user(client, allies)
        for page in ("", "/board.svg", "/standing?seat=ussr", "/history?from=1", "/history/frame?at=1"):
            assert client.get(f"/games/{game.id}{page}").status_code == 200, page
        assert client.get("/boards/aa-edition-test.svg").status_code == 200
        assert 'id="purchase-form"' in client.get(f"/games/{game.id}").get_data(as_text=True)
    finally:
        unregister("aa-edition-test")


def test_a_refusal_speaks_the_readers_language_and_keeps_its_machine_fields(app, client, user_factory) -> None:
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    with Session(get_engine(app)) as s:
        from pbem.store.models.accounts import User

        row = s.get(User, allies.id)
        row.language = "it"
        s.add(row)
        s.commit()
    answer = client.post(f"/api/v1/games/{game_id}/orders", json={
        "seat": "uk", "order": {"type": "end_phase"}, "expected_seq": last_seq(app, game_id)})
    body = answer.get_json()
    assert answer.status_code == 403 and body["rule_id"] == "ENGINE-TURN-1"
    assert body["key"] == "It is {seats}'s turn ({phase})." and body["params"]["seats"] == ["ussr"]
    assert body["message"] == "Tocca all'Unione Sovietica (acquisto unità)."


def test_an_out_of_date_form_says_what_changed_in_the_orders_panel(app, client, user_factory) -> None:
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    old = last_seq(app, game_id)
    assert form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-infantry": "2"}).status_code == 302
    stale = client.post(f"/games/{game_id}/form", data={"seat": "ussr", "kind": "end_phase",
                                                        "expected_seq": str(old)})
    html = stale.get_data(as_text=True)
    assert stale.status_code == 409
    panel = html[html.index('id="orders"'):]
    assert "The game moved on since you loaded the page" in panel
    assert "What happened since you loaded the page:" in panel and "Soviet Union buys 2 infantry" in panel
