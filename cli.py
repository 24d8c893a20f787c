"""Commands for whoever runs the app: a live backup, and every stored row out to JSON and back
(the work itself is games/backup.py's)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext

from extensions import db
from games import backup


def register(app: Flask) -> None:
    """Add the commands to `flask`."""
    app.cli.add_command(sqlite_backup)
    app.cli.add_command(export_games)
    app.cli.add_command(import_games)


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
def sqlite_backup(path: Path) -> None:
    """Write a consistent copy of the SQLite database to PATH, even while the app is serving.

    SQLite's online backup API copies pages under its own locks; copying the file could
    catch a write half done.
    """
    if db.engine.dialect.name != "sqlite":
        raise click.ClickException("backup is for SQLite; on PostgreSQL use pg_dump")
    if path.exists():
        raise click.ClickException(f"{path} exists already: choose a new file")
    raw = db.engine.raw_connection()
    try:
        with sqlite3.connect(path) as target:
            # SQLite's own online backup: a consistent copy while the app keeps writing.
            raw.driver_connection.backup(target)  # type: ignore[union-attr]
        target.close()
    finally:
        raw.close()
    click.echo(f"backed up to {path}")


@click.command("export-games")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
def export_games(path: Path) -> None:
    """Write every row of every table to one JSON file, the file's format version with it."""
    try:
        document = backup.dump()
    except backup.BackupRefused as error:
        raise click.ClickException(f"nothing was exported: {error}") from error
    try:
        path.write_text(backup.to_json(document), encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"{path} cannot be written: {error.strerror}") from error
    rows = backup.counted(backup.row_counts(document))
    click.echo(f"exported {rows} to {path} (format version {backup.VERSION})")


@click.command("import-games")
@with_appcontext
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_games(path: Path) -> None:
    """Load a file written by export-games into an empty database, all of it or nothing."""
    try:
        counts = backup.restore(path.read_bytes())
    except backup.BackupRefused as error:
        raise click.ClickException(f"{path}: {error}; nothing was imported") from error
    click.echo(f"imported {backup.counted(counts)} from {path}")
