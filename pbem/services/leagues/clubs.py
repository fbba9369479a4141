"""Clubs: creation, invitations (link or email, accepted by the invitee), roles, defaults.

Invitations never reveal whether an address has an account: inviting by email always
answers the same and queues the same email. Only the SHA-256 of an invitation token is
stored. A link invitation may be used by anyone holding it until it expires or is
revoked; an addressed invitation only by the account with that address, once.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from pbem.services.common import get_user, rollback_on_error
from pbem.services.errors import BadRequest, Conflict, Forbidden, Gone, NotFound, _
from pbem.services.leagues.common import dumps, get_row, loads, require_organiser
from pbem.store.models.accounts import normalize_email
from pbem.store.models.games import as_utc
from pbem.store.models.leagues import MEMBER, ORGANISER, Club, ClubInvite, ClubMember
from pbem.store.models.outbox import POLICIES
from pbem.timeutil import now_or

INVITE_DAYS = 30
#: Club-wide defaults offered to its new leagues (game options and deadline settings).
DEFAULT_KEYS = ("dice", "victory", "deadline_hours", "policy")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def create_club(session: Session, *, user_id: int, name: str, description: str = "") -> Club:
    with rollback_on_error(session):
        get_user(session, user_id)
        name = (name or "").strip()
        if not 1 <= len(name) <= 100:
            raise BadRequest(_("A club needs a name of 1 to 100 characters."))
        club = Club(name=name, description=(description or "").strip()[:2000], created_by=user_id)
        session.add(club)
        session.flush()
        session.add(ClubMember(club_id=int(club.id), user_id=user_id, role=ORGANISER))  # type: ignore[arg-type]
        session.commit()
        return club


def set_defaults(session: Session, *, club_id: int, user_id: int, defaults: dict[str, Any]) -> Club:
    """Club-wide defaults for new leagues: dice, victory mode, deadline hours, deadline policy."""
    with rollback_on_error(session):
        club = get_row(session, Club, club_id, "club")
        require_organiser(session, club.id, user_id)
        clean: dict[str, Any] = {}
        for key in DEFAULT_KEYS:
            value = defaults.get(key)
            if value in (None, ""):
                continue
            if key == "deadline_hours":
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    raise BadRequest(_("The deadline is a whole number of hours.")) from None
                if not 1 <= value <= 720:
                    raise BadRequest(_("The deadline must be between 1 and 720 hours."))
            if key == "policy" and value not in POLICIES:
                raise BadRequest(_("The deadline policy is wait, extend or act."))
            clean[key] = value if key == "deadline_hours" else str(value)[:40]
        club.defaults = dumps(clean)
        session.add(club)
        session.commit()
        return club


def defaults_of(club: Club) -> dict[str, Any]:
    return dict(loads(club.defaults))


def invite(session: Session, *, club_id: int, user_id: int, email: str | None = None,
           now: datetime | None = None) -> str:
    """A new invitation; returns the token (shown once). With ``email`` the invitation is
    mailed to that address (whether or not it has an account: the answer is the same)."""
    with rollback_on_error(session):
        club = get_row(session, Club, club_id, "club")
        require_organiser(session, club.id, user_id)
        address = normalize_email(email) if email else None
        if address is not None and ("@" not in address or len(address) > 254):
            raise BadRequest(_("That is not an email address."))
        token = secrets.token_urlsafe(24)
        now = now_or(now)
        row = ClubInvite(club_id=club.id, token_hash=token_hash(token), email=address,
                         created_by=user_id, created_at=now,
                         expires_at=now + timedelta(days=INVITE_DAYS))
        session.add(row)
        if address is not None:
            from pbem.services.leagues.mail import invitation_email

            invitation_email(session, club=club, inviter_id=user_id, address=address, token=token)
        session.commit()
        return token


def find_invite(session: Session, token: str, now: datetime | None = None) -> ClubInvite:
    row = session.exec(select(ClubInvite).where(ClubInvite.token_hash == token_hash(token or ""))).first()
    if row is None or row.revoked_at is not None:
        raise NotFound(_("This invitation does not exist or was withdrawn."))
    if as_utc(row.expires_at) <= now_or(now):
        raise Gone(_("This invitation has expired: ask the club for a new one."))
    if row.email is not None and row.accepted_at is not None:
        raise Gone(_("This invitation has already been used."))
    return row


def accept(session: Session, *, token: str, user_id: int, now: datetime | None = None) -> Club:
    with rollback_on_error(session):
        row = find_invite(session, token, now)
        user = get_user(session, user_id)
        if row.email is not None and row.email != normalize_email(user.email):
            raise Forbidden(_("This invitation was sent to another email address."))
        club = get_row(session, Club, row.club_id, "club")
        existing = session.exec(select(ClubMember).where(ClubMember.club_id == club.id,
                                                         ClubMember.user_id == user_id)).first()
        if existing is not None:
            raise Conflict(_("You are already a member of %(club)s."), club=club.name)
        session.add(ClubMember(club_id=club.id, user_id=user_id, role=MEMBER, joined_at=now_or(now)))
        if row.email is not None:
            row.accepted_by, row.accepted_at = user_id, now_or(now)
            session.add(row)
        session.commit()
        return club  # type: ignore[no-any-return]


def revoke(session: Session, *, club_id: int, user_id: int, invite_id: int,
           now: datetime | None = None) -> None:
    with rollback_on_error(session):
        require_organiser(session, club_id, user_id)
        row = session.get(ClubInvite, invite_id)
        if row is None or row.club_id != club_id:
            raise NotFound(_("This invitation does not exist or was withdrawn."))
        row.revoked_at = now_or(now)
        session.add(row)
        session.commit()


def set_role(session: Session, *, club_id: int, user_id: int, member_id: int, role: str | None) -> None:
    """Make a member an organiser or a member, or remove them (``role=None``)."""
    with rollback_on_error(session):
        require_organiser(session, club_id, user_id)
        row = session.exec(select(ClubMember).where(ClubMember.club_id == club_id,
                                                    ClubMember.user_id == member_id)).first()
        if row is None:
            raise NotFound(_("That player is not a member of this club."))
        organisers = session.exec(select(ClubMember).where(ClubMember.club_id == club_id,
                                                           ClubMember.role == ORGANISER)).all()
        if row.role == ORGANISER and role != ORGANISER and len(organisers) == 1:
            raise Conflict(_("A club keeps at least one organiser."))
        if role is None:
            session.delete(row)
        elif role in (ORGANISER, MEMBER):
            row.role = role
            session.add(row)
        else:
            raise BadRequest(_("A member is an organiser or a member."))
        session.commit()


def members(session: Session, club_id: int) -> list[tuple[ClubMember, Any]]:
    from pbem.store.models.accounts import User

    rows = session.exec(select(ClubMember, User).where(ClubMember.club_id == club_id,
                                                       ClubMember.user_id == User.id)
                        .order_by(User.display_name)).all()
    return list(rows)


def my_clubs(session: Session, user_id: int) -> list[tuple[Club, str]]:
    rows = session.exec(select(Club, ClubMember.role).where(ClubMember.club_id == Club.id,
                                                            ClubMember.user_id == user_id)
                        .order_by(Club.name)).all()
    return list(rows)  # type: ignore[arg-type]
