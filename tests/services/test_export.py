"""Export, offline verification (``pbem-verify``) and import of a game."""

from __future__ import annotations

import copy
import json

import pytest
from sqlmodel import Session

from pbem import verify_cli
from pbem.engine import load_ruleset
from pbem.services import export, orders, verify
from pbem.services.errors import BadRequest
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.models.games import Game


@pytest.fixture
def played(session: Session, game: Game, users) -> Game:
    for seat, user, order in (
        ("red", "rita", {"type": "step", "n": 2}),
        ("red", "rita", {"type": "end"}),
        ("blue", "bruno", {"type": "step", "n": 3}),
        ("blue", "bruno", {"type": "undo"}),
        ("blue", "bruno", {"type": "step", "n": 1}),
    ):
        orders.submit_order(
            session,
            game_id=game.id,
            user_id=users[user].id,
            seat=seat,
            order=order,
            expected_seq=game.last_seq,
        )
    return game


def test_replay_of_an_exported_game_equals_the_live_state(session: Session, played) -> None:
    data = export.export_game(session, played.id)
    assert data["format"] == "pbem-game-export" and data["format_version"] == 1
    assert len(data["events"]) == played.last_seq
    assert data["events"][-1]["hash"] == data["final"]["hash"]
    replayed = load_ruleset("race").replay(
        [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in data["events"]]
    )
    live = snapshots.load_game(session, played)
    assert replayed.fingerprint() == live.fingerprint() == data["final"]["fingerprint"]
    assert export.verify_export(json.loads(json.dumps(data))) == []


def test_import_stores_a_verified_copy_under_a_new_id(session: Session, played, users) -> None:
    data = json.loads(json.dumps(export.export_game(session, played.id)))
    copy_ = export.import_game(session, data, organiser_id=users["carla"].id)
    assert copy_.id != played.id and copy_.organiser_id == users["carla"].id
    assert copy_.status == "paused" and copy_.last_seq == played.last_seq
    assert json.loads(copy_.origin)["game_id"] == played.id
    stored = log.load(session, copy_.id)
    assert stored == log.load(session, played.id)
    times = [log.iso(r.created_at) for r in log.load_rows(session, copy_.id)]
    assert times == [e["created_at"] for e in data["events"]]
    assert verify.verify_game(session, copy_.id).ok
    assert snapshots.load_game(session, copy_).fingerprint() == data["final"]["fingerprint"]


@pytest.mark.parametrize("tamper", ["payload", "removed", "hash", "seat"])
def test_import_of_a_tampered_file_is_refused(session: Session, played, users, tamper: str) -> None:
    data = copy.deepcopy(export.export_game(session, played.id))
    target = data["events"][len(data["events"]) // 2]
    if tamper == "payload":
        target["payload"]["tampered"] = True
    elif tamper == "removed":
        data["events"].remove(target)
    elif tamper == "hash":
        target["hash"] = "f" * 64
    else:
        target["seat"] = "blue" if target["seat"] != "blue" else "red"
    before = session.exec(Game.__table__.select()).all()
    with pytest.raises(BadRequest) as err:
        export.import_game(session, data, organiser_id=users["carla"].id)
    assert err.value.status == 400
    assert f"event {target['seq']}: the hash chain is broken" in err.value.message
    assert session.exec(Game.__table__.select()).all() == before


def test_a_file_cut_short_is_refused(session: Session, played, users) -> None:
    data = export.export_game(session, played.id)
    data["events"] = data["events"][:-2]
    problems = export.verify_export(data)
    assert problems and "cut short" in problems[0]


def test_not_an_export_is_refused_with_a_clear_message(session: Session, users) -> None:
    with pytest.raises(BadRequest, match="not a pbem game export"):
        export.import_game(session, {"hello": 1}, organiser_id=users["carla"].id)
    with pytest.raises(BadRequest, match="no events"):
        export.import_game(
            session,
            {"format": "pbem-game-export", "format_version": 1, "events": []},
            organiser_id=users["carla"].id,
        )


def test_pbem_verify_prints_ok_or_the_first_mismatch(
    session: Session, played, tmp_path, capsys
) -> None:
    data = export.export_game(session, played.id)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    assert verify_cli.main([str(good)]) == 0
    assert capsys.readouterr().out.startswith("OK")
    data["events"][3]["payload"]["x"] = 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert verify_cli.main([str(bad)]) == 1
    assert capsys.readouterr().out.startswith("event 4: the hash chain is broken")
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    assert verify_cli.main([str(tmp_path / "junk.json")]) == 2


def test_pbem_verify_can_register_an_extra_ruleset(capsys) -> None:
    from pathlib import Path

    golden = Path(__file__).parent.parent / "golden" / "race_v1_short.json"
    argv = ["--ruleset", "race=tests.rulesets.race:factory", str(golden)]
    assert verify_cli.main(argv) == 0
    assert capsys.readouterr().out.startswith("OK")
