"""The ``flask --app pbem pbem ...`` command group: init-db, verify, clear-evidence, export,
import.

Administrative commands for the server's operator (English only, like the logs).
The scheduler's commands are added to the same group by the app factory (``pbem.clock_cli``).
"""

from __future__ import annotations

import json
import sys

import click
from flask import current_app
from flask.cli import AppGroup
from sqlmodel import Session, select

pbem_cli = AppGroup("pbem", help="pbem administration: verify, export, import, worker.")


def _session() -> Session:
    from pbem.web.db import get_engine

    return Session(get_engine(current_app), expire_on_commit=False)


@pbem_cli.command("init-db")
def init_db_command() -> None:
    """Create or upgrade the database schema (alembic upgrade head)."""
    from pbem.store.db import create_schema
    from pbem.web.db import get_engine

    create_schema(get_engine(current_app))
    click.echo("Database schema is up to date.")


@pbem_cli.command("verify")
@click.argument("game_id", type=int)
def verify_command(game_id: int) -> None:
    """Check GAME_ID: hash chain, replay from scratch, game columns, snapshots."""
    from pbem.services.errors import ServiceError
    from pbem.services.verify import verify_game

    with _session() as session:
        try:
            report = verify_game(session, game_id)
        except ServiceError as err:
            raise click.ClickException(err.message) from None
    if report.ok:
        click.echo(f"OK ({report.checked_events} events)")
        return
    for problem in report.problems:
        click.echo(problem)
    sys.exit(1)


@pbem_cli.command("clear-evidence")
@click.argument("game_id", type=int)
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def clear_evidence_command(game_id: int, yes: bool) -> None:
    """Delete the snapshots GAME_ID's verify kept as evidence (after you have examined them)."""
    from pbem.services.verify import clear_evidence, evidence_lines

    with _session() as session:
        lines = evidence_lines(session, game_id)
        if not lines:
            click.echo(f"Game {game_id} has no snapshot kept as evidence.")
            return
        for line in lines:
            click.echo(line)
        if not yes:
            click.confirm("Delete this evidence for good?", abort=True)
        rows = clear_evidence(session, game_id)
    click.echo(f"Cleared {len(rows)} snapshot(s) kept as evidence of game {game_id}.")


@pbem_cli.command("readjudicate")
@click.argument("game_id", type=int)
def readjudicate_command(game_id: int) -> None:
    """Re-run GAME_ID's orders under the rules installed now, with its logged dice; report the first divergence."""
    from pbem.services.errors import ServiceError
    from pbem.services.readjudicate import readjudicate_game

    with _session() as session:
        try:
            report = readjudicate_game(session, game_id)
        except ServiceError as err:
            raise click.ClickException(err.message) from None
    click.echo(report.summary())
    sys.exit(1 if report.diverged else 0)


@pbem_cli.command("export")
@click.argument("game_id", type=int)
@click.argument("file", type=click.Path(dir_okay=False, writable=True, allow_dash=True))
def export_command(game_id: int, file: str) -> None:
    """Write GAME_ID with every event, time and hash to FILE (JSON; '-' for stdout)."""
    from pbem.services.errors import ServiceError
    from pbem.services.export import export_game

    with _session() as session:
        try:
            data = export_game(session, game_id)
        except ServiceError as err:
            raise click.ClickException(err.message) from None
    with click.open_file(file, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    if data.get("warning"):
        click.echo(f"Warning: game {game_id}: {data['warning']}.", err=True)
    if file != "-":
        click.echo(f"Exported game {game_id} ({len(data['events'])} events) to {file}.")


@pbem_cli.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--organiser", "organiser_email", required=True,
              help="E-mail of the user who will organise the imported game.")
def import_command(file: str, organiser_email: str) -> None:
    """Verify an exported FILE and store it as a new game (paused, or finished)."""
    from pbem.services.errors import ServiceError
    from pbem.services.export import import_game
    from pbem.store.models.accounts import User, normalize_email

    try:
        with open(file, encoding="utf-8") as fh:
            data = json.load(fh)
    except ValueError as exc:
        raise click.ClickException(f"{file} is not JSON: {exc}") from None
    with _session() as session:
        user = session.exec(select(User).where(User.email == normalize_email(organiser_email))
                            .order_by(User.email_confirmed.desc(), User.id)  # type: ignore[attr-defined]
                            ).first()
        if user is None:
            raise click.ClickException(f"There is no user with the e-mail {organiser_email}.")
        try:
            game = import_game(session, data, organiser_id=user.id)
        except ServiceError as err:
            raise click.ClickException(err.message) from None
        click.echo(f"Imported as game {game.id} ({game.status}, {game.last_seq} events).")
