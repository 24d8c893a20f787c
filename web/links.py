"""Replacing a game's view or edit link: the old one stops working at once."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

import games
from extensions import limit_guesses, limit_writes
from forms import ActionForm
from web import EDIT_LINKS

bp = Blueprint("links", __name__)

LINKS = ("view", "edit")


@bp.post(f"{EDIT_LINKS}/<token:token>/rotate")
@limit_writes
@limit_guesses
def rotate(token: str) -> Response:
    """Replace the view or the edit link (the form's `link`), then show the share panel."""
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    which = request.form.get("link")
    if which not in LINKS:
        abort(400)
    edit_token = games.replace_link(token, which, form.nonce.data)
    return redirect(url_for("scorer.show", token=edit_token, _anchor="share"), 303)
