"""Issue 28's "Done when" evening, step by step, as its people live it: the director's phone
makes a 12-team Swiss of four rounds and runs it to the champion (a late team before round 2,
a withdrawal before round 3, a forfeit in round 3, a playoff of the top 4), every game played
on its own table's phone through the table card's link. The HTTP test checks the wall after
each step; the print test prints the results sheet it leaves."""

from __future__ import annotations

from testsupport.director_tools import add_late_team, award, withdraw_form
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    game_at_table,
    make_tournament,
    play_table,
    round_tables,
    start_next_stage,
    start_playoff,
    start_round,
    table_tokens,
    watch_token,
)

TEAMS = 12
ROUNDS = 4
# The team that withdraws after round 2 (by entry number), and the round-3 table whose game is
# awarded, to its East–West team, before a hand is played.
LEAVING = 8
FORFEIT_TABLE = 2


class Evening:
    """The evening: the director's phone (`client`), a phone per table card, the links."""

    def __init__(self, app, client, prefix: str = "Team") -> None:
        """Make the tournament on the director's phone: twelve teams typed into the form as
        "`prefix` n: Player na & Player nb" (a club's longer names for the printed sheet)."""
        self.app, self.client, self.prefix = app, client, prefix
        typed = "".join(f"{prefix} {n}: Player {n}a & Player {n}b\n" for n in range(1, TEAMS + 1))
        self.director = make_tournament(
            client, **ONE_HAND, format="swiss", rounds=str(ROUNDS), teams=typed
        )
        self.watch = watch_token(client, self.director)
        self.round = 0

    def wall(self, headers=None) -> Page:
        """The wall (the watch link's page) as the screen shows it now."""
        return Page(self.client.get(f"/w/{self.watch}", headers=headers))

    def start(self) -> None:
        """Tap "Start round" on the director's page."""
        start_round(self.client, self.director)
        self.round += 1

    def play(self, tables: int | None = None, skip: int | None = None) -> None:
        """Each table in play (those of the latest round unless `tables` says how many, as a
        playoff stage does) saves its one hand, won by North–South, on its own phone through
        its table's link; table `skip` plays nothing."""
        count = tables or len(round_tables(self.client, self.director))
        for number, token in enumerate(table_tokens(self.client, self.director)[:count], 1):
            if number != skip:
                phone = self.app.test_client()
                play_table(phone, game_at_table(phone, token))

    def add_late_team(self) -> None:
        """Add team 13 between rounds."""
        n = TEAMS + 1
        late = {
            "name": f"{self.prefix} {n}",
            "player_0": f"Player {n}a",
            "player_1": f"Player {n}b",
        }
        assert add_late_team(self.client, self.director, late).status_code == 303

    def withdraw(self, entry: int = LEAVING) -> None:
        """Withdraw team `entry` between rounds."""
        form = withdraw_form(self.client, self.director, f"{self.prefix} {entry}")
        assert submit(self.client, form).status_code == 303

    def forfeit(self, table: int = FORFEIT_TABLE) -> None:
        """Award the game at `table` of the round in play to its East–West team."""
        award(self.client, self.director, table, 1, round_number=self.round)

    def playoff(self) -> None:
        """Start the playoff of the top 4, play its semi-finals and its final (North–South
        winning each)."""
        assert start_playoff(self.client, self.director, 4).status_code == 303
        self.play(tables=2)
        assert start_next_stage(self.client, self.director).status_code == 303
        self.play(tables=1)

    def run(self) -> None:
        """The whole evening, step after step, with no look at the wall."""
        self.start()
        self.play()
        self.add_late_team()
        self.start()
        self.play()
        self.withdraw()
        self.start()
        self.forfeit()
        self.play(skip=FORFEIT_TABLE)
        self.start()
        self.play()
        self.playoff()
