"""A substitute comes into a tournament's team, from the director's page
(`tournaments.services.substitutes`): the team's games from then on name who comes in, the games
played keep who played. The form is done once, whatever the network repeats; one from a page that
showed another player leaving than the one there now is refused, saying who came in since."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from records.tournaments import TournamentTeamRecord
from tournaments.forms.substitutes import SwapForm
from tournaments.routes.changes import refused_now
from tournaments.routes.tournament import busy_words, director_only, director_page
from tournaments.services import directory, rounds, substitutes
from web import TOURNAMENT_LINKS
from web.lookups import limit_guesses

bp = Blueprint("tournament_swaps", __name__)


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/substitutes")
@limit_writes
@limit_guesses
def swap_player(token: str) -> Response | tuple[str, int]:
    """Replace the player chosen (of any team) by a substitute; sent again, nothing more. A
    choice or a name refused is said beside its field (422), nothing written; the watch link or
    a table's is refused (403)."""
    try:
        tournament = directory.find_tournament(token)
    except directory.TournamentNotFound as error:
        text = gettext("Only the director's link changes a team. This link shows the tournament.")
        return director_only(error, token, text)
    form = SwapForm(directory.tournament_teams(tournament))
    if not form.validate_on_submit():
        if form.nonce.errors:
            abort(400)
        return director_page(token, swap=form), 422
    try:
        substitutes.swap_player(
            token, form.entry, form.partner, form.name.data, form.shown, form.nonce.data
        )
    except rounds.RoundRefused as refusal:
        team = substitutes.find_team(directory.find_tournament(token), form.entry)
        return refused_now(token, None, refusal.code, swap_words(refusal.code, form, team))
    return redirect(url_for("tournaments.director", token=token, _anchor="substitutes"), 303)


def swap_words(code: str, form: SwapForm, team: TournamentTeamRecord) -> str:
    """Why the swap was refused, in the user's language (`tournaments.services.substitutes` codes):
    the player the form's page showed leaving was `replaced` (by whoever plays in their place in
    `team`, read again), or other changes kept coming first (`busy`)."""
    if code == "replaced":
        return gettext(
            "%(player)s was replaced by %(substitute)s since this page was shown.",
            player=form.shown,
            substitute=team.players[form.partner],
        )
    return busy_words()
