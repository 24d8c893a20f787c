"""The shared side of a game: the view-only link, its live scoreboard, exports, link rotation."""

from __future__ import annotations

import hashlib
import json
import re

from flask import Blueprint, Flask, Response, abort, current_app, redirect, request, url_for
from flask_babel import get_locale, gettext, ngettext
from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.http import parse_cookie, parse_etags, quote_etag

import chart
import export
import share
from app import LANGUAGE_COOKIE, language_of, limit_guesses, limit_writes
from forms import ActionForm
from models import Game, db, new_token
from views import Table, load_table, my_games, page_or_partial, tables_of

bp = Blueprint("sharing", __name__)

POLL_SECONDS = 3


@bp.app_template_global()
def running_totals_svg(state, teams):
    """The chart of both teams' running totals, for the templates, titled in the user's language."""
    title = ngettext(
        "Running totals after %(num)s hand: %(first)s %(a)s, %(second)s %(b)s",
        "Running totals after %(num)s hands: %(first)s %(a)s, %(second)s %(b)s",
        len(state.hands),
        first=teams[0],
        a=state.totals[0],
        second=teams[1],
        b=state.totals[1],
    )
    return chart.running_totals_svg(state, teams, title=title)


def etag_key(secret: str | bytes) -> bytes:
    """The key scoreboard ETags are signed with, made from the app's secret (keyed BLAKE2
    takes at most 64 bytes of key, and a secret may be longer)."""
    return hashlib.blake2b(secret.encode() if isinstance(secret, str) else secret).digest()


def view_etag(key: bytes, game_id: int, version: int, language: str, partial: bool) -> str:
    """What a scoreboard answer depends on (the game's version, the language, page or part),
    signed with `etag_key`.

    Signed so that only a phone that was given the page can ask whether it changed: an
    unchanged poll is answered before the limit on guessed links is counted, and a tag anyone
    could write would let a guesser test links there. Keyed BLAKE2 is a MAC by design, at a
    third of HMAC's cost.
    """
    facts = f"{game_id}-{version}-{language}-{'p' if partial else 'f'}".encode()
    return hashlib.blake2b(facts, key=key, digest_size=12).hexdigest()


# Any cache must ask again before reusing a scoreboard; the ETag makes asking cheap.
VIEW_CACHE_CONTROL = "no-cache"
VIEW_VARY = "HX-Request, Accept-Language, Cookie"


@bp.get("/v/<token>")
@limit_guesses
def view(token: str):
    """The live scoreboard behind the view link; an unchanged game answers 304 without replaying."""
    partial = request.headers.get("HX-Request") == "true"
    game = db.session.scalar(select(Game).where(Game.view_token == token))
    if game is None:
        abort(404)
    key = etag_key(current_app.secret_key)
    etag = view_etag(key, game.id, game.version, str(get_locale()), partial)
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        table = tables_of([game])[0]
        response = page_or_partial(
            "view.html",
            "_view.html",
            table=table,
            poll_seconds=POLL_SECONDS,
            all_hands=request.args.get("all") == "1",
        )
    response.set_etag(etag)
    response.headers["Cache-Control"] = VIEW_CACHE_CONTROL
    response.headers["Vary"] = VIEW_VARY
    return response


class UnchangedPolls:
    """WSGI middleware answering a scoreboard poll whose game has not changed, before Flask.

    Every phone at every table asks for its scoreboard every few seconds, and nearly every
    answer is "not modified". That answer needs one indexed query, not a Flask request: this
    gives it, with the headers the view route would give. Everything else (a changed game,
    an unknown link, any other request) goes on to the app untouched.
    """

    PATH = re.compile(r"/v/([A-Za-z0-9_-]{1,64})")

    def __init__(self, wsgi_app, app: Flask):
        """Wrap the app's WSGI callable; the game lookup uses the app's own engine."""
        self.wsgi_app = wsgi_app
        self.etag_key = etag_key(app.secret_key)  # made once, not on every poll
        with app.app_context():
            self.engine = db.engine
        # What the lookup may raise: the database's own errors and the pool's.
        self.database_errors = (SQLAlchemyError, self.engine.dialect.loaded_dbapi.Error)
        self.headers = [
            ("Cache-Control", VIEW_CACHE_CONTROL),
            ("Vary", VIEW_VARY),
            *security_header_items(app.config["HTMX_URL"], game_link=True),
        ]
        # Compiled once for this database's driver and run on a pooled driver connection:
        # a SQLAlchemy Connection would cost ten times what the query itself costs.
        lookup = select(Game.id, Game.version).where(Game.view_token == bindparam("token"))
        compiled = lookup.compile(dialect=self.engine.dialect)
        self.sql = str(compiled)
        self.positional = compiled.positional

    def __call__(self, environ, start_response):
        """Answer 304 when the If-None-Match of a scoreboard GET names its current version."""
        asked = parse_etags(environ.get("HTTP_IF_NONE_MATCH"))
        # "*" matches any tag, so it would tell a guesser that a link exists: Flask answers it.
        if asked and not asked.star_tag and environ.get("REQUEST_METHOD") == "GET":
            path = self.PATH.fullmatch(environ.get("PATH_INFO", ""))
            if path is not None:
                etag = self.current_etag(path[1], environ)
                if etag is not None and asked.contains_weak(etag):
                    start_response("304 Not Modified", [("ETag", quote_etag(etag)), *self.headers])
                    return []
        return self.wsgi_app(environ, start_response)

    def current_etag(self, token: str, environ) -> str | None:
        """The ETag the view route would give this request now; None when there is no game,
        or when the database fails (the app then answers, with its own error page)."""
        try:
            row = self.lookup(token)
        except self.database_errors:
            return None
        if row is None:
            return None
        chosen = parse_cookie(environ).get(LANGUAGE_COOKIE)
        language = language_of(chosen, environ.get("HTTP_ACCEPT_LANGUAGE"))
        partial = environ.get("HTTP_HX_REQUEST") == "true"
        return view_etag(self.etag_key, row[0], row[1], language, partial)

    def lookup(self, token: str) -> tuple | None:
        """The id and version of the game behind a view token, on a pooled driver connection."""
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(self.sql, (token,) if self.positional else {"token": token})
            row = cursor.fetchone()
            cursor.close()
        finally:
            connection.close()
        return row


@bp.get("/v/<token>.json")
@limit_guesses
def view_json(token: str):
    """The whole game as JSON: rules, names, every hand with its breakdown, totals, status."""
    table = load_table(token, Game.view_token)
    body = json.dumps(export.game_json(table.game, table.state), ensure_ascii=False)
    return Response(body, mimetype="application/json")


@bp.get("/v/<token>.csv")
@limit_guesses
def view_csv(token: str):
    """The game's history as CSV, from the view link."""
    return csv_response([load_table(token, Game.view_token)])


@bp.get("/g/<token>.csv")
@limit_guesses
def edit_csv(token: str):
    """The game's history as CSV, from the edit link."""
    return csv_response([load_table(token)])


@bp.get("/games.csv")
def device_csv():
    """Every game started on this device, in one CSV."""
    return csv_response(my_games(), "spades-games.csv")


def game_label(game: Game) -> str:
    """How a game is named in a CSV: its teams and the day it started."""
    return f"{game.team_0} vs {game.team_1} {game.created_at:%Y-%m-%d}"


def csv_response(tables: list[Table], filename: str | None = None) -> Response:
    """A CSV attachment of the given games' hands, one row per hand and team."""
    rows = []
    for table in tables:
        rows.extend(export.csv_rows(table.game, table.state, game_label(table.game)))
    name = filename or export.csv_filename(tables[0].game)
    response = Response(export.write_csv(rows), mimetype="text/csv")
    response.headers.set("Content-Disposition", "attachment", filename=name)
    return response


@bp.post("/g/<token>/rotate")
@limit_writes
@limit_guesses
def rotate(token: str):
    """Replace the view or the edit link: the old one stops working at once."""
    table = load_table(token)
    if not ActionForm().validate_on_submit():
        abort(400)
    which = request.form.get("link")
    if which not in ("view", "edit"):
        abort(400)
    game = table.game
    fresh = new_token()
    column = Game.view_token if which == "view" else Game.edit_token
    db.session.execute(
        update(Game)
        .where(Game.id == game.id)
        .values({column: fresh, Game.version: Game.version + 1})
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    edit_token = fresh if which == "edit" else token
    return redirect(url_for("game.show", token=edit_token, _anchor="share"), 303)


@bp.get("/v/<token>/qr.svg")
@limit_guesses
def qr(token: str):
    """The view link as a QR code, for a second phone to scan."""
    game = db.session.scalar(select(Game).where(Game.view_token == token))
    if game is None:
        abort(404)
    url = url_for(".view", token=token, _external=True)
    svg = share.qr_svg(url, title=gettext("QR code of the view link"))
    response = Response(str(svg), mimetype="image/svg+xml")
    response.cache_control.private = True
    response.cache_control.max_age = 3600
    return response


@bp.get("/robots.txt")
def robots():
    """Keep search engines away from game links."""
    body = "User-agent: *\nDisallow: /g/\nDisallow: /v/\n"
    return Response(body, mimetype="text/plain")


@bp.after_app_request
def security_headers(response: Response) -> Response:
    """Headers on every answer: only our scripts run, links never leak, no framing, no sniffing."""
    game_link = request.path.startswith(("/g/", "/v/"))
    for name, value in security_header_items(current_app.config["HTMX_URL"], game_link):
        response.headers.setdefault(name, value)
    if game_link:
        response.headers.setdefault("Cache-Control", "private, no-cache")
    return response


def security_header_items(htmx_url: str, game_link: bool) -> list[tuple[str, str]]:
    """The security headers, for the app's responses and for the polls answered before it."""
    items = [
        (
            "Content-Security-Policy",
            "default-src 'self'; "
            f"script-src 'self' {htmx_url}; "
            "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
        ),
        ("Referrer-Policy", "same-origin"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
    ]
    if game_link:
        items.append(("X-Robots-Tag", "noindex, nofollow"))
    return items
