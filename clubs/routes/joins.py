"""Names joined on a club's organiser's page: two names of its players that are one person,
joined (every figure follows at once) and undone again (`clubs.services.joins`).

Refused with nothing written, in the user's language: a name not among the club's players (422,
beside its field), a name joined to itself, a name joined already, or two names that sat in the
same game (409, saying why)."""

from __future__ import annotations

from flask import Blueprint, redirect, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from clubs.forms.club import JoinForm
from clubs.routes.club import organiser_page
from clubs.services import club as clubs
from clubs.services import joins
from clubs.services.ratings import club_ratings
from extensions import limit_writes
from forms import ActionForm
from web import CLUB_LINKS
from web.errors import not_right_message
from web.lookups import limit_guesses

bp = Blueprint("club_joins", __name__)

# What a refused join (a `JoinRefused` code) says, in the user's language.
REFUSALS = {
    "itself": lambda: gettext("A name cannot be joined to itself: these are one player already."),
    "joined": lambda: gettext(
        "That name is joined to another already. Undo that join first to join it elsewhere."
    ),
    "unknown": lambda: gettext("Only names played at the club's tables or tournaments join."),
    "same_game": lambda: gettext(
        "These two names sat in the same game: they are two people, and stay apart."
    ),
}


def back(token: str) -> Response:
    """The organiser's page at its players, after a join or its undoing (303)."""
    return redirect(url_for("clubs.show", token=token, _anchor="players"), 303)


@bp.post(f"{CLUB_LINKS}/<token:token>/joins")
@limit_writes
@limit_guesses
def join(token: str) -> Response | tuple[str, int]:
    """Join two names of the club's players: the first counts as the second from now on."""
    club = clubs.find_club(token)
    form = JoinForm()
    players = club_ratings(club).players
    form.name.choices = form.same_as.choices = [(p.name, p.name) for p in players]
    # A name the page showed, spelt since another way ("ana b." for "Ana B."), is still it.
    spelt = {joins.name_key(player.name): player.name for player in players}
    for field in (form.name, form.same_as):
        field.data = spelt.get(joins.name_key(str(field.data or "")), field.data)
    if not form.validate_on_submit():
        return organiser_page(club, 422, join_form=form)
    try:
        joins.join_names(club, form.name.data, form.same_as.data, form.nonce.data)
    except joins.JoinRefused as refusal:
        return organiser_page(club, 409, REFUSALS[refusal.code](), join_form=form)
    return back(token)


@bp.post(f"{CLUB_LINKS}/<token:token>/joins/<int:number>/undo")
@limit_writes
@limit_guesses
def undo(token: str, number: int) -> Response | tuple[str, int]:
    """Undo a join: its two names count apart again (done already: nothing more)."""
    club = clubs.find_club(token)
    if not ActionForm().validate_on_submit():
        return organiser_page(club, 400, not_right_message())
    joins.undo_join(club, number)
    return back(token)
