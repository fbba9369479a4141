"""The move form's interception ranking in headless Chromium (G40-CMB-32): two unescorted
British transports, one carrying an infantry, sail past a German submarine; the form lists them
with the engine's default (the empty transport is lost first), the player puts the loaded one
first, the other select swaps to keep each transport once, and the order sent carries that
ranking. On a desktop and on a 375×812 phone; nothing scrolls sideways."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pbem.games.aa.global1940.data import global1940
from tests.browser.aa_helpers import DESKTOP, G40_ALLIES, G40_AXIS, PHONE, click_space, pick, start_game

pytestmark = pytest.mark.browser


def _position() -> dict[str, Any]:
    position: dict[str, Any] = copy.deepcopy(global1940().setup())
    position.update(power="uk", phase="noncombat_move")
    position["units"]["SZ 111"] = [{"type": "transport", "owner": "uk", "count": 1},
                                   {"type": "transport", "owner": "uk", "count": 1},
                                   {"type": "infantry", "owner": "uk", "count": 1, "aboard_entry": 0}]
    position["units"]["SZ 112"] = [{"type": "submarine", "owner": "germany", "count": 1}]
    return position


def rank_by_clicking(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Convoy {tag}", "global1940",
                                        {"dice": "low_luck"}, G40_ALLIES, G40_AXIS, _position())
    axis.context.close()
    page = allies.page
    assert "United Kingdom" in page.locator(".aa-turn").inner_text()
    click_space(allies, "SZ 111")
    pick(allies, {"transport": 2})
    page.locator("#where-button").click()
    page.locator(".dest-list button").first.wait_for()
    click_space(allies, "SZ 112")
    ranking = page.locator(".move-confirm fieldset.interception")
    ranking.wait_for()
    first, second = ranking.locator("#lose-0"), ranking.locator("#lose-1")
    options = first.locator("option")
    labels = [options.nth(i).inner_text() for i in range(options.count())]
    loaded = next(label for label in labels if "(" in label)  # "Transport #7 (infantry)"
    empty = next(label for label in labels if label != loaded)
    # the engine's default: the empty transport is lost before the loaded one
    assert first.locator("option:checked").inner_text() == empty
    assert second.locator("option:checked").inner_text() == loaded
    first.select_option(label=loaded)
    assert second.locator("option:checked").inner_text() == empty  # swapped, never twice
    page.locator(".move-confirm").screenshot(path=str(artifacts / f"g40-interception-{tag}.png"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    ids = {label: int(first.locator("option", has_text=label).get_attribute("value") or 0)
           for label in (loaded, empty)}
    with page.expect_request(lambda r: r.method == "POST" and "/orders" in r.url) as sent:
        with page.expect_navigation():
            page.locator("#send-move").click()
    order = json.loads(sent.value.post_data or "{}")["order"]
    assert order["interception_losses"] == [ids[loaded], ids[empty]]
    allies.settled(orders=True)
    assert "Order accepted." in page.locator("#order-status").inner_text()
    told = page.locator(".aa-turn-log").text_content() or ""
    assert "SZ 112" in told and "submarine" in told.lower(), told[-600:]
    allies.context.close()


def test_G40_CMB_32_the_player_ranks_the_transports_lost_on_a_desktop(browser, live_server, artifacts) -> None:
    rank_by_clicking(browser, live_server, DESKTOP, "g40-convoy-desktop", artifacts)


def test_G40_CMB_32_the_player_ranks_the_transports_lost_on_a_phone(browser, live_server, artifacts) -> None:
    rank_by_clicking(browser, live_server, PHONE, "g40-convoy-phone", artifacts)
