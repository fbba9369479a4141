"""The story of the combat events later A&A editions add (AAE-AA, AAE-BOMB, AAE-SBR, AAE-TECH-02):
a sentence in English and in Italian, no raw event type, every message in the Italian catalog."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pbem.engine import ScriptedDice, load_ruleset
from pbem.ui import ui_for
from pbem.ui.aa.describe import CATALOG
from pbem.ui.base import Audience
from pbem.ui.i18n import Catalog

RS = load_ruleset("anniversary")
RAW = re.compile(r"\b(aa|dice|game|seat|policy)\.[a-z_]+\b")


def _events() -> list[dict[str, Any]]:
    game = RS.from_position({"round": 1, "power": "germany", "phase": "combat_move", "owners": {},
                             "units": {"Karelia S.S.R.": [{"type": "aa_gun", "owner": "ussr", "count": 1},
                                                          {"type": "bomber", "owner": "germany", "count": 2,
                                                           "t_combat": True, "t_moved": 1}]}},
                            dice=ScriptedDice([]), options={})
    bombers = [u["id"] for u in game.state["units"]["Karelia S.S.R."] if u["type"] == "bomber"]
    gun = game.state["units"]["Karelia S.S.R."][0]["id"]
    payloads = [
        ("aa.raid_declared", {"target": "Karelia S.S.R.", "units": bombers}),
        ("aa.raid_declared", {"target": "Karelia S.S.R.", "units": []}),
        ("aa.rocket_declared", {"from": "Poland", "target": "Karelia S.S.R."}),
        ("aa.antiaircraft_fire", {"place": "Karelia S.S.R.", "gun": gun, "owner": "ussr", "hit_on": 1,
                                  "targets": bombers, "destroyed": bombers[:1], "step": "strategic bombing raid",
                                  "low_luck": False}),
        ("aa.antiaircraft_fire", {"place": "Karelia S.S.R.", "gun": gun, "owner": "ussr", "hit_on": 1,
                                  "targets": bombers, "destroyed": [], "step": "antiaircraft fire",
                                  "low_luck": False}),
        ("aa.raid", {"target": "Karelia S.S.R.", "power": "germany", "bombers": bombers, "survivors": bombers[1:],
                     "rolled": 5, "damage": 4}),
        ("aa.rocket", {"from": "Poland", "target": "Karelia S.S.R.", "power": "germany", "rolled": 1, "damage": 1}),
        ("aa.bombarded", {"place": "Karelia S.S.R.", "ships": bombers, "hits": 2}),
        ("aa.bombarded", {"place": "Karelia S.S.R.", "ships": bombers, "hits": 0, "pooled": True}),
        ("aa.paradropped", {"bomber": bombers[0], "infantry": gun, "from": "Poland", "to": "Karelia S.S.R.",
                            "via": "SZ 5"}),
    ]
    start = game.log()
    return start + [{"seq": 1000 + i, "seat": "germany", "type": t, "v": 1, "payload": p}
                    for i, (t, p) in enumerate(payloads)]


@pytest.mark.parametrize("language", ["en", "it"])
def test_AAE_SBR_03_raid_rocket_aa_and_bombardment_events_read_as_sentences(language: str) -> None:
    events = _events()
    names = {s["id"]: s["name"] for s in RS.seats({})}
    story = ui_for(RS).story(RS, Audience(language, None, names))
    lines = story.lines(events)[-10:]
    for line in lines:
        assert line.strip() and not RAW.search(line) and not any(c in line for c in '{}[]"'), line
    assert "bomber" in lines[0].lower() or "bombardier" in lines[0].lower()


def test_AAE_AA_03_combat_sentences_are_in_the_italian_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    used: set[str] = set()
    gettext, ngettext = Catalog.gettext, Catalog.ngettext

    def record(self: Catalog, language: str, text: str, **params: Any) -> str:
        used.add(text)
        return gettext(self, language, text, **params)

    def record_n(self: Catalog, language: str, singular: str, plural: str, num: int, **params: Any) -> str:
        used.add(singular)
        return ngettext(self, language, singular, plural, num, **params)

    monkeypatch.setattr(Catalog, "gettext", record)
    monkeypatch.setattr(Catalog, "ngettext", record_n)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    story = ui_for(RS).story(RS, Audience("it", None, names))
    story.lines(_events()[-10:])
    mine = {m for m in used if any(w in m for w in ("antiaircraft", "bombard", "raid", "ocket", "parachute"))}
    assert len(mine) >= 9
    assert sorted(m for m in mine if not CATALOG.has("it", m)) == []
