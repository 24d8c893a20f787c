"""Looking links up: the limit on guessing them, and the table a form names by its link.

A link is guessed when a lookup finds nothing behind it, whatever page answers: a 404 for a
link in the address, or a form shown again with its message for a table's link chosen or
pasted on a form. Either way it counts against the same limit (GUESS_LIMIT).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, g
from flask_babel import gettext
from flask_limiter import RouteLimit
from werkzeug.wrappers import Response
from wtforms import Field

import games
from extensions import limiter
from records.tables import TableRecord
from tables.services.table import TableNotFound, find_table
from web.tokens import looks_like_token

# The one counter every route's guesses go to.
GUESSES = "unknown-token"


def missed_link() -> None:
    """Note that this request looked a link up and found nothing there."""
    g.missed_link = True


def found_nothing(response: Response) -> bool:
    """Whether this request's lookup of a link found nothing: a 404, or a miss that a page
    answering otherwise noted (`missed_link`). Only those count as guesses."""
    return response.status_code == 404 or bool(g.get("missed_link"))


def guess_limit() -> str:
    """The rate of lookups of links that do not exist one address may make (GUESS_LIMIT)."""
    return str(current_app.config["GUESS_LIMIT"])


# A scorer's phones read without limit; what is limited is guessing links.
limit_guesses = limiter.shared_limit(guess_limit, scope=GUESSES, deduct_when=found_nothing)


def limit_guesses_when(looks_up: Callable[[], bool]) -> RouteLimit:
    """`limit_guesses` for a route that looks a link up only sometimes (a page where a link is
    optional): a request that `looks_up` nothing is never refused for others' guesses."""
    return limiter.shared_limit(
        guess_limit, scope=GUESSES, deduct_when=found_nothing, exempt_when=lambda: not looks_up()
    )


def table_at_link(token: str | None, field: Field) -> TableRecord | None:
    """The table behind a table's edit link chosen or pasted on a form (`token`, None for
    what has no token's shape); None when there is none, said on the form's `field`: a link
    that was replaced as such (its owner has the new one), any other as no table (a guess)."""
    if not looks_like_token(token):
        field.errors = [gettext("There is no table at that link.")]
        return None
    try:
        return find_table(str(token))
    except games.LinkReplaced:
        field.errors = [gettext("That table's link was replaced. Ask for the new one.")]
    except TableNotFound:
        missed_link()
        field.errors = [gettext("There is no table at that link.")]
    return None
