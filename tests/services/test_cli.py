"""``flask --app pbem pbem init-db|verify|export|import``."""

from __future__ import annotations

import json

from sqlalchemy import delete, update
from sqlmodel import Session

from pbem.services import games, orders
from pbem.store.models.games import Event
from pbem.web.db import get_engine


def started_game(app, user_factory) -> int:
    olga, rita, bruno = (user_factory(email=f"{n}@example.org", display_name=n.title())
                         for n in ("olga", "rita", "bruno"))
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = games.create_game(s, organiser_id=olga.id, ruleset_key="race", title="Cli",
                                 options={})
        games.join_game(s, game_id=game.id, user_id=rita.id, seat="red")
        games.join_game(s, game_id=game.id, user_id=bruno.id, seat="blue")
        games.start_game(s, game_id=game.id, user_id=olga.id)
        orders.submit_order(s, game_id=game.id, user_id=rita.id, seat="red",
                            order={"type": "step", "n": 2}, expected_seq=game.last_seq)
        return game.id


def test_init_db_brings_the_schema_up_to_date(runner) -> None:
    result = runner.invoke(args=["pbem", "init-db"])
    assert result.exit_code == 0 and "up to date" in result.output


def test_verify_prints_ok_then_the_first_mismatch_with_exit_1(app, runner,
                                                              user_factory) -> None:
    game_id = started_game(app, user_factory)
    result = runner.invoke(args=["pbem", "verify", str(game_id)])
    assert result.exit_code == 0 and result.output.startswith("OK")
    with Session(get_engine(app)) as s:
        s.exec(update(Event).where(Event.game_id == game_id, Event.seq == 3)
               .values(seat="blue"))
        s.commit()
    result = runner.invoke(args=["pbem", "verify", str(game_id)])
    assert result.exit_code == 1 and result.output.startswith("event 3:")
    missing = runner.invoke(args=["pbem", "verify", "999"])
    assert missing.exit_code == 1 and "no game 999" in missing.output


def test_export_then_import_makes_a_verified_copy(app, runner, user_factory, tmp_path) -> None:
    game_id = started_game(app, user_factory)
    path = tmp_path / "game.json"
    result = runner.invoke(args=["pbem", "export", str(game_id), str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"]["id"] == game_id
    result = runner.invoke(args=["pbem", "import", str(path), "--organiser", "OLGA@example.org"])
    assert result.exit_code == 0 and "Imported as game" in result.output
    new_id = int(result.output.split("game ")[1].split()[0])
    assert runner.invoke(args=["pbem", "verify", str(new_id)]).exit_code == 0
    data["events"][2]["payload"]["order"] = {"type": "step", "n": 3}
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(args=["pbem", "import", str(path), "--organiser", "olga@example.org"])
    assert result.exit_code == 1 and "event 3: the hash chain is broken" in result.output
    result = runner.invoke(args=["pbem", "import", str(path), "--organiser", "nobody@x.org"])
    assert result.exit_code == 1 and "no user" in result.output


def test_export_of_a_log_that_cannot_be_replayed_writes_the_raw_log_with_a_warning(
        app, runner, user_factory, tmp_path) -> None:
    """Issue 11, item 7: no traceback; every stored event is exported, with a clear warning."""
    from pbem.store.models.games import Snapshot

    game_id = started_game(app, user_factory)
    with Session(get_engine(app)) as s:
        s.exec(update(Event).where(Event.game_id == game_id, Event.seq == 3)
               .values(payload=json.dumps({"order": {"type": "step", "n": 99}})))
        s.exec(delete(Snapshot).where(Snapshot.game_id == game_id))
        s.commit()
    path = tmp_path / "broken.json"
    result = runner.invoke(args=["pbem", "export", str(game_id), str(path)])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "Warning: game" in result.output and "cannot be replayed" in result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "cannot be replayed" in data["warning"]
    assert [e["seq"] for e in data["events"]] == list(range(1, data["final"]["seq"] + 1))
    assert data["events"][2]["payload"]["order"]["n"] == 99
    assert "fingerprint" not in data["final"]
    assert runner.invoke(args=["pbem", "verify", str(game_id)]).exit_code == 1


def test_verify_and_pbem_verify_readjudicate_a_rewrite_with_recomputed_hashes(
        app, runner, user_factory, tmp_path, capsys) -> None:
    """Issue 11, item 6: ``flask pbem verify`` and ``pbem-verify FILE`` re-run the orders with the
    recorded dice; a non-dice event rewritten with every hash recomputed is named by its seq."""
    from pbem import verify_cli
    from tests.rewrite import rewrite_event

    game_id = started_game(app, user_factory)
    assert runner.invoke(args=["pbem", "verify", str(game_id)]).exit_code == 0
    with Session(get_engine(app)) as s:
        seq = rewrite_event(s, game_id, lambda r: r.type == "race.stepped", lambda p: p.update(n=5))
    first = f"event {seq}: the stored events are not what the rules make of the order at event {seq - 1}"
    for _run in range(2):  # never repaired away
        result = runner.invoke(args=["pbem", "verify", str(game_id)])
        assert result.exit_code == 1 and first in result.output, result.output
    path = tmp_path / "game.json"
    assert runner.invoke(args=["pbem", "export", str(game_id), str(path)]).exit_code == 0
    capsys.readouterr()
    assert verify_cli.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert first in out and "hash chain" not in out
