"""The director's late changes to a tournament's teams, between rounds: a team added late
(`games.late_teams`), which joins the next round's pairing with no results, and a team
withdrawn (`games.withdrawing`), paired no more."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from forms.late_team import LateTeamForm
from games import late_teams, rounds, tournaments, withdrawing
from web import TOURNAMENT_LINKS
from web.lookups import limit_guesses
from web.tournaments import director_action, director_page, refused

bp = Blueprint("tournament_late", __name__)


def late_words(code: str) -> str:
    """Why no team can be added now, in the user's language (`games.late_teams` codes)."""
    if code == "round_robin":
        return gettext(
            "A round robin's schedule, every team meeting every other once, is fixed once it"
            " starts: a team can join it only before round 1."
        )
    if code == "in_play":
        return gettext(
            "A team joins between rounds only: a game of this round is still being played."
        )
    if code == "no_round_left":
        return gettext("Every round of this tournament has been played: there is none to join.")
    if code == "name_taken":
        return gettext("A team of that name is already entered.")
    return gettext("This tournament has as many teams as a tournament can have.")


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/teams")
@limit_writes
@limit_guesses
def add_team(token: str) -> Response | tuple[str, int]:
    """Add a team late, between rounds: the next entry number, no results, paired from the
    next round; sent again, done. A name refused is said beside its field (422); refused, with
    nothing written, mid-round, in a round robin that has started, after the last round (409),
    and when the link is the watch link or a table's (403)."""
    try:
        now = rounds.standing(tournaments.find_tournament(token))
    except tournaments.TournamentNotFound:
        if not rounds.is_watch_or_table_link(token):
            raise
        text = gettext("Only the director's link adds a team. This link shows the tournament.")
        return refused(text, 403)
    form = LateTeamForm(team.name for team in now.teams)
    valid = form.validate_on_submit()
    if form.version.errors:
        abort(400)
    done = redirect(url_for("tournaments.director", token=token, _anchor="teams"), 303)
    seen = form.seen_version()
    if seen is not None and seen != now.record.version:
        return done  # the same form sent again, or from a page shown before: done already
    refusal = late_teams.late_refusal(now)
    if refusal is not None:
        return refused(late_words(refusal), 409)
    if not valid:
        return director_page(token, late=form), 422
    try:
        late_teams.add_team(token, form.entrant(), seen)
    except rounds.RoundRefused as refusal_now:
        return refused(late_words(refusal_now.code), 409)
    return done


def withdraw_words(code: str) -> str:
    """Why a team cannot withdraw now, in the user's language (`games.withdrawing` codes)."""
    if code == "in_play":
        return gettext(
            "A team withdraws between rounds only: a game of this round is still being played."
        )
    if code == "empty_round":
        return gettext(
            "Without this team a round of the schedule would have no game left to play: it"
            " cannot withdraw."
        )
    if code == "playoff":
        return gettext("The playoff has started: no team withdraws now.")
    if code == "too_few":
        return gettext("At least two teams must be left to play the next round.")
    return gettext("There is no such team still playing in this tournament.")


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/teams/<int:entry>/withdraw")
@limit_writes
@limit_guesses
def withdraw_team(token: str, entry: int) -> Response | tuple[str, int]:
    """Withdraw team `entry` between rounds: its games stay, it is paired no more; sent again,
    done. Refused, with nothing written, mid-round (409), for no such team (404), and when the
    link is the watch link or a table's (403)."""
    return director_action(
        token,
        lambda form: withdrawing.withdraw_team(token, entry, form.seen_version()),
        withdraw_words,
        gettext("Only the director's link withdraws a team. This link shows the tournament."),
        "teams",
        status=lambda code: 404 if code == "no_team" else 409,
    )
