"""Italian sentences name a seat with the article and the articulated preposition it takes ("tocca
all'Unione Sovietica", "la scadenza degli Alleati"), and a plural seat as a subject takes a plural
verb ("Gli Stati Uniti liberano"), for every seat of every game: the platform's sentences (domain
``ui``), its refusals, its chat post and deadline emails (domain ``notify``) ask the game's UI
package for the grammar of its names (``GameUI.grammar``, ``pbem/ui/italian.py``)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask, render_template
from flask_babel import force_locale

from pbem.engine.registry import available, load_ruleset
from pbem.notify.i18n import gettext as notify_gettext
from pbem.ui import italian, ui_for
from pbem.ui.aa.describe import CATALOG as AA
from pbem.ui.base import Audience

#: Italian seat name -> (after "a": "tocca ...", after "di": "la scadenza ...", as a subject).
SAID = {
    "Unione Sovietica": ("all'Unione Sovietica", "dell'Unione Sovietica", "L'Unione Sovietica"),
    "Germania": ("alla Germania", "della Germania", "La Germania"),
    "Regno Unito": ("al Regno Unito", "del Regno Unito", "Il Regno Unito"),
    "Giappone": ("al Giappone", "del Giappone", "Il Giappone"),
    "Stati Uniti": ("agli Stati Uniti", "degli Stati Uniti", "Gli Stati Uniti"),
    "Italia": ("all'Italia", "dell'Italia", "L'Italia"),
    "Cina": ("alla Cina", "della Cina", "La Cina"),
    "ANZAC": ("all'ANZAC", "dell'ANZAC", "L'ANZAC"),
    "Francia": ("alla Francia", "della Francia", "La Francia"),
    "Asse": ("all'Asse", "dell'Asse", "L'Asse"),
    "Alleati": ("agli Alleati", "degli Alleati", "Gli Alleati"),
    "Blu": ("al Blu", "del Blu", "Il Blu"),
    "Rosso": ("al Rosso", "del Rosso", "Il Rosso"),
}
PLURAL = {"Stati Uniti", "Alleati"}


def every_seat() -> list[tuple[str, str, str]]:
    """(ruleset key, seat id, Italian name) of every seat of every game (the tests' own rulesets aside)."""
    out = []
    for key in available():
        rs = load_ruleset(key)
        if not type(ui_for(rs)).__module__.startswith("pbem."):
            continue
        for seat in rs.seats(rs.normalise_options({})):
            out.append((key, str(seat["id"]), ui_for(rs).text(str(seat.get("name") or seat["id"]), "it")))
    return out


SEATS = every_seat()
A_A_EDITIONS = {"aa1941", "anniversary", "global1940"}


def test_every_seat_of_every_game_has_its_italian_grammar() -> None:
    assert {key for key, _, _ in SEATS} >= A_A_EDITIONS | {"victory", "airwar_pacific"}
    assert sorted({name for _, _, name in SEATS} - set(SAID)) == []
    for key, _, name in SEATS:
        rs = load_ruleset(key)
        assert name in ui_for(rs).grammar("it"), (key, name)
        assert ui_for(rs).grammar("en") == {}


@pytest.mark.parametrize(("key", "seat", "name"), SEATS)
def test_the_italian_turn_and_deadline_sentences_give_every_seat_its_article(key: str, seat: str, name: str) -> None:
    """"It is X's turn" (the engine's refusal, domain ``ui``), "The deadline of X passed" and "X
    gave an order" (the platform's events in the game's story)."""
    to, of, subject = SAID[name]
    rs = load_ruleset(key)
    ui = ui_for(rs)
    turn = {"rule_id": "TURN-1", "key": "It is {seats}'s turn ({phase}).", "params": {"seats": [seat], "phase": "x"}}
    assert ui.refusal(turn, "it", rs) == f"Tocca {to} (x)."
    names = {str(s["id"]): str(s.get("name") or s["id"]) for s in rs.seats(rs.normalise_options({}))}
    story = ui.story(rs, Audience("it", None, names))
    passed = {"seq": 5, "seat": None, "type": "policy.other", "v": 1, "payload": {"seat": seat}}
    assert story.line(passed) == f"La scadenza {of} è passata."
    verb = "hanno" if name in PLURAL else "ha"
    order = {"seq": 6, "seat": seat, "type": "order", "v": 1, "payload": {}}
    assert story.line(order) == f"{subject} {verb} dato un ordine."
    assert ui.owed_text({"seat": seat, "kind": "x"}, names, "en")  # English untouched
    assert ui.refusal(turn, "en", rs).startswith("It is ")


def test_the_chat_post_and_the_deadline_email_give_every_seat_its_article(app: Flask) -> None:
    """The notifications' own domain: "ora tocca all'Unione Sovietica", "la scadenza per gli Alleati"."""
    from pbem.services.notifications import _webhook_text

    with app.test_request_context(), force_locale("it"):
        for key, seat, name in SEATS:
            rs = load_ruleset(key)
            engine_game = SimpleNamespace(ruleset=rs, owed=lambda s=seat: [{"seat": s, "phase": "x"}])
            row = SimpleNamespace(title="Partita", deadline_at=None)
            names = {str(s["id"]): str(s.get("name") or s["id"]) for s in rs.seats(rs.normalise_options({}))}
            owed = [{"seat": seat, "seat_name": names[seat], "phase": "x"}]
            engine_game.owed = lambda o=owed: o
            assert _webhook_text(row, engine_game, [seat], over=False) == f"Partita: ora tocca {SAID[name][0]} (x)."
            ui = ui_for(rs)
            said = render_template("email/_notice.txt", _=notify_gettext, ctx={"event": "vacation", "player": "Anna"},
                                   seats=[name], say=lambda t, ui=ui, **p: ui.say("it", t, **p))
            assert said.strip() == (f"Anna è in vacanza: la scadenza per {SAID[name][2][:1].lower()}"
                                    f"{SAID[name][2][1:]} è stata spostata.")
            nothing = render_template("email/_notice.txt", _=notify_gettext,
                                      ctx={"event": "acted", "reason": "nothing_to_decide"},
                                      seats=[name], say=lambda t, ui=ui, **p: ui.say("it", t, **p))
            verb = "avevano" if name in PLURAL else "aveva"
            assert nothing.strip().startswith(f"{SAID[name][2]} non {verb} nulla da decidere"), nothing


@pytest.mark.parametrize("key", sorted(A_A_EDITIONS))
def test_A_and_A_powers_as_subjects_take_their_article_and_a_plural_verb(key: str) -> None:
    """"Gli Stati Uniti acquistano", "L'Unione Sovietica acquista", for every power of every edition,
    in the frequent sentences: buys, collects, places, moves, captures, liberates, declares war."""
    rs = load_ruleset(key)
    _ = ui_for(rs).story(rs, Audience("it", None, {}))._
    forms = {
        "%(power)s buys %(units)s for %(cost)s IPCs": ("acquista", "acquistano"),
        "%(power)s collects %(amount)s IPCs": ("raccoglie", "raccolgono"),
        "%(power)s places %(units)s in %(at)s": ("mobilita", "mobilitano"),
        "%(power)s moves %(units)s from %(start)s to %(end)s": ("muove", "muovono"),
        "%(power)s takes %(territory)s": ("conquista", "conquistano"),
        "%(power)s takes %(territory)s from %(from)s": ("toglie", "tolgono"),
        "%(declarer)s declares war on %(target)s": ("dichiara", "dichiarano"),
        "%(power)s liberates: %(list)s": ("libera", "liberano"),
        "%(by)s liberates %(territory)s: it returns to %(power)s": ("libera", "liberano"),
    }
    for _key, _seat, name in (s for s in SEATS if s[0] == key):
        subject = SAID[name][2]
        for msgid, (one, many) in forms.items():
            assert AA.has("it", msgid), msgid
            said = _(msgid, power=name, declarer=name, by=name, amount=10, units="1 fanteria", at="Polonia",
                     start="Polonia", end="Germania", territory="Polonia", target="Francia", list="Polonia",
                     cost=3, **{"from": "Francia"})
            verb = many if name in PLURAL else one
            assert re.match(f"{subject} {verb}[ :]", said), (msgid, said)


def test_a_plural_subject_takes_the_plural_verb_and_possessive() -> None:
    """The grammar itself: "Gli Stati Uniti liberano", "aggiornano i loro ordini", "L'Asse ha", a
    list of seats is plural, a name without grammar is written bare (never "Il Blu" guessed)."""
    found = {"Stati Uniti": italian.noun("Stati Uniti", "gli"), "Asse": italian.noun("Asse", "l'"),
             "Germania": italian.noun("Germania", "la in"), "Giappone": italian.noun("Giappone", "il in")}

    def said(template: str, **params: Any) -> str:
        return italian.articulate(template, params, found) % params

    assert said("Il %(power)s libera %(x)s", power="Stati Uniti", x="Parigi") == "Gli Stati Uniti liberano Parigi"
    assert said("Il %(power)s aggiorna i suoi ordini", power="Stati Uniti") == \
        "Gli Stati Uniti aggiornano i loro ordini"
    assert said("Il %(power)s non ha potuto", power="Stati Uniti") == "Gli Stati Uniti non hanno potuto"
    assert said("Il %(power)s non ha potuto", power="Asse") == "L'Asse non ha potuto"
    assert said("Il %(power)s sceglie le sue perdite", power="Germania, Giappone") == \
        "La Germania, il Giappone scelgono le loro perdite"
    assert said("Il %(power)s raccoglie 5 IPC", power="Ignoto") == "Ignoto raccoglie 5 IPC"
    assert said("Tocca a %(power)s", power="Ignoto") == "Tocca a Ignoto"
    assert said("X: il %(power)s è", power="Stati Uniti") == "X: gli Stati Uniti sono"
    assert said("Il %(power)s e il %(other)s possono", power="Stati Uniti", other="Giappone") == \
        "Gli Stati Uniti e il Giappone possono"
    assert [italian.plural_verb(v) for v in ("è", "ha", "toglie", "perde", "attaccherà", "può", "Libera")] == \
        ["sono", "hanno", "tolgono", "perdono", "attaccheranno", "possono", "Liberano"]


def _sees(name: str) -> str:
    verb = "vedono" if name in PLURAL else "vede"
    return f"come {SAID[name][2][:1].lower()}{SAID[name][2][1:]} la {verb}"


def _site_lines(app: Flask, key: str, seat: str, name: str, language: str) -> tuple[str, str]:
    """The lobby card's "Waiting for X" and the game page's headings, rendered by the site's own
    templates (domain ``messages``) in ``language`` for ``seat`` of a game of ``key``."""
    with app.test_request_context(), force_locale(language):
        card = {"id": 1, "title": "T", "status": "active", "status_label": "", "visibility": "public",
                "ruleset_title": "", "ruleset_key": key, "owed_to_me": False, "my_owed_names": [],
                "owed_names": [name], "my_seat_names": [], "free_seats": None, "deadline_at": None,
                "options": []}
        lobby = render_template("lobby/_game_list.html", cards=[card], empty="")
        seats = [{"id": seat, "name": name}]
        game = {"id": 1, "status": "active", "ruleset_key": key, "viewer_seats": [seat],
                "viewer_seat_names": [name], "my_seats": [seat], "order_seats": seats, "acting_seats": seats,
                "legal": {seat: [{"json": "{}", "label": "x"}]}, "seats": [], "owed": [], "ui_view": "v",
                "ui_orders": "", "options": [], "can_undo": {seat: True}}
        page = render_template("play/_game.html", game=game, form={"seat": seat, "order": ""})
    return lobby, page


@pytest.mark.parametrize(("key", "seat", "name"), SEATS)
def test_the_site_pages_give_every_seat_its_article_in_italian(app: Flask, key: str, seat: str, name: str) -> None:
    """The site's own templates (domain ``messages``): "In attesa dell'Unione Sovietica", "Posizione
    (come gli Alleati la vedono)", "Ordini che gli Stati Uniti possono dare ora", "Annulla l'ultimo
    ordine del Giappone", for every seat of every game; never "di Unione" or "vede Stati"."""
    lobby, page = _site_lines(app, key, seat, name, "it")
    to, of, subject = SAID[name]
    assert f"<p>In attesa {of}</p>" in lobby, lobby
    assert f"Posizione ({_sees(name)})" in page, page
    can = "possono" if name in PLURAL else "può"
    assert f"Ordini che {subject[:1].lower()}{subject[1:]} {can} dare ora" in page, page
    assert f"Annulla l&#39;ultimo ordine {of}" in page or f"Annulla l'ultimo ordine {of}" in page, page
    for bare in (f"di {name}", f"vede {name}", f"che {name}"):
        assert bare not in lobby + page


@pytest.mark.parametrize("key", sorted({key for key, _, _ in SEATS}))
def test_the_site_pages_stay_unchanged_in_english(app: Flask, key: str) -> None:
    """English pages name each seat bare, as before: "Waiting for Soviet Union"."""
    rs = load_ruleset(key)
    seat = rs.seats(rs.normalise_options({}))[0]
    seat, english = str(seat["id"]), str(seat.get("name") or seat["id"])
    lobby, page = _site_lines(app, key, seat, english, "en")
    assert f"<p>Waiting for {english}</p>" in lobby
    assert f"Position (as {english} sees it)" in page
    assert f"Orders {english} may give now" in page
    assert f"Undo the latest order of {english}" in page


def test_a_game_no_longer_installed_says_its_seats_bare(app: Flask) -> None:
    """A ruleset missing from the registry: the sentence stands, the name without article."""
    lobby, _page = _site_lines(app, "no-such-game", "x", "Xland", "it")
    assert "<p>In attesa di Xland</p>" in lobby


def test_the_site_and_the_emails_list_several_seats_as_each_language_does(app: Flask) -> None:
    """A list of seats in a sentence is joined by Babel's rule for the language (``names_list``):
    "Waiting for Germany, Japan, and Italy", "In attesa della Germania, del Giappone e dell'Italia";
    the deadline email gives each its article and the plural verb."""
    def lobby(language: str, names: list[str]) -> str:
        card = {"id": 1, "title": "T", "status": "active", "status_label": "", "visibility": "public",
                "ruleset_title": "", "ruleset_key": "global1940", "owed_to_me": False, "my_owed_names": [],
                "owed_names": names, "my_seat_names": [], "free_seats": None, "deadline_at": None,
                "options": []}
        with app.test_request_context(), force_locale(language):
            return render_template("lobby/_game_list.html", cards=[card], empty="")

    assert "<p>In attesa della Germania, del Giappone e dell'Italia</p>" in \
        lobby("it", ["Germania", "Giappone", "Italia"])
    assert "<p>Waiting for Germany, Japan, and Italy</p>" in lobby("en", ["Germany", "Japan", "Italy"])
    ui = ui_for(load_ruleset("global1940"))
    with app.test_request_context(), force_locale("it"):
        said = render_template("email/_notice.txt", _=notify_gettext,
                               ctx={"event": "acted", "reason": "nothing_to_decide"},
                               seats=["Germania", "Giappone"], say=lambda t, **p: ui.say("it", t, **p))
    assert said.strip().startswith("La Germania e il Giappone non avevano nulla da decidere"), said


def test_irregular_italian_verbs_take_their_own_plural() -> None:
    """'Le Isole Hawaii valgono 1 IPC', not 'valono': the verbs whose plural is not the rule's."""
    assert [italian.plural_verb(v) for v in ("vale", "sale", "appare", "muore", "Compare")] == \
        ["valgono", "salgono", "appaiono", "muoiono", "Compaiono"]
