"""Global 1940 in Italian: every word of the edition (powers, unit types, phases, sides, options,
the 332 spaces, the UK's two economies) is in the ``aa`` catalog, and an Italian player's game
page, standing orders and history read Italian (no English phrase of any catalog)."""

from __future__ import annotations

from pbem.engine import load_ruleset
from pbem.ui import ui_for
from pbem.ui.aa.vocabulary import SPACES, TREASURIES
from tests.i18n_leaks import english_in, visible_text
from tests.web.test_board_global1940 import g40_game
from tests.web.test_play import as_user

RS = load_ruleset("global1940")


def test_G40_every_word_of_the_edition_is_in_the_aa_catalog_in_italian() -> None:
    ui = ui_for(RS)
    words = {RS.vocabulary("unit", u) for u in RS.data.units} | {RS.vocabulary("power", p) for p in RS.power_names}
    words |= {RS.vocabulary("side", s) for s in RS.data.side_names}
    words |= {RS.vocabulary("phase", p) for p in RS.edition.phase_labels}
    words |= set(RS.data.spaces) | set(TREASURIES.values())
    for option in RS.options_schema():
        words.add(option["label"])
        words |= {c["label"] for c in option.get("choices", [])}
    missing = sorted(w for w in words if not ui.catalog.has("it", w))
    assert not missing, missing
    assert set(RS.data.spaces) <= set(SPACES)
    assert ui.term("space", "Western Germany", "it", RS) == "Germania occidentale"
    assert ui.term("space", "SZ 110", "it", RS) == "ZM 110"
    assert ui.term("unit", "air_base", "it", RS) == "Base aerea"


def test_G40_an_italian_players_pages_read_italian(app, client, user_factory) -> None:
    app.config["DEFAULT_LANGUAGE"] = "it"
    game_id, users = g40_game(app, user_factory, language="it")
    as_user(client, users["uk"])
    for path in (f"/games/{game_id}", f"/games/{game_id}/standing?seat=uk", f"/games/{game_id}/history?from=1"):
        text = visible_text(client.get(path).get_data(as_text=True))
        leaks = english_in(text)
        assert not leaks, (path, leaks, text[:2000])
    page = visible_text(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Regno Unito (Europa)" in page and "In guerra con" in page


def test_G40_UK_04_a_refusal_names_the_treasury_in_the_readers_language() -> None:
    ui = ui_for(RS)
    body = {"rule_id": "G40-SEQ-03", "key": "{treasury} has no purchases waiting to be placed.",
            "params": {"treasury": "uk_pacific"}}
    assert ui.refusal(body, "it", RS) == "Il Regno Unito (Pacifico) non ha acquisti in attesa di essere schierati."
    assert ui.refusal(body, "en", RS) == "United Kingdom (Pacific) has no purchases waiting to be placed."
    known = {"key": "{power} has no treasury '{treasury}' (one of {known}).",
             "params": {"power": "uk", "treasury": "x", "known": "uk_europe, uk_pacific"}}
    assert ui.refusal(known, "en", RS) == ("United Kingdom has no treasury 'x' (one of United Kingdom (Europe), "
                                           "United Kingdom (Pacific)).")
