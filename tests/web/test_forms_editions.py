"""The A&A forms of the editions' new decisions become exactly the engine's orders (the engine
checks them): research tokens and chart, repairs, raid and rocket declarations, ships named to
bombard in an amphibious assault; a malformed count is a form error, never a 500."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from pbem.ui.aa.forms import build_order
from pbem.ui.base import FormFieldError

TYPES = ["infantry", "artillery", "tank", "aa_gun", "fighter", "bomber", "cruiser", "battleship"]


def test_AAE_RD_research_form_buys_tokens_and_names_the_chart() -> None:
    assert build_order(TYPES, "research", MultiDict({"tokens": "2"})) == {"type": "research", "tokens": 2}
    assert build_order(TYPES, "research_chart", MultiDict({"chart": "1"})) == {"type": "research_chart", "chart": 1}
    with pytest.raises(FormFieldError):
        build_order(TYPES, "research", MultiDict({"tokens": "two"}))


def test_AAE_SBR_repair_form_lists_the_markers_removed_per_territory() -> None:
    form = MultiDict({"repair-Germany": "3", "repair-Italy": "0", "kind": "repair"})
    assert build_order(TYPES, "repair", form) == {"type": "repair", "complexes": {"Germany": 3}}


def test_AAE_CHINA_free_infantry_and_combat_block_forms() -> None:
    assert build_order(TYPES, "place_free_infantry", MultiDict({"at": "Yunnan", "count": "2"})) == \
        {"type": "place_free_infantry", "units": {"Yunnan": 2}}
    assert build_order(TYPES, "combat_block", MultiDict({"first": "china"})) == \
        {"type": "combat_block", "first": "china"}


def test_AAE_SBR_raid_and_rocket_declarations() -> None:
    form = MultiDict([("target", "Germany"), ("units", "12"), ("units", "13")])
    assert build_order(TYPES, "declare_raid", form) == {"type": "declare_raid", "target": "Germany", "units": [12, 13]}
    assert build_order(TYPES, "declare_rocket", MultiDict({"from": "Poland", "target": "United Kingdom"})) == \
        {"type": "declare_rocket", "from": "Poland", "target": "United Kingdom"}


def test_AAE_BOMB_amphibious_form_names_the_ships_that_bombard() -> None:
    form = MultiDict([("target", "Egypt"), ("sea_zone", "SZ 15"), ("transports", "40"), ("bombard", "41")])
    assert build_order(TYPES, "declare_amphibious", form) == {
        "type": "declare_amphibious", "target": "Egypt", "sea_zone": "SZ 15", "transports": [40], "bombard": [41]}
    plain = MultiDict([("target", "Egypt"), ("sea_zone", "SZ 15"), ("transports", "40")])
    assert "bombard" not in (build_order(TYPES, "declare_amphibious", plain) or {})


def test_AAE_BOMB_the_assault_form_offers_the_ships_the_engine_lists() -> None:
    """The ships offered to bombard are those of ``legal_options["bombard"]`` in the assault's sea
    zone (the engine decides which may), named by type."""
    from pbem.ui.aa.page import amphibious

    class Rules:
        queries = ("amphibious",)

        def query(self, view: dict, seat: str, name: str, args: dict) -> dict:
            return {"zones": {"SZ 14": {"transports": [{"id": 40, "cargo": [41]}], "targets": ["Egypt"]}}}

    view = {"units": {"SZ 14": [{"id": 40, "type": "transport"}, {"id": 42, "type": "battleship"},
                                {"id": 43, "type": "cruiser"}], "Egypt": [{"id": 41, "type": "infantry"}]}}
    names = {"battleship": ("battleship", "battleships"), "infantry": ("infantry", "infantry")}
    zones = amphibious(Rules(), view, "italy", names, {"bombard": {"SZ 14": [42]}})
    assert zones["SZ 14"]["bombard"] == [{"id": 42, "name": "battleship", "on": False}]  # not named yet
    assert amphibious(Rules(), view, "italy", names, {})["SZ 14"]["bombard"] == []
