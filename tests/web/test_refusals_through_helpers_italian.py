"""Refusals the engines build through a helper (``_refuse(rule, N_("..."), ...)``) reach an Italian
reader in Italian: before their templates were marked ``N_`` they were never extracted into the
catalog, so a VICTORY movement or production refusal and a Global 1940 complex refusal always
read in English. Each refusal here is the engine's own (``IllegalOrder.to_dict()``), rendered as
the web page and the emails do (``GameUI.refusal``)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder, load_ruleset
from pbem.games.aa.global1940 import complexes
from pbem.ui import ui_for
from tests.games.global1940.kit import make_state
from tests.games.victory.kit import blk, game

VICTORY = load_ruleset("victory")
G40 = load_ruleset("global1940")


def _refusal(ruleset: Any, err: IllegalOrder, language: str) -> str:
    return ui_for(ruleset).refusal(err.to_dict(), language, ruleset)


def _victory_refusal(order: dict[str, Any]) -> IllegalOrder:
    g = game([blk("blue-001", "IN", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    with pytest.raises(IllegalOrder) as err:
        g.submit("blue", order)
    return err.value


def test_a_victory_movement_refusal_reads_in_italian() -> None:
    err = _victory_refusal({"type": "move", "moves": [{"block": "blue-001", "path": ["0605", "0705"]}]})
    assert err.rule_id == "VIC-MOVE-12"
    assert _refusal(VICTORY, err, "en") == "A move starts where the block is (0505)."
    assert _refusal(VICTORY, err, "it") == "Un movimento parte da dove si trova il blocco (0505)."


def test_a_victory_path_refusal_reads_in_italian() -> None:
    """The templates of ``paths.py`` reach the refusal as ``err[1]`` of a tuple: marked N_ there."""
    err = _victory_refusal({"type": "move", "moves": [{"block": "blue-001", "path": ["0505", "0705"]}]})
    assert err.rule_id == "VIC-MOVE-12"
    assert _refusal(VICTORY, err, "it") == (
        "Un movimento è un percorso di esagoni adiacenti; 0705 non è accanto all'esagono precedente.")


def test_a_global1940_complex_refusal_reads_in_italian() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        complexes.check_new_complex(data, state, "germany", "germany", "Germany", "minor_complex")
    assert err.value.rule_id == "G40-MOB-07"
    assert _refusal(G40, err.value, "en") == "Germany already has a major industrial complex."
    assert _refusal(G40, err.value, "it") == (
        "In Germania c'è già un'installazione (complesso industriale maggiore).")
    with pytest.raises(IllegalOrder) as err:
        complexes.check_new_complex(data, state, "uk", "uk_pacific", "Borneo", "minor_complex")
    assert err.value.rule_id == "G40-FAC-08"
    assert _refusal(G40, err.value, "it") == (
        "Non puoi costruire nessun complesso industriale nel Borneo: è un'isola.")


def test_VIC_MOVE_04_a_stacking_refusal_names_the_class_of_blocks_in_the_readers_language() -> None:
    """No English class word ("army") inside an Italian refusal: one template per class."""
    g = game([blk("blue-001", "IN", 1, "0602"), blk("blue-002", "IN", 1, "0704"), blk("blue-003", "IN", 1, "0702"),
              blk("red-001", "IN", 1, "1607")])
    for bid, path in (("blue-001", ["0602", "0703"]), ("blue-002", ["0704", "0703"]), ("blue-003", ["0702", "0703"])):
        g.submit("blue", {"type": "move", "moves": [{"block": bid, "path": path}]})
    with pytest.raises(IllegalOrder) as err:
        g.submit("blue", {"type": "end_move"})
    assert err.value.rule_id == "VIC-MOVE-04"
    assert _refusal(VICTORY, err.value, "en") == (
        "Your blocks would end movement over the army stacking limit at 0703.")
    assert _refusal(VICTORY, err.value, "it") == (
        "I tuoi blocchi terminerebbero il movimento oltre il limite di impilamento dei blocchi terrestri in 0703.")


def test_VIC_PROD_10_the_force_pool_refusal_names_the_block_type_not_its_code() -> None:
    from tests.games.victory.test_production_victory import BASE, production

    g = production(BASE)
    with pytest.raises(IllegalOrder) as err:
        g.submit("blue", {"type": "produce", "builds": [{"city": "0302", "new": "BB", "steps": 1}]})
    assert err.value.rule_id == "VIC-PROD-10"
    assert err.value.message == "Your force pool has no unbuilt battleship block left."
    assert _refusal(VICTORY, err.value, "it") == (
        "Nella tua riserva di forze non resta nessun blocco da costruire di tipo corazzata.")
