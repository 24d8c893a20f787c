"""Writing a game's hands: entering the next one (its bids, then its tricks), correcting a
played one, undoing the latest, and the other side's word on a played hand. Each is one
transaction (games.claims), or refused whole."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.orm import aliased

import scoring
from extensions import db
from games.claims import Conflict, Write, Written, commit_and_keep, commit_with, overtaken
from games.reading import replay_record, replays
from games.scored import ScoredGame
from records.games import HandRecord, StoredHand, hand_columns
from records.tournaments import RoundGameRecord, RoundRecord

# The statements every Save runs besides the claim, built once: a hand's new row (giving its
# id) or its row written over (the tricks after the bids, a correction).
HANDS = HandRecord.__table__
ADD_HAND = insert(HANDS).returning(HANDS.c.id)
REPLACE_HAND = update(HANDS).where(HANDS.c.id == bindparam("hand_id"))

Bids = tuple[scoring.Bid | None, ...]
Tricks = tuple[int | None, ...]


class HandRefused(Exception):
    """The hand cannot be played as entered: every problem, for the form to word."""

    def __init__(self, problems: tuple[scoring.Problem, ...]):
        """Keep the engine's problems with the refusal."""
        super().__init__(problems)
        self.problems = problems


class LaterHandRefused(Exception):
    """An edit would leave a later hand (or the bids in play) impossible."""

    def __init__(self, number: int, problem: scoring.Problem):
        """Name the hand that would break, and why."""
        super().__init__(number, problem)
        self.number = number
        self.problem = problem


class RoundEnded(Exception):
    """A write that would put back in play a game of a tournament round that has ended (a
    later round, or a playoff stage, has started): the standings count its result as it is,
    and a hand of it is corrected instead. `code` says which write: `undo` (its last hand
    undone), `forfeit` (its forfeit withdrawn, its hands not ending it), `in_play` (any other
    that would leave it no longer over); `scored` is the game as it is, nothing written."""

    def __init__(self, code: str, scored: ScoredGame) -> None:
        """Keep the code the page turns into words, and the game it shows."""
        super().__init__(code)
        self.code = code
        self.scored = scored


def round_ended(scored: ScoredGame) -> bool:
    """Whether the game is one of a tournament round that has ended: a round numbered after
    its own (a later round, or a playoff stage, numbered after the rounds) has started. One
    small query, for a tournament's game only."""
    if not scored.in_tournament:
        return False
    own, later = aliased(RoundRecord), aliased(RoundRecord)
    found = (
        select(later.id)
        .join(own, own.tournament_id == later.tournament_id)
        .join(RoundGameRecord, RoundGameRecord.round_id == own.id)
        .where(RoundGameRecord.game_id == scored.record.id, later.number > own.number)
        .limit(1)
    )
    return db.session.scalar(found) is not None


def keep_ended(scored: ScoredGame, state: scoring.Game, code: str = "in_play") -> None:
    """RoundEnded (`code`) when the write would leave `state`, a game no longer over, of a
    game that is over (by its hands, or by forfeit) in a round that has ended. Asked only
    then, the round costs no query to any other write."""
    over = scored.forfeit is not None or scored.state.over
    if over and not state.over and round_ended(scored):
        raise RoundEnded(code, scored)


def under_claim(
    scored: ScoredGame, state: scoring.Game, writes: Callable[[], Written], code: str = "in_play"
) -> Callable[[], Written]:
    """`writes`, to run once the game is claimed (games.claims.commit_with), after
    `keep_ended`: asked under the claim, a round started a moment before is seen (starting
    one takes its last round's games first, tournaments.services.starting.held)."""

    def checked() -> Written:
        """Refuse (RoundEnded) or write."""
        keep_ended(scored, state, code)
        return writes()

    return checked


def enter_hand(
    scored: ScoredGame, bids: Bids, tricks: Tricks, team_tricks: Tricks, write: Write
) -> ScoredGame:
    """Save the bids of the next hand, or the whole hand when tricks are given; the game as
    the write leaves it.

    New bids without tricks replace the bids in play; the bids in play sent back as they are,
    without tricks, change nothing and are refused (the tricks were not tapped).

    Raises HandRefused for a hand the rules do not allow, Conflict when another write came
    first; nothing is kept of either.
    """
    if all(v is None for v in tricks + team_tricks):
        if scored.in_play is not None and tuple(bids) == scored.in_play.bids:
            if overtaken(scored.record, write):  # the page showed the game before these bids
                raise Conflict
            # The bids in play sent back unchanged: Save was tapped before the tricks were.
            raise HandRefused((scoring.Problem("tricks_not_tapped"),))
        rules, totals = scored.record.scoring_rules, scored.state.totals
        dealer = scored.state.next_dealer
        problems = tuple(scoring.bid_problems(rules, bids, totals, dealer=dealer))
        if problems:
            raise HandRefused(problems)
        hand = scoring.Hand(bids)
        state = scored.state  # bids alone score nothing yet: the game stands until the tricks
    else:
        rules = scored.state.rules
        tricks, team_tricks = scoring.fill_in_tricks(bids, tricks, team_tricks, rules=rules)
        hand = scoring.Hand(bids, tricks, team_tricks)
        try:  # the engine checks the hand as it plays it: every problem at once
            state = scored.state.add(hand)
        except scoring.InvalidHand as error:
            raise HandRefused(error.problems) from error
    number = len(scored.state.hands) + 1
    return commit_and_keep(scored, write, lambda: hands_with(scored, number, hand), state)


def edit_hand(
    scored: ScoredGame,
    number: int,
    bids: Bids,
    tricks: Tricks,
    team_tricks: Tricks,
    write: Write,
    verdict: str | None = None,
) -> ScoredGame:
    """Correct played hand `number`; every total after it is replayed. The game as the write
    leaves it. The hand's verdict is `verdict`: none (the other side is asked again), or the
    director's `RULED` for a correction that is a ruling.

    Raises HandRefused for the hand itself, LaterHandRefused when a later hand (or the bids in
    play) would become impossible, RoundEnded when it would put a game of a round that has
    ended back in play, Conflict when another write came first.
    """
    rules = scored.state.rules
    tricks, team_tricks = scoring.fill_in_tricks(bids, tricks, team_tricks, rules=rules)
    hand = scoring.Hand(bids, tricks, team_tricks)
    hands = [h.to_engine() for h in scored.played]
    hands[number - 1] = hand
    record = scored.record
    try:
        edited = replay_record(record, hands)
    except scoring.InvalidHand as error:
        if error.number in (None, number):
            raise HandRefused(tuple(error.problems)) from error
        raise LaterHandRefused(error.number or number, error.problems[0]) from error
    problem = in_play_problem(scored, edited)
    if problem is not None and scored.in_play is not None:
        raise LaterHandRefused(scored.in_play.number, problem)
    store = under_claim(scored, edited, lambda: hands_with(scored, number, hand, verdict))
    return commit_and_keep(scored, write, store, edited)


def in_play_problem(scored: ScoredGame, state: scoring.Game) -> scoring.Problem | None:
    """What would be wrong with the bids in play after the game replays as `state`."""
    if scored.in_play is None:
        return None
    if state.over:
        return scoring.Problem("game_over")
    rules = scored.record.scoring_rules
    problems = scoring.bid_problems(
        rules, scored.in_play.bids, state.totals, dealer=state.next_dealer
    )
    return problems[0] if problems else None


def undo_last(scored: ScoredGame, write: Write) -> None:
    """Remove the latest stored hand (played, or the bids in play) and the adjustments
    recorded after it. RoundEnded for a game of a tournament round that has ended (its result
    counts as it is: a hand of it is corrected instead); Conflict if overtaken."""
    last = scored.hands[-1]
    # An adjustment recorded after the hand undone goes with it: it followed that hand.
    kept = [a for a in scored.record.adjustments or () if a["after_hand"] != last.number]
    changed = {"adjustments": kept} if kept != (scored.record.adjustments or []) else {}

    def remove() -> None:
        """Delete the hand's row, once the game is claimed (and its round is seen as it is)."""
        if round_ended(scored):
            raise RoundEnded("undo", scored)
        db.session.execute(
            delete(HandRecord)
            .where(HandRecord.id == last.id)
            .execution_options(synchronize_session=False)
        )

    # In play again, if it was over.
    commit_with(scored.record, write, remove, scored.state.over, **changed)


def hands_with(
    scored: ScoredGame, number: int, hand: scoring.Hand, verdict: str | None = None
) -> tuple[StoredHand, ...]:
    """Store hand `number` (`store_hand`); the game's stored hands with it in its place."""
    stored = store_hand(scored, number, hand, verdict)
    return (*scored.hands[: number - 1], stored, *scored.hands[number:])


def store_hand(
    scored: ScoredGame, number: int, hand: scoring.Hand, verdict: str | None = None
) -> StoredHand:
    """Write hand `number`'s inputs over its stored row, or as a new row when it has none yet;
    the hand as it will be read back. Its verdict is written with them: a hand written again
    is one the other side has not seen (None), unless the director's ruling wrote it.

    Part of the write's transaction, after its claim (games.claims.commit_with, which keeps it
    or rolls it back: Conflict, with nothing kept, when another write stored a hand of that
    number first).
    """
    values = hand_columns(hand) | {"verdict": verdict}
    # Hands are numbered from 1 with no gaps (undo only removes the last).
    stored = scored.hands[number - 1] if number <= len(scored.hands) else None
    if stored is None:
        game_id = scored.record.id
        row = {"game_id": game_id, "number": number} | values
        row_id = db.session.connection().execute(ADD_HAND, row).scalar_one()  # for the read back
        return StoredHand(id=row_id, game_id=game_id, number=number, **values)
    db.session.connection().execute(REPLACE_HAND, {"hand_id": stored.id} | values)
    return StoredHand(id=stored.id, game_id=stored.game_id, number=number, **values)


def store_verdict(scored: ScoredGame, hand: StoredHand, verdict: str, write: Write) -> ScoredGame:
    """Write the other side's word on a played hand (`records.games.AGREED`, `DISPUTED`, or
    the director's `RULED`), with the game's claim: its version moves, so every page of it and
    of its tournament shows the change, and a form shown before is refused as overtaken. The
    game as the write leaves it; its score does not change."""

    def store() -> None:
        """Write the verdict, once the game is claimed."""
        db.session.execute(
            update(HandRecord)
            .where(HandRecord.id == hand.id)
            .values(verdict=verdict)
            .execution_options(synchronize_session=False)
        )

    key = commit_with(scored.record, write, store)[0]
    hands = tuple(replace(h, verdict=verdict) if h.id == hand.id else h for h in scored.hands)
    replays().keep(key, (hands, scored.state))
    return replace(scored, hands=hands)
