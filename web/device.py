"""This phone's id: a cookie that lists the games it started, on the home page and in a CSV."""

from __future__ import annotations

from flask import current_app, request
from werkzeug.wrappers import Response

from web import COOKIE_LIFETIME
from web.tokens import looks_like_token

DEVICE_COOKIE = "device"


def device_of_request() -> str | None:
    """This phone's id, from its cookie, if it has one of the right shape."""
    device = request.cookies.get(DEVICE_COOKIE)
    return device if looks_like_token(device) else None


def remember_device(response: Response, device: str) -> Response:
    """Keep this phone's id for a year, so its games can be listed again."""
    response.set_cookie(
        DEVICE_COOKIE,
        device,
        max_age=COOKIE_LIFETIME,
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response
