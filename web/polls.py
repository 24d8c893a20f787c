"""The poll shortcut: an unchanged scoreboard is answered 304 before Flask is asked at all."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from sqlalchemy import bindparam, select
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.http import parse_cookie, parse_etags, quote_etag

from extensions import db
from records.games import TOKEN_SHAPE, GameRecord
from web import VIEW_LINKS
from web.language import LANGUAGE_COOKIE, language_of
from web.privacy import security_header_items
from web.responses import VIEW_CACHE_CONTROL, VIEW_VARY, etag_key
from web.viewing import view_etag

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class UnchangedPolls:
    """WSGI middleware answering a scoreboard poll whose game has not changed, before Flask.

    Every phone at every table asks for its scoreboard every few seconds, and nearly every
    answer is "not modified". That answer needs one indexed query, not a Flask request: this
    gives it, with the headers the view route would give. Everything else (a changed game,
    an unknown link, any other request) goes on to the app untouched.
    """

    PATH = re.compile(re.escape(VIEW_LINKS) + rf"/({TOKEN_SHAPE})")

    def __init__(self, wsgi_app: WSGIApp, app: Flask):
        """Wrap the app's WSGI callable; the game lookup uses the app's own engine."""
        self.wsgi_app = wsgi_app
        self.etag_key = etag_key(app.secret_key or "")  # made once, not on every poll
        with app.app_context():
            self.engine = db.engine
        # What the lookup may raise: the database's own errors and the pool's.
        self.database_errors = (SQLAlchemyError, self.engine.dialect.loaded_dbapi.Error)
        self.headers = [
            ("Cache-Control", VIEW_CACHE_CONTROL),
            ("Vary", VIEW_VARY),
            *security_header_items(
                app.config["HTMX_URL"], game_link=True, https=app.config["SESSION_COOKIE_SECURE"]
            ),
        ]
        # Compiled once for this database's driver and run on a pooled driver connection:
        # a SQLAlchemy Connection would cost ten times what the query itself costs.
        lookup = select(GameRecord.id, GameRecord.version, GameRecord.series_version).where(
            GameRecord.view_token == bindparam("token")
        )
        compiled = lookup.compile(dialect=self.engine.dialect)
        self.sql = str(compiled)
        self.positional = compiled.positional

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
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

    def current_etag(self, token: str, environ: dict[str, Any]) -> str | None:
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
        return view_etag(self.etag_key, row[0], (row[1], row[2]), language, partial)

    def lookup(self, token: str) -> tuple[int, int, int] | None:
        """The id, version and series version of the game behind a view token, on a pooled
        driver connection."""
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(self.sql, (token,) if self.positional else {"token": token})
            row = cursor.fetchone()
            cursor.close()
        finally:
            connection.close()
        return None if row is None else (row[0], row[1], row[2])
