"""Global 1940's forms as orders (no game needed): the defender's decision pre-set to its standing
orders and posted back as one ``defend`` order (G40-CM-21, G40-KAMI-04, G40-SBR-04), the standing
orders page asking the combat rules' own keys, raids on an installation with escorts, repairs per
installation, the UK paying from one economy; bad numbers answer a form error, never a 500."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from werkzeug.datastructures import MultiDict

from pbem.games.aa.global1940 import combat_hooks, defending
from pbem.ui.aa import defence_form, editions_words, forms
from pbem.ui.aa.describe import CATALOG, unit_names
from pbem.ui.base import FormFieldError

NAMES = unit_names("en")
VIEW = {"owners": {"Gibraltar": "uk", "Malta": "uk", "France": "germany", "Germany": "germany"},
        "installations": {"France": {"major_complex": 4, "air_base": 2}, "Germany": {"major_complex": 0},
                          "Gibraltar": {"air_base": 3}},
        "units": {"Gibraltar": [{"id": 11, "type": "fighter", "owner": "uk"},
                                {"id": 12, "type": "tactical_bomber", "owner": "uk"}],
                  "SZ 6": [{"id": 30, "type": "battleship", "owner": "usa"},
                           {"id": 31, "type": "cruiser", "owner": "usa"}],
                  "Malta": [{"id": 40, "type": "fighter", "owner": "uk"}],
                  "France": [{"id": 50, "type": "bomber", "owner": "germany"}, {"id": 51, "type": "fighter",
                                                                                  "owner": "germany"}]}}
#: ``legal_options["defence"]`` as ``defending.legal_options`` gives it: choices and the standing default.
DEFENCE = {"scramble": {"Gibraltar": {"SZ 91": [11, 12]}}, "kamikaze": {"SZ 6": [30, 31]},
           "intercept": {"Malta": [40]},
           "default": {"scramble": {"Gibraltar": {"SZ 91": [11]}}, "kamikaze": {"SZ 6": [30, 30]}, "intercept": {}}}


def test_G40_CM_21_the_defence_form_starts_from_the_standing_orders_and_posts_a_defend_order() -> None:
    shown = defence_form.context(DEFENCE, VIEW, NAMES)
    assert shown["scramble"] == [{"base": "Gibraltar", "zone": "SZ 91", "units": [
        {"id": 11, "name": "fighter", "on": True}, {"id": 12, "name": "tactical bomber", "on": False}]}]
    assert [(s["name"], s["attacks"]) for s in shown["kamikaze"][0]["ships"]] == [("battleship", 2), ("cruiser", 0)]
    assert shown["intercept"] == [{"place": "Malta", "units": [{"id": 40, "name": "fighter", "on": False}]}]
    posted = MultiDict([("scramble", "Gibraltar|SZ 91|11"), ("scramble", "Gibraltar|SZ 91|12"),
                        ("kamikaze-SZ 6|30", "1"), ("kamikaze-SZ 6|31", "2"), ("kamikaze-SZ 6|99", "0"),
                        ("intercept", "Malta|40")])
    assert forms.build_order([], "defend", posted) == {
        "type": "defend", "scramble": {"Gibraltar": {"SZ 91": [11, 12]}}, "kamikaze": {"SZ 6": [30, 31, 31]},
        "intercept": {"Malta": [40]}}


@pytest.mark.parametrize("field, value", [("kamikaze-SZ 6|30", "7"), ("kamikaze-SZ 6|30", "-1"),
                                          ("scramble", "Gibraltar|SZ 91|x"), ("intercept", "Malta|")])
def test_G40_KAMI_bad_numbers_in_the_defence_form_are_a_form_error(field: str, value: str) -> None:
    with pytest.raises(FormFieldError):
        forms.build_order([], "defend", MultiDict([(field, value)]))


def test_G40_CM_20_the_standing_orders_page_asks_the_combat_rules_own_keys() -> None:
    ruleset = SimpleNamespace(edition=SimpleNamespace(combat=combat_hooks.COMBAT))
    allowed = forms.edition_standing(ruleset)
    assert allowed == {k: tuple(v) for k, v in defending.STANDING.items()}
    _ = CATALOG.bind("it")
    asked = editions_words.standing_choices(_, allowed, {"scramble": "ships"})
    assert [q["key"] for q in asked] == ["scramble", "kamikaze", "intercept", "auto_defence"]
    scramble = asked[0]
    assert scramble["label"].startswith("Decollo su allarme")
    assert [(v, chosen) for v, _a, chosen in scramble["options"]] == [("none", False), ("ships", True),
                                                                       ("all", False)]
    order = forms.standing_order(["infantry"], MultiDict([("std-scramble", "all"), ("std-kamikaze", "3"),
                                                          ("std-auto_defence", "True")]), allowed)
    assert order["scramble"] == "all" and order["kamikaze"] == 3 and order["auto_defence"] is True
    with pytest.raises(FormFieldError):
        forms.standing_order(["infantry"], MultiDict([("std-kamikaze", "9")]), allowed)
    assert forms.edition_standing(SimpleNamespace(edition=SimpleNamespace(combat=None))) == {}


def test_G40_SBR_01_raids_name_the_installation_raiders_and_escorts() -> None:
    found = [{"target": "France", "installation": "air_base", "raiders": [50], "escorts": [51]},
             {"target": "Germany", "bombers": [7], "declared": []}]  # Anniversary's shape passes unchanged
    rows = defence_form.raids(found, VIEW, NAMES)
    assert rows[0]["kind"] == "air base" and rows[0]["raiders"] == [{"id": 50, "name": "bomber"}]
    assert rows[0]["escorts"] == [{"id": 51, "name": "fighter"}] and rows[1] == found[1]
    posted = MultiDict([("target", "France"), ("installation", "air_base"), ("units", "50"), ("escorts", "51")])
    assert forms.build_order([], "declare_raid", posted) == {
        "type": "declare_raid", "target": "France", "units": [50], "installation": "air_base", "escorts": [51]}


def test_G40_REP_01_repairs_list_the_active_powers_damaged_installations() -> None:
    assert defence_form.repairs(VIEW, "germany", NAMES) == [
        {"territory": "France", "kind": "air_base", "name": "air base", "damage": 2},
        {"territory": "France", "kind": "major_complex", "name": "major industrial complex", "damage": 4}]
    posted = MultiDict([("repair-France|major_complex", "3"), ("repair-France|air_base", "0")])
    assert forms.build_order([], "repair_installations", posted) == {
        "type": "repair", "installations": {"France": {"major_complex": 3}}}
    with pytest.raises(FormFieldError):
        forms.build_order([], "repair_installations", MultiDict([("repair-France|air_base", "21")]))


def test_G40_UK_04_the_uk_pays_from_the_economy_chosen() -> None:
    posted = MultiDict([("buy-infantry", "2"), ("treasury", "uk_pacific")])
    assert forms.build_order(["infantry"], "purchase", posted) == {
        "type": "purchase", "units": {"infantry": 2}, "treasury": "uk_pacific"}
    assert "treasury" not in forms.build_order(["infantry"], "purchase", MultiDict([("buy-infantry", "1")]))


def test_G40_SBR_05_the_air_battle_casualty_form_posts_the_attackers_choice() -> None:
    from pbem.ui import ui_for
    from pbem.ui.aa.page import combat_forms, js_strings
    from tests.games.global1940.combat_kit import RS, att, combat, ids, unit

    japan = "Japan"
    game = combat({japan: [unit("fighter", "japan", 2), att("bomber", 1, came_from="SZ 6"),
                           att("fighter", 1, came_from="SZ 6")]}, dice=[6, 6, 1, 6], end=False)
    game.submit("usa", {"type": "declare_raid", "target": japan, "installation": "major_complex",
                        "units": ids(game, japan, "bomber", "usa"), "escorts": ids(game, japan, "fighter", "usa")})
    game.submit("usa", {"type": "end_phase"})
    game.submit("japan", {"type": "defend", "intercept": {japan: ids(game, japan, "fighter", "japan")}})
    (bomber,), (escort,) = ids(game, japan, "bomber", "usa"), ids(game, japan, "fighter", "usa")
    shown = combat_forms(RS, game.view("usa"), "usa", game.legal_options("usa"), CATALOG.bind("en"), NAMES)
    form = shown["casualties"]
    assert (form["kind"], form["place"], form["hits"]) == ("air_battle_casualties", japan, 1)
    assert {(r["label"], tuple(r["ids"]), r["count"]) for r in form["rows"]} == {("bomber", (bomber,), 0),
                                                                                ("fighter", (escort,), 1)}
    posted = MultiDict([("place", japan), ("group", f"bomber|{bomber}"), ("n-bomber", "1"),
                        ("group", f"fighter|{escort}"), ("n-fighter", "0")])
    order = forms.build_order([], "air_battle_casualties", posted)
    assert order == {"type": "air_battle_casualties", "place": japan, "units": [bomber]}
    names = {s["id"]: s["name"] for s in RS.seats({})}
    (owed,) = game.owed()
    ui = ui_for(RS)
    assert ui.owed_text(owed, names, "en") == "United States: choose 1 casualty in the air battle over Japan"
    assert ui.owed_text(owed, names, "it") == "Stati Uniti: scegli 1 perdita nella battaglia aerea sopra il Giappone"
    game.submit("usa", order)
    assert ids(game, japan, "bomber", "usa") == []
    words = js_strings(CATALOG.bind("it"))  # G40-CMB-32: the move form's interception choice
    assert "Perdita {n}" in words and "trasporto n. {id}" in words
