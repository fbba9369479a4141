"""A refusal listing several places, units or powers lists them as the reader's language does
("Germania, Caucaso e Arcangelo", "Germany, Caucasus, and Archangel"): the engine passes a list
(or, in a few A&A refusals, keys joined by ", "), and the UI layer that translates the refusal
joins the names by Babel's rule; in Italian each name of the list still takes its article
(``pbem/ui/italian.py``)."""

from __future__ import annotations

from pbem.engine import load_ruleset
from pbem.engine.errors import IllegalOrder, format_message
from pbem.ui import ui_for
from pbem.ui.base import GameUI

RS = load_ruleset("aa1941")
G40 = load_ruleset("global1940")


def refusal(key: str, language: str, ruleset=RS, **params) -> str:
    return ui_for(ruleset).refusal({"key": key, "params": params, "message": "?"}, language, ruleset)


def test_a_list_of_places_in_a_refusal_is_joined_with_e_in_italian_and_and_in_english() -> None:
    key = "Battles are left to fight: {spaces}."
    places = ["Germany", "Caucasus", "Archangel"]
    assert refusal(key, "it", spaces=places) == "Restano battaglie da combattere: Germania, Caucaso e Arcangelo."
    assert refusal(key, "en", spaces=places) == "Battles are left to fight: Germany, Caucasus, and Archangel."


def test_an_italian_refusal_listing_places_after_a_preposition_gives_each_its_article() -> None:
    """Keys the engine joined by ", " (``zones``, ``options``): named, listed with "e", articulated."""
    fighters = "Fighters wait in {zones} for the carriers bought this turn: mobilize a carrier there first."
    assert refusal(fighters, "it", zones="SZ 5, SZ 6").startswith(
        "Dei caccia aspettano nella ZM 5 e nella ZM 6 le portaerei")
    assert refusal(fighters, "en", zones="SZ 5, SZ 6").startswith("Fighters wait in SZ 5 and SZ 6 for")
    land = "Fighter {unit_id} may land only at {options}."
    assert refusal(land, "it", unit_id="f1", options="Germany, Japan, SZ 6") == (
        "Il caccia f1 può atterrare solo in Germania, in Giappone e nella ZM 6.")


def test_a_list_of_units_in_a_refusal_is_joined_with_e_in_italian() -> None:
    key = "China may buy only {allowed}, not {unit}."
    said = refusal(key, "it", G40, allowed="infantry, artillery", unit="tank")
    assert said.startswith("La Cina può acquistare solo fanteria e artiglieria, non ")


def test_the_generic_ui_lists_a_refusals_list_parameter_in_the_readers_language() -> None:
    body = {"key": "Free seats: {seats}.", "params": {"seats": ["Red", "Blue", "Green"]}, "message": "?"}
    assert GameUI().refusal(body, "en") == "Free seats: Red, Blue, and Green."
    assert GameUI().refusal(body, "it") == "Free seats: Red, Blue e Green."


def test_the_engines_own_english_message_keeps_its_comma_list() -> None:
    error = IllegalOrder("X-1", "Battles are left to fight: {spaces}.", {"spaces": ["Germany", "Caucasus"]})
    assert error.message == "Battles are left to fight: Germany, Caucasus."
    assert format_message("{units}", {"units": ["a", "b"]}, joiner=" / ".join) == "a / b"


def test_G40_MAP_14_a_canal_refusal_names_each_bank_in_the_readers_language() -> None:
    """The Suez Canal's two banks are a list, each named (not the English keys joined by ", ")."""
    from pbem.games.aa.global1940.straits import _refuse

    canal = next(c for c in G40.data.rules["canals"] if len(c["territories"]) == 2)
    error = _refuse(canal, "G40-MAP-14", "{name}: closed, held by an enemy ({spaces}).")
    assert error.params["spaces"] == canal["territories"]
    said = refusal(error.key, "it", G40, **error.params)
    assert "Egitto e Transgiordania" in said


def test_G40_MAP_12_to_14_every_canal_refusal_reads_in_italian_with_the_canal_named() -> None:
    """Each refusal of ``straits.check_passage`` is in the A&A catalog (its template marked for
    extraction) and names the canal and the banks concerned in the reader's language."""
    import pytest

    from pbem.games.aa.global1940 import straits
    from tests.games.global1940.test_map_global1940 import make_state

    def said(state, power: str, a: str, b: str) -> tuple[str, str]:
        with pytest.raises(IllegalOrder) as err:
            straits.check_passage(G40.data, state, power, "cruiser", a, b)
        return (refusal(err.value.key, "it", G40, **err.value.params),
                refusal(err.value.key, "en", G40, **err.value.params))

    _data, state = make_state()
    assert said(state, "uk", "SZ 99", "SZ 100") == (
        "Stretti turchi: passaggio chiuso, territorio neutrale (Turchia).",
        "Turkish Straits: closed, neutral territory (Turkey).")
    it, _en = said(state, "uk", "SZ 112", "SZ 113")
    assert it == "Stretti danesi: passaggio chiuso, controllato da un nemico (Danimarca)."
    it, _en = said(state, "japan", "SZ 64", "SZ 89")
    assert it.startswith("Canale di Panama: passaggio chiuso, controllato da una potenza dell'altra alleanza")
    state["owners"]["Denmark"] = "uk"  # taken this turn
    it, en = said(state, "uk", "SZ 112", "SZ 113")
    assert it == ("Stretti danesi: aperto alla tua alleanza solo dal tuo prossimo turno (non della tua "
                  "alleanza all'inizio di questo turno: Danimarca).")
    assert en.startswith("Danish Straits: open to your alliance only from your next turn")
    state["owners"]["Egypt"] = "italy"
    it, _en = said(state, "uk", "SZ 81", "SZ 98")
    assert it.startswith("Canale di Suez: passaggio chiuso, le sue sponde (Egitto e Transgiordania)")
