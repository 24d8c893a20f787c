"""The Flask application factory: configuration, extensions and blueprints."""

from __future__ import annotations

import os
import secrets
from functools import lru_cache
from pathlib import Path

from flask import Flask, current_app, has_request_context, request
from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from models import db

# One exact htmx release; the hash is that file's sha384, so a changed file never runs.
HTMX_VERSION = "2.0.11"
HTMX_URL = f"https://cdn.jsdelivr.net/npm/htmx.org@{HTMX_VERSION}/dist/htmx.min.js"
HTMX_INTEGRITY = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"

LANGUAGES = {"en": "English", "pt_BR": "Português"}
LANGUAGE_COOKIE = "lang"

babel = Babel()
csrf = CSRFProtect()
migrate = Migrate()
limiter = Limiter(key_func=get_remote_address)

# A scorer writes a few times a hand; a table of phones reads without limit. What is
# limited is writing fast and guessing links (only lookups that find no game count).
WRITE_LIMIT = "60 per minute"
GUESS_LIMIT = "30 per minute"
# Stored hands whose replay each worker keeps, over all the games it keeps (about 1 KB each).
REPLAY_HANDS_KEPT = 20000


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app; `test_config` replaces settings for a test run."""
    app = Flask(__name__, instance_relative_config=True)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=database_url(
            os.environ.get("DATABASE_URL"), Path(app.instance_path) / "spades.sqlite3"
        ),
        MAX_CONTENT_LENGTH=32 * 1024,
        HTMX_URL=os.environ.get("HTMX_URL", HTMX_URL),
        HTMX_INTEGRITY=os.environ.get("HTMX_INTEGRITY", HTMX_INTEGRITY),
        LANGUAGES=LANGUAGES,
        BABEL_DEFAULT_LOCALE="en",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=os.environ.get("SECURE_COOKIES") == "1",
        WTF_CSRF_TIME_LIMIT=None,  # a hand can take a long time to play
        RATELIMIT_ENABLED=os.environ.get("RATELIMIT_ENABLED", "true").lower()
        not in ("0", "false", "no", "off"),
        RATELIMIT_STORAGE_URI=os.environ.get("RATELIMIT_STORAGE_URI", "memory://"),
        RATELIMIT_HEADERS_ENABLED=True,
        # A sliding minute: a fixed window would let twice the limit through across its edge,
        # and whether a burst is refused would depend on when in the minute it came.
        RATELIMIT_STRATEGY="moving-window",
        WRITE_LIMIT=os.environ.get("WRITE_LIMIT", WRITE_LIMIT),
        GUESS_LIMIT=os.environ.get("GUESS_LIMIT", GUESS_LIMIT),
        REPLAY_HANDS_KEPT=int(os.environ.get("REPLAY_HANDS_KEPT", REPLAY_HANDS_KEPT)),
    )
    if test_config is not None:
        app.config.update(test_config)
    # The templates are indented for reading; the pages need not carry that indentation.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.secret_key = os.environ.get("SECRET_KEY") or app.config.get("SECRET_KEY")
    if not app.secret_key:
        app.secret_key = instance_secret(Path(app.instance_path) / "secret_key")

    db.init_app(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    limiter.init_app(app)

    import cli
    import sharing
    import views

    cli.register(app)
    app.extensions["replays"] = views.Replays(app.config["REPLAY_HANDS_KEPT"])
    app.register_blueprint(views.bp)
    app.register_blueprint(sharing.bp)
    app.wsgi_app = sharing.UnchangedPolls(app.wsgi_app, app)
    return app


def database_url(url: str | None, sqlite_path: Path) -> str:
    """The SQLAlchemy URL: DATABASE_URL with psycopg 3 for PostgreSQL, else the instance SQLite."""
    if not url:
        return f"sqlite:///{sqlite_path}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def instance_secret(path: Path) -> str:
    """A secret key made once and kept in the instance folder, so sessions survive restarts."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        key = secrets.token_hex(32)
        path.write_text(key)
        path.chmod(0o600)
        return key


def write_limit() -> str:
    """The rate of writes one address may make (WRITE_LIMIT)."""
    return current_app.config["WRITE_LIMIT"]


def guess_limit() -> str:
    """The rate of lookups of links that do not exist one address may make."""
    return current_app.config["GUESS_LIMIT"]


# Shared by every route that writes, and by every route that looks a game up by its link.
limit_writes = limiter.shared_limit(write_limit, scope="write", methods=["POST"])
limit_guesses = limiter.shared_limit(
    guess_limit,
    scope="unknown-token",
    deduct_when=lambda response: response.status_code == 404,
)


def select_locale() -> str:
    """The language of this request's pages (Flask-Babel's locale selector)."""
    return language_of(request.cookies.get(LANGUAGE_COOKIE), request.headers.get("Accept-Language"))


def language_of(chosen: str | None, accept_language: str | None) -> str:
    """The language: the footer switch's cookie first, then what the browser asks for."""
    if chosen in LANGUAGES:
        return chosen
    return browser_language(accept_language)


# A memo of a pure function, not state: the same header always means the same language.
@lru_cache(maxsize=256)
def browser_language(accept_language: str | None) -> str:
    """The language an Accept-Language header asks for, of ours (English unless Portuguese).

    Kept for each header seen: phones send the same few headers with every request.
    """
    best = parse_accept_header(accept_language, LanguageAccept).best_match(["en", "pt_BR", "pt"])
    return "pt_BR" if best in ("pt", "pt_BR") else "en"


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    """Make every SQLite connection safe for several workers: WAL, a busy wait, foreign keys."""
    if _is_sqlite(dbapi_connection):
        # Let SQLAlchemy's "begin" event issue BEGIN, so writes can take the lock up front.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


@event.listens_for(Engine, "begin")
def _sqlite_begin(connection) -> None:
    """Start a request that writes with BEGIN IMMEDIATE, so concurrent writers wait their turn.

    A deferred transaction that reads and then writes cannot wait for the lock: SQLite
    refuses it at once with "database is locked" when another writer got there first.
    """
    if connection.dialect.name == "sqlite":
        writing = has_request_context() and request.method not in ("GET", "HEAD", "OPTIONS")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")


def _is_sqlite(dbapi_connection) -> bool:
    return type(dbapi_connection).__module__.startswith("sqlite3")
