"""What a link token or a device id looks like, checked before any query sees it."""

from __future__ import annotations

import re

from werkzeug.routing import BaseConverter

from records.games import TOKEN_SHAPE

_TOKEN = re.compile(TOKEN_SHAPE)


class TokenConverter(BaseConverter):
    """`<token:token>` in a route: anything else (a NUL byte, a long string) is a plain 404
    from routing, and never reaches the database."""

    regex = TOKEN_SHAPE


def looks_like_token(value: str | None) -> bool:
    """Whether a value from a cookie or a form has a token's shape."""
    return value is not None and _TOKEN.fullmatch(value) is not None
