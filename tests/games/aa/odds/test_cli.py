"""``pbem-odds``: JSON in, JSON out; bad input is a clear error, never a traceback."""

from __future__ import annotations

import io
import json
import sys

import pytest

from pbem.odds_cli import main


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], payload: str) -> tuple[int, dict]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(payload))
    code = main([])
    return code, json.loads(capsys.readouterr().out)


def test_cli_answers_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(monkeypatch, capsys, json.dumps({
        "battle": {"edition": "anniversary", "kind": "land", "attacker": {"infantry": 3, "artillery": 1, "tank": 1},
                   "defender": {"infantry": 3, "tank": 1}},
        "options": {"attacker_order": {"loss_order": ["infantry", "artillery", "tank"]}}}))
    assert code == 0 and out["method"] == "exact"
    assert out["attacker_wins"] == pytest.approx(0.6758, abs=1e-4)
    assert abs(out["attacker_wins"] + out["defender_wins"] + out["both_destroyed"] - 1) < 1e-9


def test_cli_refuses_bad_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(monkeypatch, capsys, json.dumps({"edition": "aa1941", "attacker": {"panzer": 1},
                                                      "defender": {"infantry": 1}}))
    assert code == 2 and "panzer" in out["error"]
    code, out = _run(monkeypatch, capsys, "{not json")
    assert code == 2 and "error" in out


def test_cli_reads_cargo_seaborne_radar_and_retreat_below_win(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(monkeypatch, capsys, json.dumps({
        "battle": {"edition": "anniversary", "kind": "land", "attacker": {"infantry": 3, "tank": 1, "fighter": 1},
                   "defender": {"infantry": 3, "aa_gun": 1}, "seaborne": {"infantry": 2}, "radar": True},
        "options": {"retreat_below_win": 0.3}}))
    assert code == 0 and out["method"] == "exact" and out["pruned"] <= 1e-9
    assert abs(sum(s["probability"] for s in out["attacker_survivors_if_win"]) - 1) < 1e-9
    code, out = _run(monkeypatch, capsys, json.dumps({
        "battle": {"edition": "aa1941", "kind": "sea", "attacker": {"destroyer": 2},
                   "defender": {"transport": 1}, "defender_cargo": [{"infantry": 1, "tank": 1}]}}))
    assert code == 0 and out["defender_ipc_loss"] == pytest.approx(7 + 3 + 6)
    big = {"edition": "anniversary", "kind": "sea",
           "attacker": {"submarine": 8, "destroyer": 6, "cruiser": 4, "fighter": 6, "bomber": 4, "battleship": 3,
                        "carrier": 2},
           "defender": {"battleship": 3, "carrier": 4, "fighter": 8, "destroyer": 6, "submarine": 4, "cruiser": 2}}
    code, out = _run(monkeypatch, capsys, json.dumps({"battle": big, "options": {"method": "exact"}}))
    assert code == 2 and "states" in out["error"]  # too large for the exact method: a clear error


def test_G40_TECH_19_cli_reads_each_sides_advances_and_paratroopers(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    battle = {"edition": "global1940", "kind": "land", "attacker": {"infantry": 2, "tank": 1, "bomber": 1},
              "defender": {"infantry": 3, "aa_gun": 1}}
    code, plain = _run(monkeypatch, capsys, json.dumps({"battle": battle}))
    assert code == 0
    code, heavy = _run(monkeypatch, capsys, json.dumps({"battle": {**battle, "attacker_advances": ["heavy_bombers"]}}))
    assert code == 0 and heavy["attacker_wins"] > plain["attacker_wins"]
    code, dropped = _run(monkeypatch, capsys, json.dumps({"battle": {
        **battle, "attacker_advances": ["paratroopers"], "paratroopers": {"infantry": 2},
        "defender_advances": ["radar"]}}))
    assert code == 0 and dropped["attacker_wins"] < plain["attacker_wins"]  # AA fire at them (G40-AA-07), radar
    code, out = _run(monkeypatch, capsys, json.dumps({"battle": {**battle, "paratroopers": {"infantry": 1}}}))
    assert code == 2 and "G40-TECH-10" in out["error"]
