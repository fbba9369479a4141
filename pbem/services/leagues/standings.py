"""Season standings and the published results the ratings are computed from."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from sqlmodel import Session, select

from pbem.services.leagues import ratings
from pbem.services.leagues.common import settings
from pbem.store.models.accounts import User
from pbem.store.models.leagues import (
    BYE,
    SWISS,
    League,
    LeagueResult,
    Pairing,
    Season,
    SeasonEntry,
)


def _iso(value: Any) -> str:
    moment = value if value.tzinfo else value.replace(tzinfo=UTC)
    return str(moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))


def result_rows(session: Session, *, club_id: int | None = None, season_id: int | None = None
                ) -> list[dict[str, Any]]:
    """The published results (the CSV columns of :data:`ratings.CSV_COLUMNS`) in game-end order."""
    from pbem.store.models.leagues import League as L

    query = select(LeagueResult, Season, L).where(LeagueResult.season_id == Season.id,
                                                  Season.league_id == L.id)
    if club_id is not None:
        query = query.where(L.club_id == club_id)
    if season_id is not None:
        query = query.where(LeagueResult.season_id == season_id)
    rows = session.exec(query).all()
    names = {u.id: u.display_name for u in session.exec(select(User))}
    out = []
    for result, season, league in rows:
        out.append({
            "game_id": result.game_id, "ended_at": _iso(result.ended_at),
            "ruleset": result.ruleset_key, "version": result.ruleset_version,
            "player_a": result.player_a, "player_a_name": names.get(result.player_a, ""),
            "player_b": result.player_b, "player_b_name": names.get(result.player_b, ""),
            "score_a": _score(result.score_a), "kind": result.kind, "season_id": season.id,
            "k": settings(league)["k"], "league": league.name, "reason": result.reason,
        })
    return sorted(out, key=lambda r: (r["ended_at"], r["game_id"]))


def _score(value: float) -> str:
    return {1.0: "1", 0.5: "0.5", 0.0: "0"}.get(float(value), str(value))


def current_ratings(session: Session, league: League) -> dict[int, float]:
    """Players' ratings in the league's ruleset and rules version (over its club's results)."""
    tables = ratings.compute(result_rows(session, club_id=league.club_id))
    table = tables.get((league.ruleset_key, league.ruleset_version), {})
    return {p: r.rating for p, r in table.items()}


def _results(session: Session, season: Season) -> list[tuple[int, int | None, float]]:
    out: list[tuple[int, int | None, float]] = []
    rows = session.exec(select(LeagueResult).where(LeagueResult.season_id == season.id,
                                                   LeagueResult.game_id.in_(  # type: ignore[attr-defined]
                                                       select(Pairing.game_id).where(
                                                           Pairing.season_id == season.id,
                                                           Pairing.stage == "regular")))).all()
    out.extend((r.player_a, r.player_b, float(r.score_a)) for r in rows)
    byes = session.exec(select(Pairing).where(Pairing.season_id == season.id, Pairing.status == BYE,
                                              Pairing.stage == "regular")).all()
    out.extend((p.player_a, None, 1.0) for p in byes)
    return out


def tiebreak_of(season: Season, league: League) -> str:
    chosen = settings(league)["tiebreak"]
    return str(chosen or ("buchholz" if season.format == SWISS else "sonneborn_berger"))


def season_standings(session: Session, season: Season) -> list[ratings.Standing]:
    league = session.get(League, season.league_id)
    assert league is not None
    players = [e.user_id for e in session.exec(select(SeasonEntry).where(
        SeasonEntry.season_id == season.id))]
    return ratings.standings(players, _results(session, season), tiebreak_of(season, league))


def season_scores(session: Session, season: Season) -> dict[int, float]:
    return {s.player: s.points for s in season_standings(session, season)}
