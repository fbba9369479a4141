"""Leagues and seasons: creation, sign-up, pairings (and their games), Swiss rounds, playoffs.

Games are created through :mod:`pbem.services.games` (create, join, start) with the
league's options; each player of a round is emailed their pairings. With bids the game is
created but not started: the sides are settled by sealed bids first (:mod:`.bidding`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from pbem.engine import InvalidOrder
from pbem.services import games as game_service
from pbem.services.common import get_user, rollback_on_error, ruleset_of, seats_of
from pbem.services.errors import BadRequest, Conflict, Forbidden, _
from pbem.services.leagues import mail
from pbem.services.leagues.common import (
    check_format,
    check_settings,
    club_of_league,
    dumps,
    get_row,
    league_of_season,
    loads,
    require_member,
    require_organiser,
    settings,
    sides_of,
)
from pbem.services.leagues.pairing import playoff_round, round_robin, swiss_round
from pbem.store.models.games import PRIVATE, Game, as_utc
from pbem.store.models.leagues import (
    BIDDING,
    BYE,
    CHALLENGED,
    CHALLENGES,
    DONE,
    PLAYING,
    PLAYOFFS,
    ROUND_ROBIN,
    RUNNING,
    SIGNUP,
    SWISS,
    Club,
    League,
    LeagueResult,
    Pairing,
    Season,
    SeasonEntry,
)
from pbem.store.models.outbox import GameNotifySettings
from pbem.timeutil import now_or


def create_league(session: Session, *, club_id: int, user_id: int, name: str, ruleset_key: str,
                  options: dict[str, Any] | None = None, league_settings: dict[str, Any] | None = None
                  ) -> League:
    with rollback_on_error(session):
        club = get_row(session, Club, club_id, "club")
        require_organiser(session, club.id, user_id)
        name = (name or "").strip()
        if not 1 <= len(name) <= 100:
            raise BadRequest(_("A league needs a name of 1 to 100 characters."))
        ruleset = ruleset_of(ruleset_key)
        defaults = loads(club.defaults)
        schema_names = {o["name"] for o in ruleset.options_schema()}
        merged = {k: v for k, v in defaults.items() if k in schema_names}
        merged.update(options or {})
        try:
            opts = ruleset.normalise_options(merged)
        except InvalidOrder as err:
            raise BadRequest(_("%(message)s (%(rule)s)"), message=err.message, rule=err.rule_id) from None
        given = {k: v for k, v in defaults.items() if k in ("deadline_hours", "policy")}
        given.update(league_settings or {})
        league = League(club_id=club.id, name=name, ruleset_key=ruleset.key,
                        ruleset_version=ruleset.version, options=dumps(opts),
                        settings=dumps(check_settings(ruleset.key, opts, given)), created_by=user_id)
        session.add(league)
        session.commit()
        return league


def create_season(session: Session, *, league_id: int, user_id: int, name: str, format: str,
                  signup_opens_at: datetime, signup_closes_at: datetime, starts_at: datetime,
                  round_days: int = 14, rounds: int = 0, playoff_top: int = 0) -> Season:
    with rollback_on_error(session):
        league = get_row(session, League, league_id, "league")
        require_organiser(session, league.club_id, user_id)
        name = (name or "").strip()
        if not 1 <= len(name) <= 100:
            raise BadRequest(_("A season needs a name of 1 to 100 characters."))
        opens, closes, starts = as_utc(signup_opens_at), as_utc(signup_closes_at), as_utc(starts_at)
        if not opens < closes <= starts:
            raise BadRequest(_("Sign-up opens before it closes, and closes by the start."))
        if not 1 <= int(round_days) <= 365 or not 0 <= int(rounds) <= 50 or not 0 <= int(playoff_top) <= 64:
            raise BadRequest(_("Days per round are 1 to 365, rounds 0 to 50, playoffs 0 to 64 players."))
        if format == SWISS and int(rounds) < 1:
            raise BadRequest(_("A Swiss season needs its number of rounds."))
        if int(playoff_top) == 1:
            raise BadRequest(_("Playoffs need at least two players."))
        season = Season(league_id=league.id, name=name, format=check_format(format),
                        signup_opens_at=opens, signup_closes_at=closes, starts_at=starts,
                        round_days=int(round_days), rounds=int(rounds),
                        playoff_top=int(playoff_top), created_by=user_id)
        session.add(season)
        session.commit()
        return season


def entries(session: Session, season_id: int, *, active: bool = True) -> list[SeasonEntry]:
    query = select(SeasonEntry).where(SeasonEntry.season_id == season_id)
    if active:
        query = query.where(SeasonEntry.withdrawn_at.is_(None))  # type: ignore[union-attr]
    return list(session.exec(query.order_by(SeasonEntry.joined_at, SeasonEntry.id)))  # type: ignore[arg-type]


def sign_up(session: Session, *, season_id: int, user_id: int, now: datetime | None = None) -> SeasonEntry:
    with rollback_on_error(session):
        season = get_row(session, Season, season_id, "season")
        league = league_of_season(session, season)
        require_member(session, league.club_id, user_id)
        now = now_or(now)
        if season.status != SIGNUP or not as_utc(season.signup_opens_at) <= now < as_utc(season.signup_closes_at):
            raise Conflict(_("Sign-up for this season is closed."))
        from pbem.services.leagues.results import barred

        if barred(session, league.id, user_id):
            raise Forbidden(_("You forfeited or conceded more league games than you have finished "
                              "since: finish those first (the league's abandonment policy)."))
        row = session.exec(select(SeasonEntry).where(SeasonEntry.season_id == season.id,
                                                     SeasonEntry.user_id == user_id)).first()
        if row is not None and row.withdrawn_at is None:
            raise Conflict(_("You are already signed up."))
        if row is None:
            row = SeasonEntry(season_id=season.id, user_id=user_id, joined_at=now)
        row.withdrawn_at = None
        session.add(row)
        session.commit()
        return row


def withdraw(session: Session, *, season_id: int, user_id: int, now: datetime | None = None) -> None:
    with rollback_on_error(session):
        season = get_row(session, Season, season_id, "season")
        if season.status != SIGNUP:
            raise Conflict(_("The season has started: ask the organisers to withdraw you."))
        row = session.exec(select(SeasonEntry).where(SeasonEntry.season_id == season.id,
                                                     SeasonEntry.user_id == user_id,
                                                     SeasonEntry.withdrawn_at.is_(None))).first()  # type: ignore[union-attr]
        if row is None:
            raise Conflict(_("You are not signed up."))
        session.delete(row)
        session.commit()


def start_season(session: Session, *, season_id: int, user_id: int, now: datetime | None = None) -> Season:
    """Close sign-up and pair: every round of a round robin, the first Swiss round, or (open
    challenges) nothing: members challenge each other."""
    season = get_row(session, Season, season_id, "season")
    league = league_of_season(session, season)
    require_organiser(session, league.club_id, user_id)
    if season.status != SIGNUP:
        raise Conflict(_("This season has already started."))
    players = [e.user_id for e in entries(session, season.id)]
    if len(players) < 2:
        raise Conflict(_("A season needs at least two players."))
    season.status = RUNNING
    session.add(season)
    session.commit()
    if season.format == ROUND_ROBIN:
        for number, pairs in enumerate(round_robin(players), 1):
            _pair_round(session, season, league, "regular", number, pairs, user_id, now)
    elif season.format == SWISS:
        _pair_round(session, season, league, "regular", 1,
                    swiss_round(players, {}, set(), set(), _seeds(session, league, players)), user_id, now)
    return season


def _seeds(session: Session, league: League, players: list[int]) -> dict[int, int]:
    """Seeding by rating in the league's ruleset and version (then sign-up order)."""
    from pbem.services.leagues.standings import current_ratings

    ratings = current_ratings(session, league)
    order = sorted(players, key=lambda p: (-ratings.get(p, 1500.0), players.index(p)))
    return {p: i for i, p in enumerate(order)}


def _due(season: Season, number: int, now: datetime | None) -> datetime:
    start = max(as_utc(season.starts_at), now_or(now))
    return start + timedelta(days=season.round_days * number)


def _pair_round(session: Session, season: Season, league: League, stage: str, number: int,
                pairs: list[tuple[int, int | None]], organiser_id: int, now: datetime | None) -> None:
    sides = sides_of(league.ruleset_key, loads(league.options))
    rules = settings(league)
    created: list[Pairing] = []
    for a, b in pairs:
        pairing = Pairing(season_id=season.id, stage=stage, round=number, player_a=a, player_b=b,
                          status=BYE if b is None else (BIDDING if rules["bids"] else PLAYING),
                          side_a=None if b is None or rules["bids"] else sides[0],
                          due_at=_due(season, number, now))
        session.add(pairing)
        session.commit()
        created.append(pairing)
        if b is not None:
            create_pairing_game(session, pairing, season, league, organiser_id, now)
    mail.pairings_email(session, season_id=int(season.id), stage=stage, round_=number,  # type: ignore[arg-type]
                        user_ids=[u for p in created for u in (p.player_a, p.player_b) if u is not None])
    session.commit()


def create_pairing_game(session: Session, pairing: Pairing, season: Season, league: League,
                        organiser_id: int, now: datetime | None) -> Game:
    """The pairing's game, created with the league's options; started unless bids come first."""
    rules = settings(league)
    a = get_user(session, pairing.player_a)
    b = get_user(session, int(pairing.player_b))  # type: ignore[arg-type]
    label = _("Playoff") if pairing.stage == "playoff" else _("Round")
    title = f"{league.name} · {season.name} · {label} {pairing.round}: {a.display_name} – {b.display_name}"
    game = game_service.create_game(session, organiser_id=organiser_id, ruleset_key=league.ruleset_key,
                                    title=title[:200], options=loads(league.options),
                                    visibility=PRIVATE, deadline_hours=rules["deadline_hours"])
    pairing.game_id = game.id
    session.add(pairing)
    session.add(GameNotifySettings(game_id=int(game.id), deadline_hours=rules["deadline_hours"],  # type: ignore[arg-type]
                                   deadline_zone=rules["deadline_zone"], policy=rules["policy"]))
    session.commit()
    if pairing.status == PLAYING:
        seat_and_start(session, pairing, league, game, organiser_id, now)
    return game


def seat_and_start(session: Session, pairing: Pairing, league: League, game: Game, organiser_id: int,
                   now: datetime | None, position: dict[str, Any] | None = None,
                   records: list[tuple[str, dict[str, Any], str | None]] | None = None) -> None:
    """Seat each player on their side, start the game (from ``position`` if given), log ``records``."""
    from pbem.services.leagues.gamelog import append_records

    for seat in seats_of(game):
        side = seat.get("side") or seat["id"]
        holder = pairing.player_a if side == pairing.side_a else pairing.player_b
        game_service.join_game(session, game_id=int(game.id), user_id=int(holder),  # type: ignore[arg-type]
                               seat=seat["id"], invite_token=game.invite_token)
    game_service.start_game(session, game_id=int(game.id), user_id=organiser_id, now=now,  # type: ignore[arg-type]
                            position=position)
    if records:
        append_records(session, game, records, organiser_id, now)
        session.commit()
    pairing.status = PLAYING
    session.add(pairing)
    session.commit()


def pairings(session: Session, season_id: int) -> list[Pairing]:
    return list(session.exec(select(Pairing).where(Pairing.season_id == season_id)
                             .order_by(Pairing.stage.desc(), Pairing.round, Pairing.id)))  # type: ignore[attr-defined]


def _round_results(session: Session, season: Season, stage: str) -> list[Pairing]:
    rows = [p for p in pairings(session, season.id) if p.stage == stage]  # type: ignore[arg-type]
    unfinished = [p for p in rows if p.status not in (DONE, BYE)]
    if unfinished:
        raise Conflict(_("Every game of the round must be over first (%(n)s still open)."), n=len(unfinished))
    return rows


def next_swiss_round(session: Session, *, season_id: int, user_id: int, now: datetime | None = None) -> int:
    """Pair the next Swiss round by score (no rematches; a bye to the lowest without one)."""
    from pbem.services.leagues.standings import season_scores

    season = get_row(session, Season, season_id, "season")
    league = league_of_season(session, season)
    require_organiser(session, league.club_id, user_id)
    if season.format != SWISS or season.status != RUNNING:
        raise Conflict(_("Only a running Swiss season is paired round by round."))
    rows = _round_results(session, season, "regular")
    number = max((p.round for p in rows), default=0) + 1
    if number > season.rounds:
        raise Conflict(_("Every round of this season has been played."))
    players = [e.user_id for e in entries(session, season.id)]
    played = {frozenset((p.player_a, p.player_b)) for p in rows if p.player_b is not None}
    byes = {p.player_a for p in rows if p.player_b is None}
    scores = season_scores(session, season)
    _pair_round(session, season, league, "regular", number,
                swiss_round(players, scores, played, byes, _seeds(session, league, players)), user_id, now)
    return number


def start_playoffs(session: Session, *, season_id: int, user_id: int, now: datetime | None = None) -> int:
    """The top N of the standings in single elimination (1 v N...); later rounds pair the winners."""
    from pbem.services.leagues.standings import season_standings

    season = get_row(session, Season, season_id, "season")
    league = league_of_season(session, season)
    require_organiser(session, league.club_id, user_id)
    if season.playoff_top < 2 or season.status not in (RUNNING, PLAYOFFS):
        raise Conflict(_("This season has no playoffs to pair."))
    if season.status == RUNNING:
        _round_results(session, season, "regular")
        seeds = [s.player for s in season_standings(session, season)][: season.playoff_top]
        number = 1
    else:
        rows = _round_results(session, season, "playoff")
        number = max(p.round for p in rows) + 1
        seeds = [w for p in sorted(rows, key=lambda r: r.id or 0) if p.round == number - 1
                 for w in [_winner(session, p)] if w is not None]
        if len(seeds) < 2:
            raise Conflict(_("The playoffs are over."))
    season.status = PLAYOFFS
    session.add(season)
    session.commit()
    _pair_round(session, season, league, "playoff", number, playoff_round(seeds), user_id, now)
    return number


def _winner(session: Session, pairing: Pairing) -> int | None:
    if pairing.player_b is None:
        return pairing.player_a
    row = session.exec(select(LeagueResult).where(LeagueResult.game_id == pairing.game_id)).first()
    if row is None or row.score_a == 0.5:
        return None
    return row.player_a if row.score_a == 1.0 else row.player_b


def challenge(session: Session, *, season_id: int, user_id: int, opponent_id: int,
              now: datetime | None = None) -> Pairing:
    """An open challenge between two players of a challenges season (the opponent accepts)."""
    with rollback_on_error(session):
        season = get_row(session, Season, season_id, "season")
        if season.format != CHALLENGES or season.status != RUNNING:
            raise Conflict(_("Challenges are for a running season of open challenges."))
        players = {e.user_id for e in entries(session, season.id)}
        if user_id not in players or opponent_id not in players or user_id == opponent_id:
            raise BadRequest(_("Both players must be in this season, and different."))
        number = len([p for p in pairings(session, season.id)]) + 1  # type: ignore[arg-type]
        pairing = Pairing(season_id=season.id, round=number, player_a=user_id, player_b=opponent_id,
                          status=CHALLENGED, due_at=_due(season, 1, now))
        session.add(pairing)
        session.commit()
        return pairing


def accept_challenge(session: Session, *, pairing_id: int, user_id: int, now: datetime | None = None) -> Pairing:
    pairing = get_row(session, Pairing, pairing_id, "pairing")
    if pairing.status != CHALLENGED or pairing.player_b != user_id:
        raise Forbidden(_("Only the challenged player may accept this challenge."))
    season = get_row(session, Season, pairing.season_id, "season")
    league = league_of_season(session, season)
    rules = settings(league)
    pairing.status = BIDDING if rules["bids"] else PLAYING
    pairing.side_a = None if rules["bids"] else sides_of(league.ruleset_key, loads(league.options))[0]
    session.add(pairing)
    session.commit()
    club = club_of_league(session, league)
    create_pairing_game(session, pairing, season, league, season.created_by or club.created_by, now)
    return pairing
