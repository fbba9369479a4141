"""The leak check of the conformance suite (issue 9, item 1): random games through the HTTP API
with two users; nothing a seat receives holds another seat's secret.

Each case names a ruleset, its ``secrets`` hook and how to play it; a family's conformance
entry adds its case here (``Conformance.secrets``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pbem.engine.events import canonical_json
from tests.conformance.leaks import leaks, random_orders, received, start
from tests.rulesets.race import secrets as race_secrets
from tests.web.test_play import as_user


def _clients(app: Any, users: dict[str, Any]) -> dict[str, Any]:
    return {seat: as_user(app.test_client(), user) for seat, user in users.items()}


def _note(seat: str, rng: random.Random) -> dict[str, Any] | None:
    return {"type": "note", "text": f"secret-note-{seat}-{rng.randrange(10**9)}"} if rng.random() < 0.2 else None


@pytest.mark.parametrize("seed", range(3))
def test_race_with_hidden_hands_leaks_nothing(app, user_factory, seed: int) -> None:
    users = {"red": user_factory(display_name="Rosa"), "blue": user_factory(display_name="Bruno")}
    game_id = start(app, users, "race-hand", {"goal": 60})
    clients = _clients(app, users)
    rng = random.Random(seed)
    found: list[str] = []
    for _ in range(6):
        random_orders(app, clients, game_id, rng, 6, extra=_note)
        found += leaks(app, clients, users, game_id, race_secrets)
    assert not found, found[:5]
    # the check looked at real secrets: hands were dealt and both seats hold cards now or played some
    from tests.conformance.leaks import state_of

    _rs, state, _last = state_of(app, game_id)
    assert any(state["hands"].values()) or any(state["decks"].values())


def test_the_leak_check_finds_a_leak(app, user_factory, monkeypatch) -> None:
    """The check can fail: a view that shows every hand and a read path that passes every event
    through unredacted are both caught."""
    from pbem.services import reading
    from tests.rulesets.race import HandRace

    monkeypatch.setattr(HandRace, "view", lambda self, state, seat: {**state})
    monkeypatch.setattr(reading, "shown", lambda ruleset, event, seat: event)
    users = {"red": user_factory(display_name="Rosa"), "blue": user_factory(display_name="Bruno")}
    game_id = start(app, users, "race-hand", {"goal": 60})
    clients = _clients(app, users)
    random_orders(app, clients, game_id, random.Random(1), 8, extra=_note)
    assert leaks(app, clients, users, game_id, race_secrets)


def aa_secrets(_ruleset: Any, state: dict[str, Any], seat: str) -> list[str]:
    """A&A: a power's standing orders (anytime orders, private to their seat)."""
    orders = state.get("standing", {}).get(seat)
    return [canonical_json(orders), json.dumps(orders)] if orders else []


def test_aa_standing_orders_never_reach_another_seat(app, user_factory) -> None:
    allies, axis = user_factory(display_name="Alleati"), user_factory(display_name="Asse")
    users = {"ussr": allies, "germany": axis}
    game_id = start(app, {"ussr": allies, "germany": axis, "japan": axis, "uk": allies, "usa": allies},
                    "aa1941", {})
    clients = _clients(app, users)
    for seat, loss in (("germany", ["battleship", "carrier", "bomber"]), ("ussr", ["infantry", "tank"])):
        page = clients[seat].post(f"/games/{game_id}/standing", data={
            "seat": seat, "loss_order": loss, "submerge": "1"})
        assert page.status_code == 302
    found = leaks(app, clients, users, game_id, aa_secrets)
    assert not found, found[:5]
    germany_page = clients["germany"].get(f"/games/{game_id}/history?from=1&seat=germany").get_data(as_text=True)
    ussr_log = clients["ussr"].get(f"/api/v1/games/{game_id}/log?limit=500&seat=ussr").get_json()
    assert "Germany updates its standing orders" in germany_page  # one's own is told
    assert not [e for e in ussr_log["events"] if e["seat"] == "germany"  # not even that it changed
                and e["type"] in ("order", "aa.standing")]


def victory_secrets(ruleset: Any, state: dict[str, Any], seat: str) -> list[str]:
    """VICTORY's ``Conformance.secrets`` (block ids, sealed items as spaced JSON) plus a sealed
    production order as the API's compact JSON and as the page's English sentence."""
    from pbem.games.victory.conformance import CONFORMANCE as VIC
    from pbem.ui import ui_for
    from pbem.ui.base import Audience

    out = list(VIC.secrets(ruleset, state, seat))
    sealed = state["sealed"].get(seat)
    if isinstance(sealed, list) and sealed:
        out += [json.dumps(item, sort_keys=True, separators=(",", ":")) for item in sealed]
        story = ui_for("victory").story(None, Audience("en", seat, {}))
        out += [story.builds_text(sealed)]
    return out


def test_VIC_FOG_01_victory_hides_blocks_and_sealed_orders_through_the_http_api(app, user_factory) -> None:
    """VICTORY (issue 13): the sample scenario played by the bot through the API as both players,
    for several game turns; after each batch of decisions nothing the other seat receives holds a
    seat's block ids (its blocks' identities: type and strength travel only with them) or its
    sealed production order (``Conformance.secrets``), searched while that order waits sealed."""
    from tests.conformance.leaks import state_of
    from tests.web.victory_http import bot_plays

    users = {"blue": user_factory(display_name="Bianca"), "red": user_factory(display_name="Rocco")}
    game_id = start(app, users, "victory", {"scenario": "river_line"})
    clients = _clients(app, users)
    found: list[str] = []
    sealed_checked = 0
    for rnd in range(40):
        game = bot_plays(app, clients, game_id, seed=rnd, decisions=8,
                         until=lambda g: g.state["phase"] == "production" and not any(g.state["sealed"].values()))
        state = game.state
        if state["phase"] == "production" and not any(state["sealed"].values()):
            cities = game.legal_options("blue")["production"]["cities"]
            builds, new = [], False
            for h, c in sorted(cities.items()):  # one item per city: a new block once, else a step
                if c["new"] and not new:
                    builds.append({"city": h, "new": c["new"][0], "steps": 1})
                    new = True
                elif c["blocks"]:
                    builds.append({"city": h, "block": c["blocks"][0], "steps": 1})
            game.submit("blue", {"type": "produce", "builds": builds})
            own = "\n".join(received(app, clients["blue"], game_id, "blue", users["blue"].id).values())
            assert [v for v in victory_secrets(None, game.state, "blue")[-3:] if v in own]  # the search can find it
            sealed_checked += 1
        found += leaks(app, clients, users, game_id, victory_secrets)
        for seat, foe in (("blue", "red"), ("red", "blue")):  # the API view: the foe's blocks face down
            view = clients[seat].get(f"/api/v1/games/{game_id}?seat={seat}").get_json()["view"]
            assert all(set(o) <= {"side", "hex", "aboard", "carried"} for o in view["others"] if not o.get("revealed"))
            assert not [b for b in view["blocks"].values() if b["side"] == foe]
        if state_of(app, game_id)[1]["turn"] >= 3 or state.get("result"):
            break
    assert not found, found[:5]
    assert state_of(app, game_id)[1]["turn"] >= 3 and sealed_checked >= 1
