"""Error pages: a short page in the user's language for every refusal, never a stack trace."""

from __future__ import annotations

from flask import Flask, render_template
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import Gone, HTTPException, NotFound

from games import GameNotFound, LinkReplaced

# What Flask-WTF says when an HTTPS form comes from another address than the request's Host:
# a proxy that does not pass the public host on, not a form too old.
REFERRER_MISMATCH = "The referrer does not match the host."


def not_right_message() -> str:
    """What a person is told of a request with something in it that no page sends."""
    return gettext("Something in that request was not right.")


def register(app: Flask) -> None:
    """Answer every HTTP error, and a link that finds no game, with the error page (a table's
    and a tournament's links are answered in their rooms, with `error_page`)."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(GameNotFound, no_game)
    app.register_error_handler(LinkReplaced, replaced_link)


def error_page(code: int, text: str) -> tuple[str, int]:
    """The error page saying `text`, with its status `code`."""
    title = gettext("Sorry (%(code)s)", code=code)
    return render_template("error.html", title=title, text=text), code


def error_text(error: HTTPException) -> str:
    """What went wrong, in the user's language."""
    if isinstance(error, CSRFError) and error.description == REFERRER_MISMATCH:
        return gettext(
            "This form was sent from another address than the server's own. If the app is"
            " behind a proxy, the proxy must pass the public host on (X-Forwarded-Host)."
        )
    if isinstance(error, CSRFError):
        return gettext("This form is too old to send. Reload the page and try again.")
    if error.code == 404:
        return gettext("There is no game at this link. It may have changed.")
    if error.code == 410:
        return gettext("This link was replaced. Ask the scorer for the new one.")
    if error.code == 405:
        return gettext("That is not something this page can do.")
    if error.code == 413:
        return gettext("That was far more than a score sheet needs.")
    if error.code == 429:
        return gettext("Too many tries in a short time. Wait a minute and try again.")
    if (error.code or 500) >= 500:
        return gettext(
            "Something went wrong on our side, not yours. Nothing was saved: try again in a moment."
        )
    return not_right_message()


def http_error(error: HTTPException) -> tuple[str, int, dict[str, str]]:
    """The error page for an HTTP error, with its status (and, for a form too old for its CSRF
    token, a header by which the page's script fetches a fresh token and sends it again)."""
    code = error.code or 500
    title = gettext("Sorry (%(code)s)", code=code)
    page = render_template("error.html", title=title, text=error_text(error))
    too_old = isinstance(error, CSRFError) and error.description != REFERRER_MISMATCH
    return page, code, {"X-Refusal": "csrf"} if too_old else {}


def no_game(error: GameNotFound) -> tuple[str, int, dict[str, str]]:
    """A link that finds no game is a 404 (and counts as a guess against the limit)."""
    return http_error(NotFound())


def replaced_link(error: LinkReplaced) -> tuple[str, int, dict[str, str]]:
    """A link that was replaced answers 410 Gone, which is no guess (only 404s count)."""
    return http_error(Gone())
