"""A table's own links: its view or edit link replaced from its page, and the answer to a link
that finds no table."""

from __future__ import annotations

from flask import Blueprint, redirect, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from records.games import new_token
from tables.services.table import TableNotFound, replace_table_link
from web import TABLE_LINKS
from web.device import device_of_request, remember_device
from web.errors import error_page
from web.links import link_to_replace
from web.lookups import limit_guesses

bp = Blueprint("table_links", __name__)


@bp.post(f"{TABLE_LINKS}/<token:token>/rotate")
@limit_writes
@limit_guesses
def rotate(token: str) -> Response:
    """Replace a table's view or edit link, then show its share panel. The phone that replaces
    the edit link holds the new one, so its home page offers the table from then on."""
    device = device_of_request() or new_token()
    edit_token = replace_table_link(token, *link_to_replace(), device)
    shown = redirect(url_for("tables.show", token=edit_token, _anchor="share"), 303)
    return remember_device(shown, device)


@bp.app_errorhandler(TableNotFound)
def no_table(error: TableNotFound) -> tuple[str, int]:
    """A link that finds no table is a 404 (and counts as a guess against the limit)."""
    return error_page(404, gettext("There is no table at this link. It may have changed."))
