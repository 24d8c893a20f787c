"""What a link token or a device id looks like, checked before any query sees it."""

from __future__ import annotations

import re

from werkzeug.routing import BaseConverter

# Tokens are made by models.new_token (22 URL-safe characters) and stored in 32 at most.
LINK_SHAPE = r"[A-Za-z0-9_-]{1,32}"
TOKEN_SHAPE = re.compile(LINK_SHAPE)


class TokenConverter(BaseConverter):
    """`<token:token>` in a route: anything else (a NUL byte, a long string) is a plain 404
    from routing, and never reaches the database."""

    regex = LINK_SHAPE


def looks_like_token(value: str | None) -> bool:
    """Whether a value from a cookie or a form has a token's shape."""
    return value is not None and TOKEN_SHAPE.fullmatch(value) is not None
