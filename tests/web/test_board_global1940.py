"""Global 1940's game page over the test client: every seat's page stays under 400 KB and draws all
332 spaces as clickable paths; the table of powers shows each treasury (the UK's two economies) and
who is at war with whom; the declare-war form becomes the engine's order (a refusal names its
rule); board, outline, standing orders and history answer."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.games.rulesdata import rules_file
from pbem.services import games as game_service
from pbem.web.db import get_engine
from tests.web.test_board import form_post
from tests.web.test_play import as_user

SEATS = ("germany", "ussr", "japan", "usa", "china", "uk", "italy", "anzac", "france")
SPACES = set(json.loads(rules_file("global1940", "map.json").read_text(encoding="utf-8"))["spaces"])


def g40_game(app: Flask, user_factory: Any, options: dict[str, Any] | None = None,
             language: str = "en") -> tuple[int, dict[str, Any]]:
    """A started Global 1940 game with one player per power (each reading ``language``)."""
    users = {seat: user_factory(display_name=f"Giocatore {seat}", language=language) for seat in SEATS}
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=users["germany"].id, ruleset_key="global1940",
                                        title="Global 1940", options=options or {"dice": "low_luck"})
        for seat, user in users.items():
            game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=users["germany"].id)
    return game.id, users


def test_G40_every_seats_page_is_under_400_kb_and_every_space_is_clickable(app, client, user_factory) -> None:
    game_id, users = g40_game(app, user_factory)
    sizes = {}
    for seat, user in users.items():
        html = as_user(client, user).get(f"/games/{game_id}").get_data(as_text=True)
        sizes[seat] = len(html.encode())
        drawn = re.findall(r'<path id="sp-[^"]+" class="sp [^"]+" data-space="([^"]+)" tabindex="0" '
                           r'role="button"', html)
        assert set(drawn) == SPACES and len(drawn) == 332, seat
    assert max(sizes.values()) < 400 * 1024, sizes  # measured: 250-258 KB (raw, not gzipped) at the start
    for page in ("/board.svg", "/standing?seat=germany", "/history?from=1", "/history/frame?at=1"):
        assert client.get(f"/games/{game_id}{page}").status_code == 200, page
    outline = client.get("/boards/global1940.svg")
    assert outline.status_code == 200 and outline.get_data(as_text=True).count("<path ") == 332


def test_G40_UK_02_the_table_of_powers_shows_each_treasury_and_the_wars(app, client, user_factory) -> None:
    game_id, users = g40_game(app, user_factory)
    html = as_user(client, users["uk"]).get(f"/games/{game_id}").get_data(as_text=True)
    table = html[html.index('<table class="aa-powers">'):html.index("</table>", html.index('class="aa-powers"'))]
    rows = {m.group(1): [m.group(2), *re.findall(r"<td>([^<]*)</td>", m.group(0))]
            for m in re.finditer(r'<tr[^>]*><th scope="row">.*?<span class="aa-power">([^<]+)</span>'
                                 r'<span class="aa-wars">([^<]*)</span></th>.*?</tr>', table, re.S)}
    assert rows["United Kingdom (Europe)"] == ["Germany, Italy", "28", "28"]
    assert rows["United Kingdom (Pacific)"] == ["Germany, Italy", "17", "17"]
    assert rows["United States"][0] == "nobody (neutral)" and rows["Japan"][0] == "China"
    assert "Kamikaze attacks left to Japan: 6" in html
    script = json.loads(re.search(r'id="aa-data">(.*?)</script>', html, re.S).group(1))
    assert script["spaces"]["Spain"]["facts"] == ["strict neutral"]
    assert "air base" in script["spaces"]["Gibraltar"]["facts"]


def test_G40_POL_01_declaring_war_by_the_form(app, client, user_factory) -> None:
    game_id, users = g40_game(app, user_factory)
    as_user(client, users["germany"])
    assert form_post(client, app, game_id, "germany", kind="end_phase").status_code in (302, 303)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = html[html.index('id="declare-form"'):html.index("</form>", html.index('id="declare-form"'))]
    assert re.findall(r'<option value="([a-z]+)">', form) == ["usa", "ussr", "china"]
    refused = form_post(client, app, game_id, "germany", kind="declare_war", target="france")
    text = refused.get_data(as_text=True) if refused.status_code >= 400 else \
        client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "G40-POL" in text
    assert form_post(client, app, game_id, "germany", kind="declare_war", target="ussr").status_code in (302, 303)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Germany declares war on Soviet Union" in html
    assert '<span class="aa-power">Soviet Union</span><span class="aa-wars">Germany</span>' in html


def test_G40_pages_stay_under_400_kb_after_two_rounds_of_play(app, client, user_factory) -> None:
    """Two rounds of bot play (more units, damage, captured installations, a longer turn's log):
    every seat's game page is still under 400 KB."""
    import random

    from benchmarks.growth import StoredPlay
    from pbem.engine import load_ruleset
    from pbem.games.aa.bot import RandomBot

    game_id, users = g40_game(app, user_factory)
    with Session(get_engine(app), expire_on_commit=False) as session:
        play = StoredPlay(session, game_id)
        play.play_until_round(RandomBot(load_ruleset("global1940"), random.Random(3)), 3)
    sizes = {seat: len(as_user(client, user).get(f"/games/{game_id}").data) for seat, user in users.items()}
    assert max(sizes.values()) < 400 * 1024, sizes  # measured: 262,869-269,951 bytes in round 3
