"""League emails, queued in the caller's transaction (rendered by pbem/notify/league_mail.py).

* ``league_pairings``: a player's games of a new round (opponent, side, game link, schedule);
* an invitation to a club, sent to an address whether or not it has an account.
"""

from __future__ import annotations

from sqlmodel import Session

from pbem.notify.outbox import enqueue_template
from pbem.notify.prefs import preference
from pbem.store.models.accounts import User
from pbem.store.models.leagues import Club
from pbem.store.models.outbox import NONE


def pairings_email(session: Session, *, season_id: int, stage: str, round_: int,
                   user_ids: list[int]) -> int:
    """Queue one "your pairings" email per player of the round. Returns the count."""
    count = 0
    for user_id in dict.fromkeys(user_ids):
        user = session.get(User, user_id)
        if user is None or preference(session, user_id).mode == NONE:
            continue
        enqueue_template(session, to_address=user.email, template="league_pairings",
                         context={"season_id": season_id, "stage": stage, "round": round_},
                         kind="league_pairings", user_id=user_id,
                         dedupe_key=f"pairings:{season_id}:{stage}:{round_}:{user_id}")
        count += 1
    return count


def invitation_email(session: Session, *, club: Club, inviter_id: int, address: str, token: str) -> None:
    """Queue the invitation (English and Italian in one email: the address may have no account)."""
    from pbem.notify.league_mail import queue_invitation

    queue_invitation(session, club=club, inviter_id=inviter_id, address=address, token=token)
