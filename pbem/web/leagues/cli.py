"""``flask --app pbem pbem ratings FILE.csv``: the Elo ratings from exported results.

Reads the CSV the results export writes (``/clubs/<id>/results.csv``) and prints, per
ruleset and rules version, each player's rating computed in game-end order
(pbem/services/leagues/ratings.py). ``--year YYYY`` gives that year's table.
"""

from __future__ import annotations

from pathlib import Path

import click

from pbem.services.leagues import ratings
from pbem.web.cli import pbem_cli


@pbem_cli.command("ratings")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--year", type=int, default=None, help="Only the games that ended in this year.")
def ratings_command(path: Path, year: int | None) -> None:
    """Recompute the Elo ratings from an exported results CSV."""
    rows = ratings.read_csv(path.read_text(encoding="utf-8"))
    click.echo(ratings.ratings_text(ratings.compute(rows, year=year)), nl=False)
