"""Club pages: my clubs, a club (members, leagues, games), invitations, roles, defaults, new league."""

from __future__ import annotations

from flask import abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlmodel import select

from pbem.engine import available, load_ruleset
from pbem.services.leagues import clubs, seasons
from pbem.services.leagues.common import get_row, loads
from pbem.store.models.games import Game
from pbem.store.models.leagues import ORGANISER, Club, ClubInvite, League, Pairing, Season
from pbem.store.models.outbox import POLICIES
from pbem.web.api_errors import HANDLED
from pbem.web.db import db_session
from pbem.web.leagues.common import act, bp, fail, form_int, member_role, now, uid


@bp.get("/clubs")
def my_clubs() -> ResponseReturnValue:
    return render_template("leagues/clubs.html", clubs=clubs.my_clubs(db_session(), uid()))


@bp.post("/clubs")
def create_club() -> ResponseReturnValue:
    made: list[Club] = []

    def run() -> None:
        made.append(clubs.create_club(db_session(), user_id=uid(), name=request.form.get("name", ""),
                                      description=request.form.get("description", "")))

    response = act(run, url_for("leagues.my_clubs"))
    if made:
        return act(lambda: None, url_for("leagues.club", club_id=made[0].id), _("Club created."))
    return response


def _club(club_id: int) -> tuple[Club, str]:
    session = db_session()
    try:
        club = get_row(session, Club, club_id, "club")
    except HANDLED as exc:
        fail(exc)
    return club, member_role(club.id)


@bp.get("/clubs/<int:club_id>")
def club(club_id: int) -> ResponseReturnValue:
    session = db_session()
    club_row, role = _club(club_id)
    leagues = session.exec(select(League).where(League.club_id == club_id).order_by(League.name)).all()
    games = session.exec(select(Game, Pairing).join(Pairing, Pairing.game_id == Game.id)
                         .join(Season, Season.id == Pairing.season_id)
                         .join(League, League.id == Season.league_id)
                         .where(League.club_id == club_id).order_by(Game.id.desc()).limit(50)).all()  # type: ignore[union-attr]
    invites = (session.exec(select(ClubInvite).where(ClubInvite.club_id == club_id,
                                                     ClubInvite.revoked_at.is_(None))).all()  # type: ignore[union-attr]
               if role == ORGANISER else [])
    return render_template("leagues/club.html", club=club_row, role=role, organiser=role == ORGANISER,
                           members=clubs.members(session, club_id), leagues=leagues, games=games,
                           invites=invites, defaults=clubs.defaults_of(club_row), policies=POLICIES,
                           new_link=request.args.get("link"))


@bp.post("/clubs/<int:club_id>/defaults")
def club_defaults(club_id: int) -> ResponseReturnValue:
    _club(club_id)
    return act(lambda: clubs.set_defaults(db_session(), club_id=club_id, user_id=uid(),
                                          defaults=request.form.to_dict()),
               url_for("leagues.club", club_id=club_id), _("Club defaults saved."))


@bp.post("/clubs/<int:club_id>/invites")
def club_invite(club_id: int) -> ResponseReturnValue:
    _club(club_id)
    email = request.form.get("email", "").strip() or None
    token: list[str] = []

    def run() -> None:
        token.append(clubs.invite(db_session(), club_id=club_id, user_id=uid(), email=email, now=now()))

    if email:
        return act(run, url_for("leagues.club", club_id=club_id),
                   _("If the address is right, the invitation is on its way to %(email)s.", email=email))
    back = act(run, url_for("leagues.club", club_id=club_id))
    if token:
        link = url_for("leagues.join", token=token[0], _external=True)
        return act(lambda: None, url_for("leagues.club", club_id=club_id, link=link),
                   _("Invitation link created: share it with the players you invite."))
    return back


@bp.post("/clubs/<int:club_id>/invites/<int:invite_id>/revoke")
def club_invite_revoke(club_id: int, invite_id: int) -> ResponseReturnValue:
    _club(club_id)
    return act(lambda: clubs.revoke(db_session(), club_id=club_id, user_id=uid(), invite_id=invite_id,
                                    now=now()),
               url_for("leagues.club", club_id=club_id), _("Invitation withdrawn."))


@bp.post("/clubs/<int:club_id>/members/<int:member_id>")
def club_member(club_id: int, member_id: int) -> ResponseReturnValue:
    _club(club_id)
    choice = request.form.get("role", "")
    role = None if choice == "remove" else choice
    return act(lambda: clubs.set_role(db_session(), club_id=club_id, user_id=uid(), member_id=member_id,
                                      role=role),
               url_for("leagues.club", club_id=club_id), _("Membership updated."))


@bp.route("/clubs/join/<token>", methods=["GET", "POST"])
def join(token: str) -> ResponseReturnValue:
    session = db_session()
    try:
        invite = clubs.find_invite(session, token, now())
    except HANDLED as exc:
        fail(exc)
    club_row = session.get(Club, invite.club_id)
    if request.method == "POST":
        return act(lambda: clubs.accept(session, token=token, user_id=uid(), now=now()),
                   url_for("leagues.club", club_id=invite.club_id),
                   _("Welcome to %(club)s.", club=club_row.name if club_row else ""))
    return render_template("leagues/join.html", club=club_row, token=token)


def _ruleset_choices() -> list[dict[str, str]]:
    out = []
    for key in available():
        try:
            out.append({"key": key, "title": load_ruleset(key).title or key})
        except Exception:  # noqa: BLE001 - a broken ruleset is simply not offered
            continue
    return out


@bp.route("/clubs/<int:club_id>/leagues/new", methods=["GET", "POST"])
def new_league(club_id: int) -> ResponseReturnValue:
    club_row, role = _club(club_id)
    if role != ORGANISER:
        abort(403, description=_("Only the club's organisers may do that."))
    key = request.values.get("ruleset") or (available() or [""])[0]
    try:
        ruleset = load_ruleset(key)
    except Exception:  # noqa: BLE001
        abort(404)
    if request.method == "POST":
        form = request.form
        options = {o["name"]: _option(o, form.get("opt_" + o["name"])) for o in ruleset.options_schema()
                   if form.get("opt_" + o["name"]) is not None or o["type"] == "bool"}
        rules = {k: form.get(k) for k in ("deadline_hours", "deadline_zone", "vacation_days", "policy",
                                          "forfeit_after_misses", "abandon_limit", "k", "tiebreak",
                                          "bid_side", "bid_tie") if form.get(k) not in (None, "")}
        rules["skip_weekends"] = form.get("skip_weekends") == "1"
        rules["bids"] = form.get("bids") == "1"
        rules["bid_rules"] = {"max_per_territory": form_int("max_per_territory") or 1,
                              "where": form.get("bid_where", "held"),
                              "keep_ipcs": form.get("keep_ipcs") == "1",
                              "sea_units": form.get("sea_units") == "1"}
        made: list[League] = []

        def run() -> None:
            made.append(seasons.create_league(db_session(), club_id=club_id, user_id=uid(),
                                              name=form.get("name", ""), ruleset_key=key, options=options,
                                              league_settings=rules))

        back = act(run, url_for("leagues.new_league", club_id=club_id, ruleset=key))
        if made:
            return act(lambda: None, url_for("leagues.league", league_id=made[0].id), _("League created."))
        return back
    from pbem.services.leagues.common import DEFAULT_SETTINGS, sides_of

    defaults = {**DEFAULT_SETTINGS, **clubs.defaults_of(club_row)}
    return render_template("leagues/new_league.html", club=club_row, rulesets=_ruleset_choices(),
                           ruleset_key=key, options=ruleset.options_schema(), defaults=defaults,
                           policies=POLICIES, sides=sides_of(key, {}),
                           can_bid=str(ruleset.family).startswith("aa."))


def _option(schema: dict, value: str | None) -> object:
    if schema["type"] == "bool":
        return value == "1"
    if schema["type"] == "int":
        try:
            return int(value or "")
        except ValueError:
            return value
    return value


@bp.get("/leagues/<int:league_id>")
def league(league_id: int) -> ResponseReturnValue:
    session = db_session()
    try:
        row = get_row(session, League, league_id, "league")
    except HANDLED as exc:
        fail(exc)
    role = member_role(row.club_id)
    club_row = session.get(Club, row.club_id)
    season_rows = session.exec(select(Season).where(Season.league_id == league_id)
                               .order_by(Season.starts_at.desc())).all()  # type: ignore[attr-defined]
    from pbem.services.leagues.common import settings

    return render_template("leagues/league.html", league=row, club=club_row, seasons=season_rows,
                           organiser=role == ORGANISER, settings=settings(row),
                           options=loads(row.options), ruleset_title=load_ruleset(row.ruleset_key).title)


@bp.post("/leagues/<int:league_id>/seasons")
def new_season(league_id: int) -> ResponseReturnValue:
    from pbem.web.leagues.common import parse_date

    form = request.form
    made: list[Season] = []

    def run() -> None:
        from pbem.services.errors import BadRequest

        opens, closes, starts = (parse_date(form.get(k)) for k in ("signup_opens", "signup_closes", "starts"))
        if opens is None or closes is None or starts is None:
            raise BadRequest("Dates are written YYYY-MM-DD.")
        made.append(seasons.create_season(
            db_session(), league_id=league_id, user_id=uid(), name=form.get("name", ""),
            format=form.get("format", ""), signup_opens_at=opens, signup_closes_at=closes, starts_at=starts,
            round_days=form_int("round_days") or 14, rounds=form_int("rounds") or 0,
            playoff_top=form_int("playoff_top") or 0))

    session = db_session()
    try:
        row = get_row(session, League, league_id, "league")
    except HANDLED as exc:
        fail(exc)
    member_role(row.club_id)
    back = act(run, url_for("leagues.league", league_id=league_id))
    if made:
        return act(lambda: None, url_for("leagues.season", season_id=made[0].id), _("Season created."))
    return back
