"""Sealed bids for a league pairing (docs/leagues.md).

Each player bids, sealed, the IPCs they would give the opponent to play the league's
``bid_side``. Nobody but its author sees a bid until both are in (:func:`bid_view` is the
one read path). The higher bid plays ``bid_side``; a tie goes by the league's ``bid_tie``
(``schedule``: the first-listed player; ``lower_rating``: the lower-rated player;
``rebid``: both bid again). The other player receives the bid and places it under the
league's bid rules, validated by the game's rules (``Ruleset.place_bid``);
the game then starts from the adjusted position and logs a ``game.bid`` record.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session

from pbem.services.common import rollback_on_error, ruleset_of
from pbem.services.errors import BadRequest, Conflict, Forbidden, _
from pbem.services.leagues.common import (
    club_of_league,
    dumps,
    get_row,
    league_of_season,
    loads,
    settings,
    sides_of,
)
from pbem.services.leagues.seasons import seat_and_start
from pbem.store.models.games import Game
from pbem.store.models.leagues import BIDDING, PLACING, League, Pairing, Season

MAX_BID = 999


def _load(session: Session, pairing_id: int, user_id: int) -> tuple[Pairing, Season, League]:
    pairing = get_row(session, Pairing, pairing_id, "pairing")
    if user_id not in (pairing.player_a, pairing.player_b):
        raise Forbidden(_("Only the pairing's players may bid."))
    season = get_row(session, Season, pairing.season_id, "season")
    return pairing, season, league_of_season(session, season)


def bid_view(pairing: Pairing, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may know of the bids: their own, whether the other is in, and both
    only once both are in."""
    both = pairing.bid_a is not None and pairing.bid_b is not None
    mine = pairing.bid_a if viewer == pairing.player_a else pairing.bid_b if viewer == pairing.player_b else None
    other_in = (pairing.bid_b if viewer == pairing.player_a else pairing.bid_a) is not None
    result = loads(pairing.bid_result) if pairing.bid_result else None
    return {"mine": mine, "other_in": other_in, "both": both, "result": result,
            "open": pairing.status == BIDDING}


def place_bid(session: Session, *, pairing_id: int, user_id: int, ipcs: Any,
              now: datetime | None = None) -> dict[str, Any]:
    with rollback_on_error(session):
        pairing, season, league = _load(session, pairing_id, user_id)
        if pairing.status != BIDDING:
            raise Conflict(_("Bidding for this pairing is closed."))
        try:
            amount = int(ipcs)
        except (TypeError, ValueError):
            raise BadRequest(_("A bid is a whole number of IPCs, 0 to %(max)s."), max=MAX_BID) from None
        if not 0 <= amount <= MAX_BID:
            raise BadRequest(_("A bid is a whole number of IPCs, 0 to %(max)s."), max=MAX_BID)
        if user_id == pairing.player_a:
            pairing.bid_a = amount
        else:
            pairing.bid_b = amount
        session.add(pairing)
        session.commit()
    if pairing.bid_a is not None and pairing.bid_b is not None:
        _resolve(session, pairing, season, league, now)
    return bid_view(pairing, user_id)


def _resolve(session: Session, pairing: Pairing, season: Season, league: League, now: datetime | None) -> None:
    rules = settings(league)
    a, b = pairing.player_a, int(pairing.player_b)  # type: ignore[arg-type]
    bid_a, bid_b = int(pairing.bid_a or 0), int(pairing.bid_b or 0)
    if bid_a != bid_b:
        winner = a if bid_a > bid_b else b
    elif rules["bid_tie"] == "rebid":
        pairing.bid_a = pairing.bid_b = None
        session.add(pairing)
        session.commit()
        return
    elif rules["bid_tie"] == "lower_rating":
        from pbem.services.leagues.standings import current_ratings

        ratings = current_ratings(session, league)
        winner = b if ratings.get(b, 1500.0) < ratings.get(a, 1500.0) else a
    else:
        winner = a
    side = rules["bid_side"]
    other = next(s for s in sides_of(league.ruleset_key, loads(league.options)) if s != side)
    amount = max(bid_a, bid_b)
    placer = b if winner == a else a
    pairing.side_a = side if winner == a else other
    pairing.bid_result = dumps({"winner": winner, "side": side, "ipcs": amount, "placer": placer,
                                "placer_side": other, "bids": {str(a): bid_a, str(b): bid_b}})
    pairing.status = PLACING
    session.add(pairing)
    session.commit()
    if amount == 0:
        _start(session, pairing, season, league, {"units": [], "keep": {}}, None, now)


def place_units(session: Session, *, pairing_id: int, user_id: int, placement: Any,
                now: datetime | None = None) -> Game:
    """The receiving player places the bid; the family's rules validate it (IllegalOrder)."""
    pairing, season, league = _load(session, pairing_id, user_id)
    if pairing.status != PLACING:
        raise Conflict(_("There is no bid to place in this pairing now."))
    result = loads(pairing.bid_result)
    if user_id != result["placer"]:
        raise Forbidden(_("Only the player who receives the bid places it."))
    ruleset = ruleset_of(league.ruleset_key)
    if not ruleset.has_bids:
        raise BadRequest(_("This game has no bids."))
    position = ruleset.place_bid(loads(league.options), side=result["placer_side"], ipcs=int(result["ipcs"]),
                                 placement=placement, rules=settings(league)["bid_rules"])
    return _start(session, pairing, season, league, placement, position, now)


def _start(session: Session, pairing: Pairing, season: Season, league: League, placement: Any,
           position: dict[str, Any] | None, now: datetime | None) -> Game:
    game = get_row(session, Game, pairing.game_id, "game")
    result = loads(pairing.bid_result)
    record = {**result, "placement": placement}
    organiser = season.created_by or club_of_league(session, league).created_by
    seat_and_start(session, pairing, league, game, organiser, now, position=position,
                   records=[("game.bid", record, None)])
    return game  # type: ignore[no-any-return]
