"""General rules (AA41-GEN-01..03) and the ruleset's seats."""

from __future__ import annotations

from pbem.engine import available, load_ruleset

RS = load_ruleset("aa1941")


def test_AA41_GEN_01_seats_are_powers_and_one_player_keeps_to_one_side() -> None:
    assert "aa1941" in available()
    seats = RS.seats(RS.normalise_options({}))
    assert [(s["id"], s["side"]) for s in seats] == [
        ("ussr", "allies"), ("germany", "axis"), ("uk", "allies"), ("japan", "axis"),
        ("usa", "allies")]
    # a player may hold several seats only of one side (enforced by the services)
    assert RS.multi_seat == "side"


def test_AA41_GEN_02_each_power_plays_its_own_turn_with_its_own_treasury() -> None:
    g = RS.new_game({}, seed="gen-02")
    g.submit("ussr", {"type": "purchase", "units": {"infantry": 2}})
    assert g.state["ipcs"] == {"ussr": 1, "germany": 12, "uk": 12, "japan": 9, "usa": 17}
    while g.state["power"] == "ussr":
        if g.state["phase"] == "mobilize" and g.state["bought"]:
            g.submit("ussr", {"type": "place", "units": {"infantry": 2}, "at": "Russia"})
        g.submit("ussr", {"type": "end_phase"})
    # Germany's turn: its own phases, purchase against its own treasury only
    assert (g.state["power"], g.state["phase"], g.state["bought"]) == ("germany", "purchase", {})
    g.submit("germany", {"type": "purchase", "units": {"tank": 2}})
    assert g.state["ipcs"] == {"ussr": 8, "germany": 0, "uk": 12, "japan": 9, "usa": 17}


def test_AA41_GEN_03_any_assignment_of_powers_within_a_side() -> None:
    seats = RS.seats(RS.normalise_options({}))
    sides: dict[str, list[str]] = {}
    for seat in seats:
        sides.setdefault(seat["side"], []).append(seat["id"])
    # every power is its own seat: 2, 3, 4 or 5 players can share them out by side
    assert sides == {"allies": ["ussr", "uk", "usa"], "axis": ["germany", "japan"]}
    assert len({s["id"] for s in seats}) == 5
    for setup in ("rulebook", "errata"):
        g = RS.new_game({"setup": setup}, seed="gen-03")
        assert g.owed()[0]["seat"] == "ussr"
