"""The VICTORY describer (issue 13): every ``vic.`` event the engine emits has a sentence in
English and Italian, never its type or payload; and every message of the ``victory`` domain
has its Italian translation."""

from __future__ import annotations

import random
import re
from pathlib import Path

from babel.messages.pofile import read_po

from pbem.engine import load_ruleset
from pbem.games.victory.bot import make_bot
from pbem.games.victory.evolve import EVOLVERS
from pbem.ui import ui_for
from pbem.ui.base import Audience
from tests.i18n_catalogs import extracted, missing_from_template, untranslated

DOMAIN = Path(__file__).parents[2] / "pbem" / "ui" / "victory" / "translations"


def _played(seed: int) -> list[dict]:
    rs = load_ruleset("victory")
    game = rs.new_game({"scenario": "river_line"}, seed=f"describe-{seed}")
    bot = make_bot(rs, random.Random(seed))
    for _ in range(2500):
        if game.result() is not None:
            break
        bot.act(game)
    return game.log()


def test_VIC_FOG_01_every_event_is_a_sentence_in_english_and_italian_for_each_seat() -> None:
    rs = load_ruleset("victory")
    ui = ui_for(rs)
    log = _played(3) + _played(5)
    seen = {e["type"] for e in log if e["type"].startswith("vic.")}
    assert len(seen) >= 24, sorted(set(EVOLVERS) - seen)
    for language in ("en", "it"):
        for seat in ("blue", "red", None):
            story = ui.story(rs, Audience(language, seat, {"blue": "Blue", "red": "Red"}))
            events = [x for x in (rs.event_view(e, seat) for e in log) if x is not None]
            story.learn(events)
            for e in events:
                if not e["type"].startswith("vic."):
                    continue
                text = story.line(e)
                assert text and "vic." not in text and "{" not in text and "%(" not in text, (e, text)
                if seat is not None:  # the other side's block ids never appear
                    foe = "red" if seat == "blue" else "blue"
                    assert f"{foe}-0" not in text, (e, text)


def test_an_italian_sentence_for_a_battle_and_a_hidden_move() -> None:
    rs = load_ruleset("victory")
    story = ui_for(rs).story(rs, Audience("it", "blue", {"blue": "Blue", "red": "Red"}))
    moved = {"type": "vic.moved", "seq": 9, "payload": {"side": "red", "path": ["1205", "1206"]}}
    assert story.line(moved) == "Rosso muove un blocco da 1205 a 1206 (per 1205 – 1206)."
    fired = {"type": "vic.fired", "seq": 10, "payload": {"hex": "0904", "round": 1, "block": "D1", "type": "FA",
                                                         "target": "G", "faces": [2, 3], "hits": 1, "own": 0}}
    assert story.line(fired) == ("Round 1 in 0904: D1 (caccia) spara contro bersagli terrestri, tira 2 3: 1 colpo.")


def test_every_message_of_the_victory_domain_is_translated_into_italian() -> None:
    """Every message the VICTORY code marks, as ``pybabel extract`` finds it now (not the committed
    .pot, which missed the refusal templates passed through a helper), is translated in victory.po,
    and victory.pot holds them all."""
    assert untranslated("victory") == []
    assert missing_from_template("victory") == []
    assert len(extracted("victory")) > 300
    catalog = read_po((DOMAIN / "it" / "LC_MESSAGES" / "victory.po").open("rb"))
    for m in catalog:  # placeholders kept
        if m.id and isinstance(m.id, str):
            assert set(re.findall(r"%\(\w+\)s|\{\w+\}", m.id)) == set(re.findall(r"%\(\w+\)s|\{\w+\}", m.string)), m.id
