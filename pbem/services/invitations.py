"""Seat invitations: the organiser invites someone by email to take a seat; it changes hands
only when the invited person accepts (issue 11, item 5).

Inviting answers the same whatever the address (registered or not), so nobody learns who
has an account; the invited person receives a signed link that expires
(:data:`INVITATION_DAYS`), logs in (or registers) with the invited address and accepts;
only then ``replace_player`` gives them the seat (``seat.replaced`` in the game log once the
game has started). The organiser sees pending invitations and may cancel them.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import bindparam
from sqlmodel import Session, col, select

from pbem.services.common import get_game, get_user, require_organiser, rollback_on_error
from pbem.services.errors import BadRequest, Conflict, Forbidden, NotFound, _
from pbem.services.games import _seat_info, replace_player
from pbem.store.db import begin_write
from pbem.store.models.accounts import normalize_email
from pbem.store.models.games import FINISHED, as_utc
from pbem.store.models.trust import ACCEPTED, CANCELLED, INVITED, SeatInvitation
from pbem.timeutil import now_or

INVITATION_DAYS = 7


def invite(session: Session, *, game_id: int, user_id: int, seat: str, email: str,
           now: datetime | None = None) -> SeatInvitation:
    """Record an invitation (an earlier one for the same seat is cancelled); commits.

    Nothing here depends on whether ``email`` has an account."""
    now = now_or(now)
    address = normalize_email(email or "")
    if "@" not in address or len(address) > 254 or any(c.isspace() for c in address):
        raise BadRequest(_("Enter a valid email address."))
    with rollback_on_error(session):
        begin_write(session)
        game = get_game(session, game_id)
        require_organiser(game, user_id)
        if game.status == FINISHED:
            raise Conflict(_("This game is over."))
        _seat_info(game, seat)
        for old in pending(session, game_id, now=now):
            if old.seat == seat:
                old.status = CANCELLED
                session.add(old)
        row = SeatInvitation(game_id=game.id, seat=seat, email=address, invited_by=user_id,
                             created_at=now, expires_at=now + timedelta(days=INVITATION_DAYS))
        session.add(row)
        session.commit()
        return row


def pending(session: Session, game_id: int, *, now: datetime | None = None
            ) -> list[SeatInvitation]:
    """The game's invitations not yet accepted, cancelled or expired (oldest first)."""
    now = now_or(now)
    rows = session.exec(_pending_query(), params={"game_id": game_id})
    return [r for r in rows if as_utc(r.expires_at) > now]


@cache
def _pending_query() -> Any:
    """The statement of :func:`pending` (built once: every organiser's game page runs it)."""
    return (select(SeatInvitation).where(SeatInvitation.game_id == bindparam("game_id"),
                                         SeatInvitation.status == INVITED)
            .order_by(col(SeatInvitation.id)))


def get_pending(session: Session, invitation_id: int, *, now: datetime | None = None
                ) -> SeatInvitation:
    row = session.get(SeatInvitation, invitation_id)
    if row is None or row.status != INVITED or as_utc(row.expires_at) <= now_or(now):
        raise NotFound(_("This invitation is no longer valid: it was accepted, cancelled or "
                         "has expired. Ask the organiser for a new one."))
    return row


def for_invitee(session: Session, invitation_id: int, user_id: int, *,
                now: datetime | None = None) -> SeatInvitation:
    """The pending invitation, if ``user_id``'s address is the invited one (else Forbidden:
    a forwarded link neither shows the game nor seats anybody else)."""
    row = get_pending(session, invitation_id, now=now)
    if normalize_email(get_user(session, user_id).email) != row.email:
        raise Forbidden(_("This invitation was sent to another address. Log in with the "
                          "account of the address that received it (or register with it)."))
    return row


def accept(session: Session, *, invitation_id: int, user_id: int,
           now: datetime | None = None) -> SeatInvitation:
    """``user_id`` accepts: the seat becomes theirs (logged); commits."""
    row = for_invitee(session, invitation_id, user_id, now=now)
    replace_player(session, game_id=row.game_id, user_id=row.invited_by, seat=row.seat,
                   new_user_id=user_id, now=now)
    with rollback_on_error(session):
        begin_write(session)
        row = session.get(SeatInvitation, invitation_id)  # type: ignore[assignment]
        row.status, row.accepted_by, row.accepted_at = ACCEPTED, user_id, now_or(now)
        session.add(row)
        session.commit()
        return row


def cancel(session: Session, *, game_id: int, user_id: int, invitation_id: int) -> None:
    with rollback_on_error(session):
        begin_write(session)
        require_organiser(get_game(session, game_id), user_id)
        row = session.get(SeatInvitation, invitation_id)
        if row is None or row.game_id != game_id or row.status != INVITED:
            raise NotFound(_("There is no such pending invitation."))
        row.status = CANCELLED
        session.add(row)
        session.commit()


