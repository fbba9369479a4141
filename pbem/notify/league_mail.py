"""Rendering the league emails (registered in :data:`pbem.notify.messages.RENDERERS`).

``league_pairings`` rows are rendered at send time in the recipient's language and time
zone from ``templates/email/league_pairings.{txt,html}``; invitations are rendered when
queued, in English and Italian (the address may belong to nobody yet). Needs an app context.
"""

from __future__ import annotations

import json
from typing import Any

from flask import render_template
from flask_babel import force_locale
from flask_babel import gettext as _
from sqlmodel import Session, select

from pbem.notify import messages
from pbem.notify.outbox import enqueue_email
from pbem.store.models.accounts import User
from pbem.store.models.leagues import Club, League, Pairing, Season
from pbem.store.models.outbox import OutboxMessage


def _side_name(league: League, side: str | None) -> str:
    from pbem.notify.league_words import side_label

    return side_label(league.ruleset_key, side)


def render_pairings(session: Session, row: OutboxMessage, user: User) -> None:
    ctx = json.loads(row.context or "{}")
    season = session.get(Season, ctx["season_id"])
    if season is None:
        raise LookupError(f"season {ctx['season_id']} no longer exists")
    league = session.get(League, season.league_id)
    assert league is not None
    rows = session.exec(select(Pairing).where(
        Pairing.season_id == season.id, Pairing.stage == ctx["stage"], Pairing.round == ctx["round"],
        (Pairing.player_a == user.id) | (Pairing.player_b == user.id))).all()
    with force_locale(user.language or "en"):
        games: list[dict[str, Any]] = []
        for p in rows:
            other_id = p.player_b if p.player_a == user.id else p.player_a
            other = session.get(User, other_id) if other_id else None
            mine = p.side_a if p.player_a == user.id else _other_side(league, p.side_a)
            games.append({
                "opponent": other.display_name if other else None,
                "side": _side_name(league, mine) if p.side_a else "",
                "bidding": p.status == "bidding",
                "url": messages.absolute(f"/leagues/pairings/{p.id}"),
                "due": messages.user_time(p.due_at, user) if p.due_at else "",
            })
        variables = {
            "user": user, "season": season, "league": league, "games": games, "round": ctx["round"],
            "playoff": ctx["stage"] == "playoff", "title": league.name,
            "season_url": messages.absolute(f"/leagues/seasons/{season.id}"),
            "unsubscribe_url": messages.absolute(f"/n/unsubscribe/{messages.unsubscribe_token(int(user.id))}"),  # type: ignore[arg-type]
            "preferences_url": messages.absolute("/n/preferences"),
        }
        row.subject = _("%(league)s, %(season)s: your games of round %(round)s",
                        league=league.name, season=season.name, round=ctx["round"])
        row.text = render_template("email/league_pairings.txt", **variables)
        row.html = render_template("email/league_pairings.html", **variables)
    row.to_address = user.email
    headers = json.loads(row.headers or "{}")
    headers["List-Unsubscribe"] = f"<{variables['unsubscribe_url']}>"
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    row.headers = json.dumps(headers, sort_keys=True)


def _other_side(league: League, side: str | None) -> str | None:
    from pbem.services.leagues.common import loads, sides_of

    sides = sides_of(league.ruleset_key, loads(league.options))
    return next((s for s in sides if s != side), None) if side else None


def queue_invitation(session: Session, *, club: Club, inviter_id: int, address: str, token: str) -> None:
    inviter = session.get(User, inviter_id)
    url = messages.absolute(f"/clubs/join/{token}")
    parts, subjects = [], []
    for language in ("en", "it"):
        with force_locale(language):
            parts.append(render_template("email/league_invitation.txt", club=club, inviter=inviter,
                                         url=url))
            subjects.append(_("Invitation to the club %(club)s", club=club.name))
    enqueue_email(session, to_address=address, subject=" / ".join(subjects),
                  text="\n\n-----\n\n".join(parts), kind="club_invitation")


messages.RENDERERS["league_pairings"] = render_pairings
