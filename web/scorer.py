"""The scorer's pages behind the edit link: start a game, enter, correct and undo hands."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import NamedTuple
from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

import games
import scoring
from extensions import limit_writes
from forms import ActionForm, HandForm, NewGameForm, problem_message
from records.games import StoredHand, new_token
from records.tables import TableRecord
from tables.routes.rule_sets import offer_rule_sets, open_at_table, play_rule_set
from tables.services.table import device_tables, names_used
from web import EDIT_LINKS
from web.device import device_of_request, remember_device
from web.hand_forms import filled_form, next_hand_form, not_right, note_later_hand, offer_blind
from web.lookups import limit_guesses, limit_guesses_when, table_at_link
from web.pages import GAME_PAGE_EXTRAS, page_extras, page_or_part, wants_part
from web.tokens import looks_like_token
from web.writes import conflict_message, tournament_game_message, write_once

bp = Blueprint("scorer", __name__)


class UnfoundTable(NamedTuple):
    """A table's link chosen on the new-game form that finds no table: still offered, so the
    form shows what was chosen until another choice is made."""

    edit_token: str
    name: str


def back_to_game(token: str) -> Response:
    """Redirect after a write to the game's page (post/redirect/get)."""
    return redirect(url_for("scorer.show", token=token), 303)


def saved(token: str, written: games.ScoredGame | None = None) -> Response:
    """The answer to a write that is in: for htmx, the game's new part at once, which spares
    the phone the round trip of a redirect (the game's address put in the bar when the write
    came from another page, as the redirect would); without script, post/redirect/get.
    `written` is the game as this request's write left it, else it is read."""
    if not wants_part():
        return back_to_game(token)
    response = game_page(written or games.load(token))
    page = url_for("scorer.show", token=token)
    if urlsplit(request.headers.get("HX-Current-URL", "")).path != page:
        response.headers["HX-Replace-Url"] = page  # a saved edit: its game is shown now
    return response


def names_a_table() -> bool:
    """Whether the request names a table by its edit link: the home page's `?table=`, or the
    Table of a sent new-game form; only then is it a lookup the guess limit counts."""
    return bool(request.args.get("table") or request.form.get("in_table"))


@bp.get("/")
@limit_guesses_when(names_a_table)
def home() -> tuple[str, int]:
    """The new-game form (in a table when the address names one: `?table=<its edit link>`),
    the games started on this phone and its tables."""
    form = NewGameForm(formdata=None)
    asked = request.args.get("table", "")
    if looks_like_token(asked):
        form.in_table.data = asked
    table = chosen_table(form)
    open_at_table(form, table, request.args.get("rule_set"))
    return home_page(form, table)


def chosen_table(form: NewGameForm) -> TableRecord | None:
    """The table the new-game form names by its edit link; None for no table, or for a link
    that finds none (said on the form)."""
    if not form.in_table.data or form.in_table.errors:
        return None
    return table_at_link(form.in_table.data, form.in_table)


def home_page(form: NewGameForm, chosen: TableRecord | None, status: int = 200) -> tuple[str, int]:
    """The home page around a new-game form: the tables it may be played in (`chosen` among
    them), the names used on this phone and in the chosen table, and this phone's games."""
    device = device_of_request()
    tables = device_tables(device)
    if chosen is not None and chosen.id not in {t.id for t in tables}:
        tables.insert(0, chosen)  # a table opened by its link, not yet played in on this phone
    offered: list[TableRecord | UnfoundTable] = list(tables)
    if chosen is None and form.in_table.data:
        # Kept as chosen: falling back to "No table" would start the next game at no table.
        offered.insert(0, UnfoundTable(form.in_table.data, gettext("The table at that link")))
    form.offer_tables(offered)
    offer_rule_sets(form, chosen)
    page = render_template(
        "home.html",
        form=form,
        my_games=games.device_games(device),
        tables=tables,
        names=names_used(device, chosen),
    )
    return page, status


@bp.post("/games")
@limit_writes
@limit_guesses_when(names_a_table)
def create_game() -> Response | tuple[str, int]:
    """Start a game from the new-game form and go to its page; or, for the Shuffle seats
    button, show the form again with the names dealt to new seats (nothing is written)."""
    form = NewGameForm()
    valid = form.validate_on_submit()
    table = chosen_table(form)
    valid = valid and play_rule_set(form, table)
    if "shuffle" in request.form and valid:
        form.shuffle_seats(random.SystemRandom())
        return home_page(form, table)
    if not valid or form.in_table.errors or form.rule_set.errors:
        return home_page(form, table, 422)
    device = device_of_request() or new_token()
    teams, players = form.names()
    record = games.create_game(
        teams=teams,
        players=players,
        first_dealer=int(form.first_dealer.data),
        preset=form.preset_key(),
        rules=form.rules(),  # the fields' checks keep every combination playable
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
        shown = form or next_hand_form(scored)
        offer_blind(shown, scored.state)
        return shown

    series = games.series_of(scored)
    extras = page_extras(GAME_PAGE_EXTRAS, scored)
    return page_or_part(
        "game.html",
        "_game.html",
        status,
        kept_for=(kept_for(scored), series, tuple(sorted(extras.items()))) if fresh else None,
        make_form=hand_form,
        scored=scored,
        series=series,
        **extras,
        message=message,
        editable=True,
        all_hands=request.args.get("all") == "1",
        show_whole=request.args.get("whole") == "1",
        show_bids=request.args.get("bids") == "1",
        show_players=request.args.get("players") == "1",
    )


def kept_for(scored: games.ScoredGame) -> Hashable:
    """What a game's pages depend on: its state after its latest write, its links, and for a
    tournament's game where it is played and the minutes left on its round's clock, which its
    page shows."""
    record = scored.record
    left = scored.seat.minutes_left() if scored.seat is not None else None
    return (games.Replays.key(record), record.edit_token, record.view_token, scored.seat, left)


def overtaken(token: str) -> Response:
    """The game's page as saved now (409), for a write another phone's came before."""
    return game_page(games.load(token), status=409, message=conflict_message())


@bp.post(f"{EDIT_LINKS}/<token:token>/hand")
@limit_writes
@limit_guesses
def enter_hand(token: str) -> Response:
    """Save the bids of the hand being played, or the whole hand once the tricks are in."""
    scored = games.load(token)
    rules = scored.state.rules
    form = HandForm().for_rules(rules)

    def attempt(write: games.Write) -> Response:
        """Score the sent hand, or say on the form why it cannot be."""
        if scored.state.over:
            form.add_error(None, problem_message(scoring.Problem("game_over"), rules))
            return game_page(scored, form, 422)
        parsed = form.parsed()
        if parsed is None:
            return game_page(scored, form, 422)
        try:
            written = games.enter_hand(scored, *parsed, write)
        except games.HandRefused as refusal:
            form.add_problems(refusal.problems)
            return game_page(scored, form, 422)
        return saved(token, written)

    return write_once(
        scored,
        form,
        attempt,
        not_right=lambda: game_page(scored, not_right(form), 400),
        done=lambda: saved(token),
        overtaken=lambda: overtaken(token),
    )


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

    def attempt(write: games.Write) -> Response:
        """Correct the hand as sent, or say on the form why it cannot be."""
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
        return saved(token, written)

    def overtaken_edit() -> Response:
        """The hand as saved now (409), for a correction another phone's write came before."""
        now = games.load(token)
        form = filled_form(now, played_hand(now, number))
        return edit_page(now, number, form, 409, conflict_message())

    return write_once(
        scored,
        form,
        attempt,
        not_right=lambda: edit_page(scored, number, not_right(form), 400),
        done=lambda: saved(token),
        overtaken=overtaken_edit,
    )


def edit_page(
    scored: games.ScoredGame,
    number: int,
    form: HandForm,
    status: int = 200,
    message: str | None = None,
) -> Response:
    """The page to correct one played hand."""
    offer_blind(form, scored.state, number)
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

    def attempt(write: games.Write) -> Response:
        """Remove the latest hand."""
        games.undo_last(scored, write)
        return saved(token)

    return write_once(
        scored,
        ActionForm(),
        attempt,
        not_right=lambda: abort(400),
        done=lambda: saved(token),
        overtaken=lambda: overtaken(token),
    )


@bp.post(f"{EDIT_LINKS}/<token:token>/rematch")
@limit_writes
@limit_guesses
def rematch(token: str) -> Response:
    """A new game with the same names and rules; the deal moves on to the next player."""
    scored = games.load(token)
    if not ActionForm().validate_on_submit():
        abort(400)
    if scored.in_tournament:
        return game_page(scored, status=409, message=tournament_game_message())
    device = device_of_request() or new_token()
    record = games.rematch(scored, device)
    return remember_device(back_to_game(record.edit_token), device)
