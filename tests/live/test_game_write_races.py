"""Two writes to one tournament game at the same moment, against gunicorn (issue #35): each pair
is stored once or refused in words (409), never answered with a server error.

gunicorn runs the app with 4 worker processes on a database of the test's own (a temporary
SQLite file, or, when DATABASE_URL names a PostgreSQL server, a database made there for the
test). A tournament of 40 teams has its first round started: 20 tables, one game each, one race
a game. Both writes of a race are loaded as their phones load them (the director's ruling page,
the table's game page), then sent together: a barrier lets both threads go at once. The pairs:
two forfeits of the game (to either side), a table's Save against a forfeit, and a Save against
an undo of the hand before it, the director's and the scorer's. Each write leaves a trace that
names it (a ruling's row, a hand's bids, the hand undone gone), so the test can tell what was
stored from what was acknowledged (303), and that the game moved one version a write stored.

On PostgreSQL, before the game's row was locked first, the write that lost a race could
deadlock with the one that won it and be answered 500. Should the database still end a write
to let another go on (a deadlock, a serialization failure), the write is refused in words as
overtaken: the last test makes the database say so.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest
from flask import Flask
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from extensions import db
from games import writing
from records.games import GameRecord, HandRecord
from records.rulings import FORFEIT, UNDO, RulingRecord
from records.tournaments import RoundGameRecord
from testsupport.builders import enter_hands, game_with_hands, tournament_in_round
from testsupport.database import snapshot
from testsupport.http_phone import SERVER_GONE, Phone
from testsupport.live_server import Served, served_app
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, enter, hand_form_url, hand_taps
from tournaments.services import rounds
from tournaments.services.directory import find_tournament

pytestmark = pytest.mark.slow

WORKERS = 4
TRIES = 20
# Two teams a table: one game a try, all in round 1.
TEAMS = 2 * TRIES
# The hand a Save sends (North–South bid 7 and take 6: set): bids no hand stored before has.
SAVED_BIDS = (4, 3, 3, 3)
SAVED_HAND = {f"bid_{seat}": str(bid) for seat, bid in enumerate(SAVED_BIDS)} | {
    "team_tricks_0": "6",
    "team_tricks_1": "7",
}
# The hand stored before an undo races a Save: the one the undo removes.
BEFORE = EVEN


@dataclass(frozen=True)
class Game:
    """A game raced on: the director's token, its table, its edit token and its version when
    the race's pages were loaded."""

    director: str
    table: int
    edit: str
    version: int


@dataclass(frozen=True)
class Stored:
    """What the database holds of a game after its race: its version, its forfeit, its hands'
    bids by number (1, 2, …) and its rulings' kinds and sides."""

    version: int
    forfeit: int | None
    hands: tuple[tuple[int, tuple[int, ...]], ...]
    rulings: tuple[tuple[str, int | None], ...]


@dataclass(frozen=True)
class Sent:
    """One write of a race as its phone loaded it: the form's action and what it sends, and
    how many times the database holds its trace (`traces`, 0 or 1 when all is well)."""

    phone: Phone
    action: str
    data: dict[str, str]
    traces: Callable[[Stored], int]


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    """gunicorn with WORKERS workers on a database of this module's own, and an app on it."""
    with served_app(tmp_path_factory.mktemp("races"), "write_races", WORKERS) as served:
        yield served


def first_round(served: Served, hand_before: bool) -> tuple[str, tuple[str, ...]]:
    """A tournament of TEAMS teams (games of three hands) with its first round started, one
    hand stored in each game when `hand_before`; the director's token and the games' edit
    tokens by table."""
    made = tournament_in_round(served.app, TEAMS, 0, hands=3, start_next=True)
    games = made.rounds[0]
    if hand_before:
        with served.app.app_context():
            for token in games:
                enter_hands(token, [BEFORE])
            db.session.remove()
    return made.director, games


def ruling_form(base: str, director: str, table: int, cls: str) -> tuple[Phone, str, dict]:
    """The director's phone with the ruling page of `table` in round 1 loaded: the form of
    class `cls`, its action and what it sends as rendered."""
    phone = Phone(base)
    status, action, data = phone.form_on(f"/d/{director}/rounds/1/tables/{table}", cls)
    assert data is not None, status
    return phone, action, data


def forfeit(side: int) -> Callable[[Served, Game], Sent]:
    """The director's forfeit of the game to `side`: its trace is its ruling's row."""

    def loaded(served: Served, game: Game) -> Sent:
        """The award form loaded, the button of `side` tapped."""
        phone, action, data = ruling_form(served.base, game.director, game.table, "award")

        def traces(stored: Stored) -> int:
            """The forfeit rulings to `side`; the game's forfeit is theirs."""
            found = stored.rulings.count((FORFEIT, side))
            assert not found or stored.forfeit == side, stored
            return found

        return Sent(phone, action, data | {"side": str(side), "reason": "No show"}, traces)

    return loaded


def save(served: Served, game: Game) -> Sent:
    """The table's Save of a whole hand: its trace is a hand with SAVED_BIDS."""
    phone = Phone(served.base)
    status, action, data = phone.form_on(f"/g/{game.edit}?whole=1", "hand-form")
    assert data is not None, status

    def traces(stored: Stored) -> int:
        """The hands stored with SAVED_BIDS."""
        return [bids for _, bids in stored.hands].count(SAVED_BIDS)

    return Sent(phone, action, data | SAVED_HAND, traces)


def director_undo(served: Served, game: Game) -> Sent:
    """The director's undo of hand 1: its trace is its ruling's row, the hand gone."""
    phone, action, data = ruling_form(served.base, game.director, game.table, "undo")

    def traces(stored: Stored) -> int:
        """The undo rulings; hand 1 is BEFORE's unless one was stored."""
        found = stored.rulings.count((UNDO, None))
        assert found or stored.hands[:1] == ((1, BEFORE["bids"]),), stored
        return found

    return Sent(phone, action, data, traces)


def scorer_undo(served: Served, game: Game) -> Sent:
    """The scorer's undo of hand 1 on the game's edit link: its trace is BEFORE gone."""
    phone = Phone(served.base)
    status, action, data = phone.form_on(f"/g/{game.edit}/undo", action=f"/g/{game.edit}/undo")
    assert data is not None, status

    def traces(stored: Stored) -> int:
        """1 once hand 1 is no longer BEFORE's."""
        return int(stored.hands[:1] != ((1, BEFORE["bids"]),))

    return Sent(phone, action, data, traces)


def at_once(writes: tuple[Sent, ...]) -> tuple[int | str, ...]:
    """Send the writes together, each from its own thread let go by one barrier; their
    statuses (a dropped connection as its error, which counts against the server)."""
    together = threading.Barrier(len(writes))

    def send(sent: Sent) -> int | str:
        """Wait for the others, then send."""
        together.wait()
        try:
            return sent.phone.request("POST", sent.action, sent.data)[0]
        except SERVER_GONE as error:
            return f"error: {error!r}"

    with ThreadPoolExecutor(max_workers=len(writes)) as threads:
        return tuple(threads.map(send, writes))


def stored_game(app: Flask, token: str) -> Stored:
    """What the database holds of the game behind edit token `token`, read afresh."""
    with app.app_context():
        game = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == token))
        assert game is not None, token
        forfeit = db.session.scalar(
            select(RoundGameRecord.forfeit_to).where(RoundGameRecord.game_id == game.id)
        )
        hands = db.session.scalars(
            select(HandRecord).where(HandRecord.game_id == game.id).order_by(HandRecord.number)
        )
        rulings = db.session.execute(
            select(RulingRecord.kind, RulingRecord.side)
            .where(RulingRecord.game_id == game.id)
            .order_by(RulingRecord.id)
        )
        stored = Stored(
            game.version,
            forfeit,
            tuple((h.number, tuple(int(getattr(h, f"bid_{s}")) for s in range(4))) for h in hands),
            tuple((kind, side) for kind, side in rulings),
        )
        db.session.remove()
    return stored


def race(
    served: Served,
    name: str,
    writers: tuple[Callable[[Served, Game], Sent], ...],
    hand_before: bool = False,
) -> Counter:
    """TRIES races of `writers` on the games of a new round, one game each; checks each game
    holds every acknowledged write once and nothing of a refused one, and moved one version a
    write stored; prints and gives the counts of writes stored, refused (409) and 5xx."""
    director, games = first_round(served, hand_before)
    counts: Counter = Counter()
    for table, token in enumerate(games, start=1):
        version = stored_game(served.app, token).version
        game = Game(director, table, token, version)
        writes = tuple(load(served, game) for load in writers)
        answers = at_once(writes)
        counts.update(kind(status) for status in answers)
        stored = stored_game(served.app, token)
        traces = [sent.traces(stored) for sent in writes]
        acknowledged = [int(status == 303) for status in answers]
        assert traces == acknowledged, (name, answers, stored)
        assert stored.version == version + sum(traces), (name, answers, stored)
        numbers = [number for number, _ in stored.hands]
        assert numbers == list(range(1, len(numbers) + 1)), (name, stored)
    print(
        f"\n{name} ({served.kind}, {WORKERS} workers, {TRIES} races):"
        f" stored {counts['stored']}, refused (409) {counts['refused']}, 5xx {counts['5xx']},"
        f" other {sorted(k for k in counts if k.startswith('other'))}"
    )
    return counts


def kind(status: int | str) -> str:
    """How a write's answer is counted: stored (303), refused (409), 5xx, or other."""
    if status in (303, 409):
        return "stored" if status == 303 else "refused"
    return "5xx" if isinstance(status, int) and status >= 500 else f"other {status}"


def check(counts: Counter) -> None:
    """No server error, nothing but stored and refused, and one write of each race stored
    (their pages showed the same version: the first claims it, the other is overtaken)."""
    assert counts["5xx"] == 0, counts
    assert set(counts) <= {"stored", "refused", "5xx"}, counts
    assert counts["stored"] == TRIES, counts


def test_two_forfeits_of_one_game_at_once_store_one_and_refuse_the_other_in_words(served):
    check(race(served, "forfeit vs forfeit", (forfeit(0), forfeit(1))))


def test_a_save_at_the_table_racing_a_forfeit_is_stored_or_refused_in_words(served):
    check(race(served, "Save vs forfeit", (save, forfeit(1))))


def test_a_save_racing_the_directors_undo_of_the_hand_before_is_stored_or_refused(served):
    check(race(served, "Save vs director's undo", (save, director_undo), hand_before=True))


def test_a_save_racing_the_scorers_undo_of_the_hand_before_is_stored_or_refused(served):
    check(race(served, "Save vs scorer's undo", (save, scorer_undo), hand_before=True))


def rounds_and_hands(app: Flask, director: str, token: str) -> tuple[int, int]:
    """How many rounds the tournament behind `director` has, and how many hands the game
    behind edit token `token` holds, read afresh."""
    with app.app_context():
        now = rounds.standing(find_tournament(director))
        hands = len(stored_game(app, token).hands)
        db.session.remove()
    return len(now.rounds), hands


def test_start_round_racing_an_undo_in_the_round_it_ends_lets_exactly_one_through(served):
    counts: Counter = Counter()
    for _ in range(TRIES):
        made = tournament_in_round(served.app, 4, 1)  # round 1 played: two tables, one hand
        director, token = made.director, made.rounds[0][0]
        starter = Phone(served.base)
        status, action, data = starter.form_on(f"/d/{director}", action=f"/d/{director}/rounds")
        assert data is not None, status
        undo = ruling_form(served.base, director, 1, "undo")
        answers = at_once((Sent(starter, action, data, lambda _: 0), Sent(*undo, lambda _: 0)))
        counts.update(kind(status) for status in answers)
        assert sorted(answers, key=str) == [303, 409], answers
        # Started, round 1's game keeps its hand; undone, round 2 waits for it.
        expected = (2, 1) if answers[0] == 303 else (1, 0)
        assert rounds_and_hands(served.app, director, token) == expected, answers
    print(
        f"\nStart round vs undo ({served.kind}, {WORKERS} workers, {TRIES} races):"
        f" stored {counts['stored']}, refused (409) {counts['refused']}, 5xx {counts['5xx']}"
    )
    check(counts)


class Deadlock(Exception):
    """What PostgreSQL's driver raises for a transaction it ended in a deadlock."""

    sqlstate = "40P01"


def test_a_save_the_database_ends_in_a_deadlock_is_refused_in_words_not_with_a_500(
    app, client, monkeypatch
):
    token = game_with_hands(app, 1).edit
    before = snapshot(app)

    def deadlocked(*_: object) -> None:
        """The hand's INSERT, ended by the database to let another write go on."""
        raise OperationalError("INSERT INTO hand ...", {}, Deadlock())

    monkeypatch.setattr(writing, "store_hand", deadlocked)
    taps = hand_taps(EVEN["bids"], EVEN["tricks"])
    page = Page(client.get(hand_form_url(token, EVEN["bids"], EVEN["tricks"])))
    refused = submit(client, page.form("hand-form"), taps)
    assert refused.status_code == 409, refused.get_data(as_text=True)
    assert "Another phone changed this game first." in Page(refused).text
    assert snapshot(app) == before
    monkeypatch.undo()  # the next Save is stored
    enter(client, token, EVEN["bids"], EVEN["tricks"])
    assert snapshot(app) != before
