"""Elo ratings and standings from published results, pure (docs/leagues.md).

A result row is a dict with ``game_id``, ``ended_at`` (ISO 8601 UTC), ``ruleset``,
``version``, ``player_a``, ``player_b`` (ids), ``score_a`` (1, 0.5 or 0). Ratings are
kept per player per (ruleset, rules version), start at :data:`START` and change after
each game, in game-end order (``ended_at``, then ``game_id``) so that anyone who has
the exported results gets the same numbers:

    expected_a = 1 / (1 + 10 ** ((rating_b - rating_a) / 400))
    rating_a  += K * (score_a - expected_a)        (and the opposite for b)

rounded to two decimals after each game. ``K`` is :data:`K_FACTOR` unless a row says
otherwise (a league may set its own ``k``). The per-year table starts every player
at :data:`START` on 1 January and counts only that year's games.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

START = 1500.0
K_FACTOR = 32.0
#: The exported results' columns, in order (the CSV the ``pbem ratings`` command reads).
CSV_COLUMNS = ("game_id", "ended_at", "ruleset", "version", "player_a", "player_a_name",
               "player_b", "player_b_name", "score_a", "kind", "season_id", "k")


@dataclass
class Rating:
    player: int
    name: str
    rating: float = START
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: (ended_at, rating after the game), for the chart.
    history: list[tuple[str, float]] = field(default_factory=list)


def expected(rating_a: float, rating_b: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((rating_b - rating_a) / 400.0))


def _order(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows, key=lambda r: (str(r["ended_at"]), int(r["game_id"])))


def compute(rows: Iterable[dict[str, Any]], *, year: int | None = None
            ) -> dict[tuple[str, str], dict[int, Rating]]:
    """Ratings per (ruleset, version) per player, from ``rows`` (any order)."""
    tables: dict[tuple[str, str], dict[int, Rating]] = {}
    for row in _order(rows):
        if year is not None and not str(row["ended_at"]).startswith(f"{year:04d}-"):
            continue
        table = tables.setdefault((str(row["ruleset"]), str(row["version"])), {})
        a, b = int(row["player_a"]), int(row["player_b"])
        ra = table.setdefault(a, Rating(a, str(row.get("player_a_name") or a)))
        rb = table.setdefault(b, Rating(b, str(row.get("player_b_name") or b)))
        score = float(row["score_a"])
        k = float(row.get("k") or K_FACTOR)
        delta = k * (score - expected(ra.rating, rb.rating))
        ra.rating, rb.rating = round(ra.rating + delta, 2), round(rb.rating - delta, 2)
        for rating, points in ((ra, score), (rb, 1.0 - score)):
            rating.games += 1
            rating.wins += points == 1.0
            rating.draws += points == 0.5
            rating.losses += points == 0.0
            rating.history.append((str(row["ended_at"]), rating.rating))
    return tables


def ranked(table: dict[int, Rating]) -> list[Rating]:
    return sorted(table.values(), key=lambda r: (-r.rating, r.name, r.player))


def read_csv(text: str) -> list[dict[str, Any]]:
    return list(csv.DictReader(io.StringIO(text)))


def write_csv(rows: Sequence[dict[str, Any]], columns: Sequence[str] = CSV_COLUMNS) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return out.getvalue()


def ratings_text(tables: dict[tuple[str, str], dict[int, Rating]]) -> str:
    """The tables as the command prints them: one block per (ruleset, version)."""
    lines: list[str] = []
    for (ruleset, version), table in sorted(tables.items()):
        lines.append(f"{ruleset} {version}")
        for place, r in enumerate(ranked(table), 1):
            lines.append(f"{place:>3}  {r.rating:8.2f}  {r.games:>4}  {r.player}  {r.name}")
    return "\n".join(lines) + ("\n" if lines else "")


# -- standings -------------------------------------------------------------------------------
@dataclass
class Standing:
    player: int
    points: float = 0.0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    tiebreak: float = 0.0
    opponents: list[tuple[int, float]] = field(default_factory=list)


def standings(players: Iterable[int], results: Iterable[tuple[int, int | None, float]],
              tiebreak: str) -> list[Standing]:
    """Season standings: 1 point a win (and a bye), 1/2 a draw. ``results``: (a, b, score_a),
    ``b`` None for a bye. Ties are broken by ``tiebreak`` -- ``buchholz`` (the sum of the
    opponents' points) or ``sonneborn_berger`` (the points of the opponents beaten plus
    half those drawn) -- then by wins, then by player id."""
    table = {p: Standing(p) for p in players}
    for a, b, score in results:
        sa = table.setdefault(a, Standing(a))
        if b is None:
            sa.points += 1.0
            sa.wins += 1
            continue
        sb = table.setdefault(b, Standing(b))
        for s, opp, pts in ((sa, b, score), (sb, a, 1.0 - score)):
            s.points += pts
            s.played += 1
            s.wins += pts == 1.0
            s.draws += pts == 0.5
            s.losses += pts == 0.0
            s.opponents.append((opp, pts))
    for s in table.values():
        if tiebreak == "buchholz":
            s.tiebreak = sum(table[o].points for o, _ in s.opponents)
        else:
            s.tiebreak = sum(table[o].points * pts for o, pts in s.opponents)
    return sorted(table.values(), key=lambda s: (-s.points, -s.tiebreak, -s.wins, s.player))
