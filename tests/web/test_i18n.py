"""English and Italian pages, the language selector, the ``localtime`` filter, the catalog."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from flask import Flask, render_template_string
from flask.testing import FlaskClient
from flask_login import login_user

from pbem.web.config import REPO_ROOT
from pbem.web.i18n import localtime, timezone_choices
from tests.fixtures_web import DEFAULT_PASSWORD

CATALOG = REPO_ROOT / "pbem" / "translations" / "it" / "LC_MESSAGES"


def test_login_page_is_english_by_default(client: FlaskClient) -> None:
    page = client.get("/auth/login").get_data(as_text=True)
    assert '<html lang="en">' in page
    assert "Forgot your password?" in page


def test_browser_language_italian_gets_italian_pages(client: FlaskClient) -> None:
    page = client.get("/auth/login", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
    text = page.get_data(as_text=True)
    assert '<html lang="it">' in text
    assert "Hai dimenticato la password?" in text


def test_unsupported_browser_language_falls_back_to_english(client: FlaskClient) -> None:
    text = client.get("/auth/login", headers={"Accept-Language": "de-DE"}).get_data(as_text=True)
    assert '<html lang="en">' in text


def test_lang_parameter_is_remembered_in_a_cookie(client: FlaskClient) -> None:
    response = client.get("/auth/login?lang=it")
    assert "Hai dimenticato la password?" in response.get_data(as_text=True)
    assert "pbem_lang=it" in response.headers["Set-Cookie"]
    assert "Hai dimenticato" in client.get("/auth/login").get_data(as_text=True)
    assert "Forgot your" in client.get("/auth/login?lang=en").get_data(as_text=True)


def test_italian_user_sees_italian_pages_whatever_the_browser_says(
    client: FlaskClient, user_factory
) -> None:
    user_factory(email="it@example.com", language="it")
    client.post("/auth/login", data={"email": "it@example.com", "password": DEFAULT_PASSWORD})
    text = client.get("/account/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="it">' in text
    assert "Cambia password" in text


def test_english_user_sees_english_pages_even_with_an_italian_cookie(
    client: FlaskClient, user_factory
) -> None:
    user_factory(email="en@example.com", language="en")
    client.set_cookie("pbem_lang", "it")
    client.post("/auth/login", data={"email": "en@example.com", "password": DEFAULT_PASSWORD})
    text = client.get("/account/").get_data(as_text=True)
    assert '<html lang="en">' in text
    assert "Change password" in text


def render_for(app: Flask, user, template: str, **context) -> str:
    with app.test_request_context("/"):
        if user is not None:
            login_user(user)
        return render_template_string(template, **context)


WINTER = datetime(2026, 1, 15, 12, 0)  # naive: UTC
SUMMER = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)


def test_localtime_in_rome_is_utc_plus_one_in_winter(app: Flask, user_factory) -> None:
    user = user_factory(timezone="Europe/Rome", language="it")
    text = render_for(app, user, "{{ when|localtime }}", when=WINTER)
    assert text == "gio 15 gen 2026, 13:00 CET"


def test_localtime_in_rome_is_utc_plus_two_in_summer(app: Flask, user_factory) -> None:
    user = user_factory(timezone="Europe/Rome", language="en")
    assert render_for(app, user, "{{ when|localtime }}", when=SUMMER) == \
        "Wed, Jul 15, 2026, 2:00\u202fPM CEST"
    assert render_for(app, user, "{{ when|localtime('short') }}", when=SUMMER) == \
        "7/15/26, 2:00\u202fPM CEST"


def test_localtime_uses_the_viewers_zone(app: Flask, user_factory) -> None:
    user = user_factory(timezone="America/New_York", language="en")
    assert render_for(app, user, "{{ when|localtime('short') }}", when=WINTER) == \
        "1/15/26, 7:00\u202fAM EST"


def test_localtime_for_visitors_uses_the_default_zone(app: Flask) -> None:
    assert render_for(app, None, "{{ when|localtime('HH:mm') }}", when=SUMMER) == "14:00"
    assert render_for(app, None, "{{ none|localtime }}", none=None) == ""


def test_localtime_accepts_aware_datetimes_in_other_zones(app: Flask) -> None:
    from zoneinfo import ZoneInfo

    tokyo_noon = datetime(2026, 1, 15, 12, 0, tzinfo=ZoneInfo("Asia/Tokyo"))  # 03:00 UTC
    with app.test_request_context("/"):
        assert localtime(tokyo_noon, "HH:mm") == "04:00"


def test_localtime_keeps_each_zone_and_language_apart(app: Flask, user_factory) -> None:
    rome = user_factory(timezone="Europe/Rome", language="it")
    new_york = user_factory(timezone="America/New_York", language="en")
    for _ in range(2):  # the second round from the kept texts
        assert render_for(app, rome, "{{ when|localtime }}", when=WINTER) == "gio 15 gen 2026, 13:00 CET"
        assert render_for(app, new_york, "{{ when|localtime }}", when=WINTER) == "Thu, Jan 15, 2026, 7:00\u202fAM EST"
        assert render_for(app, rome, "{{ when|localtime('HH:mm') }}", when=WINTER) == "13:00"
        with app.test_request_context("/"):
            assert localtime(WINTER, "HH:mm", tz="Asia/Tokyo") == "21:00"


def test_time_zone_choices_are_iana_names() -> None:
    choices = timezone_choices()
    assert "Europe/Rome" in choices and "America/New_York" in choices and "UTC" in choices
    assert not any(name.startswith(("posix/", "right/", "Etc/")) for name in choices)


def test_italian_catalog_has_no_untranslated_or_fuzzy_message() -> None:
    with (CATALOG / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale="it")
    problems = [
        str(message.id) for message in catalog
        if message.id and (message.fuzzy or not (
            all(message.string) if isinstance(message.string, tuple) else message.string))
    ]
    assert problems == []
    assert len([m for m in catalog if m.id]) > 100


def _key(value: str | tuple | list) -> str | tuple:
    return tuple(value) if isinstance(value, list | tuple) else value


def test_compiled_italian_catalog_matches_the_po_file() -> None:
    with (CATALOG / "messages.po").open("rb") as handle:
        po = {_key(m.id): _key(m.string) for m in read_po(handle, locale="it") if m.id}
    with (CATALOG / "messages.mo").open("rb") as handle:
        mo = {_key(m.id): _key(m.string) for m in read_mo(handle) if m.id}
    assert mo == po


@pytest.mark.parametrize("path", sorted(p.name for p in (REPO_ROOT / "templates" / "auth" / "email")
                                        .glob("*.txt")))
def test_account_emails_render_in_italian(app: Flask, user_factory, path: str) -> None:
    from flask import render_template
    from flask_babel import force_locale

    user = user_factory(display_name="Giulia")
    with app.test_request_context("/"), force_locale("it"):
        text = render_template(f"auth/email/{path}", user=user, login_url="L", reset_url="R",
                               confirm_url="C", new_email="n@example.com", minutes=60)
    assert text.strip()
    english = Path(REPO_ROOT / "templates" / "auth" / "email" / path).read_text()
    if "_(" in english:
        assert "Hello" not in text and "pbem account" not in text


def test_localtime_outside_a_request_uses_the_given_zone_and_language(app: Flask) -> None:
    from flask_babel import force_locale

    with app.app_context(), force_locale("it"):
        assert localtime(WINTER, "short", tz="Asia/Tokyo") == "15/01/26, 21:00 JST"
    with app.app_context():
        assert localtime(SUMMER, "HH:mm") == "14:00"  # default zone, Europe/Rome


def test_italian_translations_keep_every_placeholder() -> None:
    placeholder = re.compile(r"%\(\w+\)[sdf]|\{\w+\}")
    with (CATALOG / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale="it")
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(placeholder.findall(ids[-1]))
        wrong += [(ids[0], text) for text in strings
                  if set(placeholder.findall(text)) - wanted
                  or (len(ids) == 1 and set(placeholder.findall(text)) != wanted)]
    assert wrong == []
    assert list(catalog.check()) == []
