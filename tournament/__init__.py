"""Tournaments as pure data and functions: pairing a round and ranking the standings.

Standard library plus networkx (for the Swiss pairing's matching); nothing of the app, the web
or the database. It needs nothing of the scoring engine: a game reaches the standings as its
final totals and winner, which the caller gets from the engine. Teams are entry numbers 1..n.

- `next_round(format, order, rounds, winners)` pairs the next round of a `Format`
  (`ROUND_ROBIN`, `SWISS`, `KINGS_TABLE`) from the standings order before it, the `Pairing`s
  of the rounds so far and, for King's table, each table's winner in the last round (a
  Swiss and King's table also take the teams `withdrawn` between rounds, paired no more, and
  the late teams that `joined`, by the rounds played when each came). A
  `Pairing` is the tables in table order (`Table(north_south, east_west)`, the higher-placed
  team North–South) and the team with the bye, or None. `round_robin`, `round_robin_rounds`,
  `swiss` and `kings_table` are the formats one by one.
- `FORMATS` is the registry of formats: by stored value, a `TournamentFormat` each, all that
  tells one format from another (its pairing, its rounds, whether a late team joins once it
  has started, whether a withdrawal leaves a round empty, whether a bye is a win);
  `format_of(value)` finds one. No caller asks which format it has: it asks the entry.
- `standings(teams, games, byes, format, joined)` ranks the teams from `GameResult`s and the
  byes given (a late team below the teams with as many wins), one `Row` per team best first
  (`place`, `team`, `wins`, `losses`, `byes`, `played`, `points`, `against`, `difference`);
  `order_of(rows)` is the strict order pairing takes.
- `first_stage(order, size, withdrawn)` seats a playoff of the top `size` (`PLAYOFF_SIZES`:
  2, 4 or 8) of the final standings, 1 v 8, 4 v 5, 3 v 6, 2 v 7 (`bracket(size)` in seeds);
  `next_stage(last, winners, seeds)` pairs the winners of tables 1 and 2, 3 and 4, …, the
  higher seed North–South; `playoff_seeds` is who plays it, seed 1 first.
- Bad input raises `TournamentError`, whose `code` names the problem.

    >>> from tournament import Format, GameResult, next_round, order_of, standings
    >>> first = next_round(Format.SWISS, (1, 2, 3, 4, 5), [])
    >>> [table.teams for table in first.tables], first.bye
    ([(1, 2), (3, 4)], 5)
    >>> games = [GameResult(1, 2, (250, 310), winner=2), GameResult(3, 4, (500, 120), winner=3)]
    >>> rows = standings(5, games, [5], Format.SWISS)
    >>> [(row.place, row.team, row.wins, row.difference) for row in rows]
    [(1, 3, 1, 380), (2, 2, 1, 60), (3, 5, 1, 0), (4, 1, 0, -60), (5, 4, 0, -380)]
    >>> second = next_round(Format.SWISS, order_of(rows), [first])
    >>> [table.teams for table in second.tables], second.bye
    ([(3, 2), (5, 1)], 4)
"""

from .formats import FORMATS, Format, TournamentFormat, format_of, next_round
from .pairing import kings_table, round_robin, round_robin_rounds
from .playoff import PLAYOFF_SIZES, bracket, first_stage, next_stage, playoff_seeds
from .rounds import Pairing, Table, TournamentError
from .standings import GameResult, Row, order_of, standings
from .swiss import swiss

__all__ = [
    "FORMATS",
    "PLAYOFF_SIZES",
    "Format",
    "GameResult",
    "Pairing",
    "Row",
    "Table",
    "TournamentError",
    "TournamentFormat",
    "bracket",
    "first_stage",
    "format_of",
    "kings_table",
    "next_round",
    "next_stage",
    "order_of",
    "playoff_seeds",
    "round_robin",
    "round_robin_rounds",
    "standings",
    "swiss",
]
