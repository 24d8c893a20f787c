"""A club's own links: its view or organiser's link replaced from its page, and the answer to a
link that finds no club."""

from __future__ import annotations

from flask import Blueprint, redirect, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from clubs.services.club import ClubNotFound, device_clubs, replace_club_link
from extensions import limit_writes
from records.clubs import ClubRecord
from records.games import new_token
from web import CLUB_LINKS
from web.device import device_of_request, remember_device
from web.errors import error_page
from web.links import link_to_replace
from web.lookups import limit_guesses

bp = Blueprint("club_links", __name__)


@bp.app_template_global()
def my_clubs() -> list[ClubRecord]:
    """The clubs this phone runs, for its home page (which knows no club)."""
    return device_clubs(device_of_request())


@bp.post(f"{CLUB_LINKS}/<token:token>/rotate")
@limit_writes
@limit_guesses
def rotate(token: str) -> Response:
    """Replace a club's view or organiser's link, then show its links. The phone that replaces
    the organiser's link holds the new one, so its home page offers the club from then on."""
    device = device_of_request() or new_token()
    edit_token = replace_club_link(token, *link_to_replace(), device)
    shown = redirect(url_for("clubs.show", token=edit_token, _anchor="share"), 303)
    return remember_device(shown, device)


@bp.app_errorhandler(ClubNotFound)
def no_club(error: ClubNotFound) -> tuple[str, int]:
    """A link that finds no club is a 404 (and counts as a guess against the limit)."""
    return error_page(404, gettext("There is no club at this link. It may have changed."))
