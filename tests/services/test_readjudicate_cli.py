"""``flask --app pbem pbem readjudicate GAME_ID`` and ``pbem-readjudicate FILE.json``."""

from __future__ import annotations

import json
from pathlib import Path

from pbem.readjudicate_cli import main
from tests.services.test_cli import started_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_flask_readjudicate_reports_no_divergence_under_the_same_rules(app, runner, user_factory) -> None:
    game_id = started_game(app, user_factory)
    result = runner.invoke(args=["pbem", "readjudicate", str(game_id)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("no divergence: 1 orders")
    missing = runner.invoke(args=["pbem", "readjudicate", "999"])
    assert missing.exit_code == 1 and "no game 999" in missing.output


def test_pbem_readjudicate_file(capsys, tmp_path) -> None:
    path = GOLDEN / "aa1941_v1_bot3.json"
    orders = sum(1 for e in json.loads(path.read_text(encoding="utf-8"))["events"] if e["type"] == "order")
    assert main([str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"no divergence: {orders} orders")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main([str(bad)]) == 2
