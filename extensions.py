"""The Flask extensions, one each, made here and bound to the app by `create_app`."""

from __future__ import annotations

import hashlib

from flask import current_app, request
from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base shared by every model."""


db = SQLAlchemy(model_class=Base)
babel = Babel()
csrf = CSRFProtect()
migrate = Migrate()
limiter = Limiter(key_func=get_remote_address)


def writer() -> str:
    """Who a write counts against: the client's address, and the game link it writes to.

    A club's tables share one address behind its router: each game is limited on its own, so
    one busy table never holds up another.
    """
    token = (request.view_args or {}).get("token")
    if not token:
        return get_remote_address()
    # A hash: the limiter's storage (Redis) never holds a working link.
    return f"{get_remote_address()} {hashlib.sha256(token.encode()).hexdigest()[:16]}"


def write_limit() -> str:
    """The rate of writes one address may make (WRITE_LIMIT)."""
    return str(current_app.config["WRITE_LIMIT"])


# A scorer writes a few times a hand; a table of phones reads without limit. What is limited
# is writing fast and guessing links (web/lookups.py says what counts as a guess).
limit_writes = limiter.shared_limit(write_limit, scope="write", methods=["POST"], key_func=writer)
