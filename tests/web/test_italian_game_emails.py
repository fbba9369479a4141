"""An Italian club's players read every game email in Italian: the "game started" email of a Global
1940 game (subject and body) had its lines in English; every message the notification domain's
sources mark ("notify", pbem/notify/babel.cfg) has its Italian translation."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from tests.i18n_leaks import visible_text
from tests.web.test_start_and_defender_emails import outbox, rendered
from tests.web.test_turn_forms_global1940 import club_game

ROOT = Path(__file__).resolve().parents[2]


def test_G40_the_game_started_email_reads_italian(app, user_factory) -> None:  # type: ignore[no-untyped-def]
    _game_id, _axis, allies = club_game(app, user_factory, {}, "it")
    (row,) = [r for r in outbox(app) if r.kind == "game_started" and r.user_id == allies.id]
    mail = rendered(app, row)
    assert mail.subject == "Circolo è iniziata"
    assert "Le tue potenze: ANZAC, Cina, Francia, Regno Unito, Stati Uniti, Unione Sovietica" in mail.text
    assert "Ora gioca: Germania" in mail.text and "Riceverai un'email quando toccherà a te." in mail.text
    for english in ("has started", "Your powers", "Playing now", "You will get an email"):
        assert english not in mail.text and english not in visible_text(mail.html), english


def test_every_message_of_the_notification_domain_has_its_italian_translation() -> None:
    with (ROOT / "pbem" / "notify" / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    marked = {(m[0] if isinstance(m, tuple | list) else m) for _p, _l, m, _c, _x in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS)}
    with (ROOT / "pbem" / "notify" / "translations" / "it" / "LC_MESSAGES" / "notify.po").open("rb") as handle:
        catalog = read_po(handle, locale="it")
    translated = {(m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog
                  if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)}
    assert sorted(m for m in marked if m and m not in translated) == []
