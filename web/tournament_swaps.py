"""A substitute comes into a tournament's team, from the director's page (`games.substitutes`):
the team's games from then on name who comes in, the games played keep who played."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from forms.substitutes import SwapForm
from games import rounds, substitutes, tournaments
from web import TOURNAMENT_LINKS
from web.lookups import limit_guesses
from web.tournaments import director_page, refused

bp = Blueprint("tournament_swaps", __name__)


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/teams/<int:entry>/players")
@limit_writes
@limit_guesses
def swap_player(token: str, entry: int) -> Response | tuple[str, int]:
    """Replace one player of team `entry` by a substitute; sent again, nothing more. A name
    refused is said beside the field (422), nothing written; a team the tournament does not
    have is 404, the watch link or a table's 403."""
    try:
        tournament = tournaments.find_tournament(token)
        team = substitutes.find_team(tournament, entry)
    except tournaments.TournamentNotFound:
        if not rounds.is_watch_or_table_link(token):
            raise
        text = gettext("Only the director's link changes a team. This link shows the tournament.")
        return refused(text, 403)
    except substitutes.TeamNotFound:
        abort(404)
    form = SwapForm(team.players)
    if not form.validate_on_submit():
        return director_page(token, swap=(entry, form)), 422
    substitutes.swap_player(token, entry, form.partner, form.name.data)
    return redirect(url_for("tournaments.director", token=token, _anchor=f"team-{entry}"), 303)
