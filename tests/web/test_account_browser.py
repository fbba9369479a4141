"""The account pages in headless Chromium at phone width: no axe violations, no sideways
scrolling, and the whole register → log in → profile → log out path with CSRF on."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import browser, live_server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
PASSWORD = "una password lunga"


def audit(page: Any) -> list[str]:
    """axe-core violations of the page, plus a note if it scrolls sideways."""
    found = [f"{v['id']}: {v['help']}" for v in Axe().run(page).response["violations"]]
    if page.evaluate("document.documentElement.scrollWidth") > page.viewport_size["width"]:
        found.append("the page is wider than the screen")
    return found


def test_account_pages_work_and_pass_axe_on_a_phone(browser, live_server: str) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 375, "height": 800}, locale="it-IT")
    problems: dict[str, list[str]] = {}
    try:
        page.goto(live_server + "/auth/register")
        assert page.locator("html").get_attribute("lang") == "it"
        problems["register"] = audit(page)
        page.fill("#email", "giulia@example.com")
        page.fill("#display_name", "Giulia")
        page.fill("#password", PASSWORD)
        page.fill("#confirm", PASSWORD)
        page.select_option("#timezone", "Europe/Rome")
        page.click("#submit")  # registering logs Giulia in
        assert "Hai effettuato l'accesso. Abbiamo inviato un messaggio" in page.inner_text("main")
        problems["my games"] = audit(page)
        page.goto(live_server + "/account/")
        assert page.input_value("#display_name") == "Giulia"
        assert "non è ancora confermato" in page.inner_text("main")
        problems["profile"] = audit(page)
        page.get_by_role("button", name="Esci").click()
        problems["login"] = audit(page)
        page.fill("#email", "giulia@example.com")
        page.fill("#password", PASSWORD)
        page.click("#submit")
        page.goto(live_server + "/account/")
        assert page.input_value("#display_name") == "Giulia"
        page.goto(live_server + "/no/such/page")
        problems["404"] = audit(page)
        page.get_by_role("button", name="Esci").click()
        assert "Sei uscito" in page.inner_text("main")
        page.get_by_role("button", name="English").click()
        assert page.locator("html").get_attribute("lang") == "en"
        problems["login in English"] = audit(page)
    finally:
        page.close()
    assert {name: found for name, found in problems.items() if found} == {}
