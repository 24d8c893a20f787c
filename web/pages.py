"""Rendering a page or, for htmx, only the part of it that changes."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from flask import Response, current_app, make_response, render_template, request, url_for
from flask_wtf import FlaskForm

from web.renders import render_kept

HISTORY_SHOWN = 6  # the newest hands a page lists; the rest are one tap away


def wants_part() -> bool:
    """Whether htmx asked (HX-Request), so that only the changing part is answered."""
    return request.headers.get("HX-Request") == "true"


def redirect_page(address: str) -> Response:
    """The way to another page after a write or a poll: a redirect (303) for a browser, and for
    htmx, which would follow a redirect into the place of what it asked for, an answer that has
    it load the page whole in its place (HX-Redirect)."""
    response = make_response("", 200 if wants_part() else 303)
    response.headers["HX-Redirect" if wants_part() else "Location"] = address
    return response


def page_or_part(
    page: str,
    part: str,
    status: int = 200,
    kept_for: Hashable | None = None,
    make_form: Callable[[], FlaskForm] | None = None,
    **context: Any,
) -> Response:
    """The whole page for a browser, or just the part htmx asked for, which the page includes;
    rendered once per `kept_for` (what its game's state depends on) when that is given, for a
    page that shows nothing of this request but its address and language (web/renders.py).
    `make_form` makes the page's `form`, asked only when the page is rendered."""
    template = part if wants_part() else page
    if kept_for is not None:
        body = render_kept(template, kept_for, make_form, **context)
    else:
        if make_form is not None:
            context["form"] = make_form()
        body = render_template(template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    return response


def public_url(endpoint: str, **values: Any) -> str:
    """The whole address of a page as people outside reach it: under PUBLIC_URL when it is
    set, else at the address this request came to (through the proxy's X-Forwarded-Host)."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


# Where a feature room adds what another room's page shows of it (`page_extras`): the app's
# extensions hold, under each hook's name, callables that give the page's extra values by name
# (hashable, as a kept page, and the tag of a page that follows, are kept under them too).
# The scorer's page of a game: callables of the replayed game.
GAME_PAGE_EXTRAS = "game_page_extras"
# A tournament's wall: callables of the tournament and the id of the club holding it (or None).
WALL_EXTRAS = "wall_extras"


def page_extras(hook: str, *about: Any) -> dict[str, Hashable]:
    """What the rooms add to a page (a club's chances, say), by name: the values each room's
    callable, registered under `hook`, gives for what the page is `about`."""
    extras: dict[str, Hashable] = {}
    for extra in current_app.extensions.get(hook, ()):
        extras |= extra(*about)
    return extras
