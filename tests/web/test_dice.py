"""The dice pages: audit, filters, exports, luck chart, verification, published ledger."""

from __future__ import annotations

import csv
import io
import json
import re

from flask import Flask
from sqlmodel import Session

from pbem.engine.dice_verify import verify_dice
from pbem.services import orders
from pbem.store import events as log
from pbem.store.models.games import Event, Game
from pbem.web.db import get_engine
from tests.web.test_play import as_user, race_game


def play(app: Flask, game_id: int, users: dict[str, object], turns: int) -> None:
    """``turns`` turns: the active seat rolls, a six is answered, the turn ends."""
    with Session(get_engine(app), expire_on_commit=False) as s:
        for _ in range(turns):
            game = s.get(Game, game_id)
            s.refresh(game)
            if game.status != "active":
                return
            ended = sum(1 for e in log.load(s, game_id) if e["type"] == "race.ended")
            seat, other = ("red", "blue") if ended % 2 == 0 else ("blue", "red")
            res = orders.submit_order(s, game_id=game_id, user_id=users[seat].id, seat=seat,
                                      order={"type": "roll"}, expected_seq=game.last_seq)
            s.refresh(game)
            if game.status != "active":
                return
            if any(e["type"] == "race.rolled" and e["payload"]["face"] == 6 for e in res.events):
                orders.submit_order(s, game_id=game_id, user_id=users[other].id, seat=other,
                                    order={"type": "answer", "block": False},
                                    expected_seq=game.last_seq)
                s.refresh(game)
            orders.submit_order(s, game_id=game_id, user_id=users[seat].id, seat=seat,
                                order={"type": "end"}, expected_seq=game.last_seq)


def played(app, user_factory, turns=6, **kw):
    game_id, red, blue = race_game(app, user_factory, goal=200, **kw)
    play(app, game_id, {"red": red, "blue": blue}, turns)
    return game_id, red, blue


def stored_rolls(app, game_id):
    with Session(get_engine(app)) as s:
        return [e for e in log.load(s, game_id) if e["type"] == "dice.rolled"]


def test_dice_page_shows_every_roll_in_order_with_its_context(app, client, user_factory):
    game_id, red, _ = played(app, user_factory)
    html = as_user(client, red).get(f"/games/{game_id}/dice").get_data(as_text=True)
    seqs = [int(s) for s in re.findall(r'class="roll" data-seq="(\d+)"', html)]
    rolls = stored_rolls(app, game_id)
    assert seqs == [e["seq"] for e in rolls] and len(seqs) == 6
    assert "token" in html and "≤ 6" in html and "Luck" in html
    assert "<svg" in html and "Expected hits" in html


def test_filters_by_player_and_round(app, client, user_factory):
    game_id, red, _ = played(app, user_factory)
    rolls = stored_rolls(app, game_id)
    as_user(client, red)
    html = client.get(f"/games/{game_id}/dice?player=blue").get_data(as_text=True)
    seqs = [int(s) for s in re.findall(r'class="roll" data-seq="(\d+)"', html)]
    assert seqs == [e["seq"] for e in rolls if e["seat"] == "blue"]
    html = client.get(f"/games/{game_id}/dice?round=2").get_data(as_text=True)
    seqs = [int(s) for s in re.findall(r'class="roll" data-seq="(\d+)"', html)]
    assert seqs == [e["seq"] for e in rolls if e["payload"]["context"]["round"] == 2]
    assert len(seqs) == 2


def test_csv_export_has_one_row_per_die(app, client, user_factory):
    game_id, red, _ = played(app, user_factory)
    resp = as_user(client, red).get(f"/games/{game_id}/dice.csv?player=red")
    assert resp.status_code == 200 and resp.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(resp.get_data(as_text=True))))
    rolls = [e for e in stored_rolls(app, game_id) if e["seat"] == "red"]
    assert [int(r["seq"]) for r in rows] == [e["seq"] for e in rolls]
    assert [int(r["face"]) for r in rows] == [e["payload"]["faces"][0] for e in rolls]


def test_json_export_verifies_offline(app, client, user_factory):
    game_id, red, _ = played(app, user_factory)
    doc = as_user(client, red).get(f"/games/{game_id}/dice.json").get_json()
    assert doc["format"] == "pbem-dice-ledger" and len(doc["rolls"]) == 6
    report = verify_dice(doc["events"], complete=False)
    assert report.ok and report.checked == 6
    assert doc["verification"]["ok"] is True
    assert doc["luck"]["game"]["rolled"] == 6


def test_verify_page_says_ok_with_the_count(app, client, user_factory):
    game_id, red, _ = played(app, user_factory)
    html = as_user(client, red).get(f"/games/{game_id}/dice/verify").get_data(as_text=True)
    assert "<strong>OK</strong>" in html and "6 rolls checked" in html


def test_verify_page_reports_a_tampered_roll(app, client, user_factory):
    game_id, red, _ = played(app, user_factory)
    target = stored_rolls(app, game_id)[2]
    with Session(get_engine(app)) as s:
        row = s.exec(Event.__table__.select().where(Event.game_id == game_id,
                                                   Event.seq == target["seq"])).first()
        payload = json.loads(row.payload)
        payload["faces"][0] = payload["faces"][0] % 6 + 1
        s.exec(Event.__table__.update().where(Event.id == row.id)
               .values(payload=json.dumps(payload)))
        s.commit()
    html = as_user(client, red).get(f"/games/{game_id}/dice/verify").get_data(as_text=True)
    assert "FAILED" in html and f"event {target['seq']}" in html


def test_private_game_dice_hidden_from_strangers(app, client, user_factory):
    game_id, _red, _ = played(app, user_factory, turns=2, visibility="private")
    assert client.get(f"/games/{game_id}/dice").status_code == 404
    stranger = user_factory(display_name="Nosy")
    as_user(client, stranger)
    for path in ("dice", "dice.csv", "dice.json", "dice/verify"):
        assert client.get(f"/games/{game_id}/{path}").status_code == 404


def test_published_ledger_link_works_without_login_until_revoked(app, client, user_factory):
    game_id, red, blue = played(app, user_factory, turns=3, visibility="private")
    as_user(client, blue)
    assert client.post(f"/games/{game_id}/dice/ledger").status_code == 403
    client.post("/auth/logout")
    as_user(client, red)  # Rosa organises
    page = client.post(f"/games/{game_id}/dice/ledger", follow_redirects=True)
    url = re.search(r'href="(http://[^"]+/dice/ledger/[^"]+)"', page.get_data(as_text=True))
    assert url, "the organiser sees the published link"
    path = url.group(1).replace("http://pbem.test", "").replace("http://localhost", "")
    client.post("/auth/logout")
    html = client.get(path).get_data(as_text=True)
    assert "Read-only dice ledger" in html and html.count('class="roll"') == 3
    assert "Publish a ledger link" not in html
    assert client.get(path + "/dice.json").get_json()["verification"]["ok"] is True
    assert "<strong>OK</strong>" in client.get(path + "/verify").get_data(as_text=True)
    assert client.get(path[:-3] + "xyz").status_code == 404
    as_user(client, red)
    link_id = re.search(r'/dice/ledger/(\d+)/revoke', client.get(
        f"/games/{game_id}/dice").get_data(as_text=True)).group(1)
    client.post(f"/games/{game_id}/dice/ledger/{link_id}/revoke")
    client.post("/auth/logout")
    assert client.get(path).status_code == 404


def test_publish_and_revoke_need_the_csrf_token(csrf_app, csrf_client, user_factory):
    game_id, red, _ = race_game(csrf_app, user_factory)
    as_user(csrf_client, red)
    assert csrf_client.post(f"/games/{game_id}/dice/ledger").status_code == 400
    html = csrf_client.get(f"/games/{game_id}/dice").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    resp = csrf_client.post(f"/games/{game_id}/dice/ledger", data={"csrf_token": token})
    assert resp.status_code == 302


def test_unknown_game_or_link_is_a_clear_404(app, client, user_factory):
    assert client.get("/games/9999/dice").status_code == 404
    assert client.get("/dice/ledger/not-a-token").status_code == 404
    game_id, red, _ = played(app, user_factory, turns=1)
    as_user(client, red)
    resp = client.post(f"/games/{game_id}/dice/ledger/12345/revoke")
    assert resp.status_code == 404 and "no such ledger link" in resp.get_data(as_text=True)


def test_forming_game_has_an_empty_dice_page_and_no_ledger_yet(app, client, user_factory):
    game_id, red, _ = race_game(app, user_factory, start=False)
    html = as_user(client, red).get(f"/games/{game_id}/dice").get_data(as_text=True)
    assert "No dice rolled yet." in html
    resp = client.post(f"/games/{game_id}/dice/ledger")
    assert resp.status_code == 400 and "has not started" in resp.get_data(as_text=True)
