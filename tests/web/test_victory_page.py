"""The VICTORY game page (issue 13): the map from the scenario, own blocks upright with their
strength, the opponent's face down, the forms of the decisions owed, and the click-to-move data
built from ``legal_options``; in English and Italian."""

from __future__ import annotations

import re
from typing import Any

from tests.conformance.leaks import start, state_of
from tests.web.test_play import as_user


def _game(app: Any, user_factory: Any) -> tuple[int, dict[str, Any]]:
    users = {"blue": user_factory(display_name="Bianca"), "red": user_factory(display_name="Rocco")}
    game_id = start(app, users, "victory", {"scenario": "river_line"})
    return game_id, {s: as_user(app.test_client(), u) for s, u in users.items()}


def _form(client: Any, game_id: int, seat: str, kind: str, **fields: Any) -> Any:
    page = client.get(f"/games/{game_id}?seat={seat}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    seq = state_of(client.application, game_id)[2]
    return client.post(f"/games/{game_id}/form", data={"seat": seat, "kind": kind, "expected_seq": seq,
                                                       **({"csrf_token": token.group(1)} if token else {}), **fields})


def test_VIC_FOG_02_page_shows_own_blocks_upright_and_the_opponents_face_down(app, user_factory) -> None:
    game_id, clients = _game(app, user_factory)
    page = clients["blue"].get(f"/games/{game_id}?seat=blue").get_data(as_text=True)
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="vic-map"' in page
    assert 'id="hex-0302"' in page and 'class="major-river"' in page and 'class="road' in page
    assert "Azure" in page and "⚓" in page  # a city's name, a port
    own = re.findall(r'<g class="blk s-blue own[^"]*" data-hex="(\d{4})" data-block="(blue-\d+)"', page)
    hidden = re.findall(r'<g class="blk s-red hidden[^"]*" data-hex="(\d{4})"', page)
    assert len(own) == 15 and len(hidden) == 15
    assert "red-0" not in page  # no id of the other side's blocks
    assert "Seal the deployment" in page  # the sealed deployment form (free deployment)


def test_VIC_SETUP_07_deploy_by_form_then_move_by_the_forms_data(app, user_factory) -> None:
    game_id, clients = _game(app, user_factory)
    for seat in ("blue", "red"):
        assert _form(clients[seat], game_id, seat, "deploy").status_code == 302
    _rs, state, _seq = state_of(app, game_id)
    mover = state["active"]
    page = clients[mover].get(f"/games/{game_id}?seat={mover}").get_data(as_text=True)
    assert 'id="vic-data"' in page and "End movement" in page
    value = re.search(r'<option value="([^"]+)">', page[page.index('id="move-pick"'):]).group(1)
    answer = _form(clients[mover], game_id, mover, "move", move=value)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:500]
    block = value.split("|")[0]
    assert state_of(app, game_id)[1]["blocks"][block]["hex"] == value.split("|")[2].split(",")[-1]
    answer = _form(clients[mover], game_id, mover, "end_move")
    assert answer.status_code == 302


def test_the_page_is_in_italian(app, user_factory) -> None:
    users = {"blue": user_factory(display_name="Bianca"), "red": user_factory(display_name="Rocco", language="it")}
    game_id = start(app, users, "victory", {"scenario": "river_line"})
    page = as_user(app.test_client(), users["red"]).get(f"/games/{game_id}?seat=red").get_data(as_text=True)
    assert "Turno 1 di 8" in page and "Sigilla lo schieramento" in page and "Blocco di Blu (coperto) in" in page
