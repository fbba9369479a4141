"""The OpenAPI document describes every /api/v1 route, with the schemas clients need."""

from __future__ import annotations

import re

from pbem.web.openapi import PREFIX


def openapi_path(rule: str) -> str:
    """A Flask rule (``/games/<int:game_id>``) in OpenAPI form (``/games/{game_id}``)."""
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def test_every_api_route_and_method_is_in_the_openapi_document(app, client):
    doc = client.get(f"{PREFIX}/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    routes = [r for r in app.url_map.iter_rules() if r.rule.startswith(PREFIX + "/")]
    assert len(routes) >= 10
    for rule in routes:
        path = openapi_path(rule.rule)
        assert path in doc["paths"], f"{rule.rule} is missing from openapi.json"
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert method.lower() in doc["paths"][path], f"{method} {rule.rule} is missing"


def test_openapi_paths_all_exist_as_routes(app, client):
    """No stale entries: every documented path is a registered route."""
    doc = client.get(f"{PREFIX}/openapi.json").get_json()
    registered = {openapi_path(r.rule) for r in app.url_map.iter_rules()}
    assert set(doc["paths"]) <= registered


def test_openapi_references_resolve_and_describe_orders_errors_events(client):
    doc = client.get(f"{PREFIX}/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert schemas["OrderSubmission"]["required"] == ["seat", "order", "expected_seq"]
    assert {"error", "message", "rule_id", "last_seq"} <= set(schemas["Error"]["properties"])
    assert {"seq", "seat", "type", "v", "payload"} <= set(schemas["Event"]["properties"])
    text = str(doc)
    for kind, name in re.findall(r"#/components/(schemas|responses)/(\w+)", text):
        assert name in doc["components"][kind], f"dangling reference {kind}/{name}"
    orders = doc["paths"][f"{PREFIX}/games/{{game_id}}/orders"]["post"]["responses"]
    assert {"201", "400", "401", "403", "404", "409", "422"} <= set(orders)


def test_openapi_needs_no_login(client):
    assert client.get(f"{PREFIX}/openapi.json").status_code == 200


# -- issue 11, item 8: the document agrees with the server ------------------------------------
def _schema(doc, ref):  # type: ignore[no-untyped-def]
    return doc["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_a_game_view_before_the_start_matches_the_documented_schema(app, client, user_factory):
    import jsonschema

    from tests.web.test_api import bearer, token_for
    from tests.web.test_play import race_game

    game_id, red, _blue = race_game(app, user_factory, start=False)
    doc = client.get(f"{PREFIX}/openapi.json").get_json()
    body = client.get(f"{PREFIX}/games/{game_id}", headers=bearer(token_for(app, red))).get_json()
    assert body["view"] is None
    jsonschema.validate(body, _schema(doc, "GameView"))


def test_every_operation_documents_the_400_a_nul_in_the_query_gets(app, client, user_factory):
    from tests.web.test_api import bearer, token_for
    from tests.web.test_play import race_game

    game_id, red, _blue = race_game(app, user_factory)
    doc = client.get(f"{PREFIX}/openapi.json").get_json()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            assert "400" in op["responses"], f"{method} {path}"
    response = client.get(f"{PREFIX}/games/{game_id}?seat=r%00d", headers=bearer(token_for(app, red)))
    assert response.status_code == 400


def test_405_names_the_allowed_methods(client):
    response = client.delete(f"{PREFIX}/games")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
    page = client.put("/auth/login")
    assert page.status_code == 405 and "POST" in page.headers["Allow"]


def test_a_seat_or_number_the_document_refuses_is_a_400_found_by_schemathesis(
        app, client, user_factory):
    """schemathesis's negative_data_rejection: ``seat=0``, ``seat=0.5``, ``limit=`` were
    answered 200 (the default seat, the default page) against the documented pattern."""
    from tests.web.test_api import bearer, order_body, token_for
    from tests.web.test_play import race_game

    game_id, red, _blue = race_game(app, user_factory)
    auth = bearer(token_for(app, red))
    base = f"{PREFIX}/games/{game_id}"
    for url in (f"{base}?seat=0", f"{base}/options?seat=0.5", f"{base}/log?seat=R%C3%A9d",
                f"{base}/log?limit=", f"{base}/log?after="):
        response = client.get(url, headers=auth)
        assert response.status_code == 400, url
        assert response.get_json()["error"] == "BadRequest"
    assert client.get(f"{base}?seat=", headers=auth).status_code == 200  # empty: the default
    assert client.get(f"{base}/log?seat=red&limit=5", headers=auth).status_code == 200
    refused = client.post(f"{base}/orders", json=order_body("Red!", {"type": "step"}, 1),
                          headers=auth)
    assert refused.status_code == 400 and "seat" in refused.get_json()["message"]
