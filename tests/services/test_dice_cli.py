"""``pbem-verify`` checks the dice: of a whole game export, and of a dice ledger export."""

from __future__ import annotations

import json

from pbem import verify_cli
from pbem.services import dice_audit, export
from pbem.store import events as log
from tests.services.test_dice import play_turn


def test_game_export_ok_line_counts_the_rolls_checked(session, game, users, tmp_path,
                                                      capsys) -> None:
    for _ in range(4):
        play_turn(session, game, users)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export.export_game(session, game.id)), encoding="utf-8")
    assert verify_cli.main([str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("OK") and out[1] == "dice OK: 4 rolls checked"


def test_game_export_with_a_changed_face_names_that_roll(session, game, users, tmp_path,
                                                        capsys) -> None:
    for _ in range(4):
        play_turn(session, game, users)
    data = export.export_game(session, game.id)
    roll = [e for e in data["events"] if e["type"] == "dice.rolled"][1]
    roll["payload"]["faces"][0] = roll["payload"]["faces"][0] % 6 + 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert verify_cli.main([str(path)]) == 1
    assert f"dice: FAILED at seq {roll['seq']}" in capsys.readouterr().out


def test_dice_ledger_export_is_checked_on_its_own(session, game, users, tmp_path,
                                                  capsys) -> None:
    for _ in range(5):
        play_turn(session, game, users)
    events = dice_audit.ledger_extract(log.load(session, game.id))
    doc = {"format": "pbem-dice-ledger", "format_version": 1, "events": events}
    path = tmp_path / "ledger.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert verify_cli.main([str(path)]) == 0
    assert capsys.readouterr().out.strip() == "OK: 5 rolls checked"
    reveal = [e for e in events if e["type"] == "dice.revealed"][1]
    reveal["payload"]["seed"] = "1" * 64
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert verify_cli.main([str(path)]) == 1
    assert capsys.readouterr().out.startswith("FAILED at seq")
