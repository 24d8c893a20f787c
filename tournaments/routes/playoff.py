"""A tournament's playoff from the director's page (`tournaments.services.playoff`): started after
the last round, then each next stage, up to the final; its bracket is shown by
`_tournament_bracket.html` on the director's page, the wall and the results sheet."""

from __future__ import annotations

from flask import Blueprint
from flask_babel import gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from forms import ActionForm
from records.tournaments import TournamentRecord
from tournament import PLAYOFF_SIZES
from tournaments.forms.playoff import PlayoffForm
from tournaments.routes.tournament import busy_words, director_action
from tournaments.services import playoff
from tournaments.services.rounds import RoundRefused, Standing
from web import TOURNAMENT_LINKS
from web.lookups import limit_guesses

bp = Blueprint("tournament_playoff", __name__)

# Refusals that are the director's input (a size the field cannot have), not the moment.
BAD_INPUT = {"bad_size", "too_large"}


@bp.app_template_global()
def stage_name(tables: int) -> str:
    """A playoff stage's name by its number of tables, in the user's language."""
    if tables == 1:
        return gettext("Final")
    if tables == 2:
        return gettext("Semi-finals")
    return gettext("Quarter-finals")


@bp.app_template_global()
def playoff_offer(now: Standing) -> tuple[int, ...]:
    """The playoff sizes the director's page offers now: those the teams still playing fill,
    once the last round is over and no playoff has started (none otherwise)."""
    if playoff.start_refusal(now) is not None:
        return ()
    playing = sum(1 for team in now.teams if team.withdrawn_after is None)
    return tuple(size for size in PLAYOFF_SIZES if size <= playing)


def playoff_words(code: str) -> str:
    """Why the playoff, or its next stage, cannot start, in the user's language."""
    words = {
        "busy": busy_words(),
        "started": gettext("The playoff has already started."),
        "rounds_left": gettext(
            "The playoff starts after the last round: a round is still to be played."
        ),
        "in_play": gettext(
            "A game is still being played. The playoff goes on when every table has finished."
        ),
        "too_large": gettext(
            "The playoff cannot be larger than the teams still playing in the tournament."
        ),
        "no_playoff": gettext("The playoff has not started yet."),
        "over": gettext("The final has been played: the playoff is over."),
    }
    return words.get(code, gettext("A playoff is of the top 2, 4 or 8 teams."))


def status_of(code: str) -> int:
    """The refusal's status: 422 for a size the field cannot have, 409 for the moment."""
    return 422 if code in BAD_INPUT else 409


def started(token: str, form: ActionForm) -> TournamentRecord:
    """The playoff started as the form's size and length say."""
    chosen = PlayoffForm()
    if not chosen.validate():
        raise RoundRefused("bad_size")
    return playoff.start_playoff(token, chosen.size.data, chosen.length.data, form.nonce.data)


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/playoff")
@limit_writes
@limit_guesses
def start_playoff(token: str) -> Response | tuple[str, int]:
    """Start the playoff of the top 2, 4 or 8 teams after the last round; sent again, done.
    Refused, with nothing written: a size not 2, 4 or 8 or larger than the teams still
    playing (422), before the last round is over or once started (409), and the watch link or
    a table's (403)."""
    return director_action(
        token,
        lambda form: started(token, form),
        playoff_words,
        gettext("Only the director's link starts the playoff. This link shows the tournament."),
        "playoff",
        status=status_of,
    )


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/playoff/next")
@limit_writes
@limit_guesses
def next_stage(token: str) -> Response | tuple[str, int]:
    """Start the playoff's next stage from the last one's winners; sent again, done. Refused,
    with nothing written, while a game of the stage is played, after the final or before the
    playoff (409), and for the watch link or a table's (403)."""
    return director_action(
        token,
        lambda form: playoff.start_stage(token, form.nonce.data),
        playoff_words,
        gettext("Only the director's link starts the playoff. This link shows the tournament."),
        "playoff",
    )
