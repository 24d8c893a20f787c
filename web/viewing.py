"""The view link: a live scoreboard anyone at the table can follow, and the downloads."""

from __future__ import annotations

from flask import Blueprint, current_app, request
from flask_babel import get_locale
from werkzeug.wrappers import Response

import games
from downloads import csv_json
from records.games import GameRecord
from web import EDIT_LINKS, VIEW_LINKS
from web.device import device_of_request
from web.lookups import limit_guesses
from web.pages import page_or_part, wants_part
from web.responses import (
    POLL_SECONDS,
    csv_attachment,
    etag_key,
    json_answer,
    signed_tag,
    unless_unchanged,
)

bp = Blueprint("viewing", __name__)


def view_etag(
    key: bytes, game_id: int, versions: tuple[int, int], language: str, partial: bool
) -> str:
    """What a scoreboard answer depends on (the game's version and series version, the
    language, page or part), signed with `key` (web/responses.py's `etag_key`): the view route
    and the poll shortcut in front of Flask (web/polls.py) tag alike."""
    version, series_version = versions
    facts = f"{game_id}-{version}.{series_version}-{language}-{'p' if partial else 'f'}"
    return signed_tag(key, facts)


@bp.get(f"{VIEW_LINKS}/<token:token>")
@limit_guesses
def view(token: str) -> Response:
    """The live scoreboard behind the view link; an unchanged game answers 304 without replaying."""
    game = games.found(token, GameRecord.view_token)
    record = game[0]
    key = etag_key(current_app.secret_key or "")
    versions = (record.version, record.series_version)

    def scoreboard() -> Response:
        """The scoreboard page, or its part, as the game stands."""
        scored = games.replayed(game)
        series = games.series_of(scored)
        return page_or_part(
            "view.html",
            "_view.html",
            kept_for=(games.Replays.key(record), record.view_token, series),
            scored=scored,
            series=series,
            poll_seconds=POLL_SECONDS,
            all_hands=request.args.get("all") == "1",
        )

    etag = view_etag(key, record.id, versions, str(get_locale()), wants_part())
    return unless_unchanged(etag, scoreboard)


@bp.get(f"{VIEW_LINKS}/<token:token>.json")
@limit_guesses
def view_json(token: str) -> Response:
    """The whole game as JSON: rules, names, every hand with its breakdown, totals, status (a
    tournament's game awarded by forfeit is over, won by the side awarded, as its page says)."""
    scored = games.load(token, GameRecord.view_token)
    return json_answer(csv_json.game_json(scored.record, scored.state, scored.forfeit))


@bp.get(f"{VIEW_LINKS}/<token:token>.csv")
@limit_guesses
def view_csv(token: str) -> Response:
    """The game's history as CSV, from the view link."""
    return games_csv([games.load(token, GameRecord.view_token)])


@bp.get(f"{EDIT_LINKS}/<token:token>.csv")
@limit_guesses
def edit_csv(token: str) -> Response:
    """The game's history as CSV, from the edit link."""
    return games_csv([games.load(token)])


@bp.get("/games.csv")
def device_csv() -> Response:
    """Every game started on this phone, in one CSV."""
    return games_csv(games.device_games(device_of_request()), "spades-games.csv")


def game_label(record: GameRecord) -> str:
    """How a game is named in a CSV: its sides (teams, or players on their own) and the day it
    started."""
    return f"{' vs '.join(record.sides)} {record.created_at:%Y-%m-%d}"


def games_csv(scored_games: list[games.ScoredGame], filename: str | None = None) -> Response:
    """The given games' hands as a CSV to download, one row per hand and team; named after the
    first game unless `filename` says."""
    rows: list[dict[str, object]] = []
    for scored in scored_games:
        rows.extend(csv_json.csv_rows(scored.record, scored.state, game_label(scored.record)))
    name = filename or csv_json.csv_filename(scored_games[0].record)
    return csv_attachment(csv_json.write_csv(rows), name)
