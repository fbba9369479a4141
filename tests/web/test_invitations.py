"""Issue 11, item 5: replacing a player is an invitation the invited person accepts.

The organiser's answer is the same whatever the address (no account enumeration); the seat
changes only when the invitee accepts through the signed, expiring emailed link; the
organiser sees it pending; the log records it once accepted. Both databases.
"""

from __future__ import annotations

import re
from datetime import timedelta

from sqlalchemy import update
from sqlmodel import Session, select

from pbem.services.common import holders
from pbem.store.models.games import utcnow
from pbem.store.models.outbox import OutboxMessage
from pbem.store.models.trust import ACCEPTED, SeatInvitation
from pbem.web.db import get_engine
from tests.fixtures_web import logout, register
from tests.web.test_play import as_user, events_stored, race_game


def _holder(app, game_id: int, seat: str) -> int:  # type: ignore[no-untyped-def]
    with Session(get_engine(app)) as s:
        return holders(s, game_id)[seat].user_id


def _link(app, address: str) -> str:  # type: ignore[no-untyped-def]
    with Session(get_engine(app)) as s:
        row = s.exec(select(OutboxMessage).where(OutboxMessage.to_address == address)
                     .order_by(OutboxMessage.id.desc())).first()  # type: ignore[union-attr]
    assert row is not None and row.kind == "seat_invitation"
    match = re.search(r"http://pbem\.test(/invitations/[\w.\-]+)", row.text)
    assert match, row.text
    return match.group(1)


def _invite(client, game_id: int, email: str):  # type: ignore[no-untyped-def]
    return client.post(f"/games/{game_id}/replace", data={"seat": "blue", "email": email})


def test_the_answer_is_the_same_whether_or_not_the_address_has_an_account(app, client,
                                                                           user_factory):
    game_id, red, blue = race_game(app, user_factory)
    known = user_factory(email="known@example.org", display_name="Nuova")
    as_user(client, red)
    answers = []
    for email in ("nobody@example.org", known.email):
        response = _invite(client, game_id, email)
        page = client.get(response.headers["Location"]).get_data(as_text=True)
        flashed = re.search(r"We sent an invitation to ([^ ]+)\. The seat", page)
        answers.append((response.status_code, response.headers["Location"], bool(flashed)))
    assert answers[0] == answers[1] == (302, f"/games/{game_id}", True)
    assert _holder(app, game_id, "blue") == blue.id  # nobody was seated without consent
    assert "Nobody is registered" not in page
    _link(app, "nobody@example.org")
    _link(app, known.email)


def test_the_invitee_accepts_and_only_then_takes_the_seat(app, client, user_factory):
    game_id, red, blue = race_game(app, user_factory)
    newcomer = user_factory(email="nuova@example.org", display_name="Nuova")
    as_user(client, red)
    before = events_stored(app, game_id)
    assert _invite(client, game_id, "NUOVA@example.org").status_code == 302
    organiser_page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Invitations waiting for an answer" in organiser_page
    assert "nuova@example.org" in organiser_page
    assert events_stored(app, game_id) == before and _holder(app, game_id, "blue") == blue.id
    link = _link(app, "nuova@example.org")
    logout(client)

    stranger = user_factory(email="other@example.org")
    as_user(client, stranger)
    assert client.post(link).status_code == 403  # a forwarded link seats nobody else
    assert _holder(app, game_id, "blue") == blue.id
    logout(client)

    as_user(client, newcomer)
    page = client.get(link)
    assert page.status_code == 200 and "Accept and take the seat" in page.get_data(as_text=True)
    accepted = client.post(link)
    assert accepted.status_code == 302 and accepted.headers["Location"] == f"/games/{game_id}"
    assert _holder(app, game_id, "blue") == newcomer.id
    assert "Nuova now plays Blue." in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert events_stored(app, game_id) == before + 1
    assert client.post(link).status_code == 404  # used once
    with Session(get_engine(app)) as s:
        row = s.exec(select(SeatInvitation)).one()
        assert (row.status, row.accepted_by) == (ACCEPTED, newcomer.id)
    logout(client)
    as_user(client, red)
    assert "Invitations waiting" not in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_an_unregistered_address_registers_then_accepts(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    _invite(client, game_id, "later@example.org")
    link = _link(app, "later@example.org")
    logout(client)
    assert client.get(link).status_code == 302  # log in first
    register(client, "later@example.org", name="Tardi")
    assert client.post(link).status_code == 302
    assert "Tardi now plays Blue." in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_an_expired_or_cancelled_invitation_changes_nothing(app, client, user_factory):
    game_id, red, blue = race_game(app, user_factory)
    invitee = user_factory(email="nuova@example.org")
    as_user(client, red)
    _invite(client, game_id, invitee.email)
    link = _link(app, invitee.email)
    with Session(get_engine(app)) as s:
        s.exec(update(SeatInvitation).values(expires_at=utcnow() - timedelta(minutes=1)))
        s.commit()
    logout(client)
    as_user(client, invitee)
    assert client.post(link).status_code == 404
    assert _holder(app, game_id, "blue") == blue.id
    logout(client)
    as_user(client, red)
    _invite(client, game_id, invitee.email)
    link = _link(app, invitee.email)
    with Session(get_engine(app)) as s:
        pending = s.exec(select(SeatInvitation).order_by(SeatInvitation.id.desc())).first()  # type: ignore[union-attr]
    cancel = client.post(f"/games/{game_id}/invitations/{pending.id}/cancel")
    assert cancel.status_code == 302
    logout(client)
    as_user(client, invitee)
    assert client.post(link).status_code == 404
    assert client.get("/invitations/not-a-token").status_code == 404
    assert _holder(app, game_id, "blue") == blue.id


def _mail(app, address: str) -> OutboxMessage:  # type: ignore[no-untyped-def]
    with Session(get_engine(app)) as s:
        row = s.exec(select(OutboxMessage).where(OutboxMessage.to_address == address)
                     .order_by(OutboxMessage.id.desc())).first()  # type: ignore[union-attr]
    assert row is not None
    return row


def test_the_italian_invitation_names_the_seat_with_its_article(app, client, user_factory):
    """The invitation's email and page say the seat in the invitee's language with the grammar
    of its game ("per la Germania", "alla guida della Germania"); English says it bare."""
    from tests.web.test_italian_aa import italian_game

    game_id, allies, _axis = italian_game(app, user_factory)
    italian = user_factory(email="nuovo@example.org", display_name="Nuovo", language="it")
    english = user_factory(email="new@example.org", display_name="New", language="en")
    as_user(client, allies)
    for address, seat in ((italian.email, "germany"), (english.email, "usa")):
        assert client.post(f"/games/{game_id}/replace", data={"seat": seat, "email": address}).status_code == 302
    mail = _mail(app, italian.email)
    assert mail.subject == 'Carla ti invita a giocare per la Germania in "Barbarossa"', mail.subject
    assert 'ti invita a subentrare alla guida della Germania.' in mail.text, mail.text
    mail = _mail(app, english.email)
    assert mail.subject == 'Carla invites you to play United States in "Barbarossa"', mail.subject
    assert "invites you to take over the seat United States." in mail.text, mail.text
    link = _link(app, italian.email)
    logout(client)
    as_user(client, italian)
    page = client.get(link).get_data(as_text=True)
    assert 'Carla ti invita a subentrare alla guida della Germania nella partita "Barbarossa".' in page, page
