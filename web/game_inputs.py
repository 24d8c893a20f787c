"""The scorer's writes of a game's inputs besides its hands: calling time (and resuming), and
adjustments added after a hand and removed. Each goes through `write_once`, as a hand does;
any write to a game awarded by forfeit, and any of the scorer's that would put a game of a
tournament round that has ended back in play (an undo, time taken back, a correction or an
adjustment that undoes its ending), is answered here with the game's page (409)."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext
from werkzeug.wrappers import Response

import games
from extensions import limit_writes
from forms import REASON_LENGTH, ActionForm, AdjustmentForm, problem_message
from games.writing import RoundEnded
from web import EDIT_LINKS
from web.lookups import limit_guesses
from web.pages import page_or_part
from web.scorer import back_to_game, game_page, overtaken, played_hand, saved
from web.writes import GameForfeited, forfeited_message, tournament_game_message, write_once

bp = Blueprint("inputs", __name__)


@bp.app_errorhandler(GameForfeited)
def forfeited(refusal: GameForfeited) -> Response:
    """A write to a game awarded by forfeit: the game's page as it is, saying why (409)."""
    return game_page(refusal.scored, status=409, message=forfeited_message())


# What a write refused because the game's round has ended says (a `RoundEnded` code), to its
# scorer or the director, in the user's language.
ENDED = {
    "undo": lambda: gettext(
        "This game's round is over and its result counts in the standings, so its last hand"
        " cannot be undone. To change its result, correct the hand instead."
    ),
    "forfeit": lambda: gettext(
        "This game's round is over and its forfeit counts in the standings. Its hands do not"
        " end it, so withdrawing the forfeit would put it back in play: the forfeit stays."
    ),
    "in_play": lambda: gettext(
        "This game's round is over and its result counts in the standings, so it cannot be put"
        " back in play. To change its result, correct a hand instead."
    ),
}


def ended_message(refusal: RoundEnded) -> str:
    """What a write refused because the game's round has ended is told."""
    return ENDED[refusal.code]()


@bp.app_errorhandler(RoundEnded)
def round_ended(refusal: RoundEnded) -> Response:
    """A scorer's write that would put a game of a round that has ended back in play: the
    game's page as it is, saying why (409)."""
    return game_page(refusal.scored, status=409, message=ended_message(refusal))


@bp.post(f"{EDIT_LINKS}/<token:token>/time")
@limit_writes
@limit_guesses
def call_time(token: str) -> Response:
    """Call time: the hand in play (or the next, before its bids) is the last."""
    return _game_write(token, games.call_time)


@bp.post(f"{EDIT_LINKS}/<token:token>/resume")
@limit_writes
@limit_guesses
def resume(token: str) -> Response:
    """Take time called back: the game plays on to its other ends."""
    return _game_write(token, games.resume)


def _game_write(token: str, write_game: games.InputWrite) -> Response:
    """Time called or taken back in the game behind `token` (see `button_write`); refused (409)
    in a tournament's game, whose round's clock calls its time and whose director rules."""
    scored = games.load(token)
    if scored.in_tournament:
        return game_page(scored, status=409, message=tournament_game_message())
    return button_write(scored, write_game)


def button_write(scored: games.ScoredGame, write_game: games.InputWrite) -> Response:
    """One button's write to the game: saved, or the game's page saying why not (422)."""
    token = scored.record.edit_token

    def attempt(write: games.Write) -> Response:
        """Write, or show the refusal above the game."""
        try:
            written = write_game(scored, write)
        except games.HandRefused as refusal:
            rules = scored.state.rules
            return game_page(
                scored, status=422, message=problem_message(refusal.problems[0], rules)
            )
        return saved(token, written)

    return write_once(
        scored,
        ActionForm(),
        attempt,
        not_right=lambda: abort(400),
        done=lambda: saved(token),
        overtaken=lambda: overtaken(token),
    )


@bp.route(f"{EDIT_LINKS}/<token:token>/hands/<int:number>/adjustment", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def add_adjustment(token: str, number: int) -> Response:
    """Add an adjustment after played hand `number`: its form, then the write."""
    scored = games.load(token)
    played_hand(scored, number)
    form = AdjustmentForm(formdata=None if request.method == "GET" else request.form)
    form.for_sides(scored.record.sides)
    if request.method == "GET":
        return adjustment_page(scored, number, form)

    def attempt(write: games.Write) -> Response:
        """Record the adjustment as sent, or say on the form why it cannot be."""
        try:
            written = games.add_adjustment(scored, form.adjustment(number), write)
        except games.HandRefused as refusal:
            form.add_problems(refusal.problems, scored.state.rules)
            return adjustment_page(scored, number, form, 422)
        return saved(token, written)

    return write_once(
        scored,
        form,
        attempt,
        not_right=lambda: adjustment_page(scored, number, form, 422),
        done=lambda: saved(token),
        overtaken=lambda: overtaken(token),
    )


def adjustment_page(
    scored: games.ScoredGame, number: int, form: AdjustmentForm, status: int = 200
) -> Response:
    """The page to add an adjustment after hand `number` (or its swappable part)."""
    return page_or_part(
        "adjustment.html",
        "_adjustment.html",
        status,
        scored=scored,
        number=number,
        form=form,
        reason_length=REASON_LENGTH,
    )


@bp.route(
    f"{EDIT_LINKS}/<token:token>/hands/<int:number>/adjustments/<int:position>/remove",
    methods=["GET", "POST"],
)
@limit_writes
@limit_guesses
def remove_adjustment(token: str, number: int, position: int) -> Response | str:
    """Remove the `position`-th adjustment (from 1) after hand `number`, once confirmed."""
    scored = games.load(token)
    result = scored.state.hands[played_hand(scored, number).number - 1]
    if not 1 <= position <= len(result.adjustments):
        return back_to_game(token)
    if request.method == "GET":
        shown = result.adjustments[position - 1]
        form = ActionForm(formdata=None)
        return render_template(
            "remove_adjustment.html",
            scored=scored,
            number=number,
            position=position,
            shown=shown,
            form=form,
        )

    def remove(scored: games.ScoredGame, write: games.Write) -> games.ScoredGame:
        """Remove the adjustment asked for."""
        return games.remove_adjustment(scored, number, position, write)

    return button_write(scored, remove)
