"""The view link: a live scoreboard anyone at the table can follow, and the downloads."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, Response, current_app, request
from flask_babel import get_locale

import export
import games
from extensions import limit_guesses
from models import GameRecord
from web import EDIT_LINKS, VIEW_LINKS
from web.device import device_of_request
from web.pages import page_or_part, wants_part

bp = Blueprint("viewing", __name__)

POLL_SECONDS = 3
# Any cache must ask again before reusing a scoreboard; the ETag makes asking cheap.
VIEW_CACHE_CONTROL = "no-cache"
VIEW_VARY = "HX-Request, Accept-Language, Cookie"


def etag_key(secret: str | bytes) -> bytes:
    """The key scoreboard ETags are signed with, made from the app's secret (keyed BLAKE2
    takes at most 64 bytes of key, and a secret may be longer)."""
    return hashlib.blake2b(secret.encode() if isinstance(secret, str) else secret).digest()


def view_etag(
    key: bytes, game_id: int, versions: tuple[int, int], language: str, partial: bool
) -> str:
    """What a scoreboard answer depends on (the game's version and series version, the
    language, page or part), signed with `etag_key`.

    Signed so that only a phone that was given the page can ask whether it changed: an
    unchanged poll is answered before the limit on guessed links is counted, and a tag anyone
    could write would let a guesser test links there. Keyed BLAKE2 is a MAC by design, at a
    third of HMAC's cost.
    """
    version, series_version = versions
    facts = f"{game_id}-{version}.{series_version}-{language}-{'p' if partial else 'f'}".encode()
    return hashlib.blake2b(facts, key=key, digest_size=12).hexdigest()


@bp.get(f"{VIEW_LINKS}/<token:token>")
@limit_guesses
def view(token: str) -> Response:
    """The live scoreboard behind the view link; an unchanged game answers 304 without replaying."""
    record = games.find(token, GameRecord.view_token)
    key = etag_key(current_app.secret_key or "")
    versions = (record.version, record.series_version)
    etag = view_etag(key, record.id, versions, str(get_locale()), wants_part())
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        scored = games.scored_games([record])[0]
        series = games.series_of(scored)
        response = page_or_part(
            "view.html",
            "_view.html",
            kept_for=(games.Replays.key(record), record.view_token, series),
            scored=scored,
            series=series,
            poll_seconds=POLL_SECONDS,
            all_hands=request.args.get("all") == "1",
        )
    response.set_etag(etag)
    response.headers["Cache-Control"] = VIEW_CACHE_CONTROL
    response.headers["Vary"] = VIEW_VARY
    return response


@bp.get(f"{VIEW_LINKS}/<token:token>.json")
@limit_guesses
def view_json(token: str) -> Response:
    """The whole game as JSON: rules, names, every hand with its breakdown, totals, status."""
    scored = games.load(token, GameRecord.view_token)
    body = json.dumps(export.game_json(scored.record, scored.state), ensure_ascii=False)
    return Response(body, mimetype="application/json")


@bp.get(f"{VIEW_LINKS}/<token:token>.csv")
@limit_guesses
def view_csv(token: str) -> Response:
    """The game's history as CSV, from the view link."""
    return csv_response([games.load(token, GameRecord.view_token)])


@bp.get(f"{EDIT_LINKS}/<token:token>.csv")
@limit_guesses
def edit_csv(token: str) -> Response:
    """The game's history as CSV, from the edit link."""
    return csv_response([games.load(token)])


@bp.get("/games.csv")
def device_csv() -> Response:
    """Every game started on this phone, in one CSV."""
    return csv_response(games.device_games(device_of_request()), "spades-games.csv")


def game_label(record: GameRecord) -> str:
    """How a game is named in a CSV: its sides (teams, or players on their own) and the day it
    started."""
    return f"{' vs '.join(record.sides)} {record.created_at:%Y-%m-%d}"


def csv_response(scored_games: list[games.ScoredGame], filename: str | None = None) -> Response:
    """A CSV attachment of the given games' hands, one row per hand and team."""
    rows: list[dict[str, object]] = []
    for scored in scored_games:
        rows.extend(export.csv_rows(scored.record, scored.state, game_label(scored.record)))
    name = filename or export.csv_filename(scored_games[0].record)
    response = Response(export.write_csv(rows), mimetype="text/csv")
    response.headers.set("Content-Disposition", "attachment", filename=name)
    return response
