"""The scorer's pages behind the edit link: start a game, enter, correct and undo hands."""

from __future__ import annotations

import random
from collections.abc import Hashable
from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

import games
import scoring
from extensions import limit_guesses, limit_writes
from forms import ActionForm, HandForm, NewGameForm, problem_message
from models import StoredHand, TableRecord, new_token
from web import EDIT_LINKS
from web.device import device_of_request, remember_device
from web.pages import page_or_part, wants_part
from web.tokens import looks_like_token

bp = Blueprint("scorer", __name__)


def conflict_message() -> str:
    """What a scorer is told when another phone's write came first."""
    return gettext("Another phone changed this game first. Here is what is saved now.")


def write_of(form: ActionForm) -> games.Write:
    """What a sent form tells the service layer about the write: version seen, one-time token."""
    return games.Write(form.version.data, form.nonce.data)


def back_to_game(token: str) -> Response:
    """Redirect after a write to the game's page (post/redirect/get)."""
    return redirect(url_for(".show", token=token), 303)


def saved(token: str, written: games.ScoredGame | None = None) -> Response:
    """The answer to a write that is in: for htmx, the game's new part at once, which spares
    the phone the round trip of a redirect (the game's address put in the bar when the write
    came from another page, as the redirect would); without script, post/redirect/get.
    `written` is the game as this request's write left it, else it is read."""
    if not wants_part():
        return back_to_game(token)
    response = game_page(written or games.load(token))
    page = url_for(".show", token=token)
    if urlsplit(request.headers.get("HX-Current-URL", "")).path != page:
        response.headers["HX-Replace-Url"] = page  # a saved edit: its game is shown now
    return response


@bp.get("/")
def home() -> tuple[str, int]:
    """The new-game form (in a table when the address names one: `?table=<its edit link>`),
    the games started on this phone and its tables."""
    form = NewGameForm(formdata=None)
    asked = request.args.get("table", "")
    if looks_like_token(asked):
        form.in_table.data = asked
    return home_page(form)


def home_page(form: NewGameForm, status: int = 200) -> tuple[str, int]:
    """The home page around a new-game form: the tables it may be played in, the names used on
    this phone and in the chosen table, and this phone's games."""
    device = device_of_request()
    tables = games.device_tables(device)
    chosen = chosen_table(form.in_table.data)
    if chosen is not None and chosen.id not in {t.id for t in tables}:
        tables.insert(0, chosen)  # a table opened by its link, not yet played in on this phone
    form.offer_tables(tables)
    page = render_template(
        "home.html",
        form=form,
        my_games=games.device_games(device),
        tables=tables,
        names=games.names_used(device, chosen),
    )
    return page, status


def chosen_table(token: str | None) -> TableRecord | None:
    """The table behind an edit link chosen on the form, or None (no table, or no such one)."""
    if not looks_like_token(token):
        return None
    try:
        return games.find_table(str(token))
    except (games.TableNotFound, games.LinkReplaced):
        return None


@bp.post("/games")
@limit_writes
def create_game() -> Response | tuple[str, int]:
    """Start a game from the new-game form and go to its page; or, for the Shuffle seats
    button, show the form again with the names dealt to new seats (nothing is written)."""
    form = NewGameForm()
    if "shuffle" in request.form and form.validate_on_submit():
        form.shuffle_seats(random.SystemRandom())
        return home_page(form)
    if not form.validate_on_submit():
        return home_page(form, 422)
    table = chosen_table(form.in_table.data)
    if form.in_table.data and table is None:
        form.in_table.errors = [gettext("There is no table at that link.")]
        return home_page(form, 422)
    device = device_of_request() or new_token()
    teams, players = form.names()
    record = games.create_game(
        teams=teams,
        players=players,
        first_dealer=int(form.first_dealer.data),
        preset=form.preset_key(),
        rules=form.rules(),  # the fields' ranges keep every combination playable
        device=device,
        nonce=form.nonce.data,
        table_id=table.id if table is not None else None,
        best_of=form.series_length(),
    )
    return remember_device(back_to_game(record.edit_token), device)


@bp.get(f"{EDIT_LINKS}/<token:token>")
@limit_guesses
def show(token: str) -> Response:
    """The scorer's page: scoreboard, the hand being entered, history."""
    return game_page(games.load(token))


def game_page(
    scored: games.ScoredGame,
    form: HandForm | None = None,
    status: int = 200,
    message: str | None = None,
) -> Response:
    """A game's page (or its swappable part) with the form for the next hand; rendered once
    per change of the game while its form is fresh and nothing else is said."""
    fresh = form is None and message is None and status == 200

    def hand_form() -> HandForm:
        """The form for the next hand: the one sent back, or a new one showing the game (made
        only when the page is rendered, not for a page kept)."""
        shown = form
        if shown is None:
            shown = HandForm(formdata=None).for_rules(scored.state.rules)
            if scored.in_play is not None:
                shown.fill_from(scored.in_play)
            shown.version.data = str(scored.record.version)
        upcoming = scored.state.next
        if upcoming is not None:
            shown.offer_blind_nil(upcoming.blind_nil_allowed)
        return shown

    series = games.series_of(scored)
    return page_or_part(
        "game.html",
        "_game.html",
        status,
        kept_for=(kept_for(scored), series) if fresh else None,
        make_form=hand_form,
        scored=scored,
        series=series,
        message=message,
        editable=True,
        all_hands=request.args.get("all") == "1",
        show_whole=request.args.get("whole") == "1",
        show_bids=request.args.get("bids") == "1",
        show_players=request.args.get("players") == "1",
    )


def kept_for(scored: games.ScoredGame) -> Hashable:
    """What a game's pages depend on: its state after its latest write, and its links."""
    record = scored.record
    return (games.Replays.key(record), record.edit_token, record.view_token)


def refused(token: str, write: games.Write) -> Response:
    """Answer a write that another came before: as the first send if it was this very form
    sent again, else 409 with what is saved now."""
    if games.was_applied(token, write):
        return saved(token)
    return game_page(games.load(token), status=409, message=conflict_message())


@bp.post(f"{EDIT_LINKS}/<token:token>/hand")
@limit_writes
@limit_guesses
def enter_hand(token: str) -> Response:
    """Save the bids of the hand being played, or the whole hand once the tricks are in."""
    scored = games.load(token)
    form = HandForm().for_rules(scored.state.rules)
    if not form.validate_on_submit():
        form.add_error(None, gettext("Something in that request was not right."))
        return game_page(scored, form, 400)
    write = write_of(form)
    if games.is_repeat(scored.record, write):
        return saved(token)
    if scored.state.over:
        form.add_error(None, problem_message(scoring.Problem("game_over"), scored.state.rules))
        return game_page(scored, form, 422)
    parsed = form.parsed()
    if parsed is None:
        return game_page(scored, form, 422)
    try:
        written = games.enter_hand(scored, *parsed, write)
    except games.HandRefused as refusal:
        form.add_problems(refusal.problems)
        return game_page(scored, form, 422)
    except games.Conflict:
        return refused(token, write)
    return saved(token, written)


def played_hand(scored: games.ScoredGame, number: int) -> StoredHand:
    """A played hand of this game by its number; 404 when there is none."""
    played = scored.played
    if not 1 <= number <= len(played):
        abort(404)
    return played[number - 1]


@bp.route(f"{EDIT_LINKS}/<token:token>/hands/<int:number>", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def edit_hand(token: str, number: int) -> Response:
    """Correct a played hand; every total after it is replayed."""
    scored = games.load(token)
    stored = played_hand(scored, number)
    if request.method == "GET":
        return edit_page(scored, number, filled_form(scored, stored))
    form = HandForm().for_rules(scored.state.rules)
    if not form.validate_on_submit():
        form.add_error(None, gettext("Something in that request was not right."))
        return edit_page(scored, number, form, 400)
    write = write_of(form)
    if games.is_repeat(scored.record, write):
        return saved(token)
    parsed = form.parsed()
    if parsed is None:
        return edit_page(scored, number, form, 422)
    try:
        written = games.edit_hand(scored, number, *parsed, write)
    except games.HandRefused as refusal:
        form.add_problems(refusal.problems)
        return edit_page(scored, number, form, 422)
    except games.LaterHandRefused as refusal:
        note_later_hand(form, refusal.number, refusal.problem, scored.state.rules)
        return edit_page(scored, number, form, 422)
    except games.Conflict:
        if games.was_applied(token, write):
            return saved(token)
        scored = games.load(token)
        form = filled_form(scored, played_hand(scored, number))
        return edit_page(scored, number, form, 409, conflict_message())
    return saved(token, written)


def filled_form(scored: games.ScoredGame, stored: StoredHand) -> HandForm:
    """The hand form showing a stored hand's inputs, for the game's current version."""
    form = HandForm(formdata=None).for_rules(scored.state.rules)
    form.fill_from(stored)
    form.version.data = str(scored.record.version)
    return form


def note_later_hand(
    form: HandForm, number: int, problem: scoring.Problem, rules: scoring.Rules
) -> None:
    """Explain that an edit would leave a later hand (or the bids in play) impossible."""
    form.add_error(
        None,
        gettext(
            "That change would make hand %(number)s impossible: %(reason)s",
            number=number,
            reason=problem_message(problem, rules),
        ),
    )


def edit_page(
    scored: games.ScoredGame,
    number: int,
    form: HandForm,
    status: int = 200,
    message: str | None = None,
) -> Response:
    """The page to correct one played hand."""
    rules = scored.state.rules
    before = scored.state.hands[number - 2].teams if number > 1 else None
    totals = tuple(side.total for side in before) if before else (0,) * len(rules.sides)
    form.offer_blind_nil(tuple(scoring.blind_nil_allowed(rules, s, totals) for s in rules.sides))
    return page_or_part(
        "edit_hand.html",
        "_edit_hand.html",
        status,
        scored=scored,
        number=number,
        result=scored.state.hands[number - 1],
        form=form,
        message=message,
        show_players=request.args.get("players") == "1",
    )


@bp.route(f"{EDIT_LINKS}/<token:token>/undo", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def undo(token: str) -> Response | str:
    """Remove the latest hand (or the bids of the hand in play), after a confirmation."""
    scored = games.load(token)
    if not scored.hands:
        return back_to_game(token)
    if request.method == "GET":
        form = ActionForm(formdata=None)
        return render_template("undo.html", scored=scored, hand=scored.hands[-1], form=form)
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    write = write_of(form)
    if games.is_repeat(scored.record, write):
        return saved(token)
    try:
        games.undo_last(scored, write)
    except games.Conflict:
        return refused(token, write)
    return saved(token)


@bp.post(f"{EDIT_LINKS}/<token:token>/rematch")
@limit_writes
@limit_guesses
def rematch(token: str) -> Response:
    """A new game with the same names and rules; the deal moves on to the next player."""
    scored = games.load(token)
    if not ActionForm().validate_on_submit():
        abort(400)
    device = device_of_request() or new_token()
    record = games.rematch(scored, device)
    return remember_device(back_to_game(record.edit_token), device)
