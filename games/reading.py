"""Finding stored games and replaying them into what a page shows."""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app
from sqlalchemy import ColumnElement, bindparam, func, select
from sqlalchemy.orm import InstrumentedAttribute

import scoring
from extensions import db
from games.replays import Replay, Replays
from models import GameRecord, HandRecord, ReplacedLink, StoredHand, token_hash

MY_GAMES_SHOWN = 20
# A game by one of its links, the query behind every game page: built once per link.
BY_LINK = {
    link.key: select(GameRecord).where(link == bindparam("token"))
    for link in (GameRecord.edit_token, GameRecord.view_token)
}
# The stored hands of some games, in order (`stored_hands`): built once too.
HANDS_OF = (
    select(*StoredHand.columns())
    .where(HandRecord.game_id.in_(bindparam("game_ids", expanding=True)))
    .order_by(HandRecord.game_id, HandRecord.number)
)


class GameNotFound(LookupError):
    """No game answers to this link, nor ever did."""


class LinkReplaced(LookupError):
    """The link was a game's, and was replaced: whoever holds it needs the new one."""


@dataclass(frozen=True)
class ScoredGame:
    """A stored game with its replayed score: everything a game page shows."""

    record: GameRecord
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

    def bidding_order(self) -> tuple[int, ...]:
        """Seats in the order they bid the next hand, starting left of its dealer."""
        upcoming = self.state.next
        first = upcoming.first_bidder if upcoming is not None else 0
        seats = self.state.rules.seats
        return tuple((first + i) % len(seats) for i in seats)


def replays() -> Replays:
    """This worker's kept replays (made by `create_app`)."""
    kept: Replays = current_app.extensions["replays"]
    return kept


def find(token: str, link: InstrumentedAttribute[str] = GameRecord.edit_token) -> GameRecord:
    """The stored game behind a link (the edit link unless told); LinkReplaced for a link that
    was replaced, GameNotFound for any other."""
    record: GameRecord | None = db.session.scalar(BY_LINK[link.key], {"token": token})
    if record is None:
        replaced = select(ReplacedLink.game_id).where(ReplacedLink.token_hash == token_hash(token))
        if db.session.scalar(replaced) is not None:
            raise LinkReplaced(token)
        raise GameNotFound(token)
    return record


def load(token: str, link: InstrumentedAttribute[str] = GameRecord.edit_token) -> ScoredGame:
    """The game behind a link (the edit link unless told), replayed; GameNotFound otherwise."""
    return scored_games([find(token, link)])[0]


def scored_games(records: list[GameRecord]) -> list[ScoredGame]:
    """Each game with its hands and replayed score; hands are read only for games not kept."""
    kept: dict[int, Replay] = {}
    for record in records:
        replay = replays().get(Replays.key(record))
        if replay is not None:
            kept[record.id] = replay
    missing = [record for record in records if record.id not in kept]
    if missing:
        hands = stored_hands([record.id for record in missing])
        for record in missing:
            kept[record.id] = replay_hands(record, hands[record.id])
            replays().keep(Replays.key(record), kept[record.id])
    return [ScoredGame(record, *kept[record.id]) for record in records]


def stored_hands(game_ids: list[int]) -> dict[int, list[StoredHand]]:
    """Every stored hand of these games, in order, by game (one query, plain values)."""
    hands: dict[int, list[StoredHand]] = {game_id: [] for game_id in game_ids}
    rows = db.session.execute(HANDS_OF, {"game_ids": game_ids})
    for row in rows:
        hands[row.game_id].append(StoredHand(*row))
    return hands


def replay_hands(record: GameRecord, hands: list[StoredHand]) -> Replay:
    """A game's hands and the score their played ones add up to."""
    played = [h.to_engine() for h in hands if h.played]
    return tuple(hands), replay_record(record, played)


def recorded_adjustments(record: GameRecord) -> tuple[scoring.Adjustment, ...]:
    """A game's stored adjustments as the engine's values, in the order recorded."""
    return tuple(scoring.Adjustment(**a) for a in record.adjustments or ())


def replay_record(record: GameRecord, played: list[scoring.Hand]) -> scoring.Game:
    """Replay a game's played hands with its rules, first dealer, time called and adjustments
    as stored. Raises what `scoring.replay` raises."""
    return replay_with(record, played, record.time_called_after, recorded_adjustments(record))


def replay_with(
    record: GameRecord,
    played: list[scoring.Hand],
    time_called_after: int | None,
    adjustments: tuple[scoring.Adjustment, ...],
) -> scoring.Game:
    """Replay a game's played hands with its rules and first dealer and these two other
    inputs (a write tries them before it stores them). Raises what `scoring.replay` raises."""
    return scoring.replay(
        record.scoring_rules,
        played,
        record.first_dealer,
        time_called_after=time_called_after,
        adjustments=adjustments,
    )


def device_games(device: str | None) -> list[ScoredGame]:
    """The newest games started on one phone (its `device` cookie), replayed."""
    if not device:
        return []
    records = db.session.scalars(
        select(GameRecord)
        .where(GameRecord.device == device)
        .order_by(GameRecord.created_at.desc(), GameRecord.id.desc())
        .limit(MY_GAMES_SHOWN)
    ).all()
    return scored_games(list(records))


def games_state(which: ColumnElement[bool]) -> tuple[int, int, int]:
    """What sums over some games depend on, in one small query: how many games there are,
    their versions summed (a write to any of them moves it) and the newest."""
    row = db.session.execute(
        select(
            func.count(GameRecord.id),
            func.coalesce(func.sum(GameRecord.version), 0),
            func.coalesce(func.max(GameRecord.id), 0),
        ).where(which)
    ).one()
    return (int(row[0]), int(row[1]), int(row[2]))
