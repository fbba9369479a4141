"""The ``global1940`` ruleset: registry key, options, positions, bots playing, replay."""

from __future__ import annotations

from pbem.engine import load_ruleset
from pbem.games.aa.bot import HashRng, RandomBot, play
from pbem.games.aa.invariants import violations
from tests.games.global1940.facade import RS, start_position


def test_G40_TECH_01_options_national_objectives_on_research_off_by_default() -> None:
    assert load_ruleset("global1940") is RS
    defaults = {o["name"]: o["default"] for o in RS.options_schema()}
    assert defaults == {"national_objectives": True, "research": False, "dice": "standard",
                        "ask_defender": False, "submarine_interception": True}  # AMB-16


def test_G40_SEQ_01_the_game_starts_with_germany_and_the_rulebook_position() -> None:
    game = RS.new_game({}, seed="start")
    state = game.state
    assert (state["round"], state["power"], state["phase"]) == (1, "germany", "purchase")
    assert state["wars"] == sorted(sorted(w) for w in start_position()["wars"])
    assert state["neutrals"]["Spain"] == "strict" and state["kamikaze_tokens"] == 6
    assert "major_complex" in state["installations"]["Germany"]
    assert violations(RS, state) == []


def test_G40_GEN_01_bots_play_two_rounds_and_the_log_replays_identically() -> None:
    game = RS.new_game({}, seed="bots")
    play(game, RandomBot(RS, HashRng("bots")), max_rounds=2)
    assert game.state["round"] == 3
    assert violations(RS, game.state) == []
    assert RS.replay(game.log()).fingerprint() == game.fingerprint()
