"""Routes: parse a form, ask the scoring engine, store inputs, render or redirect."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from cachetools import LRUCache
from flask import (
    Blueprint,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_date, get_locale, gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.exceptions import HTTPException

import scoring
from app import LANGUAGE_COOKIE, limit_guesses, limit_writes
from forms import PRESET_NAMES, ActionForm, HandForm, NewGameForm, problem_message
from models import Game, Hand, StoredHand, db, hand_columns, new_token

bp = Blueprint("game", __name__)

DEVICE_COOKIE = "device"
YEAR = 365 * 24 * 3600
MY_GAMES_SHOWN = 20
HISTORY_SHOWN = 6  # the newest hands on a page; the rest one tap away


class Conflict(Exception):
    """Another phone changed the game after this form was shown."""


@dataclass
class Table:
    """A stored game with its replayed score: everything a game page shows."""

    game: Game
    hands: tuple[StoredHand, ...]  # every stored hand, in order
    state: scoring.Game

    @property
    def played(self) -> list[StoredHand]:
        """The stored hands whose tricks are in."""
        return [h for h in self.hands if h.played]

    @property
    def in_play(self) -> StoredHand | None:
        """The hand whose bids are in and tricks are not, if there is one."""
        last = self.hands[-1] if self.hands else None
        return last if last is not None and not last.played else None

    def bidding_order(self) -> list[int]:
        """Seats in the order they bid this hand, starting left of the dealer."""
        first = self.next_hand_seat(1)
        return [(first + i) % 4 for i in range(4)]

    def dealer(self) -> int:
        """Who deals the hand being entered now."""
        return self.next_hand_seat(0)

    def next_hand_seat(self, offset: int) -> int:
        """The dealer of the hand being entered, moved `offset` seats clockwise."""
        return (self.game.first_dealer + len(self.state.hands) + offset) % 4


def load_table(token: str, link=Game.edit_token) -> Table:
    """The game behind a link (the edit link unless told), replayed; 404 for any other token."""
    game = db.session.scalar(select(Game).where(link == token))
    if game is None:
        abort(404)
    return tables_of([game])[0]


class Replays:
    """The hands and replayed score of the games this process showed last.

    Kept under the game's id, creation time, version and the one-time token of its latest
    write. Every write bumps the version (and sets the token, which also tells games apart
    in a database restored under a running worker), so a changed game is simply looked up
    under a new key and a kept replay is never out of date. Long games then cost their load
    and replay once per change rather than once per page.
    """

    def __init__(self, hands: int):
        """Keep replays of up to `hands` stored hands in all, dropping the least recently shown
        games first (a hand's replay takes about 1 KB)."""
        self.cache = LRUCache(maxsize=hands, getsizeof=self.size) if hands > 0 else None
        self.lock = threading.Lock()  # the cache is shared by a worker's threads

    @staticmethod
    def key(game: Game) -> tuple:
        """What a game's replay depends on: which game, and its state after its latest write."""
        return (game.id, game.created_at, game.version, game.last_nonce)

    @staticmethod
    def size(replay: tuple) -> int:
        """What a replay counts against the budget: its hands, and one for the game."""
        return len(replay[0]) + 1

    def get(self, game: Game) -> tuple | None:
        """The game's (hands, state) if kept, else None."""
        if self.cache is None:
            return None
        with self.lock:
            return self.cache.get(self.key(game))

    def clear(self) -> None:
        """Forget every game (the query counts are taken for a game not kept)."""
        if self.cache is not None:
            with self.lock:
                self.cache.clear()

    def keep(self, game: Game, replay: tuple) -> None:
        """Remember the game's (hands, state), unless it alone is over the budget."""
        if self.cache is not None and self.size(replay) <= self.cache.maxsize:
            with self.lock:
                self.cache[self.key(game)] = replay


def tables_of(games: list[Game]) -> list[Table]:
    """Each game with its hands and replayed score; hands are read only for games not kept."""
    replays: Replays = current_app.extensions["replays"]
    kept = {game.id: replays.get(game) for game in games}
    missing = [game.id for game in games if kept[game.id] is None]
    if missing:
        hands = stored_hands(missing)
        for game in games:
            if kept[game.id] is None:
                kept[game.id] = replay_hands(game, hands[game.id])
                replays.keep(game, kept[game.id])
    return [Table(game, *kept[game.id]) for game in games]


def stored_hands(game_ids: list[int]) -> dict[int, list[StoredHand]]:
    """Every stored hand of these games, in order, by game (one query, plain values)."""
    hands: dict[int, list[StoredHand]] = {game_id: [] for game_id in game_ids}
    rows = db.session.execute(
        select(*StoredHand.columns())
        .where(Hand.game_id.in_(game_ids))
        .order_by(Hand.game_id, Hand.number)
    )
    for row in rows:
        hands[row.game_id].append(StoredHand(*row))
    return hands


def replay_hands(game: Game, hands: list[StoredHand]) -> tuple[tuple, scoring.Game]:
    """A game's hands and the score their played ones add up to."""
    played = [h.to_engine() for h in hands if h.played]
    return tuple(hands), scoring.replay(game.rules, played, game.first_dealer)


def store_hand(table: Table, number: int, hand: scoring.Hand) -> None:
    """Write hand `number`'s inputs over its stored row, or as a new row when it has none yet.

    Part of the write's transaction: save_write commits it or rolls it back.
    """
    values = hand_columns(hand)
    # Hands are numbered from 1 with no gaps (undo only removes the last).
    stored = table.hands[number - 1] if number <= len(table.hands) else None
    if stored is None:
        db.session.add(Hand(game_id=table.game.id, number=number, **values))
    else:
        db.session.execute(
            update(Hand)
            .where(Hand.id == stored.id)
            .values(values)
            .execution_options(synchronize_session=False)
        )


def page_or_partial(page: str, partial: str, status: int = 200, **context):
    """The whole page for a browser, or just the part htmx asked for, from the same template."""
    template = partial if request.headers.get("HX-Request") == "true" else page
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def game_page(table: Table, form: HandForm | None = None, status: int = 200, message=None):
    """Render a game's page (or its swappable part) with the form for the next hand."""
    if form is None:
        form = HandForm(formdata=None)
        if table.in_play is not None:
            form.fill_from(table.in_play)
        form.version.data = str(table.game.version)
    nxt = table.state.next
    if nxt is not None:
        form.offer_blind_nil(nxt.blind_nil_allowed)
    return page_or_partial(
        "game.html",
        "_game.html",
        status,
        table=table,
        form=form,
        message=message,
        editable=True,
        all_hands=request.args.get("all") == "1",
        show_whole=request.args.get("whole") == "1",
        show_bids=request.args.get("bids") == "1",
        show_players=request.args.get("players") == "1",
    )


def bump_version(game: Game, seen: str | None, nonce: str | None) -> None:
    """Claim the game for this write; raise Conflict when another write came first."""
    expected = game.version
    if seen not in (None, "") and seen != str(expected):
        raise Conflict
    done = db.session.execute(
        update(Game)
        .where(Game.id == game.id, Game.version == expected)
        .values(version=expected + 1, last_nonce=nonce or None)
        .execution_options(synchronize_session=False)
    )
    if done.rowcount != 1:
        raise Conflict


def save_write(game: Game, form: ActionForm) -> bool:
    """Commit the pending changes as one write; False when another write came first.

    Nothing of a refused write is kept: the whole transaction is rolled back.
    """
    try:
        bump_version(game, form.version.data, form.nonce.data)
        db.session.commit()
    except (Conflict, IntegrityError):
        db.session.rollback()
        return False
    return True


def is_repeat(last_nonce: str | None, form: ActionForm) -> bool:
    """Whether this exact form was the game's latest write (a double tap, a resend)."""
    return bool(form.nonce.data) and form.nonce.data == last_nonce


def repeated(token: str, form: ActionForm) -> bool:
    """Whether this exact form was already applied, read afresh after a refused write."""
    last = db.session.scalar(select(Game.last_nonce).where(Game.edit_token == token))
    return is_repeat(last, form)


def after_write(token: str, form: ActionForm):
    """Answer a write that could not be saved: as the first send if it was a repeat, else 409."""
    if repeated(token, form):
        return redirect(url_for(".show", token=token), 303)
    table = load_table(token)
    message = gettext("Another phone changed this game first. Here is what is saved now.")
    return game_page(table, status=409, message=message)


@bp.get("/")
def home():
    """New game form and the games started on this device."""
    form = NewGameForm(formdata=None)
    return render_template("home.html", form=form, my_games=my_games())


def my_games() -> list[Table]:
    """The newest games started on this device, replayed for their score and status."""
    device = request.cookies.get(DEVICE_COOKIE)
    if not device:
        return []
    games = db.session.scalars(
        select(Game)
        .where(Game.device == device)
        .order_by(Game.created_at.desc(), Game.id.desc())
        .limit(MY_GAMES_SHOWN)
    ).all()
    return tables_of(games)


@bp.post("/games")
@limit_writes
def create_game():
    """Start a game from the new-game form and go to its page."""
    form = NewGameForm()
    if not form.validate_on_submit():
        return render_template("home.html", form=form, my_games=my_games()), 422
    device = request.cookies.get(DEVICE_COOKIE) or new_token()
    existing = created_by(form.nonce.data)
    if existing is not None:  # the same form sent twice
        return remember_device(redirect(url_for(".show", token=existing.edit_token), 303), device)
    rules = form.rules()  # the fields' ranges keep every combination playable
    teams, players = form.names()
    game = Game(
        team_0=teams[0],
        team_1=teams[1],
        player_0=players[0],
        player_1=players[1],
        player_2=players[2],
        player_3=players[3],
        first_dealer=int(form.first_dealer.data),
        preset=form.preset.data,
        rules_json=rules.to_dict(),
        device=device,
        last_nonce=form.nonce.data or None,
    )
    db.session.add(game)
    try:
        db.session.commit()
    except IntegrityError:  # both sends of one form arrived at once: keep the first
        db.session.rollback()
        game = created_by(form.nonce.data)
    return remember_device(redirect(url_for(".show", token=game.edit_token), 303), device)


def created_by(nonce: str | None) -> Game | None:
    """The game a new-game form with this one-time token already created."""
    if not nonce:
        return None
    return db.session.scalar(select(Game).where(Game.last_nonce == nonce))


def remember_device(response, device: str):
    """Keep this device's id for a year, so its games can be listed again."""
    response.set_cookie(DEVICE_COOKIE, device, max_age=YEAR, httponly=True, samesite="Lax")
    return response


@bp.get("/g/<token>")
@limit_guesses
def show(token: str):
    """The scorer's page: scoreboard, the hand being entered, history."""
    return game_page(load_table(token))


@bp.post("/g/<token>/hand")
@limit_writes
@limit_guesses
def enter_hand(token: str):
    """Save the bids of the hand being played, or the whole hand once the tricks are in."""
    table = load_table(token)
    form = HandForm()
    if not form.validate_on_submit():
        form.add_error(None, gettext("Something in that request was not right."))
        return game_page(table, form, 400)
    if is_repeat(table.game.last_nonce, form):
        return redirect(url_for(".show", token=token), 303)
    if table.state.over:
        form.add_error(None, problem_message(scoring.Problem("game_over")))
        return game_page(table, form, 422)
    parsed = form.parsed()
    if parsed is None:
        return game_page(table, form, 422)
    bids, tricks, team_tricks = parsed
    if all(v is None for v in tricks + team_tricks):
        problems = scoring.bid_problems(table.game.rules, bids, table.state.totals)
        hand = scoring.Hand(bids)
    else:
        tricks, team_tricks = scoring.fill_in_tricks(bids, tricks, team_tricks)
        hand = scoring.Hand(bids, tricks, team_tricks)
        problems = table.state.problems(hand)
    if problems:
        form.add_problems(problems)
        return game_page(table, form, 422)
    store_hand(table, len(table.state.hands) + 1, hand)
    if not save_write(table.game, form):
        return after_write(token, form)
    return redirect(url_for(".show", token=token), 303)


def played_hand(table: Table, number: int) -> StoredHand:
    """A played hand of this game by its number; 404 when there is none."""
    played = table.played
    if not 1 <= number <= len(played):
        abort(404)
    return played[number - 1]


@bp.route("/g/<token>/hands/<int:number>", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def edit_hand(token: str, number: int):
    """Correct a played hand; every total after it is replayed."""
    table = load_table(token)
    stored = played_hand(table, number)
    if request.method == "GET":
        form = HandForm(formdata=None)
        form.fill_from(stored)
        form.version.data = str(table.game.version)
        return edit_page(table, number, form)
    form = HandForm()
    if not form.validate_on_submit():
        form.add_error(None, gettext("Something in that request was not right."))
        return edit_page(table, number, form, 400)
    if is_repeat(table.game.last_nonce, form):
        return redirect(url_for(".show", token=token), 303)
    parsed = form.parsed()
    if parsed is None:
        return edit_page(table, number, form, 422)
    bids, tricks, team_tricks = parsed
    tricks, team_tricks = scoring.fill_in_tricks(bids, tricks, team_tricks)
    hand = scoring.Hand(bids, tricks, team_tricks)
    hands = [h.to_engine() for h in table.played]
    hands[number - 1] = hand
    try:
        edited = scoring.replay(table.game.rules, hands, table.game.first_dealer)
    except scoring.InvalidHand as error:
        if error.number == number:
            form.add_problems(error.problems)
        else:
            note_later_hand(form, error.number, error.problems[0])
        return edit_page(table, number, form, 422)
    problem = in_play_problem(table, edited)
    if problem is not None:
        note_later_hand(form, table.in_play.number, problem)
        return edit_page(table, number, form, 422)
    store_hand(table, number, hand)
    if not save_write(table.game, form):
        if repeated(token, form):
            return redirect(url_for(".show", token=token), 303)
        table = load_table(token)
        form = HandForm(formdata=None)
        form.fill_from(played_hand(table, number))
        form.version.data = str(table.game.version)
        message = gettext("Another phone changed this game first. Here is what is saved now.")
        return edit_page(table, number, form, 409, message)
    return redirect(url_for(".show", token=token), 303)


def note_later_hand(form: HandForm, number: int, problem: scoring.Problem) -> None:
    """Explain that an edit would leave a later hand (or the bids in play) impossible."""
    form.add_error(
        None,
        gettext(
            "That change would make hand %(number)s impossible: %(reason)s",
            number=number,
            reason=problem_message(problem),
        ),
    )


def in_play_problem(table: Table, state: scoring.Game) -> scoring.Problem | None:
    """What would be wrong with the bids in play after the game replays as `state`."""
    if table.in_play is None:
        return None
    if state.over:
        return scoring.Problem("game_over")
    problems = scoring.bid_problems(table.game.rules, table.in_play.bids, state.totals)
    return problems[0] if problems else None


def edit_page(table: Table, number: int, form: HandForm, status: int = 200, message=None):
    """The page to correct one played hand."""
    before = table.state.hands[number - 2].teams if number > 1 else None
    totals = (before[0].total, before[1].total) if before else (0, 0)
    allowed = tuple(scoring.blind_nil_allowed(table.game.rules, t, totals) for t in (0, 1))
    form.offer_blind_nil(allowed)
    result = table.state.hands[number - 1]
    return page_or_partial(
        "edit_hand.html",
        "_edit_hand.html",
        status,
        table=table,
        number=number,
        result=result,
        form=form,
        message=message,
        show_players=request.args.get("players") == "1",
    )


@bp.route("/g/<token>/undo", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def undo(token: str):
    """Remove the latest hand (or the bids of the hand in play), after a confirmation."""
    table = load_table(token)
    if not table.hands:
        return redirect(url_for(".show", token=token), 303)
    last = table.hands[-1]
    if request.method == "GET":
        form = ActionForm(formdata=None)
        return render_template("undo.html", table=table, hand=last, form=form)
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    if is_repeat(table.game.last_nonce, form):
        return redirect(url_for(".show", token=token), 303)
    db.session.execute(
        delete(Hand).where(Hand.id == last.id).execution_options(synchronize_session=False)
    )
    if not save_write(table.game, form):
        return after_write(token, form)
    return redirect(url_for(".show", token=token), 303)


@bp.post("/g/<token>/rematch")
@limit_writes
@limit_guesses
def rematch(token: str):
    """A new game with the same names and rules; the deal moves on to the next player."""
    table = load_table(token)
    if not ActionForm().validate_on_submit():
        abort(400)
    old = table.game
    device = request.cookies.get(DEVICE_COOKIE) or new_token()
    existing = rematch_game(old)
    if existing is not None:  # a second tap, or another phone was quicker
        return redirect(url_for(".show", token=existing.edit_token), 303)
    game = Game(
        team_0=old.team_0,
        team_1=old.team_1,
        player_0=old.player_0,
        player_1=old.player_1,
        player_2=old.player_2,
        player_3=old.player_3,
        first_dealer=table.dealer(),
        preset=old.preset,
        rules_json=old.rules_json,
        device=device,
        rematch_of=old.id,
    )
    db.session.add(game)
    try:
        db.session.commit()
    except IntegrityError:  # the same rematch was started at the same moment
        db.session.rollback()
        game = rematch_game(old)
    return remember_device(redirect(url_for(".show", token=game.edit_token), 303), device)


def rematch_game(old: Game) -> Game | None:
    """The rematch already started for a game, if any."""
    return db.session.scalar(select(Game).where(Game.rematch_of == old.id))


def is_local_path(path: str) -> bool:
    """Whether a redirect target stays on this site.

    Browsers drop tabs and newlines from URLs and read a backslash as a slash, so
    "/<tab>/evil.example" would leave the site: only plain printable paths are kept.
    """
    return (
        path.startswith("/")
        and not path.startswith(("//", "/\\"))
        and path.isprintable()
        and not any(c.isspace() or c == "\\" for c in path)
    )


@bp.post("/language")
@limit_writes
def choose_language():
    """Remember the language picked in the footer and go back to the page it was picked on."""
    if not ActionForm().validate_on_submit():
        abort(400)
    language = request.form.get("language")
    back = request.form.get("next") or "/"
    if not is_local_path(back):
        back = "/"
    response = redirect(back, 303)
    if language in current_app.config["LANGUAGES"]:
        response.set_cookie(LANGUAGE_COOKIE, language, max_age=YEAR, samesite="Lax")
    return response


MINUS = "\u2212"  # a real minus sign reads better than a hyphen in a score


@bp.app_template_filter("signed")
def signed(points: int) -> str:
    """Points with their sign, as a change: +70, −100, 0."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


@bp.app_template_filter("signed_total")
def signed_total(points: int) -> str:
    """A total, with a real minus sign when it is negative."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


@bp.app_template_filter("day")
def day(moment) -> str:
    """A date in the user's language."""
    return format_date(moment, "medium")


@bp.app_template_global()
def bid_text(bid) -> str:
    """A bid as the table says it: a number, Nil or Blind Nil."""
    if bid == scoring.NIL:
        return gettext("Nil")
    if bid == scoring.BLIND_NIL:
        return gettext("Blind Nil")
    return str(bid)


@bp.app_template_global()
def tricks_text(hand: scoring.Hand, team: int) -> str:
    """A team's tricks: each partner's when known (5 + 0), else the team's total."""
    first, second = hand.tricks[team], hand.tricks[team + 2]
    if first is None or second is None:
        return str(hand.taken(team))
    return f"{first} + {second}"


@bp.app_template_global()
def current_language() -> str:
    """The code of the language the page is shown in."""
    return str(get_locale())


@bp.app_template_global()
def html_lang() -> str:
    """The page's language as an HTML lang attribute (pt-BR)."""
    return current_language().replace("_", "-")


@bp.app_context_processor
def template_names():
    """Names every template may use: the presets' labels, how many hands a page lists."""
    return {"preset_names": PRESET_NAMES, "history_shown": HISTORY_SHOWN}


def error_text(error: HTTPException) -> str:
    """What went wrong, in the user's language."""
    if isinstance(error, CSRFError):
        return gettext("This form is too old to send. Reload the page and try again.")
    if error.code == 404:
        return gettext("There is no game at this link. It may have changed.")
    if error.code == 405:
        return gettext("That is not something this page can do.")
    if error.code == 413:
        return gettext("That was far more than a score sheet needs.")
    if error.code == 429:
        return gettext("Too many tries in a short time. Wait a minute and try again.")
    return gettext("Something in that request was not right.")


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    """A short page in the user's language for every HTTP error, never a stack trace."""
    title = gettext("Sorry (%(code)s)", code=error.code)
    return render_template("error.html", title=title, text=error_text(error)), error.code
