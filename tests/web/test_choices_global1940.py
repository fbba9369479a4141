"""Global 1940's standing choices on the game page, outside the seat's turn: canal permissions
(G40-MAP-14, AMB-34) and France's liberation units (G40-NO-FRA-01, AMB-23) as forms built from the
engine's ``standing_choices``, posted as ``standing`` orders, in English and Italian."""

from __future__ import annotations

import re

import pytest
from werkzeug.datastructures import MultiDict

from pbem.ui.aa import forms
from pbem.ui.base import FormFieldError
from tests.i18n_leaks import english_in, visible_text
from tests.web.test_board import form_post
from tests.web.test_board_global1940 import g40_game
from tests.web.test_play import as_user


def _form(html: str, form_id: str) -> str:
    start = html.index(f'id="{form_id}"')
    return html[start:html.index("</form>", start)]


def test_G40_MAP_14_AMB_34_canal_permissions_by_the_game_page_form(app, client, user_factory) -> None:
    game_id, users = g40_game(app, user_factory)
    as_user(client, users["usa"])  # Germany plays: the US keeps its choices outside its turn
    form = _form(client.get(f"/games/{game_id}").get_data(as_text=True), "canal-form")
    assert re.findall(r'<select id="canal-([a-z]+)"', form) == ["germany", "japan", "italy"]
    assert form.count('value="deny" selected') == 3
    posted = form_post(client, app, game_id, "usa", kind="canal_permissions", **{"canal-italy": "allow"})
    assert posted.status_code in (302, 303)
    form = _form(client.get(f"/games/{game_id}").get_data(as_text=True), "canal-form")
    italy = form[form.index('id="canal-italy"'):]
    assert italy.index('value="allow" selected') < italy.index("</select>")
    as_user(client, users["italy"])
    assert 'value="allow" selected' not in _form(client.get(f"/games/{game_id}").get_data(as_text=True),
                                                 "canal-form")  # Italy sees its own, all denied


def test_G40_NO_FRA_01_AMB_23_france_chooses_its_liberation_units_by_the_form(app, client, user_factory) -> None:
    game_id, users = g40_game(app, user_factory)
    as_user(client, users["usa"])
    assert 'id="france-bonus-form"' not in client.get(f"/games/{game_id}").get_data(as_text=True)
    as_user(client, users["france"])
    form = _form(client.get(f"/games/{game_id}").get_data(as_text=True), "france-bonus-form")
    assert re.findall(r'name="bonus-([a-z_]+)"', form) == ["infantry", "artillery", "mech_infantry", "tank",
                                                           "aa_gun"]
    assert re.search(r'name="bonus-infantry"[^>]*value="4"', form)
    refused = form_post(client, app, game_id, "france", kind="france_bonus", **{"bonus-tank": "3"})
    assert refused.status_code == 422 and "G40-NO-FRA-01" in refused.get_data(as_text=True)
    posted = form_post(client, app, game_id, "france", kind="france_bonus",
                       **{"bonus-infantry": "0", "bonus-tank": "2"})
    assert posted.status_code in (302, 303)
    form = _form(client.get(f"/games/{game_id}").get_data(as_text=True), "france-bonus-form")
    assert re.search(r'name="bonus-tank"[^>]*value="2"', form)
    assert re.search(r'name="bonus-infantry"[^>]*value="0"', form)


def test_G40_the_standing_choices_read_italian(app, client, user_factory) -> None:
    app.config["DEFAULT_LANGUAGE"] = "it"
    game_id, users = g40_game(app, user_factory, language="it")
    as_user(client, users["france"])
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    section = html[html.index('id="choices"'):html.index("</details>", html.index('id="choices"'))]
    assert 'id="france-bonus-form"' in section and 'id="canal-form"' in section
    text = visible_text(section)
    assert not english_in(text), text
    assert "Germania" in text and "Francia" in text


@pytest.mark.parametrize("field, value", [("canal-italy", "maybe"), ("bonus-tank", "-1"), ("bonus-tank", "x")])
def test_G40_bad_values_in_the_choice_forms_are_a_form_error(field: str, value: str) -> None:
    kind = "canal_permissions" if field.startswith("canal") else "france_bonus"
    with pytest.raises(FormFieldError):
        forms.build_order([], kind, MultiDict([(field, value)]))
