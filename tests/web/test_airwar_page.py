"""The Airwar Pacific! game page (pbem/ui/airwar_pacific): both tables, the hand, the forms of every
decision built from ``legal_options``, posted through the generic form route (issue 14)."""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.engine import load_ruleset
from pbem.games.airwar_pacific.bot import RandomBot
from tests.conformance.leaks import start, state_of
from tests.web.test_play import as_user

RS = load_ruleset("airwar_pacific")


def _clients(app: Any, users: dict[str, Any]) -> dict[str, Any]:
    return {seat: as_user(app.test_client(), user) for seat, user in users.items()}


def _owed(app: Any, game_id: int) -> list[str]:
    _rs, state, _last = state_of(app, game_id)
    return [o["seat"] for o in RS.owed(state)]


def _form(clients: dict[str, Any], app: Any, game_id: int, seat: str, data: dict[str, Any]) -> Any:
    _rs, _state, last = state_of(app, game_id)
    return clients[seat].post(f"/games/{game_id}/form", data={"seat": seat, "expected_seq": last, **data})


def _pick(page: str, label: str) -> str:
    """The order JSON of the pick button labelled ``label`` on the page."""
    found = re.search(r'name="order" value="([^"]+)">\s*<button type="submit" class="awp-pick">' + re.escape(label),
                      page)
    assert found, label
    return found.group(1).replace("&#34;", '"').replace("&quot;", '"')


def test_AWP_HID_01_page_shows_both_tables_and_only_ones_own_hand(app, user_factory) -> None:
    users = {"axis": user_factory(display_name="Asse"), "allies": user_factory(display_name="Alleati")}
    game_id = start(app, users, "airwar_pacific", {})
    clients = _clients(app, users)
    page = clients["axis"].get(f"/games/{game_id}?seat=axis").get_data(as_text=True)
    assert "Your decision: shuffle your deck and draw your opening hand" in page
    assert _form(clients, app, game_id, "axis", {"kind": "pick", "order": _pick(
        page, "Shuffle my deck and draw my hand")}).status_code == 302
    page = clients["allies"].get(f"/games/{game_id}?seat=allies").get_data(as_text=True)
    assert _form(clients, app, game_id, "allies", {"kind": "pick", "order": _pick(
        page, "Shuffle my deck and draw my hand")}).status_code == 302
    _rs, state, _ = state_of(app, game_id)
    axis_page = clients["axis"].get(f"/games/{game_id}?seat=axis").get_data(as_text=True)
    allies_page = clients["allies"].get(f"/games/{game_id}?seat=allies").get_data(as_text=True)
    for page in (axis_page, allies_page):
        assert 'id="awp-table-axis"' in page and 'id="awp-table-allies"' in page
        assert "Industry" in page and "Convoy" in page and "Lae" in page and "Midway" in page
        assert "sample card list" in page
    assert 'id="awp-hand"' in axis_page and 'id="awp-hand"' in allies_page
    for iid in state["players"]["axis"]["hand"]:
        assert iid in axis_page and iid not in allies_page
    assert "Your decision: mobilize" in axis_page and "awp-decision" not in allies_page


def test_AWP_SEQ_01_a_whole_game_through_the_page_forms(app, user_factory) -> None:
    """Every decision through the page's forms (the form kinds of pbem/ui/airwar_pacific/forms.py),
    choices made by the random bot; each page renders (200) in English and Italian on the way."""
    users = {"axis": user_factory(display_name="Asse"), "allies": user_factory(display_name="Alleati",
                                                                                 language="it")}
    game_id = start(app, users, "airwar_pacific", {"round_limit": 4})
    clients = _clients(app, users)
    bot = RandomBot(RS, random.Random(5))
    kinds: set[str] = set()
    for _step in range(600):
        owed = _owed(app, game_id)
        if not owed:
            break
        seat = owed[0]
        page = clients[seat].get(f"/games/{game_id}?seat={seat}")
        assert page.status_code == 200
        _rs, state, _ = state_of(app, game_id)
        opts = RS.legal_options(state, seat)
        order = bot.order_for(opts)
        kinds.add(opts["kind"])
        answer = _form(clients, app, game_id, seat, _form_data(opts["kind"], order))
        if answer.status_code != 302:  # a refused random choice: the engine's default instead
            assert answer.status_code in (400, 409, 422), answer.status_code
            default = RS.default_order(state, seat)
            assert _form(clients, app, game_id, seat, _form_data(opts["kind"], default)).status_code == 302
    _rs, state, _ = state_of(app, game_id)
    assert state["result"] is not None
    assert {"deal", "mobilize", "attack", "intercept", "engage", "battle"} <= kinds
    final = clients["allies"].get(f"/games/{game_id}?seat=allies").get_data(as_text=True)
    assert "vince" in final or "patta" in final


def _form_data(kind: str, order: dict[str, Any]) -> dict[str, Any]:
    import json

    t = order["type"]
    if kind == "mobilize":
        return {"kind": "mobilize", "card": [c["card"] for c in order["cards"]],
                **{f"host-{c['card']}": c["host"] for c in order["cards"] if c.get("host")}}
    if kind == "attack":
        if t == "pass":
            return {"kind": "attack", "action": "pass"}
        target = order["target"]
        return {"kind": "attack", "action": "attack", "mission": order["mission"],
                "target": "resources" if target["kind"] == "resources" else f"base:{target['base']}"}
    if kind == "intercept":
        if t == "pass":
            return {"kind": "intercept", "action": "pass"}
        return {"kind": "intercept", "action": "intercept", "cards": [c["card"] for c in order["cards"]],
                **{f"slot-{c['card']}": c["slot"] for c in order["cards"]}}
    if kind == "allocate":
        return {"kind": "allocate", "convoy": order["convoy"], **({"parafrag": "1"} if order["parafrag"] else {})}
    if kind == "convoy_discard":
        return {"kind": "convoy_discard", "cards": order["cards"]}
    return {"kind": "pick", "order": json.dumps(order)}
