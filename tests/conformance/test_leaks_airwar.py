"""The leak check for Airwar Pacific! (issue 14): several full turns played through the HTTP API by
two users (choices by the random bot from the API's own ``legal_options``); no card of one player's
hand, draw pile, face-down landing or hidden mission (``CONFORMANCE.secrets``) is in any byte the
other receives: pages, history, board, dice audit, API view, options and log, export, emails,
webhooks. Then the game is played to its end, exported through the API, and ``pbem-verify``
re-deals every shuffle from the revealed seeds."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from pbem import verify_cli
from pbem.engine import load_ruleset
from pbem.games.airwar_pacific.bot import RandomBot
from pbem.games.airwar_pacific.conformance import CONFORMANCE
from tests.conformance.leaks import leaks, start, state_of
from tests.web.test_play import as_user

RS = load_ruleset("airwar_pacific")


def play_api(app: Any, clients: dict[str, Any], game_id: int, bot: RandomBot, count: int) -> int:
    """Up to ``count`` decisions through ``POST /api/v1/games/<id>/orders``; a refused random choice
    is followed by the seat's standing default (the engine's ``default_order``)."""
    sent = 0
    for _ in range(count):
        _rs, state, last = state_of(app, game_id)
        owed = [o["seat"] for o in RS.owed(state)]
        if not owed:
            break
        seat = owed[0]
        answer = clients[seat].get(f"/api/v1/games/{game_id}/options?seat={seat}").get_json()
        assert answer["owes"], answer
        order = bot.order_for(answer["options"])
        posted = clients[seat].post(f"/api/v1/games/{game_id}/orders",
                                    json={"seat": seat, "order": order, "expected_seq": last})
        if posted.status_code != 201:
            assert posted.status_code in (400, 409, 422), posted.get_json()
            posted = clients[seat].post(f"/api/v1/games/{game_id}/orders", json={
                "seat": seat, "order": RS.default_order(state, seat), "expected_seq": last})
            assert posted.status_code == 201, posted.get_json()
        sent += 1
    return sent


def test_AWP_HID_01_airwar_leaks_nothing_over_several_turns_then_redeals(app, user_factory, tmp_path: Path,
                                                                            capsys) -> None:
    users = {"axis": user_factory(display_name="Asse"), "allies": user_factory(display_name="Alleati")}
    game_id = start(app, users, "airwar_pacific", {"round_limit": 5})
    clients = {seat: as_user(app.test_client(), user) for seat, user in users.items()}
    bot = RandomBot(RS, random.Random(3))
    found: list[str] = []
    secrets_per_look: list[int] = []
    while True:
        play_api(app, clients, game_id, bot, 3)  # a turn can take as few as a dozen decisions
        rs, state, _last = state_of(app, game_id)
        if state["result"] is not None or state["turn"] > 4:
            break
        secrets_per_look.append(sum(len(CONFORMANCE.secrets(rs, state, s)) for s in ("axis", "allies")))
        found += leaks(app, clients, users, game_id, CONFORMANCE.secrets)
    assert not found, found[:5]
    # the check looked for real cards (hands and piles) at every look, and looked several times (how
    # many depends on the server's dice: the game is not seeded)
    assert len(secrets_per_look) >= 2 and min(secrets_per_look) > 0, secrets_per_look
    assert state["turn"] > 4  # several full turns
    # to the end, then the export and pbem-verify
    while play_api(app, clients, game_id, bot, 200):
        pass
    _rs, state, _last = state_of(app, game_id)
    assert state["result"] is not None
    export = clients["allies"].get(f"/api/v1/games/{game_id}/export")
    assert export.status_code == 200
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export.get_json()), encoding="utf-8")
    assert verify_cli.main([str(path)]) == 0
    out = capsys.readouterr().out
    shuffles = sum(1 for e in export.get_json()["events"] if e["type"] == "dice.shuffled")
    types = {e["type"] for e in export.get_json()["events"]}
    assert {"awp.mission_formed", "awp.intercept_formed", "awp.engaged", "awp.landed"} <= types
    assert shuffles >= 2 and f"deals OK: {shuffles} shuffles re-dealt" in out


def test_the_airwar_leak_check_finds_a_leaking_view(app, user_factory, monkeypatch) -> None:
    """The check can fail: a view that shows the opponent's hand is caught."""
    from pbem.games.airwar_pacific import views

    real = views._player_view
    monkeypatch.setattr(views, "_player_view", lambda state, s, seat: real(state, s, s))
    users = {"axis": user_factory(display_name="Asse"), "allies": user_factory(display_name="Alleati")}
    game_id = start(app, users, "airwar_pacific", {})
    clients = {seat: as_user(app.test_client(), user) for seat, user in users.items()}
    play_api(app, clients, game_id, RandomBot(RS, random.Random(1)), 3)
    assert leaks(app, clients, users, game_id, CONFORMANCE.secrets)
