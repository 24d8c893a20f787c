"""A tournament's own links: the watch link and the director's replaced from the director's
page, and the answer to a link that finds no tournament, or one that was replaced."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from records.games import new_token
from records.tournaments import TournamentRecord
from tournaments.services.directory import (
    TableLinkNotFound,
    TournamentLinkReplaced,
    TournamentNotFound,
    device_tournaments,
    find_tournament,
    replace_tournament_link,
)
from web import TOURNAMENT_LINKS
from web.device import device_of_request, remember_device
from web.errors import error_page
from web.links import LINKS, link_to_replace
from web.lookups import limit_guesses

bp = Blueprint("tournament_links", __name__)


@bp.app_template_global()
def my_tournaments() -> list[TournamentRecord]:
    """The tournaments this phone directs, for its home page (which knows no tournament)."""
    return device_tournaments(device_of_request())


@bp.get(f"{TOURNAMENT_LINKS}/<token:token>/links/new")
@limit_guesses
def confirm_new_link(token: str) -> str | tuple[str, int]:
    """The second screen of a new watch link (`?link=view`) or director's link (`?link=edit`):
    what replacing it will do, with the button that does it and the way back."""
    tournament = find_tournament(token)
    which = request.args.get("link")
    if which not in LINKS:
        return error_page(404, gettext("There is no such link to replace."))
    return render_template("tournament_new_link.html", tournament=tournament, link=which)


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/rotate")
@limit_writes
@limit_guesses
def rotate(token: str) -> Response:
    """Replace a tournament's watch link (view) or director's link (edit), then show the
    director's page at its links. The phone that replaces the director's link holds the new
    one."""
    device = device_of_request() or new_token()
    director = replace_tournament_link(token, *link_to_replace(), device)
    shown = redirect(url_for("tournaments.director", token=director, _anchor="links"), 303)
    return remember_device(shown, device)


def gone_words(error: LookupError) -> str:
    """What a link that finds no tournament says: that it was replaced, and who has the new one;
    or that there is none at it."""
    if isinstance(error, TournamentLinkReplaced):
        return gettext("This link was replaced. Ask the tournament's director for the new one.")
    return gettext("There is no tournament at this link. It may have changed.")


@bp.app_errorhandler(TournamentNotFound)
@bp.app_errorhandler(TableLinkNotFound)
def no_tournament(error: LookupError) -> tuple[str, int]:
    """A link that finds no tournament, or a table it does not have, is a 404 (and counts as a
    guess against the limit)."""
    return error_page(404, gone_words(error))


@bp.app_errorhandler(TournamentLinkReplaced)
def replaced_link(error: TournamentLinkReplaced) -> tuple[str, int]:
    """A tournament's link that was replaced answers 410 Gone, saying who has the new one."""
    return error_page(410, gone_words(error))
