"""This phone's id: a cookie that lists the games it started, on the home page and in a CSV."""

from __future__ import annotations

from flask import request
from werkzeug.wrappers import Response

DEVICE_COOKIE = "device"
YEAR = 365 * 24 * 3600


def device_of_request() -> str | None:
    """This phone's id, from its cookie, if it has one."""
    return request.cookies.get(DEVICE_COOKIE)


def remember_device(response: Response, device: str) -> Response:
    """Keep this phone's id for a year, so its games can be listed again."""
    response.set_cookie(DEVICE_COOKIE, device, max_age=YEAR, httponly=True, samesite="Lax")
    return response
