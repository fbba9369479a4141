"""Control changes (AA41-CAP): capture, liberation, capitals, IPC transfer."""

from __future__ import annotations

from typing import Any

from pbem.engine import load_ruleset
from pbem.games.aa.capture import CAPTURED, capture_payloads

RS = load_ruleset("aa1941")


class _Ctx:
    """A minimal order context applying emitted events to a bare state (no log)."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.events: list[dict[str, Any]] = []

    def emit(self, type_: str, payload: dict[str, Any], seat: Any = None) -> dict[str, Any]:
        event = {"seq": len(self.events) + 1, "seat": seat, "type": type_, "v": 1, "payload": payload}
        RS.evolve(self.state, event)
        self.events.append(event)
        return event


def state_with(power: str = "germany", owners: dict[str, str] | None = None,
               ipcs: dict[str, int] | None = None) -> dict[str, Any]:
    position = {"round": 2, "power": power, "phase": "combat", "owners": owners or {}, "ipcs": ipcs or {},
                "units": {}}
    return RS.position_to_state(position, RS.normalise_options({}))


def take(state: dict[str, Any], territory: str, power: str) -> list[dict[str, Any]]:
    ctx = _Ctx(state)
    for payload in capture_payloads(RS, state, territory, power):
        ctx.emit(CAPTURED, payload)
    return [e["payload"] for e in ctx.events]


def test_AA41_CAP_01_capture_changes_control_and_production():
    state = state_with("germany")
    before = RS.map.production("germany", state["owners"]), RS.map.production("ussr", state["owners"])
    take(state, "Karelia", "germany")
    assert state["owners"]["Karelia"] == "germany"
    assert "Karelia" in state["captured_this_turn"]
    value = RS.map.value("Karelia")
    assert RS.map.production("germany", state["owners"]) == before[0] + value
    assert RS.map.production("ussr", state["owners"]) == before[1] - value


def test_AA41_CAP_02_capturing_own_original_territory_back():
    state = state_with("ussr", owners={"Karelia": "germany"})
    (payload,) = take(state, "Karelia", "ussr")
    assert state["owners"]["Karelia"] == "ussr" and not payload["liberated"]


def test_AA41_CAP_05_complex_passes_with_territory_and_is_new_this_turn():
    state = state_with("germany")
    assert RS.map.has_factory("Caucasus")
    take(state, "Caucasus", "germany")
    # the complex is the territory's: usable by its controller, but captured this turn (AA41-MOB-02)
    assert state["owners"]["Caucasus"] == "germany" and "Caucasus" in state["captured_this_turn"]
    assert state["owners_at_turn_start"]["Caucasus"] == "ussr"


def test_AA41_CAP_06_capital_capture_takes_the_whole_treasury():
    state = state_with("germany", ipcs={"ussr": 6, "germany": 10})
    (payload,) = take(state, "Russia", "germany")
    assert payload["ipcs"] == 6 and payload["ipcs_from"] == "ussr"
    assert state["ipcs"]["germany"] == 16 and state["ipcs"]["ussr"] == 0


def test_AA41_CAP_06_treasury_taken_even_when_own_capital_lost():
    state = state_with("germany", owners={"Germany": "uk"}, ipcs={"ussr": 5, "germany": 0})
    take(state, "Russia", "germany")
    assert state["ipcs"]["germany"] == 5


def test_AA41_CAP_08_capital_liberation_returns_all_friendly_held_territories():
    state = state_with("uk", owners={"Russia": "germany", "Karelia": "uk", "Archangel": "usa",
                                     "Caucasus": "germany"}, ipcs={"germany": 30, "ussr": 0})
    payloads = take(state, "Russia", "uk")
    assert state["owners"]["Russia"] == "ussr"
    assert state["owners"]["Karelia"] == "ussr" and state["owners"]["Archangel"] == "ussr"
    assert state["owners"]["Caucasus"] == "germany"  # enemy-held: stays
    assert all(p["liberated"] for p in payloads)


def test_AA41_CAP_09_no_ipcs_move_on_liberation():
    state = state_with("uk", owners={"Russia": "germany"}, ipcs={"germany": 30, "ussr": 2, "uk": 4})
    take(state, "Russia", "uk")
    assert state["ipcs"] == {**state["ipcs"], "germany": 30, "ussr": 2, "uk": 4}


def test_AA41_CAP_08_own_capital_recaptured_by_its_power():
    state = state_with("ussr", owners={"Russia": "germany", "Karelia": "uk"})
    take(state, "Russia", "ussr")
    assert state["owners"]["Russia"] == "ussr" and state["owners"]["Karelia"] == "ussr"


def test_AA41_CAP_03_liberation_settled_at_end_of_combat():
    from pbem.games.aa.capture import settle_liberations

    state = state_with("usa", owners={"India": "japan"})
    take(state, "India", "usa")
    assert state["owners"]["India"] == "usa"  # provisional until the end of Conduct combat (AMB-04)
    settle_liberations(RS, _Ctx(state))
    assert state["owners"]["India"] == "uk"


def test_AA41_CAP_04_capturer_keeps_territory_while_ally_capital_is_enemy_held():
    from pbem.games.aa.capture import settle_liberations

    state = state_with("usa", owners={"India": "japan", "United Kingdom": "germany"})
    take(state, "India", "usa")
    settle_liberations(RS, _Ctx(state))
    assert state["owners"]["India"] == "usa"
    assert RS.map.production("usa", state["owners"]) >= RS.map.value("India")
