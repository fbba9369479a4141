"""Exports and ratings: standings and results CSV, the club's ratings page (lifetime and per
year, with a chart per player), the signed iCalendar feed of a player's deadlines."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue
from itsdangerous import BadSignature, URLSafeSerializer
from sqlmodel import select

from pbem.services.leagues import exports, ratings
from pbem.services.leagues.common import get_row
from pbem.services.leagues.results import sync_engine_results
from pbem.services.leagues.standings import result_rows
from pbem.store.models.accounts import User
from pbem.store.models.leagues import Club, League, Season
from pbem.web.api_errors import HANDLED
from pbem.web.db import db_session
from pbem.web.leagues.common import bp, fail, member_role, now, uid
from pbem.web.leagues.season_views import _season

CALENDAR_SALT = "pbem-league-calendar"


def _csv(text: str, name: str) -> Response:
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/leagues/seasons/<int:season_id>/standings.csv")
def standings_csv(season_id: int) -> ResponseReturnValue:
    season, _league, _role = _season(season_id)
    return _csv(exports.standings_csv(db_session(), season), f"standings-{season_id}.csv")


@bp.get("/leagues/seasons/<int:season_id>/results.csv")
def season_results_csv(season_id: int) -> ResponseReturnValue:
    _season(season_id)
    return _csv(ratings.write_csv(result_rows(db_session(), season_id=season_id)), f"results-{season_id}.csv")


def _club(club_id: int) -> Club:
    try:
        club = get_row(db_session(), Club, club_id, "club")
    except HANDLED as exc:
        fail(exc)
    member_role(club.id)
    return club  # type: ignore[no-any-return]


def _sync_club(club_id: int) -> None:
    session = db_session()
    for season in session.exec(select(Season).join(League, League.id == Season.league_id)
                               .where(League.club_id == club_id)).all():
        try:
            sync_engine_results(session, season)
        except HANDLED:
            session.rollback()


@bp.get("/clubs/<int:club_id>/results.csv")
def club_results_csv(club_id: int) -> ResponseReturnValue:
    _club(club_id)
    _sync_club(club_id)
    return _csv(ratings.write_csv(result_rows(db_session(), club_id=club_id)), f"results-club-{club_id}.csv")


def chart(history: list[tuple[str, float]], width: int = 320, height: int = 80) -> dict[str, Any]:
    """An inline SVG polyline of a rating history (points, and the axis range)."""
    values = [ratings.START] + [r for _, r in history]
    low, high = min(values) - 5, max(values) + 5
    step = width / max(1, len(values) - 1)
    points = " ".join(f"{i * step:.1f},{height - (v - low) / (high - low) * height:.1f}"
                      for i, v in enumerate(values))
    return {"points": points, "low": round(low), "high": round(high), "width": width, "height": height}


@bp.get("/clubs/<int:club_id>/ratings")
def club_ratings(club_id: int) -> ResponseReturnValue:
    club = _club(club_id)
    _sync_club(club_id)
    rows = result_rows(db_session(), club_id=club_id)
    years = sorted({int(r["ended_at"][:4]) for r in rows}, reverse=True)
    year = request.args.get("year", type=int)
    tables = ratings.compute(rows, year=year)
    blocks = [{"ruleset": key[0], "version": key[1],
               "rows": [{"r": r, "chart": chart(r.history)} for r in ratings.ranked(table)]}
              for key, table in sorted(tables.items())]
    return render_template("leagues/ratings.html", club=club, blocks=blocks, years=years, year=year,
                           k=ratings.K_FACTOR, start=ratings.START)


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=CALENDAR_SALT)


@bp.get("/leagues/calendar")
def calendar_page() -> ResponseReturnValue:
    user = db_session().get(User, uid())
    token = _serializer().dumps({"u": uid(), "v": user.password_fingerprint() if user else ""})
    return render_template("leagues/calendar.html",
                           feed=url_for("leagues.calendar_feed", token=token, _external=True))


@bp.get("/leagues/calendar/<token>.ics")
def calendar_feed(token: str) -> ResponseReturnValue:
    """The signed per-user feed (the token carries a fingerprint of the password hash: changing
    the password voids old feed links)."""
    try:
        data = _serializer().loads(token)
    except BadSignature:
        abort(404)
    session = db_session()
    user = session.get(User, int(data.get("u", 0)))
    if user is None or user.password_fingerprint() != data.get("v"):
        abort(404)
    base = str(current_app.config.get("BASE_URL", "")).rstrip("/")
    body = exports.calendar(session, int(user.id), base_url=base, now=now())  # type: ignore[arg-type]
    return Response(body, mimetype="text/calendar")
