"""Issue 11, item 8: schemathesis over ``/api/v1/openapi.json``, every check, 0 failures.

The Flask app is driven in-process (WSGI) by schemathesis's engine, the same run as
``schemathesis run`` (probing, examples, coverage, fuzzing and stateful phases), bounded by
``MAX_EXAMPLES`` per operation and ``MAX_SECONDS`` per run. The caller holds an API token and
is seated in a started A&A 1941 game (three seats) and in a forming one, and the run is made
once with each game as ``{game_id}``, so the game, options, log, export (403 while an A&A
game runs: its standing orders are private), order and undo
endpoints answer from real state, not only with 404s. Runs on SQLite and, when
PBEM_TEST_DATABASE_URL is set, on PostgreSQL.

Failures are reported with their curl command. The seed is fixed (a reproducible run in CI);
``PBEM_SCHEMATHESIS_SEED`` and ``PBEM_SCHEMATHESIS_EXAMPLES`` explore further.
"""

from __future__ import annotations

import os
from collections import defaultdict
from typing import Any

import pytest
import schemathesis
from flask import Flask
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema
from schemathesis.transport.wsgi import WSGITransport
from sqlmodel import Session

from pbem.services import games as game_service
from pbem.web.db import get_engine
from tests.web.test_api import token_for
from tests.web.test_board import aa_game

MAX_EXAMPLES = int(os.environ.get("PBEM_SCHEMATHESIS_EXAMPLES", "15"))
MAX_SECONDS = 45
SEED = int(os.environ.get("PBEM_SCHEMATHESIS_SEED", "20240611"))

#: An order's fields, and an export file's integrity (hash chain, replay), are checked by the
#: ruleset and the importer beyond what one JSON Schema for every ruleset can say: a
#: schema-valid order may still be malformed (400, InvalidOrder) or illegal (422, with its
#: rule id), a schema-valid file may not replay (400), a schema-valid battle may break a rule of
#: its edition or be too large for the web (422), and a game file (card list, deck) is checked
#: by its ruleset (400/404/422), as is a custom starting position. All are documented answers.
RULESET_CHECKED = {
    "include-path-regex": "/(orders|undo|import|files|check-position|start|odds)$",
    "checks": {"positive_data_acceptance": {
        "expected-statuses": ["2xx", "3xx", 400, 401, 403, 404, 409, 422, 429]}},
}


@pytest.fixture
def wsgi_transport(monkeypatch: pytest.MonkeyPatch) -> None:
    """schemathesis 4 hands requests-only arguments (``max_redirects``...) to werkzeug's test
    client when its session is one; they mean nothing in-process, so they are dropped."""
    send = WSGITransport.send

    def in_process(self: Any, case: Any, *, session: Any = None, **kwargs: Any) -> Any:
        for name in ("max_redirects", "verify", "cert", "proxies"):
            kwargs.pop(name, None)
        return send(self, case, session=session, **kwargs)

    monkeypatch.setattr(WSGITransport, "send", in_process)


def _forming_game(app: Flask, user: Any) -> int:
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=user.id, ruleset_key="aa1941",
                                        title="In formazione", options={})
        game_service.join_game(s, game_id=game.id, user_id=user.id, seat="germany")
        return int(game.id)


def _run(app: Flask, token: str, game_id: int) -> tuple[list[str], dict[str, set[int]]]:
    """(failures, statuses answered per operation) of one bounded run."""
    config = SchemathesisConfig.from_dict({
        "seed": SEED, "max-time": MAX_SECONDS, "max-failures": 25,
        "headers": {"Authorization": f"Bearer {token}"},
        "parameters": {"path.game_id": game_id},
        "generation": {"max-examples": MAX_EXAMPLES, "database": "none"},
        "operations": [RULESET_CHECKED],
    })
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app, config=config)
    failures: list[str] = []
    statuses: dict[str, set[int]] = defaultdict(set)
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            for interaction in event.recorder.interactions.values():
                if interaction.response is not None:
                    statuses[event.recorder.label].add(interaction.response.status_code)
            for checks in event.recorder.checks.values():
                failures += [f"{event.recorder.label}: {c.name}: {c.failure_info.failure.title}"
                             f"\n  {c.failure_info.code_sample}"
                             for c in checks if c.failure_info is not None]
        elif isinstance(event, events.NonFatalError):
            failures.append(f"{event.label}: error: {event.value!r}")
        elif isinstance(event, events.FatalError):
            failures.append(f"fatal: {event.exception!r}")
        elif isinstance(event, events.EngineFinished):
            failures += [f"after the run: {f.title}" for f in event.failures]
    return failures, statuses


def test_schemathesis_every_check_passes_on_a_started_and_a_forming_game(
        app, user_factory, wsgi_transport):
    started, allies, _axis = aa_game(app, user_factory)
    forming = _forming_game(app, allies)
    token = token_for(app, allies)
    for game_id, answered in ((started, {"GET /api/v1/games/{game_id}/options",
                                         "GET /api/v1/games/{game_id}/log"}),
                              (forming, {"GET /api/v1/games/{game_id}"})):
        failures, statuses = _run(app, token, game_id)
        assert not failures, f"game {game_id}: {len(failures)} failure(s)\n" + "\n".join(
            failures[:10])
        # the run reached the game, as its player: these answered 200 at least once
        for label in answered | {"GET /api/v1/games/{game_id}", "GET /api/v1/games"}:
            assert 200 in statuses[label], (game_id, label, dict(statuses))
        assert statuses["POST /api/v1/games/{game_id}/orders"] & {400, 403, 409, 422}
        assert 200 in statuses["POST /api/v1/rulesets/{key}/odds"], dict(statuses)  # the example battle
