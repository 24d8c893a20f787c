"""The director's rulings on a table's game, under the director's link
(`tournaments.services.rulings`): the game's page for rulings, and its writes — the game awarded
by forfeit (and that forfeit withdrawn), its latest hand undone, a played hand corrected, points
adjusted after a hand, a disputed hand upheld as saved — each with its row in the tournament's
log, then back to the ruling page (303).

Refused with nothing written, in the user's language: the watch link or a table's (403), a
round or table the tournament does not have (404), a game awarded by forfeit ruled on but to
withdraw it (409), a ruling that would put a game of a round that has ended back in play (409:
its last hand undone, its forfeit withdrawn), a form another phone's write overtook (409), a
hand or adjustment the rules refuse (422, beside the form, which is the scorer's own partial).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

import games
from extensions import limit_writes
from forms import REASON_LENGTH, ActionForm, AdjustmentForm, HandForm, problem_message
from games.writing import RoundEnded
from tournaments.forms.rulings import AwardForm
from tournaments.routes.tournament import director_only
from tournaments.services import directory, rounds, rulings
from web import TOURNAMENT_LINKS
from web.errors import not_right_message
from web.game_inputs import ended_message
from web.hand_forms import filled_form, note_later_hand, offer_blind
from web.lookups import limit_guesses
from web.pages import page_or_part, redirect_page
from web.scorer import played_hand
from web.writes import conflict_message, write_of

bp = Blueprint("tournament_rulings", __name__)
bp.add_app_template_global(rulings.game_rulings, "game_rulings")

TABLE_GAME = f"{TOURNAMENT_LINKS}/<token:token>/rounds/<int:number>/tables/<int:table>"
# What a refusal of `tournaments.services.rulings` (a `RoundRefused` code) says, in the user's
# language.
REFUSALS = {
    "forfeited": lambda: gettext(
        "This game was awarded by forfeit. Withdraw the forfeit first to rule on its hands."
    ),
    "not_forfeited": lambda: gettext("This game has no forfeit to withdraw."),
    "no_hand": lambda: gettext("This game has no hand to undo."),
    "not_disputed": lambda: gettext("That hand is not disputed now: there is nothing to rule."),
}


def only_director() -> str:
    """What the watch link or a table's link is told of a ruling."""
    return gettext("Only the director's link makes a ruling. This link shows the tournament.")


def find_ruled(token: str, number: int, table: int) -> rulings.RuledGame | tuple[str, int]:
    """The game at `table` in round `number`; the refusal page (403) for the watch link or a
    table's, 404 for a round or table the tournament does not have."""
    try:
        return rulings.ruled_game(token, number, table)
    except directory.TournamentNotFound as error:
        return director_only(error, token, only_director())
    except rulings.NoSuchTableGame:
        abort(404)


def back(ruled: rulings.RuledGame) -> Response:
    """The ruling page after a ruling (post/redirect/get); for htmx, which would follow a
    redirect into the form's place, the same page loaded whole."""
    page = url_for(
        ".ruling_page", token=ruled.tournament.edit_token, number=ruled.round, table=ruled.table
    )
    return redirect_page(page)


def shown(ruled: rulings.RuledGame, status: int = 200, message: str | None = None) -> Response:
    """The ruling page of the game: its score, its hands, the rulings' forms and its rulings;
    refused (a status not 200), it says why, or that the request was not right."""
    if status != 200 and message is None:
        message = not_right_message()
    return page_or_part(
        "tournament_ruling.html",
        "tournament_ruling.html",
        status,
        ruled=ruled,
        scored=ruled.scored,
        message=message,
        form=ActionForm(formdata=None),
        reason_length=REASON_LENGTH,
    )


def rule(
    token: str,
    number: int,
    table: int,
    form: ActionForm,
    act: Callable[[rulings.RuledGame, games.Write], Response | None],
    again: Callable[[rulings.RuledGame, int, str | None], Response] = shown,
) -> Response | tuple[str, int]:
    """One ruling sent: the form checked, the ruling made (`act`, which answers a refusal of
    the rules itself) and the ruling page (303); or, with nothing written, the page again
    (`again`, with a status and words): 422 for a form not right (its fields say what), 409
    for a refusal (a round that has ended among them) or a write overtaken. The same form
    sent again is answered as done."""
    ruled = find_ruled(token, number, table)
    if not isinstance(ruled, rulings.RuledGame):
        return ruled
    if not form.validate_on_submit():
        return again(ruled, 422, None)
    write = write_of(form)
    if games.is_repeat(ruled.scored.record, write):
        return back(ruled)
    try:
        answer = act(ruled, write)
    except rounds.RoundRefused as refusal:
        return again(ruled, 409, REFUSALS[refusal.code]())
    except RoundEnded as refusal:
        return again(ruled, 409, ended_message(refusal))
    except games.Conflict:
        now = rulings.ruled_game(token, number, table)
        if games.was_applied(now.scored.record.edit_token, write):
            return back(now)
        return again(now, 409, conflict_message())
    return answer or back(ruled)


@bp.get(TABLE_GAME)
@limit_guesses
def ruling_page(token: str, number: int, table: int) -> Response | tuple[str, int]:
    """The game at a table as the director rules on it."""
    ruled = find_ruled(token, number, table)
    return shown(ruled) if isinstance(ruled, rulings.RuledGame) else ruled


@bp.post(f"{TABLE_GAME}/forfeit")
@limit_writes
@limit_guesses
def award(token: str, number: int, table: int) -> Response | tuple[str, int]:
    """Award the game by forfeit to the side of the button tapped."""
    form = AwardForm()

    def act(ruled: rulings.RuledGame, write: games.Write) -> None:
        """Award the game to the side sent (the form checked it is one), for its reason."""
        rulings.award(ruled, form.side.data, form.reason.data, write)

    def again(ruled: rulings.RuledGame, status: int, message: str | None) -> Response:
        """The ruling page refused, saying why: what is wrong with the reason, if it is."""
        return shown(ruled, status, message or next(iter(form.reason.errors), None))

    return rule(token, number, table, form, act, again)


@bp.post(f"{TABLE_GAME}/forfeit/withdraw")
@limit_writes
@limit_guesses
def withdraw_forfeit(token: str, number: int, table: int) -> Response | tuple[str, int]:
    """Withdraw the game's forfeit: its hands decide it again."""
    return rule(token, number, table, ActionForm(), rulings.withdraw_forfeit)


@bp.post(f"{TABLE_GAME}/undo")
@limit_writes
@limit_guesses
def undo(token: str, number: int, table: int) -> Response | tuple[str, int]:
    """Undo the game's latest hand (played, or the bids in play)."""
    return rule(token, number, table, ActionForm(), rulings.undo)


@bp.post(f"{TABLE_GAME}/resume")
@limit_writes
@limit_guesses
def play_on(token: str, number: int, table: int) -> Response | tuple[str, int]:
    """Take back the time the round's clock called at the game: it plays on."""

    def act(ruled: rulings.RuledGame, write: games.Write) -> Response | None:
        """Play on, or the page again saying why not (409: time was not called)."""
        try:
            rulings.play_on(ruled, write)
        except games.HandRefused as refusal:
            rules = ruled.scored.state.rules
            return shown(ruled, 409, problem_message(refusal.problems[0], rules))
        return None

    return rule(token, number, table, ActionForm(), act)


@bp.post(f"{TABLE_GAME}/hands/<int:hand>/uphold")
@limit_writes
@limit_guesses
def uphold(token: str, number: int, table: int, hand: int) -> Response | tuple[str, int]:
    """Rule that disputed hand `hand` stands as its scorer saved it: it counts."""

    def act(ruled: rulings.RuledGame, write: games.Write) -> None:
        """Let the hand stand (a refusal is answered by `rule`)."""
        rulings.uphold(ruled, hand, write)

    return rule(token, number, table, ActionForm(), act)


def hand_page(
    ruled: rulings.RuledGame,
    hand: int,
    form: HandForm,
    status: int = 200,
    message: str | None = None,
) -> Response:
    """The page that corrects played hand `hand`: the scorer's partial, sent here."""
    offer_blind(form, ruled.scored.state, hand)
    return page_or_part(
        "edit_hand.html",
        "_edit_hand.html",
        status,
        scored=ruled.scored,
        number=hand,
        result=ruled.scored.state.hands[hand - 1],
        form=form,
        message=message,
        ruled=ruled,
    )


@bp.route(f"{TABLE_GAME}/hands/<int:hand>", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def correct(token: str, number: int, table: int, hand: int) -> Response | tuple[str, int]:
    """Correct played hand `hand` as its scorer can; every total after it is replayed."""
    ruled = find_ruled(token, number, table)
    if not isinstance(ruled, rulings.RuledGame):
        return ruled
    stored = played_hand(ruled.scored, hand)
    if request.method == "GET":
        return hand_page(ruled, hand, filled_form(ruled.scored, stored))
    form = HandForm().for_rules(ruled.scored.state.rules)

    def act(ruled: rulings.RuledGame, write: games.Write) -> Response | None:
        """Correct the hand as sent, or say on the form why it cannot be."""
        parsed = form.parsed()
        if parsed is None:
            return hand_page(ruled, hand, form, 422)
        try:
            rulings.correct(ruled, hand, parsed, write)
        except games.HandRefused as refusal:
            form.add_problems(refusal.problems)
            return hand_page(ruled, hand, form, 422)
        except games.LaterHandRefused as refusal:
            note_later_hand(form, refusal.number, refusal.problem, ruled.scored.state.rules)
            return hand_page(ruled, hand, form, 422)
        return None

    def again(now: rulings.RuledGame, status: int, words: str | None) -> Response:
        """The form again with what is wrong said above it (or beside its fields)."""
        return hand_page(now, hand, form, status, words)

    return rule(token, number, table, form, act, again)


def adjustment_page(
    ruled: rulings.RuledGame, hand: int, form: AdjustmentForm, status: int = 200
) -> Response:
    """The page that adds an adjustment after hand `hand`: the scorer's partial, sent here."""
    return page_or_part(
        "adjustment.html",
        "_adjustment.html",
        status,
        scored=ruled.scored,
        number=hand,
        form=form,
        reason_length=REASON_LENGTH,
        ruled=ruled,
    )


@bp.route(f"{TABLE_GAME}/hands/<int:hand>/adjustment", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def adjust(token: str, number: int, table: int, hand: int) -> Response | tuple[str, int]:
    """Add an adjustment, with its reason, after played hand `hand`."""
    ruled = find_ruled(token, number, table)
    if not isinstance(ruled, rulings.RuledGame):
        return ruled
    played_hand(ruled.scored, hand)
    form = AdjustmentForm(formdata=None if request.method == "GET" else request.form)
    form.for_sides(ruled.scored.record.sides)
    if request.method == "GET":
        return adjustment_page(ruled, hand, form)

    def act(ruled: rulings.RuledGame, write: games.Write) -> Response | None:
        """Record the adjustment as sent, or say on the form why it cannot be."""
        try:
            rulings.adjust(ruled, form.adjustment(hand), write)
        except games.HandRefused as refusal:
            form.add_problems(refusal.problems, ruled.scored.state.rules)
            return adjustment_page(ruled, hand, form, 422)
        return None

    def again(now: rulings.RuledGame, status: int, words: str | None) -> Response:
        """The form again with what is wrong said above it (or beside its fields)."""
        if words is not None:
            form.form_errors.append(words)
        return adjustment_page(now, hand, form, status)

    return rule(token, number, table, form, act, again)
