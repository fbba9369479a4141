"""Issue 11, item 6: the log witnessed by what players receive.

A rewrite of a past non-dice event with every hash recomputed (USA's income raised by 40)
keeps the hash chain sound; re-adjudicating the orders with the recorded dice (``flask pbem
verify``, ``pbem-verify FILE``) reports it naming the seq, and so does the head a player received
by email before the rewrite (``X-Pbem-Log-Head``, ``pbem-verify --witness`` / ``--mailbox``).
(``verify`` keeping a disagreeing snapshot as evidence: tests/services/test_verify.py and
``test_clear_evidence_is_an_administrators_command`` below.)
"""

from __future__ import annotations

import json
import re
from email import message_from_bytes, policy
from pathlib import Path

from sqlmodel import Session, select

from pbem import verify_cli
from pbem.clock import Worker
from pbem.notify.outbox import enqueue_email, enqueue_webhook
from pbem.notify.transports import FileTransport
from pbem.notify.witness import make_witness
from pbem.services import export as export_service
from pbem.store import snapshots
from pbem.store.models.games import Event, Snapshot
from pbem.store.witness import HEADER, head
from pbem.web.db import get_engine
from tests.rewrite import rewrite_event
from tests.web.test_play import as_user

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "aa1941_v1_bot3.json"


def _imported_aa_game(app, user_factory) -> tuple[int, object]:  # type: ignore[no-untyped-def]
    organiser = user_factory(email="olga@example.org", display_name="Olga")
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = export_service.import_game(s, data, organiser_id=organiser.id)
    return int(game.id), organiser  # type: ignore[arg-type]


def _mail_the_organiser(app, game_id: int, user_id: int, mailbox: Path) -> Path:  # type: ignore[no-untyped-def]
    with Session(get_engine(app)) as s:
        enqueue_email(s, to_address="olga@example.org", subject="Your turn", text="Play now.",
                      html="<html><body><p>Play now.</p></body></html>", user_id=user_id,
                      game_id=game_id, kind="your_turn")
        s.commit()
    worker = Worker(app, transport=FileTransport(mailbox, "pbem <pbem@club.example>"))
    assert worker.job("dispatch") == 1
    (path,) = mailbox.glob("*.eml")
    return path


def _rewrite_usa_income(app, game_id: int, extra: int = 40) -> int:  # type: ignore[no-untyped-def]
    """Raise USA's first income by ``extra`` and recompute every later hash; its seq."""
    with Session(get_engine(app)) as s:
        return rewrite_event(s, game_id, lambda r: r.type == "aa.income_collected"
                             and json.loads(r.payload)["power"] == "usa",
                             lambda p: p.update(amount=p["amount"] + extra))


def test_rewrite_with_recomputed_hashes_is_caught_by_readjudication_and_the_head_an_email_carried(
        app, runner, user_factory, tmp_path, capsys):
    game_id, organiser = _imported_aa_game(app, user_factory)
    mailbox = tmp_path / "mailbox"
    eml = _mail_the_organiser(app, game_id, organiser.id, mailbox)  # type: ignore[attr-defined]
    message = message_from_bytes(eml.read_bytes(), policy=policy.default)
    with Session(get_engine(app)) as s:
        seq, digest = head(s, game_id)  # type: ignore[misc]
        early = s.exec(select(Event.hash).where(Event.game_id == game_id, Event.seq == 100)).one()
    assert message[HEADER] == f"game={game_id}; seq={seq}; hash={digest}"
    assert f"event {seq}, hash {digest}" in message.get_body(("plain",)).get_content()
    assert digest in message.get_body(("html",)).get_content()

    rewritten = _rewrite_usa_income(app, game_id)
    assert 100 < rewritten < seq

    # USA's next purchase sets its IPCs outright, so the replay ends where it did; re-adjudicating
    # the orders with the recorded dice finds the rewritten event without any witness
    alone = runner.invoke(args=["pbem", "verify", str(game_id)])
    assert alone.exit_code == 1, alone.output
    assert alone.output.startswith(f"event {rewritten}: the stored events are not what the rules make")
    assert "with the recorded dice" in alone.output
    again = runner.invoke(args=["pbem", "verify", str(game_id)])  # nothing was repaired or deleted
    assert again.exit_code == 1 and again.output == alone.output

    export_file = tmp_path / "game.json"
    assert runner.invoke(args=["pbem", "export", str(game_id), str(export_file)]).exit_code == 0
    capsys.readouterr()
    assert verify_cli.main([str(export_file)]) == 1  # the file alone, re-adjudicated
    assert capsys.readouterr().out.startswith(f"event {rewritten}: the stored events are not")

    assert verify_cli.main([str(export_file), "--witness", f"{seq}:{digest}",
                            "--witness", f"100:{early}"]) == 1
    out = capsys.readouterr().out
    assert f"event {seq}: the export's hash is" in out and "rewritten" in out
    assert "after event 100, which still matches" in out
    assert "event 100:" not in out

    assert verify_cli.main([str(export_file), "--mailbox", str(mailbox)]) == 1
    out = capsys.readouterr().out
    assert "1 .eml file(s), 1 log head(s)" in out
    assert f"event {seq}: the export's hash is" in out and eml.name in out


def test_an_untouched_export_extends_the_emailed_head(app, runner, user_factory, tmp_path,
                                                      capsys):
    game_id, organiser = _imported_aa_game(app, user_factory)
    mailbox = tmp_path / "mailbox"
    _mail_the_organiser(app, game_id, organiser.id, mailbox)  # type: ignore[attr-defined]
    export_file = tmp_path / "game.json"
    assert runner.invoke(args=["pbem", "export", str(game_id), str(export_file)]).exit_code == 0
    capsys.readouterr()
    assert verify_cli.main([str(export_file), "--mailbox", str(mailbox)]) == 0
    assert "witnessed heads: 1, every one extended" in capsys.readouterr().out
    assert verify_cli.main([str(export_file), "--witness", "12:" + "0" * 64]) == 1
    assert verify_cli.main([str(export_file), "--witness", f"99999:{'a' * 64}"]) == 1
    assert "events were removed" in capsys.readouterr().out


def test_webhook_posts_and_the_game_page_carry_the_head(app, client, user_factory):
    game_id, organiser = _imported_aa_game(app, user_factory)
    with Session(get_engine(app), expire_on_commit=False) as s:
        row = enqueue_webhook(s, url="https://chat.example/hook", body={"content": "Your turn"},
                              game_id=game_id)
        s.commit()
        seq, digest = head(s, game_id)  # type: ignore[misc]
    make_witness(lambda: Session(get_engine(app)))(row)
    assert json.loads(row.headers)["content"].endswith(f"event {seq}, hash {digest} "
                                                       "(keep it: it proves what you were shown).")
    page = as_user(client, organiser).get(f"/games/{game_id}").get_data(as_text=True)
    assert f'data-seq="{seq}" data-hash="{digest}"' in page


def test_clear_evidence_is_an_administrators_command(app, runner, user_factory):
    game_id, _organiser = _imported_aa_game(app, user_factory)
    with Session(get_engine(app)) as s:
        snap = s.exec(select(Snapshot).where(Snapshot.game_id == game_id)).one()
        changed = re.sub(r'"usa":(\d+)', lambda m: f'"usa":{int(m.group(1)) + 40}', snap.data, count=1)
        assert changed != snap.data
        snap.data = changed
        snap.digest = snapshots.text_digest(snap.data)
        s.add(snap)
        s.commit()
    for _run in range(2):  # the second run still reports it: nothing was deleted
        result = runner.invoke(args=["pbem", "verify", str(game_id)])
        last = json.loads(GOLDEN.read_text(encoding="utf-8"))["final"]["seq"]
        assert result.exit_code == 1 and f"snapshot at event {last}" in result.output
        assert "kept as evidence" in result.output
    assert runner.invoke(args=["pbem", "clear-evidence", str(game_id)], input="n\n").exit_code == 1
    assert runner.invoke(args=["pbem", "verify", str(game_id)]).exit_code == 1
    cleared = runner.invoke(args=["pbem", "clear-evidence", str(game_id), "--yes"])
    assert cleared.exit_code == 0 and "Cleared 1 snapshot" in cleared.output
    assert runner.invoke(args=["pbem", "verify", str(game_id)]).exit_code == 0
