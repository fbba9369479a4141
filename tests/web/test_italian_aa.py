"""An Italian club plays A&A 1941 over the web (Flask test client): the game page, the history,
the refusals, the API's readable log, the emails and the chat webhook read Italian, with no
English phrase of any message catalog in them (``tests/i18n_leaks.py``; proper names and words
identical in both languages pass). The browser run is ``tests/browser/test_italian_aa.py``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from sqlmodel import Session, select

from pbem.engine import load_ruleset
from pbem.notify.messages import render_row
from pbem.services import games as game_service
from pbem.store.models.outbox import GameNotifySettings, OutboxMessage
from pbem.ui import ui_for
from pbem.ui.aa.vocabulary import POWERS, SIDE_NAMES, SPACES, UNIT_NAMES
from pbem.web.db import get_engine
from tests.i18n_leaks import english_in, visible_text
from tests.web.test_board import ALLIES, AXIS, form_post
from tests.web.test_play import as_user, last_seq, post_order

RS = load_ruleset("aa1941")


def italian_game(app: Flask, user_factory: Any) -> tuple[int, Any, Any]:
    """A started low-luck A&A 1941 game between two Italian players, with a chat webhook."""
    app.config["DEFAULT_LANGUAGE"] = "it"
    allies = user_factory(email="alleati@example.org", display_name="Carla", language="it")
    axis = user_factory(email="asse@example.org", display_name="Bruno", language="it")
    with app.app_context(), Session(get_engine(app), expire_on_commit=False) as s:  # the site's language: it
        game = game_service.create_game(s, organiser_id=allies.id, ruleset_key="aa1941", title="Barbarossa",
                                        options={"dice": "low_luck"})
        s.add(GameNotifySettings(game_id=game.id, webhook_url="https://chat.example.org/hook"))
        s.commit()
        for user, seats in ((allies, ALLIES), (axis, AXIS)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=allies.id)
    return game.id, allies, axis


def assert_italian(where: str, text: str) -> None:
    leaks = english_in(text)
    assert not leaks, f"English in {where}: {leaks}\n{text[:3000]}"


def test_every_word_of_the_game_is_in_the_aa_catalog_in_italian() -> None:
    """Every power, unit type, phase, side, option label and space of A&A 1941 is named in Italian
    (``GameUI.term``/``text``): a word whose Italian is its English is a proper name on purpose."""
    ui = ui_for(RS)
    words = {RS.vocabulary("unit", u) for u in RS.data.units} | {RS.vocabulary("power", p) for p in RS.power_names}
    words |= {RS.vocabulary("side", s) for s in RS.data.side_names}
    words |= {RS.vocabulary("phase", p) for p in RS.edition.phase_labels}
    words |= set(RS.data.spaces) | {n for pair in UNIT_NAMES.values() for n in pair} | set(POWERS.values())
    words |= set(SIDE_NAMES.values())
    for option in RS.options_schema():
        words.add(option["label"])
        words |= {c["label"] for c in option.get("choices", [])}
    missing = sorted(w for w in words if not ui.catalog.has("it", w))
    assert not missing, missing
    assert set(RS.data.spaces) <= set(SPACES)
    assert ui.term("space", "Germany", "it", RS) == "Germania"
    assert ui.term("space", "SZ 5", "it", RS) == "ZM 5"
    assert ui.term("power", "ussr", "it", RS) == "Unione Sovietica"
    assert ui.term("side", "axis", "it", RS) == "Asse"
    assert ui.term("unit", "carrier", "it", RS) == "Portaerei"
    assert ui.term("phase", "combat_move", "it", RS) == "movimento ostile"
    assert ui.text("Low luck", "it") == "Fortuna ridotta (low luck)"


def test_owed_decisions_and_results_read_italian() -> None:
    ui = ui_for(RS)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    game = RS.new_game({}, seed="owed")
    (owed,) = game.owed()
    assert ui.owed_text(owed, names, "it") == "Unione Sovietica: acquisto unità"
    casualty = {"seat": "germany", "kind": "casualties", "place": "SZ 5",
                "prompt_params": {"power": "germany", "count": 2, "space": "SZ 5"}}
    assert ui.owed_text(casualty, names, "it") == "Germania: scegli 2 perdite nella ZM 5"
    assert ui.result_text({"winner": "axis", "capitals": ["Russia", "United Kingdom"], "mode": "two_capitals"},
                          names, "it") == ("L'Asse vince la partita (partita standard): controlla la Russia e il "
                                           "Regno Unito")


def finish_the_soviet_turn(app: Flask, client: Any, game_id: int) -> None:
    """The rules' default orders (else end the phase) until the Soviet Union's turn is over."""
    from pbem.store import snapshots
    from pbem.store.models.games import Game

    for _step in range(40):
        with Session(get_engine(app)) as s:
            game = snapshots.load_game(s, s.get(Game, game_id))
        owed = [o["seat"] for o in game.owed()]
        if "ussr" not in owed:
            return
        order = RS.default_order(game.state, "ussr") or {"type": "end_phase"}
        assert post_order(client, game_id, "ussr", order, last_seq(app, game_id)).status_code == 302
    raise AssertionError("the Soviet turn did not end")


@pytest.fixture
def played(app: Flask, client: Any, user_factory: Any) -> dict[str, Any]:
    """A few orders of the Soviet Union's first turn, as an Italian player, with two refusals."""
    game_id, allies, axis = italian_game(app, user_factory)
    pages: dict[str, str] = {}
    as_user(client, allies)
    refused = form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-battleship": "1"})
    assert refused.status_code == 422
    pages["refusal (purchase)"] = refused.get_data(as_text=True)
    assert "AA41-PUR-02" in pages["refusal (purchase)"]
    assert form_post(client, app, game_id, "ussr", kind="purchase", **{"buy-infantry": "2"}).status_code == 302
    form_post(client, app, game_id, "ussr", kind="end_phase")
    moved = post_order(client, game_id, "ussr", {"type": "move", "units": [51, 52, 53, 54],
                                                 "route": ["Russia", "West Russia"]}, last_seq(app, game_id))
    assert moved.status_code == 302
    form_post(client, app, game_id, "ussr", kind="end_phase")
    assert form_post(client, app, game_id, "ussr", kind="battle", place="West Russia").status_code == 302
    pages["game page (casualties owed)"] = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert form_post(client, app, game_id, "ussr", kind="casualties", place="West Russia",
                     units=["51"]).status_code == 302
    pages["game page"] = client.get(f"/games/{game_id}").get_data(as_text=True)
    pages["history"] = client.get(f"/games/{game_id}/history?from=1").get_data(as_text=True)
    pages["lobby"] = client.get("/games").get_data(as_text=True)
    finish_the_soviet_turn(app, client, game_id)  # the turn's dice are revealed when it ends
    pages["dice audit"] = client.get(f"/games/{game_id}/dice").get_data(as_text=True)
    assert "Unione Sovietica" in pages["dice audit"] and "fuoco dell&#39;attaccante" in pages["dice audit"]
    pages["standing orders"] = client.get(f"/games/{game_id}/standing?seat=ussr").get_data(as_text=True)
    log = client.get(f"/api/v1/games/{game_id}/log?limit=500").get_json()
    client.post("/auth/logout")
    as_user(client, axis)
    not_yours = client.post(f"/games/{game_id}/orders", data={
        "seat": "japan", "order": json.dumps({"type": "end_phase"}), "expected_seq": str(last_seq(app, game_id))})
    assert not_yours.status_code == 403
    pages["refusal (not your turn)"] = not_yours.get_data(as_text=True)
    pages["new game form"] = client.get("/games/new?ruleset=aa1941").get_data(as_text=True)
    with Session(get_engine(app), expire_on_commit=False) as s:
        rows = list(s.exec(select(OutboxMessage).where(OutboxMessage.game_id == game_id)
                         .order_by(OutboxMessage.id)))  # type: ignore[arg-type]
        with app.app_context():
            for row in rows:
                if row.channel == "email":
                    render_row(s, row)
    return {"pages": pages, "log": log, "rows": rows}


def test_the_pages_and_refusals_of_an_italian_game_read_italian(played: dict[str, Any]) -> None:
    pages = played["pages"]
    for where, html in pages.items():
        assert_italian(where, visible_text(html))
    text = visible_text(pages["game page"])
    assert "Unione Sovietica" in text and "Russia occidentale" not in text  # West Russia keeps its board name
    assert "West Russia, round 1: l'Unione Sovietica perde 1 fanteria" in text
    assert "Soviet Union" not in text and "purchase units" not in text
    history = visible_text(pages["history"])
    assert "Unione Sovietica muove 3 fanteria, 1 carro armato dalla Russia a West Russia" in history
    assert "Unione Sovietica acquista 2 fanteria per 6 IPC" in history
    assert "movimento ostile" in history  # the phases by their Italian names
    lobby = visible_text(pages["lobby"])
    assert "Germania" in lobby or "Unione Sovietica" in lobby
    form = visible_text(pages["new game form"])
    assert "Condizioni di vittoria (AA41-VIC-01)" in form and "Dadi standard" in form
    assert "È il turno di" in visible_text(pages["refusal (not your turn)"]) or \
        "Unione Sovietica" in visible_text(pages["refusal (not your turn)"])


def test_the_api_readable_log_reads_italian(played: dict[str, Any]) -> None:
    texts = [e["text"] for e in played["log"]["events"]]
    assert texts and not any("aa." in t or "{" in t for t in texts)
    assert_italian("API log", "\n".join(texts))
    assert any(t.startswith("Battaglia in West Russia") for t in texts)


def test_the_emails_and_the_webhook_read_italian(played: dict[str, Any]) -> None:
    emails = [r for r in played["rows"] if r.channel == "email"]
    hooks = [r for r in played["rows"] if r.channel == "webhook"]
    assert emails and hooks
    for row in emails:
        assert_italian(f"email {row.subject}", f"{row.subject}\n{row.text}\n{visible_text(row.html or '')}")
    first = next(r for r in emails if r.template == "your_turn")
    assert "Da decidere: Unione Sovietica: acquisto unità" in first.text
    head = first.text.split("Da decidere:", 1)[0]  # the decision names power and phase: said once
    assert "Unione Sovietica" not in head and "Fase:" not in first.text
    for row in hooks:
        content = json.loads(row.headers or "{}").get("content", "")
        assert content and "purchase units" not in content
        assert_italian("webhook", content)
