"""Shared helpers of the league use cases: loading rows, roles, the league's settings."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, select

from pbem.engine.events import canonical_json
from pbem.services.common import ruleset_of
from pbem.services.errors import BadRequest, Forbidden, NotFound, _
from pbem.store.models.games import Game
from pbem.store.models.leagues import (
    FORMATS,
    ORGANISER,
    Club,
    ClubMember,
    League,
    Pairing,
    Season,
)
from pbem.store.models.outbox import POLICIES

#: A league's settings and their defaults (docs/leagues.md).
DEFAULT_SETTINGS: dict[str, Any] = {
    "deadline_hours": 72,        # hours per decision
    "deadline_zone": "UTC",      # the zone whose Saturday and Sunday are skipped
    "skip_weekends": False,      # weekend hours are not counted
    "vacation_days": 21,         # yearly allowance, spent only when a deadline would pass
    "policy": "wait",            # the games' deadline policy after that (wait/extend/act)
    "forfeit_after_misses": 0,   # the Nth missed deadline (no leave left) loses the game; 0: never
    "abandon_limit": 3,          # losses by concession/forfeit in 7 days that withdraw a player
    "k": 32,                     # Elo K
    "tiebreak": "",              # "" = by format (Swiss: buchholz; others: sonneborn_berger)
    "bids": False,               # settle sides by sealed bids (families with a bids module)
    "bid_side": "",              # the side bid for; the other side receives and places the bid
    "bid_tie": "schedule",       # schedule | lower_rating | rebid
    "bid_rules": {},             # the family's placement rules (e.g. max_per_territory)
}
BID_TIES = ("schedule", "lower_rating", "rebid")
TIEBREAKS = ("", "buchholz", "sonneborn_berger")
#: Rulesets whose family places bids, and where (module with ``place(ruleset, ...)``).


def loads(text: str | None) -> Any:
    return json.loads(text or "{}")


def get_row(session: Session, model: Any, key: Any, what: str) -> Any:
    try:
        row = session.get(model, int(key))
    except (TypeError, ValueError):
        row = None
    if row is None:
        raise NotFound(_("There is no %(what)s %(key)s."), what=what, key=key)
    return row


def role(session: Session, club_id: int, user_id: int | None) -> str | None:
    if user_id is None:
        return None
    row = session.exec(select(ClubMember).where(ClubMember.club_id == club_id,
                                                ClubMember.user_id == user_id)).first()
    return row.role if row else None


def require_member(session: Session, club_id: int, user_id: int | None) -> str:
    """The user's role in the club; a stranger gets NotFound (a club's existence is private)."""
    found = role(session, club_id, user_id)
    if found is None:
        raise NotFound(_("There is no club %(key)s."), what="club", key=club_id)
    return found


def require_organiser(session: Session, club_id: int, user_id: int | None) -> None:
    if require_member(session, club_id, user_id) != ORGANISER:
        raise Forbidden(_("Only the club's organisers may do that."))


def league_of_season(session: Session, season: Season) -> League:
    return get_row(session, League, season.league_id, "league")  # type: ignore[no-any-return]


def club_of_league(session: Session, league: League) -> Club:
    return get_row(session, Club, league.club_id, "club")  # type: ignore[no-any-return]


def settings(league: League) -> dict[str, Any]:
    return {**DEFAULT_SETTINGS, **loads(league.settings)}


def pairing_of_game(session: Session, game_id: int) -> Pairing | None:
    return session.exec(select(Pairing).where(Pairing.game_id == game_id)).first()


def league_of_game(session: Session, game_id: int) -> tuple[Pairing, Season, League] | None:
    pairing = pairing_of_game(session, game_id)
    if pairing is None:
        return None
    season = get_row(session, Season, pairing.season_id, "season")
    return pairing, season, league_of_season(session, season)


def sides_of(ruleset_key: str, options: dict[str, Any]) -> list[str]:
    """The two sides of a two-player game (seat sides in turn order)."""
    seats = ruleset_of(ruleset_key).seats(options)
    return list(dict.fromkeys(str(s.get("side") or s["id"]) for s in seats))


def _int(value: Any, low: int, high: int, message: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise BadRequest(message) from None
    if not low <= number <= high:
        raise BadRequest(message)
    return number


def check_settings(ruleset_key: str, options: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """A league's settings filled with the defaults and checked (BadRequest)."""
    from pbem.notify.deadline_time import zone

    out = {**DEFAULT_SETTINGS, **{k: v for k, v in given.items() if k in DEFAULT_SETTINGS}}
    out["deadline_hours"] = _int(out["deadline_hours"], 1, 24 * 30,
                                 _("The deadline must be between 1 and 720 hours."))
    out["vacation_days"] = _int(out["vacation_days"], 0, 366,
                                _("Vacation days are a number from 0 to 366."))
    out["forfeit_after_misses"] = _int(out["forfeit_after_misses"], 0, 50,
                                       _("Missed deadlines before a forfeit: 0 to 50."))
    out["abandon_limit"] = _int(out["abandon_limit"], 0, 100, _("The abandonment limit is 0 to 100."))
    out["k"] = _int(out["k"], 1, 100, _("The Elo K factor is 1 to 100."))
    try:
        zone(str(out["deadline_zone"]))
    except ValueError:
        raise BadRequest(_("Unknown time zone %(zone)s."), zone=out["deadline_zone"]) from None
    if out["policy"] not in POLICIES:
        raise BadRequest(_("The deadline policy is wait, extend or act."))
    if out["tiebreak"] not in TIEBREAKS or out["bid_tie"] not in BID_TIES:
        raise BadRequest(_("Unknown tiebreak or bid-tie rule."))
    out["skip_weekends"], out["bids"] = bool(out["skip_weekends"]), bool(out["bids"])
    sides = sides_of(ruleset_key, options)
    if len(sides) != 2:
        raise BadRequest(_("League games are for two players: this game has %(n)s sides."), n=len(sides))
    if out["bids"]:
        if not ruleset_of(ruleset_key).has_bids:
            raise BadRequest(_("This game has no bids."))
        if out["bid_side"] not in sides:
            raise BadRequest(_("Choose the side the players bid for."))
    return out


def check_format(value: str) -> str:
    if value not in FORMATS:
        raise BadRequest(_("The format is round robin, Swiss or open challenges."))
    return value


def game_row(session: Session, game_id: int | None) -> Game | None:
    return session.get(Game, game_id) if game_id is not None else None


def dumps(value: Any) -> str:
    return canonical_json(value)
