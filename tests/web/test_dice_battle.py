"""The dice page with battle rolls shaped like the A&A engine's (battle, rounds, low luck)
and with a hidden-information game (shuffle orders stay hidden from other seats)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlmodel import Session

from pbem.engine import register
from pbem.engine.registry import unregister
from pbem.services import games as game_service
from pbem.services import orders
from pbem.store.models.games import Game
from pbem.web.db import get_engine
from tests.engine.test_dice import HiddenRace
from tests.rulesets.race import Race
from tests.web.test_play import as_user

FORCES = [{"unit": "infantry", "target": 1}, {"unit": "tank", "target": 3},
          {"unit": "fighter", "target": 3}]


class BattleRace(Race):
    """``{"type": "battle", "place": P}`` fights two rounds at P, rolling like the A&A engine."""

    key = "dice-battle"

    def options_schema(self) -> list[dict[str, Any]]:
        return [*super().options_schema(),
                {"name": "dice", "label": "Dice", "type": "choice", "default": "standard",
                 "choices": [{"value": "standard", "label": "Standard dice"},
                             {"value": "low_luck", "label": "Low luck"}]}]

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        if order["type"] != "battle":
            return super().decide(ctx, order)
        game_round = ctx.state["round"]
        for battle_round in (1, 2):
            base = {"battle": order["place"], "round": battle_round, "game_round": game_round}
            ctx.roll(3, 6, context={**base, "roller": "red", "side": "attacker",
                                    "step": "attacker fires"}, dice=FORCES)
            ctx.roll(1, 6, context={**base, "roller": "blue", "side": "defender",
                                    "step": "defender fires", "low_luck": True},
                     dice=[{"unit": "low luck", "strength": 8, "target": 2}])
        return None


@pytest.fixture
def rulesets():
    register("dice-battle", BattleRace)
    register("hidden-race", HiddenRace)
    yield
    unregister("dice-battle")
    unregister("hidden-race")


def start(app, user_factory, key: str, language: str = "en", **options: Any):
    red, blue = user_factory(display_name="Rosa", language=language), user_factory(display_name="Bruno")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=red.id, ruleset_key=key, title="Guerra",
                                        options={"goal": 200, **options})
        game_service.join_game(s, game_id=game.id, user_id=red.id, seat="red")
        game_service.join_game(s, game_id=game.id, user_id=blue.id, seat="blue")
        game_service.start_game(s, game_id=game.id, user_id=red.id)
        return game, red, blue


def order(app, game, user, seat, what):
    with Session(get_engine(app), expire_on_commit=False) as s:
        row = s.get(Game, game.id)
        return orders.submit_order(s, game_id=game.id, user_id=user.id, seat=seat, order=what,
                                   expected_seq=row.last_seq)


def test_battle_filter_shows_every_roll_of_that_battle_in_order(app, client, user_factory,
                                                                rulesets):
    game, red, _blue = start(app, user_factory, "dice-battle")
    ukraine = order(app, game, red, "red", {"type": "battle", "place": "Ukraine"}).events
    order(app, game, red, "red", {"type": "battle", "place": "Karelia"})
    html = as_user(client, red).get(f"/games/{game.id}/dice?battle=Ukraine").get_data(as_text=True)
    shown = [(int(a), b) for a, b in re.findall(
        r'class="roll" data-seq="(\d+)">\s*<td>\d+(?:\.(\d+))?</td>', html)]
    expected = [(e["seq"], str(i) if i else "") for e in ukraine if e["type"] == "dice.rolled"
                for i in range(len(e["payload"]["faces"]))]
    assert shown == expected and len(shown) == 8
    assert "Karelia" not in html.split("<tbody>")[1]
    assert "low luck" in html and "≤ 2" in html and "defender fires" in html


def test_low_luck_die_counts_its_remainder_in_the_luck_figures(app, client, user_factory,
                                                               rulesets):
    game, red, _blue = start(app, user_factory, "dice-battle", dice="low_luck")
    order(app, game, red, "red", {"type": "battle", "place": "Ukraine"})
    html = as_user(client, red).get(f"/games/{game.id}/dice").get_data(as_text=True)
    assert "Dice option chosen at creation: low luck" in html
    doc = as_user(client, red).get(f"/games/{game.id}/dice.json?player=blue").get_json()
    assert [r["target"] for r in doc["rolls"]] == [2, 2] and all(r["low_luck"] for r in doc["rolls"])
    blue = doc["luck"]["players"][0]
    assert blue["player"] == "blue" and blue["expected"] == pytest.approx(2 * 2 / 6)
    assert blue["hits"] == sum(1 for r in doc["rolls"] if r["face"] <= 2)


def test_hidden_shuffle_order_is_not_shown_to_the_other_seat(app, client, user_factory,
                                                             rulesets):
    game, red, blue = start(app, user_factory, "hidden-race")
    shuffle = order(app, game, red, "red", {"type": "deal"}).events[-1]
    shown = ", ".join(str(i) for i in shuffle["payload"]["order"])
    html = as_user(client, blue).get(f"/games/{game.id}/dice").get_data(as_text=True)
    assert "order hidden until the game ends" in html and shown not in html
    doc = client.get(f"/games/{game.id}/dice.json").get_json()
    assert all("order" not in e["payload"] for e in doc["events"] if e["type"] == "dice.shuffled")
    assert not any(e["type"] == "dice.revealed" for e in doc["events"])
    client.post("/auth/logout")
    html = as_user(client, red).get(f"/games/{game.id}/dice").get_data(as_text=True)
    assert shown not in html  # a private shuffle is secret to every seat: a deck's order is no one's


def test_luck_table_and_chart_match_the_rolls(app, client, user_factory, rulesets):
    game, red, _blue = start(app, user_factory, "dice-battle")
    for place in ("Ukraine", "Karelia", "Egypt"):
        order(app, game, red, "red", {"type": "battle", "place": place})
    as_user(client, red)
    doc = client.get(f"/games/{game.id}/dice.json").get_json()
    hits = sum(1 for r in doc["rolls"] if r["face"] <= r["target"])
    expected = 3 * 2 * (1 + 3 + 3) / 6 + 3 * 2 * 2 / 6
    assert doc["luck"]["game"]["hits"] == hits
    assert doc["luck"]["game"]["expected"] == pytest.approx(expected)
    html = client.get(f"/games/{game.id}/dice").get_data(as_text=True)
    row = re.search(r'data-player="">\s*<th scope="row">Whole game</th>\s*<td>(\d+)</td>'
                    r'<td>(\d+)</td><td>([\d.]+)</td>', html)
    assert row and (int(row.group(1)), int(row.group(2))) == (24, hits)
    assert float(row.group(3)) == pytest.approx(expected, abs=0.005)
    faces = [sum(1 for r in doc["rolls"] if r["face"] == f) for f in range(1, 7)]
    bars = re.findall(r"<title>face (\d): (\d+)</title>", html)
    assert [int(c) for _f, c in bars] == faces


@pytest.mark.parametrize(("language", "point", "whole"), [("en", ".", "Whole game"), ("it", ",", "Intera partita")])
def test_luck_figures_are_written_with_the_decimal_mark_of_the_readers_language(
        app, client, user_factory, rulesets, language, point, whole):
    """Expected hits, z-score, percentile and chi-square p, in the table and the charts' captions:
    "7.33" in English, "7,33" in Italian (Babel), never Python's decimal point on an Italian page."""
    game, red, _blue = start(app, user_factory, "dice-battle", language=language)
    for place in ("Ukraine", "Karelia", "Egypt"):
        order(app, game, red, "red", {"type": "battle", "place": place})
    as_user(client, red)
    luck = client.get(f"/games/{game.id}/dice.json").get_json()["luck"]["game"]
    html = client.get(f"/games/{game.id}/dice").get_data(as_text=True)
    number = r"([+-]?\d+(?:[.,]\d+)?)"
    row = re.search(rf'data-player="">\s*<th scope="row">{whole}</th>\s*<td>(\d+)</td><td>(\d+)</td>'
                    rf"<td>{number}</td>\s*<td>{number}</td>\s*<td>{number}</td>\s*<td>[\d ]+</td>\s*"
                    rf"<td>{number}</td>", html)
    assert row, html
    expected, z, percentile, p_value = row.group(3, 4, 5, 6)
    assert all(point in figure for figure in (expected, z, p_value))
    assert percentile.isdigit()
    other = "," if point == "." else "."
    assert not any(other in figure for figure in (expected, z, p_value))

    def read(figure: str) -> float:
        return float(figure.replace(",", "."))

    assert read(expected) == pytest.approx(luck["expected"], abs=0.005)
    assert read(z) == pytest.approx(luck["z"], abs=0.005) and z[0] in "+-"
    assert read(p_value) == pytest.approx(luck["p_value"], abs=0.0005)
    assert read(percentile) == pytest.approx(luck["percentile"], abs=0.5)
    caption = re.search(r"chi-square ([\d.,]+), p = ([\d.,]+)|chi quadrato ([\d.,]+), p = ([\d.,]+)", html)
    assert caption and all(point in c for c in caption.groups() if c)
    ticks = re.findall(r"<title>([\d.,]+) (?:expected|attesi)</title>", html)
    assert ticks and all(other not in t for t in ticks)
