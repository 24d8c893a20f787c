"""Replacing a game's view or edit link: the old one stops working at once. A table's and a
tournament's links are replaced in their rooms, with the same form (`link_to_replace`)."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

import games
from extensions import limit_writes
from forms import ActionForm
from web import EDIT_LINKS
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
