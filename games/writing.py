"""Changing stored games: each write is one transaction, applied once, or refused whole."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

import scoring
from extensions import db
from games.reading import GameNotFound, ScoredGame, find, replays
from games.replays import Replays
from models import (
    GameRecord,
    HandRecord,
    ReplacedLink,
    StoredHand,
    hand_columns,
    new_token,
    token_hash,
)

# How many of a game's latest writes are recognised when their form comes again: more than the
# saves a phone can have waiting to be sent (a dozen hands' worth).
RECENT_WRITES = 24

# The statements every Save runs, built once: a hand's new row (giving its id) or its row
# written over (the tricks after the bids, a correction), and the claim of its game at the
# version the form saw.
GAMES, HANDS = GameRecord.__table__, HandRecord.__table__
ADD_HAND = insert(HANDS).returning(HANDS.c.id)
REPLACE_HAND = update(HANDS).where(HANDS.c.id == bindparam("hand_id"))
CLAIM_GAME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"), GAMES.c.version == bindparam("seen"))
    .values(
        version=bindparam("new_version"),
        last_nonce=bindparam("nonce"),
        recent_nonces=bindparam("recent"),
    )
)

Bids = tuple[scoring.Bid | None, ...]
Tricks = tuple[int | None, ...]


@dataclass(frozen=True)
class Write:
    """What a form that writes carries besides its fields: the game version its page showed
    (None when it did not say) and its one-time token (None for an old page without one)."""

    seen_version: str | None
    nonce: str | None


class Conflict(Exception):
    """Another phone changed the game after this form was shown."""


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


def is_repeat(record: GameRecord, write: Write) -> bool:
    """Whether this exact form was already applied to the game (a double tap, a resend), however
    many writes came after it."""
    if not write.nonce:
        return False
    return write.nonce == record.last_nonce or write.nonce in (record.recent_nonces or "").split()


def was_applied(token: str, write: Write) -> bool:
    """Whether this exact form was already applied, read afresh after a refused write."""
    row = db.session.execute(
        select(GameRecord.last_nonce, GameRecord.recent_nonces).where(
            GameRecord.edit_token == token
        )
    ).first()
    if not write.nonce or row is None:
        return False
    return write.nonce == row.last_nonce or write.nonce in (row.recent_nonces or "").split()


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
    stored = store_hand(scored, len(scored.state.hands) + 1, hand)
    return commit_and_keep(scored, write, with_hand(scored.hands, stored), state)


def edit_hand(
    scored: ScoredGame, number: int, bids: Bids, tricks: Tricks, team_tricks: Tricks, write: Write
) -> ScoredGame:
    """Correct played hand `number`; every total after it is replayed. The game as the write
    leaves it.

    Raises HandRefused for the hand itself, LaterHandRefused when a later hand (or the bids in
    play) would become impossible, Conflict when another write came first.
    """
    rules = scored.state.rules
    tricks, team_tricks = scoring.fill_in_tricks(bids, tricks, team_tricks, rules=rules)
    hand = scoring.Hand(bids, tricks, team_tricks)
    hands = [h.to_engine() for h in scored.played]
    hands[number - 1] = hand
    record = scored.record
    try:
        edited = scoring.replay(record.scoring_rules, hands, record.first_dealer)
    except scoring.InvalidHand as error:
        if error.number in (None, number):
            raise HandRefused(tuple(error.problems)) from error
        raise LaterHandRefused(error.number or number, error.problems[0]) from error
    problem = in_play_problem(scored, edited)
    if problem is not None and scored.in_play is not None:
        raise LaterHandRefused(scored.in_play.number, problem)
    stored = store_hand(scored, number, hand)
    return commit_and_keep(scored, write, with_hand(scored.hands, stored), edited)


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
    """Remove the latest stored hand (played, or the bids in play); Conflict if overtaken."""
    last = scored.hands[-1]
    db.session.execute(
        delete(HandRecord)
        .where(HandRecord.id == last.id)
        .execution_options(synchronize_session=False)
    )
    commit(scored.record, write, ending_changed=scored.state.over)  # in play again, if over


def store_hand(scored: ScoredGame, number: int, hand: scoring.Hand) -> StoredHand:
    """Write hand `number`'s inputs over its stored row, or as a new row when it has none yet;
    the hand as it will be read back.

    Part of the write's transaction: `commit` keeps it or rolls it back. Conflict, with nothing
    kept, when another write stored a hand of that number first.
    """
    values = hand_columns(hand)
    # Hands are numbered from 1 with no gaps (undo only removes the last).
    stored = scored.hands[number - 1] if number <= len(scored.hands) else None
    if stored is None:
        game_id = scored.record.id
        row = {"game_id": game_id, "number": number} | values
        try:  # the row's id, for the hand as it reads back
            row_id = db.session.connection().execute(ADD_HAND, row).scalar_one()
        except IntegrityError as error:  # another write stored this hand first
            db.session.rollback()
            raise Conflict from error
        return StoredHand(id=row_id, game_id=game_id, number=number, **values)
    db.session.connection().execute(REPLACE_HAND, {"hand_id": stored.id} | values)
    return StoredHand(id=stored.id, game_id=stored.game_id, number=number, **values)


def with_hand(hands: tuple[StoredHand, ...], stored: StoredHand) -> tuple[StoredHand, ...]:
    """A game's stored hands with one written: put in its place, or added after the last."""
    return (*hands[: stored.number - 1], stored, *hands[stored.number :])


def commit_and_keep(
    scored: ScoredGame, write: Write, hands: tuple[StoredHand, ...], state: scoring.Game
) -> ScoredGame:
    """Commit a hand's write (see `commit`) and keep the game's replay as the write leaves it,
    for the pages that show this version next; the game as written, which the answer to the
    write shows without reading anything again."""
    ending_changed = scored.state.over or state.over  # how it ended, or whether it did
    replays().keep(commit(scored.record, write, ending_changed), (hands, state))
    return ScoredGame(scored.record, hands, state)


def touch_later_games(game_id: int, table_ids: set[int]) -> None:
    """Move on the series version of every game whose series line may count this one's ending
    (see games.standings.earlier_games): the later games of its tables (the one it is at, and
    the one it leaves or joins) and its rematches, one after another, wherever they are. Their
    own version stays, so their scorers' forms stay good.

    Run by `commit` once the game itself is claimed, and the later games are locked in the
    order of their ids: every write then takes its games' rows in rising order, so two
    corrections at one table may wait on each other but never deadlock (on PostgreSQL; SQLite
    has one writer at a time)."""
    chain = select(GAMES.c.id).where(GAMES.c.rematch_of == game_id).cte(recursive=True)
    chain = chain.union_all(select(GAMES.c.id).where(GAMES.c.rematch_of == chain.c.id))
    later = GAMES.c.id.in_(select(chain.c.id))
    if table_ids:
        later = later | (GAMES.c.table_id.in_(sorted(table_ids)) & (GAMES.c.id > game_id))
    locked = select(GAMES.c.id).where(later).order_by(GAMES.c.id).with_for_update()
    db.session.connection().execute(
        update(GAMES)
        .where(GAMES.c.id.in_(locked.scalar_subquery()))
        .values(series_version=GAMES.c.series_version + 1)
    )


def overtaken(record: GameRecord, write: Write) -> bool:
    """Whether the form's page showed an older version of the game than the one loaded."""
    return write.seen_version not in (None, "") and write.seen_version != str(record.version)


def claim(record: GameRecord, write: Write, changed: dict[str, Any]) -> dict[str, Any]:
    """Claim the game for this write (its version moves on), setting the `changed` values of
    its row in the same statement; Conflict when another came first. Gives the values the claim
    wrote in the game's row."""
    expected = record.version
    if overtaken(record, write):
        raise Conflict
    version, nonce = expected + 1, write.nonce or None
    recent = remembered(record.recent_nonces, write.nonce)
    values = {"game_id": record.id, "seen": expected, "new_version": version}
    statement = CLAIM_GAME.values(**changed) if changed else CLAIM_GAME
    done = db.session.connection().execute(statement, values | {"nonce": nonce, "recent": recent})
    if done.rowcount != 1:
        raise Conflict
    return {"version": version, "last_nonce": nonce, "recent_nonces": recent}


def remembered(recent: str | None, nonce: str | None) -> str:
    """The game's recent one-time tokens with this write's added, the oldest let go."""
    tokens = (recent or "").split() + ([nonce] if nonce else [])
    return " ".join(tokens[-RECENT_WRITES:])


def commit(
    record: GameRecord, write: Write, ending_changed: bool = False, **changed: Any
) -> tuple[Any, ...]:
    """Commit the pending changes as one write; Conflict, with nothing kept, if overtaken.
    `ending_changed` says the write may change how the game ended, or whether it did, which
    the later games of its series show (`touch_later_games`); `changed` names any other value
    the write sets in the game's row, written with its claim. Once committed, the record holds
    the row's new values, so that it is shown without reading the row again; gives the key of
    the game's replay as the write leaves it (see `Replays.key`)."""
    try:
        claimed = claim(record, write, changed)
        if ending_changed:  # the table it was at, and any it moves to
            at = (record.table_id, changed.get("table_id"))
            touch_later_games(record.id, {table for table in at if table is not None})
        # Off the session, the record keeps the values it was read with: the commit would
        # expire them, and whatever showed it next would read the row again.
        db.session.expunge(record)
        db.session.commit()
    except (Conflict, IntegrityError) as error:
        db.session.rollback()
        raise Conflict from error
    for name, value in (claimed | changed).items():
        set_committed_value(record, name, value)
    return Replays.key(record)


def create_game(
    *,
    teams: tuple[str, str],
    players: tuple[str, ...],
    first_dealer: int,
    preset: str,
    rules: scoring.Rules,
    device: str,
    nonce: str | None,
    table_id: int | None = None,
    best_of: int | None = None,
) -> GameRecord:
    """A new stored game; the same new-game form sent twice gives the game it made first.

    `players` holds one name per seat of the rules' table; the seats it lacks are stored "".
    `table_id` counts it among a table's games; `best_of` is how long its series runs.
    """
    existing = created_by(nonce)
    if existing is not None:
        return existing
    seated = (*players, "", "")
    record = GameRecord(
        team_0=teams[0],
        team_1=teams[1],
        player_0=players[0],
        player_1=players[1],
        player_2=seated[2],
        player_3=seated[3],
        first_dealer=first_dealer,
        preset=preset,
        rules=rules.to_dict(),
        device=device,
        creation_nonce=nonce or None,
        table_id=table_id,
        best_of=best_of,
    )
    db.session.add(record)
    try:
        db.session.commit()
    except IntegrityError:  # both sends of one form arrived at once: keep the first
        db.session.rollback()
        first = created_by(nonce)
        if first is None:  # refused for some other reason than a second send
            raise
        return first
    return record


def created_by(nonce: str | None) -> GameRecord | None:
    """The game a new-game form with this one-time token already created."""
    if not nonce:
        return None
    return db.session.scalar(select(GameRecord).where(GameRecord.creation_nonce == nonce))


def rematch(scored: ScoredGame, device: str) -> GameRecord:
    """The game's rematch: same names, rules, table and series, the deal moved on; made once,
    whoever asks."""
    old = scored.record
    existing = rematch_of(old)
    if existing is not None:  # a second tap, or another phone was quicker
        return existing
    # A finished game has no next hand (`state.next`); the deal moves on from where it stopped.
    dealer = scored.state.next_dealer
    record = GameRecord(
        team_0=old.team_0,
        team_1=old.team_1,
        player_0=old.player_0,
        player_1=old.player_1,
        player_2=old.player_2,
        player_3=old.player_3,
        first_dealer=dealer,
        preset=old.preset,
        rules=old.rules,
        device=device,
        rematch_of=old.id,
        table_id=old.table_id,  # a rematch is played by the same people, at the same table
        best_of=old.best_of,
    )
    db.session.add(record)
    try:
        db.session.commit()
    except IntegrityError:  # the same rematch was started at the same moment
        db.session.rollback()
        first = rematch_of(old)
        if first is None:  # refused for some other reason than a rematch at the same moment
            raise
        return first
    return record


def rematch_of(old: GameRecord) -> GameRecord | None:
    """The rematch already started for a game, if any."""
    return db.session.scalar(select(GameRecord).where(GameRecord.rematch_of == old.id))


@dataclass(frozen=True)
class LinkOwners:
    """What replacing a link needs to know of the records that own such links: the stored
    record (with `edit_token`, `view_token`, `version`, `creation_nonce`), where its replaced
    links are kept as hashes and under which column, how a record is found by its edit link,
    and what says it is gone."""

    record: Any
    replaced: Any
    owner: str
    find: Callable[[str], Any]
    missing: type[LookupError]


GAME_LINKS = LinkOwners(GameRecord, ReplacedLink, "game_id", find, GameNotFound)


def replace_link(token: str, which: str, nonce: str | None, owners: LinkOwners = GAME_LINKS) -> str:
    """Give the game (or another owner of links) behind edit link `token` a new view or edit
    link (`which`); the edit token to go on with. The old link stops working at once and
    answers "replaced" from then on.

    The same form sent again (a second tap on a slow network) changes nothing more and is
    answered as the first was; no other form can learn the new link from the old one.
    """
    record_type, replaced_type = owners.record, owners.replaced
    if nonce:
        done = db.session.scalar(select(replaced_type).where(replaced_type.by_nonce == nonce))
        if done is not None:
            return current_edit_token(getattr(done, owners.owner), owners)
    record = owners.find(token)
    fresh = new_token()
    column = record_type.view_token if which == "view" else record_type.edit_token
    changes: dict[object, object] = {column: fresh, record_type.version: record_type.version + 1}
    if which == "edit":  # the form that made it must not lead to its new edit link
        changes[record_type.creation_nonce] = None
    old = record.view_token if which == "view" else record.edit_token
    kept = {"token_hash": token_hash(old), owners.owner: record.id, "by_nonce": nonce}
    db.session.add(replaced_type(**kept))
    try:
        db.session.execute(  # the old link's row is written first, and may be taken already
            update(record_type)
            .where(record_type.id == record.id)
            .values(changes)
            .execution_options(synchronize_session=False)
        )
        db.session.commit()
    except IntegrityError:  # both sends of one form, or two forms, arrived at once
        db.session.rollback()
        if not nonce:
            owners.find(token)  # the other replaced this link first: LinkReplaced
            raise
        return replace_link(token, which, nonce, owners)  # the first send counts
    return fresh if which == "edit" else token


def current_edit_token(record_id: int, owners: LinkOwners = GAME_LINKS) -> str:
    """The edit link a game (or another owner of links) has now."""
    record_type = owners.record
    token = db.session.scalar(select(record_type.edit_token).where(record_type.id == record_id))
    if token is None:  # deleted since: nothing to go on with
        raise owners.missing(str(record_id))
    return str(token)
