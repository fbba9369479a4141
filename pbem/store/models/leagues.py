"""Tables of clubs and leagues (docs/leagues.md).

A club has organisers and members (``club_member``) who join through an invitation
(``club_invite``: a link, optionally addressed to one email). A league belongs to a club
and a ruleset (key and rules version recorded); a season of a league has entries
(``season_entry``) and pairings (``league_pairing``), each pairing one game. The sealed
bids live on the pairing until both are in. ``league_result`` is the denormalised copy of
each game's logged ``game.result`` record (the log is the authority; the row makes the
standings and ratings queries cheap). ``league_leave`` counts the vacation days a player
spent in a league per year. JSON columns are TEXT written with ``canonical_json``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from pbem.store.models.games import utcnow

#: ClubMember.role values.
ORGANISER, MEMBER = "organiser", "member"
#: Season.format values.
ROUND_ROBIN, SWISS, CHALLENGES = "round_robin", "swiss", "challenges"
FORMATS = (ROUND_ROBIN, SWISS, CHALLENGES)
#: Season.status values.
SIGNUP, RUNNING, PLAYOFFS, CLOSED = "signup", "running", "playoffs", "closed"
#: Pairing.status values.
CHALLENGED, BIDDING, PLACING, PLAYING, DONE, BYE = (
    "challenged", "bidding", "placing", "playing", "done", "bye")
#: LeagueResult.kind values.
WIN, DRAW, CONCESSION, FORFEIT, ADJUDICATION = "win", "draw", "concession", "forfeit", "adjudication"
RESULT_KINDS = (WIN, DRAW, CONCESSION, FORFEIT, ADJUDICATION)


class Club(SQLModel, table=True):
    __tablename__ = "club"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    description: str = Field(default="", sa_column=Column(Text, nullable=False))
    created_by: int = Field(foreign_key="user.id")
    #: JSON object: club-wide defaults for new leagues (dice, deadline_hours, policy, victory).
    defaults: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


class ClubMember(SQLModel, table=True):
    __tablename__ = "club_member"
    __table_args__ = (UniqueConstraint("club_id", "user_id", name="uq_club_member_club_user"),)

    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id", index=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    role: str = Field(default=MEMBER, max_length=10)
    joined_at: datetime = Field(default_factory=utcnow)


class ClubInvite(SQLModel, table=True):
    __tablename__ = "club_invite"

    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id", index=True)
    #: Only the SHA-256 of the invitation token is kept.
    token_hash: str = Field(max_length=64, unique=True)
    #: Addressed invitations carry the address (lower-cased); link invitations none.
    email: str | None = Field(default=None, max_length=254)
    created_by: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    accepted_by: int | None = Field(default=None, foreign_key="user.id")
    accepted_at: datetime | None = Field(default=None)
    revoked_at: datetime | None = Field(default=None)


class League(SQLModel, table=True):
    __tablename__ = "league"

    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id", index=True)
    name: str = Field(max_length=100)
    ruleset_key: str = Field(max_length=40)
    ruleset_version: str = Field(max_length=40)
    #: JSON: the ruleset's game options every game of the league is created with.
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    #: JSON: deadlines, weekends, vacation days, forfeit and bid rules, Elo K (docs/leagues.md).
    settings: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    created_by: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utcnow)


class Season(SQLModel, table=True):
    __tablename__ = "season"

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    name: str = Field(max_length=100)
    format: str = Field(default=ROUND_ROBIN, max_length=12)
    status: str = Field(default=SIGNUP, max_length=10)
    signup_opens_at: datetime
    signup_closes_at: datetime
    starts_at: datetime
    #: Days each round is scheduled to last (the schedule the pairing mails show).
    round_days: int = Field(default=14)
    #: Swiss: the number of rounds (round robin: every player meets every other once).
    rounds: int = Field(default=0)
    #: Playoffs for the top N of the standings (0: none).
    playoff_top: int = Field(default=0)
    created_by: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utcnow)


class SeasonEntry(SQLModel, table=True):
    __tablename__ = "season_entry"
    __table_args__ = (UniqueConstraint("season_id", "user_id", name="uq_season_entry_user"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    joined_at: datetime = Field(default_factory=utcnow)
    #: Set when the player was withdrawn (the abandonment policy, or by the organisers).
    withdrawn_at: datetime | None = Field(default=None)


class Pairing(SQLModel, table=True):
    __tablename__ = "league_pairing"

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    #: "regular" or "playoff".
    stage: str = Field(default="regular", max_length=10)
    round: int
    player_a: int = Field(foreign_key="user.id", index=True)
    #: NULL for a bye.
    player_b: int | None = Field(default=None, foreign_key="user.id", index=True)
    status: str = Field(max_length=10)
    game_id: int | None = Field(default=None, foreign_key="game.id", index=True)
    #: The side each player takes once known (by schedule, or by the bids).
    side_a: str | None = Field(default=None, max_length=40)
    #: Sealed bids (IPCs): nobody but their author sees one until both are in.
    bid_a: int | None = Field(default=None)
    bid_b: int | None = Field(default=None)
    #: JSON of the winning bid once resolved: {"user", "side", "ipcs", "placement"}.
    bid_result: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    #: A pending draw offer: the user who offered it.
    draw_offered_by: int | None = Field(default=None)
    due_at: datetime | None = Field(default=None)
    created_at: datetime = Field(default_factory=utcnow)


class LeagueResult(SQLModel, table=True):
    __tablename__ = "league_result"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", unique=True)
    season_id: int | None = Field(default=None, foreign_key="season.id", index=True)
    ruleset_key: str = Field(max_length=40)
    ruleset_version: str = Field(max_length=40)
    player_a: int = Field(foreign_key="user.id", index=True)
    player_b: int = Field(foreign_key="user.id", index=True)
    #: Points of player_a: 1, 0.5 or 0 (player_b has 1 - score_a).
    score_a: float
    kind: str = Field(max_length=14)
    reason: str = Field(default="", sa_column=Column(Text, nullable=False))
    #: When the game ended (the seq of its first game.result record): the ratings order.
    ended_at: datetime
    seq: int


class LeagueLeave(SQLModel, table=True):
    __tablename__ = "league_leave"
    __table_args__ = (UniqueConstraint("league_id", "user_id", "year", name="uq_league_leave"),)

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    user_id: int = Field(foreign_key="user.id")
    year: int
    days_used: int = Field(default=0)
