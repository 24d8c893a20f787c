"""The Flask application factory: settings, extensions, routes and hooks, all bound here."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

import cli
import database
import models  # noqa: F401  # every record, so the database knows every table from the start
import web
from extensions import babel, csrf, db, limiter, migrate
from games import CareerStats, Replays
from web import assets, errors, filters, language, privacy, renders
from web.converters import BoundedIntegerConverter
from web.language import LANGUAGES
from web.logs import redact_handlers
from web.polls import UnchangedPolls
from web.tokens import TokenConverter

# One exact htmx release; the hash is that file's sha384, so a changed file never runs.
HTMX_VERSION = "2.0.11"
HTMX_URL = f"https://cdn.jsdelivr.net/npm/htmx.org@{HTMX_VERSION}/dist/htmx.min.js"
HTMX_INTEGRITY = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"

# A scorer writes a few times a hand; a table of phones reads without limit.
WRITE_LIMIT = "60 per minute"
GUESS_LIMIT = "30 per minute"
# Stored hands whose replay each worker keeps, over all the games it keeps (about 1 KB each).
REPLAY_HANDS_KEPT = 20000
# Tables' and phones' career figures each worker keeps (a 500-game table's are a few KB).
CAREER_STATS_KEPT = 256
# Characters of rendered game pages each worker keeps (a game page at 50 hands is about 16,000).
RENDER_CHARACTERS_KEPT = 16_000_000


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; `test_config` replaces settings for a test run."""
    app = Flask(__name__, instance_relative_config=True)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(settings(app))
    if test_config is not None:
        app.config.update(test_config)  # over the environment: a test's settings are its own
    # The templates are indented for reading; the pages need not carry that indentation.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.url_map.converters["token"] = TokenConverter
    app.url_map.converters["int"] = BoundedIntegerConverter  # every route's numbers bounded
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path) / "secret_key")
    redact_handlers(app.logger)

    database.init_app(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=language.select_locale)
    language.init_app(app)  # after Flask-Babel: its template callables are replaced
    limiter.init_app(app)
    assets.init_app(app)

    for blueprint in web.blueprints():
        app.register_blueprint(blueprint)
    errors.register(app)
    privacy.register(app)
    filters.register(app)
    renders.init_app(app)  # after CSRFProtect and the filters: its token makers replace theirs
    cli.register(app)
    app.extensions["replays"] = Replays(app.config["REPLAY_HANDS_KEPT"])
    app.extensions["career_stats"] = CareerStats(app.config["CAREER_STATS_KEPT"])
    app.wsgi_app = UnchangedPolls(app.wsgi_app, app)  # type: ignore[method-assign]
    hops = app.config["PROXY_HOPS"]
    if hops:  # outermost: the limits, the logs and the links all see the real client
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )
    return app


def settings(app: Flask) -> dict[str, Any]:
    """The settings, from the environment where it gives them."""
    return {
        "SECRET_KEY": os.environ.get("SECRET_KEY"),
        # How many proxies in front of the app to believe about the client's address, scheme
        # and host (X-Forwarded-For, -Proto, -Host): 1 behind one nginx, 0 when served directly.
        "PROXY_HOPS": int(os.environ.get("PROXY_HOPS", "0")),
        # The address people reach the app at (https://spades.example.org), for share links and
        # QR codes; unset, the address of the request is used.
        "PUBLIC_URL": os.environ.get("PUBLIC_URL") or None,
        "SQLALCHEMY_DATABASE_URI": database.database_url(
            os.environ.get("DATABASE_URL"), Path(app.instance_path) / "spades.sqlite3"
        ),
        "MAX_CONTENT_LENGTH": 32 * 1024,
        "HTMX_URL": os.environ.get("HTMX_URL", HTMX_URL),
        "HTMX_INTEGRITY": os.environ.get("HTMX_INTEGRITY", HTMX_INTEGRITY),
        "LANGUAGES": LANGUAGES,
        "BABEL_DEFAULT_LOCALE": "en",
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": os.environ.get("SECURE_COOKIES") == "1",
        "WTF_CSRF_TIME_LIMIT": None,  # a hand can take a long time to play
        "RATELIMIT_ENABLED": os.environ.get("RATELIMIT_ENABLED", "true").lower()
        not in ("0", "false", "no", "off"),
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI", "memory://"),
        "RATELIMIT_HEADERS_ENABLED": True,
        # A sliding minute: a fixed window would let twice the limit through across its edge,
        # and whether a burst is refused would depend on when in the minute it came.
        "RATELIMIT_STRATEGY": "moving-window",
        "WRITE_LIMIT": os.environ.get("WRITE_LIMIT", WRITE_LIMIT),
        "GUESS_LIMIT": os.environ.get("GUESS_LIMIT", GUESS_LIMIT),
        "REPLAY_HANDS_KEPT": int(os.environ.get("REPLAY_HANDS_KEPT", REPLAY_HANDS_KEPT)),
        "CAREER_STATS_KEPT": int(os.environ.get("CAREER_STATS_KEPT", CAREER_STATS_KEPT)),
        "RENDER_CHARACTERS_KEPT": int(
            os.environ.get("RENDER_CHARACTERS_KEPT", RENDER_CHARACTERS_KEPT)
        ),
    }


class EmptySecretKey(RuntimeError):
    """The instance folder's secret key file is there but holds nothing."""


def instance_secret(path: Path) -> str:
    """A secret key made once and kept in the instance folder, so sessions survive restarts.

    Written whole or not at all (a private temporary file, then linked into place), so a crash
    never leaves an empty key; workers starting together all end up reading the first one made.
    """
    if not path.exists():
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w") as file:
                file.write(secrets.token_hex(32))
                file.flush()
                os.fsync(file.fileno())
            # Fails if another worker's key got there first: that one is kept.
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        finally:
            temporary.unlink()
    key = path.read_text().strip()
    if not key:
        raise EmptySecretKey(
            f"{path} is empty: delete it so that a new key is made, or set SECRET_KEY"
        )
    return key
