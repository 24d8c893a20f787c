"""The wall's pages: what a television shows at once when a tournament's tables or standings do
not fit one screen, and which page it shows now.

A page holds eight tables beside sixteen standings rows, which is what one 16:9 screen shows in
type read from five metres (the wall's type grows with the screen, so 1280 × 720 holds as much
as 1920 × 1080). Every wall turns to the next page at the same moment, each `PAGE_SECONDS` of
the clock, so that two screens in a room agree. The server marks the page of the moment on the
whole page it sends; with script, the page turns its pages itself (static/view.js, by the same
clock), so that the part its poll asks for stays the same, answered 304, until the tournament
changes. A wall without script asks for the next page by number as its refresh comes round. A
phone shows every page at once, one under the other (static/tournaments.css).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

TABLES_PER_PAGE = 8
ROWS_PER_PAGE = 2 * TABLES_PER_PAGE  # a page's tables seat its standings' teams
PAGE_SECONDS = 15  # long enough to read a page from across the room


@dataclass(frozen=True)
class WallPage:
    """The wall's pages: how many there are, and the one marked shown (from 1); None marks
    none, for the page's script to turn them."""

    count: int
    number: int | None = None

    @staticmethod
    def table_page(index: int) -> int:
        """The page of the table (or next round's seat) at `index` (from 0)."""
        return index // TABLES_PER_PAGE + 1

    @staticmethod
    def row_page(index: int) -> int:
        """The page of the standings row at `index` (from 0)."""
        return index // ROWS_PER_PAGE + 1

    def hides_table(self, index: int) -> bool:
        """Whether the table at `index` is off the page marked shown."""
        return self.number is not None and self.table_page(index) != self.number

    def hides_row(self, index: int) -> bool:
        """Whether the standings row at `index` is off the page marked shown."""
        return self.number is not None and self.row_page(index) != self.number

    @property
    def following(self) -> int:
        """The number of the page after the one marked (the first after the last)."""
        return (self.number or 0) % self.count + 1


def page_count(teams: int) -> int:
    """How many pages a wall of `teams` teams has: as many as its standings fill (its tables,
    two teams each, fill no more)."""
    return max(1, -(-teams // ROWS_PER_PAGE))


def clock_page(count: int, now: datetime) -> int:
    """The page of `count` the clock has come round to at `now` (UTC, without its zone), as
    static/view.js counts it from the phone's own clock."""
    turns = int(now.replace(tzinfo=UTC).timestamp()) // PAGE_SECONDS
    return turns % count + 1


def page_shown(teams: int, now: datetime, asked: int | None = None) -> WallPage:
    """The wall of `teams` teams with the page marked that `asked` names (a wall without
    script), else the one the clock has come round to."""
    count = page_count(teams)
    if asked is not None and 1 <= asked <= count:
        return WallPage(count, asked)
    return WallPage(count, clock_page(count, now))
