"""The A&A words reviewers found wrong: an air battle counts its hits with the right plural in
English ("1 hit and 0 hits", G40-SBR-05), and the Italian pages call the Rockets advance (G40-TECH-09,
AAE rockets) "razzo"/"Razzi" as the log does, never "missile"."""

from __future__ import annotations

import re
from typing import Any

from babel.messages.pofile import read_po

from pbem.engine import load_ruleset
from pbem.ui import ui_for
from pbem.ui.base import Audience
from tests.games.aa.test_translations_aa1941 import CATALOG as PO
from tests.i18n_leaks import visible_text
from tests.web.test_advance_forms_global1940 import advanced_game
from tests.web.test_play import as_user
from tests.web.test_story_global1940 import NAMES, UNITS, event

RS = load_ruleset("global1940")


def _story(language: str) -> Any:
    return ui_for(RS).story(RS, Audience(language, None, NAMES), UNITS)


def test_G40_SBR_05_the_air_battle_counts_its_hits_in_the_singular_and_the_plural() -> None:
    battle = event(17, "aa.air_battle", {"place": "Germany", "power": "uk", "attackers": [303, 304],
                                         "defenders": [305], "attacker_hits": 1, "defender_hits": 0,
                                         "destroyed": [305]})
    sides = {"attacker": {"seats": ["uk"]}, "defender": {"seats": ["germany"]}}
    owed = event(18, "aa.air_battle_owed", {"place": "Germany", "attacker_hits": 2, "defender_hits": 1,
                                            "sides": sides})
    en, it = _story("en"), _story("it")
    assert "; 1 hit and 0 hits; " in en.line(battle) and "1 hits" not in en.line(battle)
    assert "; 1 colpo e 0 colpi; " in it.line(battle)
    assert en.line(owed) == ("Air battle over Germany: 2 hits and 1 hit; Germany and United Kingdom choose the "
                             "aircraft lost")
    assert it.line(owed) == ("Battaglia aerea sopra la Germania: 2 colpi e 1 colpo; la scelta degli aerei perduti "
                             "spetta alla Germania e al Regno Unito")


def test_no_italian_A_and_A_text_says_missile() -> None:
    """Every Italian message of the ``aa`` domain (pages, forms, log, refusals) says "razzo"."""
    with (PO / "aa.po").open("rb") as handle:
        catalog = read_po(handle, locale="it")
    said = [s for m in catalog if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert [s for s in said if re.search("missil", s or "", re.I)] == []
    rockets = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in catalog if m.id}
    assert rockets["Rockets"] == "Razzi"
    assert rockets["Rocket from %(space)s at"].startswith("Razzo ")


def test_G40_TECH_09_the_italian_game_page_with_rockets_never_says_missile(app, client, user_factory) -> None:
    app.config["DEFAULT_LANGUAGE"] = "it"
    game_id, users = advanced_game(app, user_factory, language="it")
    shown = visible_text(as_user(client, users["germany"]).get(f"/games/{game_id}").get_data(as_text=True))
    assert "Razzo dalla Germania occidentale" in shown
    assert not re.search("missil", shown, re.I)
