"""Commands for whoever runs the app: a live backup, and every game out to JSON and back."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

import scoring
from extensions import db
from models import HAND_INPUTS, GameRecord, HandRecord

EXPORT_FORMAT = "spades-score-games"
EXPORT_VERSION = 1
GAME_FIELDS = (
    "edit_token",
    "view_token",
    "device",
    "team_0",
    "team_1",
    "player_0",
    "player_1",
    "player_2",
    "player_3",
    "first_dealer",
    "preset",
    "rules",
    "version",
)
HAND_FIELDS = ("number", *HAND_INPUTS)


def register(app: Flask) -> None:
    """Add the commands to `flask`."""
    app.cli.add_command(backup)
    app.cli.add_command(export_games)
    app.cli.add_command(import_games)


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
def backup(path: Path) -> None:
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
    """Write every game and the inputs of its hands to one JSON file."""
    games = db.session.scalars(
        select(GameRecord).order_by(GameRecord.id).options(selectinload(GameRecord.hands))
    ).all()
    index = {game.id: n for n, game in enumerate(games)}
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "games": [game_record(game, index) for game in games],
    }
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    click.echo(f"exported {len(games)} games to {path}")


def game_record(game: GameRecord, index: dict[int, int]) -> dict:
    """One game's stored inputs as plain JSON values (a rematch by its place in the file)."""
    record = {field: getattr(game, field) for field in GAME_FIELDS}
    record["created_at"] = game.created_at.isoformat()
    record["rematch_of"] = None if game.rematch_of is None else index.get(game.rematch_of)
    record["hands"] = [{field: getattr(h, field) for field in HAND_FIELDS} for h in game.hands]
    return record


@click.command("import-games")
@with_appcontext
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_games(path: Path) -> None:
    """Load a file written by export-games into an empty database, all of it or nothing."""
    if db.session.scalar(select(func.count()).select_from(GameRecord)):
        raise click.ClickException("the database already holds games: import into an empty one")
    document = json.loads(path.read_text(encoding="utf-8"))
    if document.get("format") != EXPORT_FORMAT or document.get("version") != EXPORT_VERSION:
        raise click.ClickException(f"{path} is not a file written by export-games")
    games = []
    for n, record in enumerate(document["games"], start=1):
        try:
            games.append(game_from(record))
        except (KeyError, TypeError, ValueError, scoring.ScoringError) as error:
            raise click.ClickException(f"game {n} in {path} cannot be read: {error}") from error
    db.session.add_all(games)
    db.session.flush()  # the ids the rematch links point at
    for game, record in zip(games, document["games"], strict=True):
        if record.get("rematch_of") is not None:
            game.rematch_of = games[record["rematch_of"]].id
    db.session.commit()
    click.echo(f"imported {len(games)} games from {path}")


def game_from(record: dict) -> GameRecord:
    """A game and its hands from an exported record, checked by replaying it."""
    if "rules" not in record and "rules_json" in record:  # as the first files named it
        record = {**record, "rules": record["rules_json"]}
    game = GameRecord(**{field: record[field] for field in GAME_FIELDS})
    game.created_at = datetime.fromisoformat(record["created_at"])
    game.hands = [HandRecord(**{field: h[field] for field in HAND_FIELDS}) for h in record["hands"]]
    played = [h.to_engine() for h in game.hands if h.played]
    scoring.replay(game.scoring_rules, played, game.first_dealer)  # raises on anything unplayable
    return game
