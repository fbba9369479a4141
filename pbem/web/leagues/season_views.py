"""Season pages (entries, pairings, standings, schedule) and pairing pages (bids, the bid's
placement, the game's league result, draw offers, concessions, the arbiter console)."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlmodel import select

from pbem.int_input import strict_int
from pbem.notify.league_words import side_label
from pbem.services.common import ruleset_of
from pbem.services.errors import BadRequest
from pbem.services.leagues import arbiter, bidding, results, seasons
from pbem.services.leagues.common import get_row, league_of_season, loads, settings
from pbem.services.leagues.gamelog import league_records
from pbem.services.leagues.standings import season_standings, tiebreak_of
from pbem.store.models.accounts import User
from pbem.store.models.games import Game
from pbem.store.models.leagues import ORGANISER, Club, ClubMember, League, Pairing, Season
from pbem.web.api_errors import HANDLED
from pbem.web.db import db_session
from pbem.web.leagues.common import act, bp, fail, form_int, member_role, now, uid


def _season(season_id: int) -> tuple[Season, League, str]:
    session = db_session()
    try:
        season = get_row(session, Season, season_id, "season")
        league = league_of_season(session, season)
    except HANDLED as exc:
        fail(exc)
    return season, league, member_role(league.club_id)


def _names() -> dict[int, str]:
    return {u.id: u.display_name for u in db_session().exec(select(User))}  # type: ignore[misc]


def _other_side(league: League, side: str | None) -> str | None:
    from pbem.services.leagues.common import sides_of

    return next((s for s in sides_of(league.ruleset_key, loads(league.options)) if s != side), None)


def pairing_card(p: Pairing, league: League, names: dict[int, str]) -> dict[str, Any]:
    return {"id": p.id, "round": p.round, "stage": p.stage, "status": p.status, "game_id": p.game_id,
            "a": names.get(p.player_a, "?"), "b": names.get(p.player_b, "") if p.player_b else None,
            "side_a": side_label(league.ruleset_key, p.side_a),
            "side_b": side_label(league.ruleset_key, _other_side(league, p.side_a)) if p.side_a else "",
            "due_at": p.due_at, "player_a": p.player_a, "player_b": p.player_b}


@bp.get("/leagues/seasons/<int:season_id>")
def season(season_id: int) -> ResponseReturnValue:
    session = db_session()
    season_row, league, role = _season(season_id)
    try:
        results.sync_engine_results(session, season_row)
    except HANDLED:
        session.rollback()
    names = _names()
    entries = seasons.entries(session, season_row.id)  # type: ignore[arg-type]
    cards = [pairing_card(p, league, names) for p in seasons.pairings(session, season_row.id)]  # type: ignore[arg-type]
    table = season_standings(session, season_row)
    me = uid()
    return render_template(
        "leagues/season.html", season=season_row, league=league, organiser=role == ORGANISER,
        entries=entries, names=names, cards=cards, standings=table, tiebreak=tiebreak_of(season_row, league),
        signed_up=any(e.user_id == me for e in entries), me=me,
        rounds=sorted({(c["stage"], c["round"]) for c in cards}, key=lambda r: (r[0] != "regular", r[1])))


def _season_action(season_id: int, fn: Any, done: str) -> ResponseReturnValue:
    _season(season_id)
    return act(fn, url_for("leagues.season", season_id=season_id), done)


@bp.post("/leagues/seasons/<int:season_id>/signup")
def season_signup(season_id: int) -> ResponseReturnValue:
    return _season_action(season_id, lambda: seasons.sign_up(db_session(), season_id=season_id,
                                                             user_id=uid(), now=now()), _("You are signed up."))


@bp.post("/leagues/seasons/<int:season_id>/withdraw")
def season_withdraw(season_id: int) -> ResponseReturnValue:
    return _season_action(season_id, lambda: seasons.withdraw(db_session(), season_id=season_id,
                                                              user_id=uid(), now=now()), _("You are withdrawn."))


@bp.post("/leagues/seasons/<int:season_id>/start")
def season_start(season_id: int) -> ResponseReturnValue:
    return _season_action(season_id, lambda: seasons.start_season(db_session(), season_id=season_id,
                                                                  user_id=uid(), now=now()),
                          _("The season has started: the pairings are out."))


@bp.post("/leagues/seasons/<int:season_id>/next-round")
def season_next_round(season_id: int) -> ResponseReturnValue:
    return _season_action(season_id, lambda: seasons.next_swiss_round(db_session(), season_id=season_id,
                                                                      user_id=uid(), now=now()),
                          _("The next round is paired."))


@bp.post("/leagues/seasons/<int:season_id>/playoffs")
def season_playoffs(season_id: int) -> ResponseReturnValue:
    return _season_action(season_id, lambda: seasons.start_playoffs(db_session(), season_id=season_id,
                                                                    user_id=uid(), now=now()),
                          _("The playoff round is paired."))


@bp.post("/leagues/seasons/<int:season_id>/challenge")
def season_challenge(season_id: int) -> ResponseReturnValue:
    opponent = form_int("opponent") or 0
    return _season_action(season_id, lambda: seasons.challenge(db_session(), season_id=season_id,
                                                               user_id=uid(), opponent_id=opponent, now=now()),
                          _("Challenge sent."))


# -- pairings --------------------------------------------------------------------------------
def _pairing(pairing_id: int) -> tuple[Pairing, Season, League, str]:
    session = db_session()
    try:
        pairing = get_row(session, Pairing, pairing_id, "pairing")
    except HANDLED as exc:
        fail(exc)
    season_row, league, role = _season(pairing.season_id)
    return pairing, season_row, league, role


def _placement_form(league: League, side: str) -> dict[str, Any]:
    """The choices of the bid placement form, from the rules data (powers of the side,
    the spaces, the unit types with their costs)."""
    ruleset: Any = ruleset_of(league.ruleset_key)
    data = getattr(ruleset, "data", None)
    if data is None:
        return {}
    return {"powers": [p.id for p in data.powers if p.side == side],
            "power_names": {p.id: p.name for p in data.powers},
            "spaces": sorted(data.spaces),
            "units": [(u, data.units[u].name, data.units[u].cost) for u in data.unit_order]}


@bp.get("/leagues/pairings/<int:pairing_id>")
def pairing(pairing_id: int) -> ResponseReturnValue:
    session = db_session()
    pairing_row, season_row, league, role = _pairing(pairing_id)
    names = _names()
    me = uid()
    view = bidding.bid_view(pairing_row, me)
    if me not in (pairing_row.player_a, pairing_row.player_b) and not view["both"]:
        view = {**view, "mine": None, "other_in": None}
    result = view["result"]
    placement = (_placement_form(league, result["placer_side"]) if result and pairing_row.status == "placing"
                 and result["placer"] == me else {})
    game = session.get(Game, pairing_row.game_id) if pairing_row.game_id else None
    records = league_records(session, game.id) if game and game.last_seq else []  # type: ignore[arg-type]
    members = session.exec(select(User).join(ClubMember, ClubMember.user_id == User.id)
                           .where(ClubMember.club_id == league.club_id)).all() if role == ORGANISER else []
    return render_template(
        "leagues/pairing.html", p=pairing_card(pairing_row, league, names), pairing=pairing_row,
        season=season_row, league=league, club=session.get(Club, league.club_id), view=view, names=names,
        me=me, player=me in (pairing_row.player_a, pairing_row.player_b), organiser=role == ORGANISER,
        game=game, records=records, placement=placement, members=members, rules=settings(league),
        side_label=lambda s: side_label(league.ruleset_key, s))


def _pairing_action(pairing_id: int, fn: Any, done: str) -> ResponseReturnValue:
    _pairing(pairing_id)
    return act(fn, url_for("leagues.pairing", pairing_id=pairing_id), done)


@bp.post("/leagues/pairings/<int:pairing_id>/accept")
def pairing_accept(pairing_id: int) -> ResponseReturnValue:
    return _pairing_action(pairing_id, lambda: seasons.accept_challenge(
        db_session(), pairing_id=pairing_id, user_id=uid(), now=now()), _("Challenge accepted."))


@bp.post("/leagues/pairings/<int:pairing_id>/bid")
def pairing_bid(pairing_id: int) -> ResponseReturnValue:
    return _pairing_action(pairing_id, lambda: bidding.place_bid(
        db_session(), pairing_id=pairing_id, user_id=uid(), ipcs=request.form.get("ipcs"), now=now()),
        _("Your sealed bid is in."))


def _placement_from_form() -> dict[str, Any]:
    form = request.form
    units = []
    for i in range(12):
        territory = form.get(f"territory_{i}", "").strip()
        if not territory:
            continue
        count = form.get(f"count_{i}", "1")
        if strict_int(count, 1, 1000) is None:
            raise BadRequest("A count is a whole number.")
        units.append({"power": form.get(f"power_{i}", ""), "territory": territory,
                      "type": form.get(f"type_{i}", ""), "count": int(count)})
    keep: dict[str, int] = {}
    for key, value in form.items():
        if key.startswith("keep_") and value.strip():
            if strict_int(value.strip(), 0, 100_000) is None:
                raise BadRequest("IPCs kept are a whole number, 0 or more.")
            keep[key.removeprefix("keep_")] = int(value.strip())
    return {"units": units, "keep": keep}


@bp.post("/leagues/pairings/<int:pairing_id>/place")
def pairing_place(pairing_id: int) -> ResponseReturnValue:
    return _pairing_action(pairing_id, lambda: bidding.place_units(
        db_session(), pairing_id=pairing_id, user_id=uid(), placement=_placement_from_form(), now=now()),
        _("The bid is placed: the game has started."))


@bp.post("/leagues/pairings/<int:pairing_id>/concede")
def pairing_concede(pairing_id: int) -> ResponseReturnValue:
    pairing_row = _pairing(pairing_id)[0]
    if request.form.get("confirm") != "1":
        flash(_("Tick the box to confirm that you concede."), "error")
        return redirect(url_for("leagues.pairing", pairing_id=pairing_id))
    return _pairing_action(pairing_id, lambda: results.concede(
        db_session(), game_id=int(pairing_row.game_id or 0), user_id=uid(), now=now()), _("You conceded the game."))


@bp.post("/leagues/pairings/<int:pairing_id>/draw")
def pairing_draw(pairing_id: int) -> ResponseReturnValue:
    pairing_row = _pairing(pairing_id)[0]
    return _pairing_action(pairing_id, lambda: results.offer_draw(
        db_session(), game_id=int(pairing_row.game_id or 0), user_id=uid(), now=now()),
        _("Draw offered (or accepted, if your opponent had offered one)."))


def _winner(pairing_row: Pairing) -> int | None:
    choice = request.form.get("winner", "")
    if choice not in ("a", "b", "draw"):
        raise BadRequest("Choose the winner, or a draw.")
    return None if choice == "draw" else (pairing_row.player_a if choice == "a" else pairing_row.player_b)


@bp.post("/leagues/pairings/<int:pairing_id>/adjudicate")
def pairing_adjudicate(pairing_id: int) -> ResponseReturnValue:
    pairing_row = _pairing(pairing_id)[0]
    return _pairing_action(pairing_id, lambda: results.adjudicate(
        db_session(), game_id=int(pairing_row.game_id or 0), user_id=uid(), winner=_winner(pairing_row),
        reason=request.form.get("reason", ""), now=now()), _("Ruling recorded."))


@bp.post("/leagues/pairings/<int:pairing_id>/substitute")
def pairing_substitute(pairing_id: int) -> ResponseReturnValue:
    pairing_row = _pairing(pairing_id)[0]
    player = pairing_row.player_a if request.form.get("player") == "a" else pairing_row.player_b
    return _pairing_action(pairing_id, lambda: arbiter.substitute(
        db_session(), game_id=int(pairing_row.game_id or 0), user_id=uid(), player=int(player or 0),
        new_user_id=form_int("new_user") or 0, reason=request.form.get("reason", ""), now=now()),
        _("Ruling recorded."))


@bp.post("/leagues/pairings/<int:pairing_id>/rewind")
def pairing_rewind(pairing_id: int) -> ResponseReturnValue:
    pairing_row = _pairing(pairing_id)[0]
    return _pairing_action(pairing_id, lambda: arbiter.rewind(
        db_session(), game_id=int(pairing_row.game_id or 0), user_id=uid(), to_seq=request.form.get("to_seq"),
        reason=request.form.get("reason", ""), now=now()), _("Ruling recorded."))


def record_line(record: dict[str, Any], names: dict[int, str], league: League) -> str:
    """A league record of the game's log as a sentence."""
    p = record["payload"]
    if record["type"] == "game.bid":
        return _("Bid: %(winner)s plays %(side)s for %(ipcs)s IPCs, placed by %(placer)s.",
                 winner=names.get(p["winner"], "?"), side=side_label(league.ruleset_key, p["side"]),
                 ipcs=p["ipcs"], placer=names.get(p["placer"], "?"))
    if record["type"] == "game.ruling":
        if p["action"] == "substitute":
            return _("Ruling: %(new)s replaces %(old)s. Reason: %(reason)s",
                     new=names.get(p["new"], "?"), old=names.get(p["old"], "?"), reason=p["reason"])
        return _("Ruling: the game was taken back to event %(seq)s. Reason: %(reason)s",
                 seq=p["to_seq"], reason=p["reason"])
    kinds = {"win": _("win"), "draw": _("draw"), "concession": _("concession"), "forfeit": _("forfeit"),
             "adjudication": _("adjudication")}
    kind = kinds.get(p["kind"], p["kind"])
    prefix = _("Result adjusted") if p.get("adjusts") else _("Result")
    if p["winner"] is None:
        text = _("%(prefix)s: draw (%(kind)s).", prefix=prefix, kind=kind)
    else:
        text = _("%(prefix)s: %(winner)s wins (%(kind)s).", prefix=prefix, kind=kind,
                 winner=names.get(p["winner"], "?"))
    reasons = {"deadline": _("missed deadline"), "abandonment": _("abandonment policy"),
               "agreement": _("agreed by both players"), "rules": _("by the rules")}
    if p.get("reason"):
        text += " " + _("Reason: %(reason)s", reason=reasons.get(p["reason"], p["reason"]))
    return text


@bp.app_template_filter("league_record")
def league_record_filter(record: dict[str, Any], names: dict[int, str], league: League) -> str:
    return record_line(record, names, league)
