"""Card lists and decks supplied by players (issue 14): uploaded with a new game (the ``file``
options of the ruleset, pbem/web/player_files.py), checked by the engine with the rule named,
kept in the profile for reuse, and a game with an uploaded card list played to its end."""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

from sqlmodel import Session, select

from pbem.engine import load_ruleset
from pbem.games import rulesdata
from pbem.games.airwar_pacific.bot import RandomBot
from pbem.services import games as game_service
from pbem.services import orders as order_service
from pbem.store import snapshots
from pbem.store.models.cards import GameSetup, PlayerFile
from pbem.store.models.games import Game
from pbem.web.db import get_engine
from tests.web.test_play import as_user

RS = load_ruleset("airwar_pacific")


def sample() -> tuple[dict[str, Any], dict[str, Any]]:
    return (copy.deepcopy(rulesdata.load_json("airwar_pacific", "sample_cards.json")),
            copy.deepcopy(rulesdata.load_json("airwar_pacific", "sample_decks.json")))


def club_cards() -> tuple[dict[str, Any], dict[str, Any]]:
    """A club's own card list: other values, other names, not a sample."""
    cards, decks = sample()
    cards.update(name="Circolo Pacifico cards", sample=False)
    cards.pop("notice", None)
    for c in cards["cards"]:
        if c["kind"] in ("aircraft", "elite"):
            c["air_to_air"] = c.get("air_to_air", 0) + 1
        if c["id"] == "a6m2-zero":
            c["name"] = "Zero Reisen"
    return cards, decks


def short_axis(decks: dict[str, Any]) -> dict[str, Any]:
    decks["decks"]["axis"]["cards"]["a6m2-zero"] = 4  # 42 - 3 = 39 cards
    return decks


def upload(data: dict[str, Any], name: str) -> tuple[io.BytesIO, str]:
    return io.BytesIO(json.dumps(data).encode()), name


def new_game(client: Any, **fields: Any) -> Any:
    return client.post("/games/new", data={"ruleset": "airwar_pacific", "title": "Coral Sea", **fields},
                       content_type="multipart/form-data")


def test_AWP_DECK_01_an_invalid_uploaded_deck_is_refused_on_the_form_naming_the_rule(app, user_factory) -> None:
    client = as_user(app.test_client(), user_factory())
    _cards, decks = sample()
    page = new_game(client, file_decks=upload(short_axis(decks), "decks.json"))
    text = page.get_data(as_text=True)
    assert page.status_code == 400
    assert "The axis deck has 39 cards; at least 41 are needed, including Industry and Convoy" in text
    assert "AWP-DECK-01" in text
    with Session(get_engine(app)) as s:
        assert not s.exec(select(Game)).all() and not s.exec(select(PlayerFile)).all()


def test_AWP_DECK_06_a_file_that_is_not_json_or_not_the_format_is_refused(app, user_factory) -> None:
    client = as_user(app.test_client(), user_factory())
    page = new_game(client, file_card_list=(io.BytesIO(b"not json"), "cards.json"))
    assert page.status_code == 400 and "This file is not JSON." in page.get_data(as_text=True)
    cards, _decks = sample()
    cards["cards"][3]["defense"] = "strong"
    page = new_game(client, file_card_list=upload(cards, "cards.json"))
    assert page.status_code == 400 and "AWP-DECK-06" in page.get_data(as_text=True)


def test_AWP_DECK_01_invalid_deck_refused_in_italian(app, user_factory) -> None:
    client = as_user(app.test_client(), user_factory(language="it"))
    client.set_cookie("language", "it")
    _cards, decks = sample()
    text = new_game(client, file_decks=upload(short_axis(decks), "decks.json")).get_data(as_text=True)
    assert "ne servono almeno 41" in text and "AWP-DECK-01" in text


def test_AWP_DECK_01_the_api_checks_a_position_and_names_the_rule(app, user_factory) -> None:
    client = as_user(app.test_client(), user_factory())
    token = _csrf(client)
    cards, decks = sample()
    bad = client.post("/api/v1/rulesets/airwar_pacific/check-position", headers={"X-CSRFToken": token},
                      json={"files": {"decks": short_axis(decks)}})
    assert bad.status_code == 400, bad.get_json()
    assert bad.get_json()["rule_id"] == "AWP-DECK-01" and "at least 41" in bad.get_json()["message"]
    good = client.post("/api/v1/rulesets/airwar_pacific/check-position", headers={"X-CSRFToken": token},
                       json={"files": {"card_list": club_cards()[0]}})
    assert good.status_code == 200 and good.get_json()["ok"]
    kept = client.post("/api/v1/files", headers={"X-CSRFToken": token}, json={
        "ruleset": "airwar_pacific", "kind": "card_list", "name": "Club", "document": cards})
    assert kept.status_code == 201
    listed = client.get("/api/v1/files").get_json()["files"]
    assert [f["name"] for f in listed] == ["Club"]


def _csrf(client: Any) -> str:
    with client.session_transaction() as sess:
        return str(sess.get("csrf_token", ""))


def test_profile_keeps_lists_and_decks_for_reuse_and_hides_them_from_others(app, user_factory) -> None:
    owner, other = user_factory(), user_factory()
    client = as_user(app.test_client(), owner)
    cards, _decks = club_cards()
    answer = client.post("/account/files", data={"kind": "airwar_pacific:card_list", "name": "Circolo",
                                                 "file": upload(cards, "circolo.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 302
    profile = client.get("/account/").get_data(as_text=True)
    assert "Circolo" in profile and "Files for your games" in profile
    with Session(get_engine(app)) as s:
        row = s.exec(select(PlayerFile)).one()
    form = client.get("/games/new?ruleset=airwar_pacific").get_data(as_text=True)
    assert f'value="{row.id}"' in form and "Sample card list (invented values" in form
    stranger = as_user(app.test_client(), other)
    assert stranger.get(f"/account/files/{row.id}.json").status_code == 404
    assert stranger.post(f"/account/files/{row.id}/delete").status_code == 404
    assert json.loads(client.get(f"/account/files/{row.id}.json").get_data())["name"] == "Circolo Pacifico cards"
    assert client.post(f"/account/files/{row.id}/delete").status_code == 302
    with Session(get_engine(app)) as s:
        assert not s.exec(select(PlayerFile)).all()


def test_AWP_DECK_06_an_uploaded_card_list_plays_to_the_end(app, user_factory) -> None:
    axis, allies = user_factory(), user_factory()
    client = as_user(app.test_client(), axis)
    cards, decks = club_cards()
    answer = new_game(client, file_card_list=upload(cards, "circolo.json"), file_decks=upload(decks, "mazzi.json"),
                      opt_round_limit="8")
    assert answer.status_code == 302, answer.get_data(as_text=True)
    game_id = int(answer.headers["Location"].rsplit("/", 1)[1])
    with Session(get_engine(app), expire_on_commit=False) as s:
        assert s.get(GameSetup, game_id) is not None
        assert {f.kind for f in s.exec(select(PlayerFile))} == {"card_list", "decks"}  # kept for reuse
        game_service.join_game(s, game_id=game_id, user_id=axis.id, seat="axis")
        game_service.join_game(s, game_id=game_id, user_id=allies.id, seat="allies")
        game_service.start_game(s, game_id=game_id, user_id=axis.id)
        holders = {"axis": axis.id, "allies": allies.id}
        bot = RandomBot(RS, random.Random(2))
        for _ in range(5000):
            row = s.get(Game, game_id)
            s.refresh(row)
            engine = snapshots.load_game(s, row)
            if engine.result() is not None:
                break
            seat = engine.owed()[0]["seat"]
            order = bot.order_for(engine.legal_options(seat))
            try:
                engine.submit(seat, dict(order))  # a trial: a refused random choice falls back to the default
            except Exception:  # noqa: BLE001
                order = RS.default_order(engine.state, seat)
            order_service.submit_order(s, game_id=game_id, user_id=holders[seat], seat=seat, order=order,
                                       expected_seq=row.last_seq)
        row = s.get(Game, game_id)
        engine = snapshots.load_game(s, row)
    assert engine.result() is not None and row.status == "finished"
    assert engine.state["card_list"]["name"] == "Circolo Pacifico cards"
    assert engine.state["catalogue"]["a6m2-zero"]["name"] == "Zero Reisen"
    page = client.get(f"/games/{game_id}?seat=axis").get_data(as_text=True)
    assert "Card list: Circolo Pacifico cards" in page and "sample card list" not in page
