"""The director's changes between rounds: a team added late (`tournaments.services.late_teams`),
which joins the next round's pairing with no results, a team withdrawn
(`tournaments.services.withdrawing`), paired no more, and the latest round cancelled before any
table saved anything (`tournaments.services.cancelling`), to be paired again.

Each form is done once, whatever the network repeats (its one-time token); one from a page
shown before other changes is applied to the tournament as they left it, or refused with the
director's page as it is now, saying what changed (`refused_now`)."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from forms import ActionForm
from tournaments.forms.late_team import LateTeamForm
from tournaments.routes.tournament import busy_words, director_only, director_page
from tournaments.services import cancelling, directory, late_teams, rounds, withdrawing
from web import TOURNAMENT_LINKS
from web.errors import error_page
from web.lookups import limit_guesses

bp = Blueprint("tournament_late", __name__)


def late_words(code: str) -> str:
    """Why no team can be added now, in the user's language (`tournaments.services.late_teams`
    codes)."""
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
    if code == "busy":
        return busy_words()
    return gettext("This tournament has as many teams as a tournament can have.")


def changed_words(code: str, seen: int | None, version: int, waiting: bool = False) -> str | None:
    """What changed since a refused form's page was shown, in the user's language: the page
    showed the tournament at version `seen` (None: the form did not say) and it is at `version`
    now, and `waiting` says the round's games are all played but a hand of one awaits a word or
    a ruling; None when nothing did, as far as can be told."""
    if seen is None:
        return None
    if code == "in_play":  # the director's page offers these forms between rounds only
        if waiting:
            return gettext(
                "Since this page was shown, a hand of this round was written again: it waits"
                " for East–West's word or your ruling."
            )
        return gettext("A round started since this page was shown.")
    if seen != version:
        return gettext("The tournament changed since this page was shown.")
    return None


def refused_now(token: str, seen: int | None, code: str, reason: str) -> tuple[str, int]:
    """A director's form refused with `code`, nothing written: the director's page as the
    tournament is now (409), saying what changed since the form's page, which showed version
    `seen`, and `reason`."""
    record = directory.find_tournament(token)
    current = rounds.standing(record).current if code == "in_play" else None
    # Every game of the round played out, yet the round not over: a hand waits for a word.
    waiting = current is not None and all(table.played_out for table in current.tables)
    before = changed_words(code, seen, record.version, waiting)
    return director_page(token, message=" ".join(filter(None, (before, reason)))), 409


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/teams")
@limit_writes
@limit_guesses
def add_team(token: str) -> Response | tuple[str, int]:
    """Add a team late, between rounds: the next entry number, no results, paired from the
    next round; sent again, done, and from a page shown before other changes, added to the
    tournament as they left it. A name refused is said beside its field (422); refused, with
    nothing written, mid-round, in a round robin that has started, after the last round (409,
    the director's page as it is now), and when the link is the watch link or a table's
    (403)."""
    try:
        now = rounds.standing(directory.find_tournament(token))
    except directory.TournamentNotFound as error:
        text = gettext("Only the director's link adds a team. This link shows the tournament.")
        return director_only(error, token, text)
    form = LateTeamForm(team.name for team in now.teams)
    valid = form.validate_on_submit()
    if form.version.errors or form.nonce.errors:
        abort(400)
    done = redirect(url_for("tournaments.director", token=token, _anchor="teams"), 303)
    if withdrawing.sent_before(now.record, form.nonce.data):
        return done  # the same form sent again: done already
    refusal = late_teams.late_refusal(now)
    if refusal is None and not valid:
        return director_page(token, late=form), 422
    if refusal is None:
        try:
            late_teams.add_team(token, form.entrant(), form.nonce.data)
            return done
        except rounds.RoundRefused as refusal_now:
            refusal = refusal_now.code
    return refused_now(token, form.seen_version(), refusal, late_words(refusal))


def withdraw_words(code: str, team: str = "") -> str:
    """Why `team` cannot withdraw now, in the user's language (`tournaments.services.withdrawing`
    codes)."""
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
    if code == "withdrawn" and team:
        return gettext("Team %(team)s has withdrawn already.", team=team)
    if code == "busy":
        return busy_words()
    return gettext("There is no such team still playing in this tournament.")


def team_name(token: str, entry: int) -> str:
    """The name of team `entry` of the tournament behind director's link `token`."""
    teams = directory.tournament_teams(directory.find_tournament(token))
    return next(team.name for team in teams if team.entry == entry)


@bp.get(f"{TOURNAMENT_LINKS}/<token:token>/teams/withdraw")
@limit_guesses
def confirm_withdrawal(token: str) -> Response | tuple[str, int] | str:
    """The second screen of a withdrawal: what withdrawing the team chosen (`?entry=`) will
    do, with the button that does it (carrying the version of the page it was chosen on, as
    `?version=`) and the way back. 404 in words for no such team."""
    try:
        tournament = directory.find_tournament(token)
    except directory.TournamentNotFound as error:
        text = gettext("Only the director's link withdraws a team. This link shows the tournament.")
        return director_only(error, token, text)
    entry = request.args.get("entry", type=int)
    now = rounds.standing(tournament)
    team = next((team for team in now.teams if team.entry == entry), None)
    if team is None:
        return error_page(404, withdraw_words("no_team"))
    refusal = withdrawing.withdraw_refusal(now, team.entry)
    if refusal is not None:
        return error_page(409, withdraw_words(refusal, team.name))
    version = request.args.get("version", type=int)
    return render_template(
        "tournament_withdraw.html",
        tournament=tournament,
        team=team,
        # A version no page shows is none: the change is then checked as a fresh page's.
        version=version if version is not None and 0 <= version <= tournament.version else None,
    )


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/teams/<int:entry>/withdraw")
@limit_writes
@limit_guesses
def withdraw_team(token: str, entry: int) -> Response | tuple[str, int]:
    """Withdraw team `entry` between rounds: its games stay, it is paired no more; sent again,
    done, and from a page shown before other changes, withdrawn from the tournament as they
    left it. Refused, with nothing written, mid-round or once it withdrew (409, the director's
    page as it is now), for no such team (404, and a team withdrawn when the form did not come
    from a page that showed it playing), and when the link is the watch link or a table's
    (403)."""
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        withdrawing.withdraw_team(token, entry, form.nonce.data)
    except rounds.RoundRefused as refusal:
        seen = form.seen_version()
        if refusal.code == "no_team" or (refusal.code == "withdrawn" and seen is None):
            return error_page(404, withdraw_words("no_team"))
        words = withdraw_words(refusal.code, team_name(token, entry))
        return refused_now(token, seen, refusal.code, words)
    except directory.TournamentNotFound as error:
        text = gettext("Only the director's link withdraws a team. This link shows the tournament.")
        return director_only(error, token, text)
    return redirect(url_for("tournaments.director", token=token, _anchor="teams"), 303)


def cancel_words(code: str, number: int = 0) -> str:
    """Why round `number` cannot be cancelled, in the user's language (`rounds.RoundRefused`
    codes of `cancelling.cancel_round`)."""
    if code == "no_round":
        return gettext(
            "There is no such round to cancel: only the latest round can be cancelled, before"
            " any of its tables saves a hand."
        )
    if code == "cancelled":
        return gettext("Round %(number)s has been cancelled already.", number=number)
    if code == "changed":
        return gettext(
            "The tournament changed since this page was shown. Here is round %(number)s as it"
            " is now: cancel it again if you still mean to.",
            number=number,
        )
    if code == "busy":
        return busy_words()
    return gettext(
        "A table has saved a hand of this round (or time was called, or points adjusted), so"
        " it can no longer be cancelled."
    )


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/rounds/<int:number>/cancel")
@limit_writes
@limit_guesses
def cancel_round(token: str, number: int) -> Response | tuple[str, int]:
    """Cancel the latest round, round `number`, while none of its tables has saved anything,
    its games removed, so it can be paired again; sent again, done. Refused, with nothing
    written, once a table saved a hand, for a round not the latest, and from a page shown
    before the tournament changed (409, the director's page as it is now, saying why), and
    when the link is the watch link or a table's (403)."""
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        cancelling.cancel_round(token, number, form.seen_version(), form.nonce.data)
    except rounds.RoundRefused as refusal:
        # The cancel is not one of the changes in the fold: it stays shut.
        text = cancel_words(refusal.code, number)
        return director_page(token, message=text, changes_open=False), 409
    except directory.TournamentNotFound as error:
        text = gettext("Only the director's link cancels a round. This link shows the tournament.")
        return director_only(error, token, text)
    return redirect(url_for("tournaments.director", token=token, _anchor="round"), 303)
