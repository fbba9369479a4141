"""Numbers a client sends: strict ASCII digits, bounded to their column (issue 11, items 1-2).

``isdigit()`` is true for "²" and "³", which ``int`` refuses; ``int`` refuses 5,000 digits;
PostgreSQL refuses a seq above 2³¹-1. Each is a 400 with a message, never a 500 (both databases).
"""

from __future__ import annotations

import pytest

from pbem.int_input import strict_int, strict_ints
from tests.web.test_api import bearer, token_for
from tests.web.test_board import aa_game, form_post
from tests.web.test_play import as_user, race_game

HUGE = "9" * 5000


@pytest.mark.parametrize("text", ["²", "³", "١٢", " 12", "12 ", "1_000", "+1", "-1", "", HUGE,
                                  "2147483648", "0x10", "1e3"])
def test_strict_int_refuses_anything_but_bounded_ascii_digits(text):
    assert strict_int(text) is None


def test_strict_int_reads_ascii_digits_within_bounds():
    assert strict_int("0") == 0 and strict_int("2147483647") == 2**31 - 1
    assert strict_int("007") == 7 and strict_int("-3", lo=-5, hi=5) == -3
    assert strict_ints(["1", "2"]) == [1, 2] and strict_ints(["1", "²"]) is None


@pytest.mark.parametrize("after", [2**31, 2**40, 2**62 - 1, 2**62, HUGE])
def test_log_after_beyond_the_seq_column_is_a_400_not_a_500(app, client, user_factory, after):
    game_id, red, _blue = race_game(app, user_factory)
    response = client.get(f"/api/v1/games/{game_id}/log?after={after}",
                          headers=bearer(token_for(app, red)))
    assert response.status_code == 400
    assert "2147483647" in response.get_json()["message"]


def test_log_after_at_the_column_limit_is_an_empty_page(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    response = client.get(f"/api/v1/games/{game_id}/log?after={2**31 - 1}",
                          headers=bearer(token_for(app, red)))
    assert response.status_code == 200
    assert response.get_json()["events"] == [] and response.get_json()["next_after"] is None


def test_openapi_documents_the_bound_of_after(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    params = doc["paths"]["/api/v1/games/{game_id}/log"]["get"]["parameters"]
    after = next(p for p in params if p["name"] == "after")
    assert after["schema"]["maximum"] == 2**31 - 1


@pytest.mark.parametrize("value", ["²", "³", HUGE, "-1", "1.5", "2147483648"])
@pytest.mark.parametrize("field,kind", [("units", "casualties"), ("transports", "declare_amphibious"),
                                        ("submerge", "battle"), ("buy-infantry", "purchase")])
def test_aa_order_unit_id_fields_answer_400_with_a_message(app, client, user_factory, field, kind,
                                                           value):
    game_id, _allies, axis = aa_game(app, user_factory)
    as_user(client, axis)
    response = form_post(client, app, game_id, "germany", kind=kind, **{field: value})
    assert response.status_code == 400
    assert f"&#39;{field}&#39; takes whole numbers" in response.get_data(as_text=True)


@pytest.mark.parametrize("value", ["²", HUGE, "١٢"])
def test_aa_order_expected_seq_must_be_ascii_digits(app, client, user_factory, value):
    game_id, _allies, axis = aa_game(app, user_factory)
    as_user(client, axis)
    response = client.post(f"/games/{game_id}/form",
                           data={"seat": "germany", "kind": "end_phase", "expected_seq": value})
    assert response.status_code == 400


def test_json_order_form_expected_seq_must_be_ascii_digits(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    response = client.post(f"/games/{game_id}/orders", data={
        "seat": "red", "order": '{"type": "step", "n": 1}', "expected_seq": "²"})
    assert response.status_code == 400
