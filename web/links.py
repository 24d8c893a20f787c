"""Replacing a game's, a table's or a tournament's view or edit link: the old one stops working
at once."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

import games
from extensions import limit_writes
from forms import ActionForm
from games import tournaments
from models import new_token
from web import EDIT_LINKS, TABLE_LINKS, TOURNAMENT_LINKS
from web.device import device_of_request, remember_device
from web.lookups import limit_guesses

bp = Blueprint("links", __name__)

LINKS = ("view", "edit")


def link_to_replace() -> tuple[str, str | None]:
    """Which link the sent form replaces (its `link`: view or edit) and its one-time token;
    400 for a form that is not right."""
    form = ActionForm()
    which = request.form.get("link")
    if not form.validate_on_submit() or which not in LINKS:
        abort(400)
    return str(which), form.nonce.data


@bp.post(f"{EDIT_LINKS}/<token:token>/rotate")
@limit_writes
@limit_guesses
def rotate(token: str) -> Response:
    """Replace a game's view or edit link, then show its share panel."""
    edit_token = games.replace_link(token, *link_to_replace())
    return redirect(url_for("scorer.show", token=edit_token, _anchor="share"), 303)


@bp.post(f"{TABLE_LINKS}/<token:token>/rotate")
@limit_writes
@limit_guesses
def rotate_table(token: str) -> Response:
    """Replace a table's view or edit link, then show its share panel. The phone that replaces
    the edit link holds the new one, so its home page offers the table from then on."""
    device = device_of_request() or new_token()
    edit_token = games.replace_table_link(token, *link_to_replace(), device)
    shown = redirect(url_for("tables.show", token=edit_token, _anchor="share"), 303)
    return remember_device(shown, device)


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/rotate")
@limit_writes
@limit_guesses
def rotate_tournament(token: str) -> Response:
    """Replace a tournament's watch link (view) or director's link (edit), then show the
    director's page at its links. The phone that replaces the director's link holds the new
    one."""
    device = device_of_request() or new_token()
    director = tournaments.replace_tournament_link(token, *link_to_replace(), device)
    shown = redirect(url_for("tournaments.director", token=director, _anchor="links"), 303)
    return remember_device(shown, device)
