"""The wall's pages: what a television shows at once when a tournament's tables or standings do
not fit one screen, and which page it shows now.

A page holds eight tables beside sixteen standings rows, which is what one 16:9 screen shows in
type read from five metres (the wall's type grows with the screen, so 1280 × 720 holds as much
as 1920 × 1080). Every wall turns to the next page at the same moment, each `PAGE_SECONDS` of
the clock, so two screens in a room agree; a wall without script asks for the next page by
number instead, as its refresh comes round. A phone shows every page at once, one under the
other (static/tournaments.css), and has nothing to turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

TABLES_PER_PAGE = 8
ROWS_PER_PAGE = 2 * TABLES_PER_PAGE  # a page's tables seat its standings' teams
PAGE_SECONDS = 15  # long enough to read a page from across the room


@dataclass(frozen=True)
class WallPage:
    """The page of the wall shown now: its number (from 1) of how many there are."""

    number: int
    count: int

    def holds_table(self, index: int) -> bool:
        """Whether the table (or next round's seat) at `index` (from 0) is on this page."""
        return index // TABLES_PER_PAGE == self.number - 1

    def holds_row(self, index: int) -> bool:
        """Whether the standings row at `index` (from 0) is on this page."""
        return index // ROWS_PER_PAGE == self.number - 1

    @property
    def following(self) -> int:
        """The number of the page after this one (the first after the last)."""
        return self.number % self.count + 1


def page_count(teams: int) -> int:
    """How many pages a wall of `teams` teams has: as many as its standings fill (its tables,
    two teams each, fill no more)."""
    return max(1, -(-teams // ROWS_PER_PAGE))


def page_shown(teams: int, now: datetime, asked: int | None = None) -> WallPage:
    """The page a wall of `teams` teams shows: the one `asked` for by number when there is one
    (a wall without script), else the one the clock has come round to."""
    count = page_count(teams)
    if asked is not None and 1 <= asked <= count:
        return WallPage(asked, count)
    turns = int(now.timestamp()) // PAGE_SECONDS
    return WallPage(turns % count + 1, count)
