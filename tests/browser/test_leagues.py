"""End to end in headless Chromium: an organiser creates a club, a league and a round-robin
season; four members join through the invitation link (one on a 375x812 phone) and sign up;
the organiser closes sign-up and the six pairings appear, on the desktop and on the phone."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, register

pytestmark = pytest.mark.browser


def test_organiser_creates_a_club_league_and_season_members_sign_up_pairings_appear(
        live_server: str, browser: Any, artifacts: Path) -> None:
    olga = Screen(browser, live_server, DESKTOP)
    register(olga, "olga@example.org", "Olga")
    olga.goto("/clubs")
    olga.page.fill("#club-name", "Circolo Torino")
    olga.click(name="Create the club")
    club_url = olga.page.url
    olga.click(name="Invite")
    link = olga.page.locator("code.break").inner_text().strip()
    assert "/clubs/join/" in link
    olga.page.get_by_role("link", name="New league").click()
    olga.settled()
    olga.page.fill("#league-name", "Lega 1941")
    olga.click(name="Create the league")
    olga.page.fill("#season-name", "Primavera")
    today = date.today()
    olga.page.fill("#signup_opens", (today - timedelta(days=1)).isoformat())
    olga.page.fill("#signup_closes", (today + timedelta(days=7)).isoformat())
    olga.page.fill("#starts", (today + timedelta(days=7)).isoformat())
    olga.click(name="Create the season")
    season_url = olga.page.url
    assert "/leagues/seasons/" in season_url

    members = []
    for i, name in enumerate(("Rita", "Bruno", "Carla", "Dario")):
        screen = Screen(browser, live_server, PHONE if i == 0 else DESKTOP)
        register(screen, f"{name.lower()}@example.org", name)
        screen.goto(link)
        screen.click(name="Join the club")
        assert screen.page.url == club_url
        screen.goto(season_url)
        screen.click(name="Sign up")
        assert "You are signed up." in screen.page.content()
        members.append(screen)

    olga.goto(season_url)
    assert olga.page.locator(".players .chip").count() == 4
    olga.click(name="Close sign-up and pair")
    assert olga.page.locator("li.pairing").count() == 6
    assert olga.page.get_by_role("heading", name="Round 3").count() == 1
    olga.page.screenshot(path=str(artifacts / "leagues-season-desktop.png"), full_page=True)

    phone = members[0]
    phone.goto(season_url)
    pairings = phone.page.locator("li.pairing")
    assert pairings.count() == 6
    assert pairings.filter(has_text="Rita").count() == 3
    phone.page.screenshot(path=str(artifacts / "leagues-season-phone.png"), full_page=True)
    pairings.filter(has_text="Rita").first.get_by_role("link").click()
    phone.settled()
    assert "Open the game" in phone.page.content()
    phone.page.screenshot(path=str(artifacts / "leagues-pairing-phone.png"), full_page=True)
    for screen in (olga, *members):
        screen.context.close()
