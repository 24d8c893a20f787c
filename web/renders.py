"""Game pages rendered once per change of their game, with holes for what each request makes.

A game page (the scorer's, the view link's, or the part htmx swaps) depends on the game's
state, the language, the address asked for and the site's address; only its security tokens
change from one request to the next: the CSRF token (per session) and the one-time token of
each form (per form shown). Each worker renders such a page once with a marker where every
token goes, keeps it beside its kept replays, and fills the markers in for each request.

The markers carry a secret of this process, so nothing a player types can pass for one; a page
in the middle of a render for keeping says so on `g`, which the token makers ask.

Parts that outlive a game's version (a played hand's line in the history, the share panel) are
kept the same way, each under what it shows (`kept_part`), so that the render a change needs
makes only what the change changed.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask, current_app, g, render_template, request
from flask_babel import get_locale
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from games.kept import Kept
from records.games import new_token

EXTENSION_KEY = "renders"


class Renders(Kept[str]):
    """The rendered game pages (and parts) of this process, with holes for the tokens, least
    recently shown dropped first."""

    def __init__(self, size: int):
        """Keep up to `size` characters of pages in all (0 keeps none)."""
        super().__init__(size, size=len)
        marker = secrets.token_hex(12)
        self.csrf_hole = f"csrf-{marker}"
        self.nonce_hole = f"nonce-{marker}"
        self.nonce_holes = re.compile(re.escape(self.nonce_hole))

    def fill(self, page: str) -> str:
        """The page for this request: this session's CSRF token, a new one-time token per form."""
        if self.csrf_hole in page:  # asked only where a form needs it: it starts a session
            page = page.replace(self.csrf_hole, generate_csrf())
        return self.nonce_holes.sub(lambda _: new_token(), page)


def init_app(app: Flask) -> None:
    """Keep rendered pages for this app, and have its token makers leave holes when asked."""
    app.extensions[EXTENSION_KEY] = Renders(app.config["RENDER_CHARACTERS_KEPT"])
    app.jinja_env.globals["csrf_token"] = csrf_token
    # Flask-WTF also puts its own token maker in every template's context, which wins over a
    # global: without this, a kept page would hand the first phone's token to every phone.
    app.context_processor(lambda: {"csrf_token": csrf_token})
    app.jinja_env.globals["one_time_token"] = one_time_token
    app.jinja_env.globals["kept_part"] = kept_part


def renders() -> Renders:
    """This worker's kept pages."""
    kept: Renders = current_app.extensions[EXTENSION_KEY]
    return kept


def csrf_token() -> str:
    """The CSRF token for a form (templates: `csrf_token()`), or its hole in a page to keep."""
    return renders().csrf_hole if g.get("rendering_to_keep") else generate_csrf()


def one_time_token() -> str:
    """A form's one-time token (templates: `one_time_token()`), or its hole in a page to keep."""
    return renders().nonce_hole if g.get("rendering_to_keep") else new_token()


def render_kept(
    template: str,
    game: Hashable,
    make_form: Callable[[], FlaskForm] | None = None,
    **context: Any,
) -> str:
    """`template` rendered for this request, from the page kept for `game` (what its state
    depends on: see games.Replays.key) when there is one. The page's form, fresh and unsent,
    is made by `make_form` (or given as `form`) only for a render, its tokens turned into holes."""
    kept = renders()
    key = (
        game,
        template,
        request.method,
        request.full_path,
        request.host_url,
        str(get_locale()),
    )

    def render() -> str:
        """The page with its form, made now, and a hole for every token."""
        if make_form is not None:
            context["form"] = make_form()
        form: FlaskForm | None = context.get("form")
        if form is not None:
            csrf_field = getattr(form, "csrf_token", None)
            if csrf_field is not None:
                csrf_field.current_token = kept.csrf_hole
            form.nonce.data = kept.nonce_hole
        return with_holes(lambda: render_template(template, **context))

    return kept.fill(kept.get_or_make(key, render))


def kept_part(*shown: Hashable, caller: Callable[[], str]) -> Markup:
    """A part of a page, rendered once per worker for what it shows and kept for every page and
    version it appears in again (templates: `{% call kept_part(what, it, shows) %}...{% endcall
    %}`). `shown` must name everything the part reads but the language and the site's address,
    which are added here; its tokens are holes, filled for this request unless the page around
    it is itself being rendered for keeping."""
    kept = renders()
    key = ("part", *shown, str(get_locale()), request.root_url)
    part = kept.get_or_make(key, lambda: with_holes(caller))
    # Rendered by Jinja, which escaped what it had to: markup already.
    return Markup(part if g.get("rendering_to_keep") else kept.fill(part))  # noqa: S704


def with_holes(render: Callable[[], str]) -> str:
    """What `render` makes, with a hole for every token (see `csrf_token`), to be kept; inside
    a page that is itself being rendered for keeping, or not."""
    around = g.get("rendering_to_keep", False)
    g.rendering_to_keep = True
    try:
        return str(render())
    finally:
        g.rendering_to_keep = around
