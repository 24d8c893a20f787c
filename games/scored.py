"""A stored game with its replayed score (`ScoredGame`): everything a game's page shows, and
what a tournament asks of its hands (the other side's word on each)."""

from __future__ import annotations

from dataclasses import dataclass

import scoring
from games.clock import Seat
from records.games import DISPUTED, SETTLED, GameRecord, StoredHand


@dataclass(frozen=True)
class ScoredGame:
    """A stored game with its replayed score: everything a game page shows."""

    record: GameRecord
    hands: tuple[StoredHand, ...]  # every stored hand, in order
    state: scoring.Game
    # A tournament's game: whether it is one (its rulings show in its history), and the side
    # (0 or 1) its director awarded it by forfeit, which ends it whatever its hands say; where
    # it is played, when its scorer's link found it.
    in_tournament: bool = False
    forfeit: int | None = None
    seat: Seat | None = None
    # Whether its tournament asks the other side to confirm each hand (`Seat.confirm_hands`).
    confirm_hands: bool = False
    # The club that holds it (its table's or its tournament's), when its link found it.
    club: int | None = None

    @property
    def played(self) -> list[StoredHand]:
        """The stored hands whose tricks are in."""
        return [h for h in self.hands if h.played]

    @property
    def in_play(self) -> StoredHand | None:
        """The hand whose bids are in and tricks are not, if there is one."""
        last = self.hands[-1] if self.hands else None
        return last if last is not None and not last.played else None

    @property
    def unsettled(self) -> tuple[StoredHand, ...]:
        """In a tournament whose opponents confirm each hand (`confirm_hands`), the played
        hands that do not count yet: not agreed to (awaiting a word, or disputed) nor ruled on;
        none in any other game, or one awarded by forfeit."""
        if not self.confirm_hands or self.forfeit is not None:
            return ()
        return tuple(hand for hand in self.played if hand.verdict not in SETTLED)

    @property
    def awaiting(self) -> StoredHand | None:
        """The first played hand that awaits the other side's word (see `unsettled`)."""
        return next((hand for hand in self.unsettled if hand.verdict is None), None)

    @property
    def disputed(self) -> tuple[int, ...]:
        """The numbers of the hands the other side disputed that the director has not ruled
        on yet (see `unsettled`)."""
        return tuple(hand.number for hand in self.unsettled if hand.verdict == DISPUTED)

    @property
    def follows_table(self) -> bool:
        """Whether the game's page leads on to its table's link: a tournament's game that is
        over (played out, or awarded by forfeit) at a table that has a card's link, with no
        hand left for the other side to confirm."""
        seat = self.seat
        over = self.forfeit is not None or (self.in_tournament and self.state.over)
        return seat is not None and seat.table_token is not None and over and self.awaiting is None

    def bidding_order(self) -> tuple[int, ...]:
        """Seats in the order they bid the next hand, starting left of its dealer."""
        upcoming = self.state.next
        first = upcoming.first_bidder if upcoming is not None else 0
        seats = self.state.rules.seats
        return tuple((first + i) % len(seats) for i in seats)
