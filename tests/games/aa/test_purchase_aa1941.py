"""Purchase units (AA41-PUR) and the banker rules (AA41-GEN-04/05/08/09)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder, InvalidOrder, NotYourTurn, load_ruleset

RS = load_ruleset("aa1941")


def game(power: str = "germany", phase: str = "purchase", **extra: Any):
    position = {"round": 1, "power": power, "phase": phase, "units": {}, **extra}
    return RS.from_position(position, seed="purchase")


def rule_of(excinfo: pytest.ExceptionInfo) -> str:
    return excinfo.value.rule_id


def test_AA41_PUR_01_costs_of_the_nine_unit_types() -> None:
    g = game(ipcs={"germany": 100})
    everything = {u: 1 for u in ("infantry", "tank", "fighter", "bomber", "submarine",
                                 "transport", "destroyer", "carrier", "battleship")}
    g.submit("germany", {"type": "purchase", "units": everything})
    assert g.state["ipcs"]["germany"] == 100 - (3 + 6 + 10 + 12 + 6 + 7 + 8 + 12 + 16)
    assert g.state["bought"] == everything
    for utype, cost in [("infantry", 3), ("tank", 6), ("fighter", 10), ("bomber", 12),
                        ("submarine", 6), ("transport", 7), ("destroyer", 8), ("carrier", 12),
                        ("battleship", 16)]:
        g = game(ipcs={"germany": 40})
        g.submit("germany", {"type": "purchase", "units": {utype: 2}})
        assert g.state["ipcs"]["germany"] == 40 - 2 * cost, utype


def test_AA41_PUR_02_purchase_cannot_exceed_treasury() -> None:
    g = game(ipcs={"germany": 12})
    with pytest.raises(IllegalOrder) as exc:
        g.submit("germany", {"type": "purchase", "units": {"infantry": 3, "tank": 1,
                                                           "battleship": 1}})
    assert rule_of(exc) == "AA41-PUR-02"
    assert exc.value.message == "The purchase costs 31 IPCs but Germany has 12."
    assert g.state["ipcs"]["germany"] == 12 and g.state["bought"] == {}


def test_AA41_PUR_02_new_list_replaces_old_against_phase_start_treasury() -> None:
    g = game(ipcs={"germany": 12})
    g.submit("germany", {"type": "purchase", "units": {"infantry": 4}})
    assert g.state["ipcs"]["germany"] == 0  # deducted at once
    g.submit("germany", {"type": "purchase", "units": {"tank": 1, "infantry": 1}})
    assert g.state["ipcs"]["germany"] == 3 and g.state["bought"] == {"infantry": 1, "tank": 1}
    with pytest.raises(IllegalOrder) as exc:
        g.submit("germany", {"type": "purchase", "units": {"fighter": 1, "infantry": 1}})
    assert rule_of(exc) == "AA41-PUR-02"
    g.submit("germany", {"type": "purchase", "units": {}})  # no obligation to spend
    assert g.state["ipcs"]["germany"] == 12 and g.state["bought"] == {}


def test_AA41_PUR_02_unspent_ipcs_stay_for_later_turns() -> None:
    g = game(ipcs={"germany": 20})
    g.submit("germany", {"type": "purchase", "units": {"tank": 2}})
    for _ in range(4):  # through combat move, combat, noncombat move, mobilize
        g.submit("germany", {"type": "end_phase"})
    assert g.state["phase"] == "mobilize"
    g.submit("germany", {"type": "place", "units": {"tank": 2}, "at": "Germany"})
    g.submit("germany", {"type": "end_phase"})
    # 8 unspent + 12 income (Germany's starting territories)
    assert g.state["ipcs"]["germany"] == 8 + 12 and g.state["power"] == "uk"


def test_AA41_PUR_03_no_purchase_outside_purchase_phase() -> None:
    for phase in ("combat_move", "noncombat_move", "mobilize"):
        g = game(phase=phase)
        with pytest.raises(IllegalOrder) as exc:
            g.submit("germany", {"type": "purchase", "units": {"infantry": 1}})
        assert rule_of(exc) == "AA41-PUR-03"


def test_AA41_PUR_04_bought_units_wait_in_the_pool_not_on_the_board() -> None:
    g = game()
    before = {s: len(u) for s, u in g.state["units"].items()}
    g.submit("germany", {"type": "purchase", "units": {"infantry": 2}})
    assert g.state["bought"] == {"infantry": 2}
    assert {s: len(u) for s, u in g.state["units"].items()} == before
    assert g.state["next_id"] == 1  # no unit exists yet


def test_AA41_PUR_05_purchase_not_limited_by_capacity() -> None:
    g = game(power="uk", ipcs={"uk": 200})
    g.submit("uk", {"type": "purchase", "units": {"infantry": 30}})  # capacity is 5
    assert g.state["bought"] == {"infantry": 30}


def test_AA41_PUR_06_no_purchase_without_capital() -> None:
    g = game(owners={"Germany": "ussr"})
    with pytest.raises(IllegalOrder) as exc:
        g.submit("germany", {"type": "purchase", "units": {"infantry": 1}})
    assert rule_of(exc) == "AA41-PUR-06"


def test_AA41_PUR_07_industrial_complex_cannot_be_bought() -> None:
    g = game(ipcs={"germany": 50})
    with pytest.raises(IllegalOrder) as exc:
        g.submit("germany", {"type": "purchase", "units": {"factory": 1}})
    assert rule_of(exc) == "AA41-PUR-07"


def test_AA41_GEN_09_no_units_outside_this_game() -> None:
    g = game(ipcs={"germany": 50})
    for name in ("artillery", "cruiser", "aa_gun"):
        with pytest.raises(IllegalOrder) as exc:
            g.submit("germany", {"type": "purchase", "units": {name: 1}})
        assert rule_of(exc) == "AA41-GEN-09"
    with pytest.raises(InvalidOrder):
        g.submit("germany", {"type": "purchase", "units": {"zeppelin": 1}})
    with pytest.raises(InvalidOrder):
        g.submit("germany", {"type": "purchase", "units": {"infantry": -1}})
    with pytest.raises(InvalidOrder):
        g.submit("germany", {"type": "research", "dice": 1})  # no technology


def test_AA41_GEN_04_treasury_whole_and_never_negative() -> None:
    g = game(ipcs={"germany": 5})
    with pytest.raises(IllegalOrder):
        g.submit("germany", {"type": "purchase", "units": {"tank": 1}})
    g.submit("germany", {"type": "purchase", "units": {"infantry": 1}})
    assert g.state["ipcs"]["germany"] == 2 and isinstance(g.state["ipcs"]["germany"], int)
    with pytest.raises(InvalidOrder):
        g.submit("germany", {"type": "purchase", "units": {"infantry": 1.5}})
    # every change of treasury is logged as an event
    assert [e["type"] for e in g.log() if e["type"].startswith("aa.")] == ["aa.purchased"]


def test_AA41_GEN_05_no_limit_on_unit_numbers() -> None:
    g = game(ipcs={"germany": 3000})
    g.submit("germany", {"type": "purchase", "units": {"infantry": 1000}})
    assert g.state["bought"] == {"infantry": 1000} and g.state["ipcs"]["germany"] == 0


def test_AA41_GEN_08_no_transfer_of_ipcs() -> None:
    g = game(ipcs={"germany": 30})
    for kind in ("transfer", "give_ipcs", "lend"):
        with pytest.raises(InvalidOrder):
            g.submit("germany", {"type": kind, "to": "japan", "ipcs": 10})
    assert g.state["ipcs"]["germany"] == 30


def test_AA41_DEF_02_only_active_power_purchases() -> None:
    g = game()
    with pytest.raises(NotYourTurn):
        g.submit("japan", {"type": "purchase", "units": {"infantry": 1}})
    assert g.state["bought"] == {}


def test_purchase_is_undoable_and_replays() -> None:
    g = game(ipcs={"germany": 12})
    g.submit("germany", {"type": "purchase", "units": {"tank": 2}})
    g.submit("germany", {"type": "undo"})
    assert g.state["ipcs"]["germany"] == 12 and g.state["bought"] == {}
    g.submit("germany", {"type": "purchase", "units": {"infantry": 3}})
    assert RS.replay(g.log()).state == g.state
    assert RS.describe_event(g.log()[-1]) == "Germany buys 3 infantry (9 IPCs, 3 left)"
