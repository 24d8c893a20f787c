"""Issue 27's "Done when", through HTTP: a whole club night played as its people play it (a
Swiss of nine teams by the round's clock, one scorer's phone per table, a correction after its
round) and a King's table of eight teams, each counted by hand against docs/rules.md
"Tournaments"."""

from __future__ import annotations

from datetime import timedelta

from testsupport.clock import clocked
from testsupport.pages import Page
from testsupport.playing import A_FAR_AHEAD, A_SET, ANA_NIL, EVEN, FLOOR_HAND, correct_hand, enter
from testsupport.tournaments import (
    ONE_HAND,
    bye_of,
    game_at_table,
    make_tournament,
    pairs,
    play_round,
    round_tables,
    standings,
    start_round,
    table_tokens,
    team_names,
    teams_text,
    watch_token,
)

# The hands the night is played with, by their score: North–South's, then East–West's.
HANDS = {
    "61:60": EVEN,
    "60:61": {"bids": (3, 3, 3, 3), "tricks": (3, 4, 3, 3)},
    "-70:61": A_SET,
    "151:70": ANA_NIL,
    "22:-100": FLOOR_HAND,
    "120:-20": A_FAR_AHEAD,
}
# Nine teams, four rounds of 40 minutes, games to GameLake's 500: four tables, one bye a round.
TEAMS = 9
NIGHT = {
    "name": "Friday night",
    "format": "swiss",
    "rounds": "4",
    "teams": teams_text(TEAMS),
    "length": "minutes",
    "minutes": "40",
}
# Minutes into a round: its tables save their first hand at HAND_MINUTES, the second at twice
# that; a late hand's bids go in at LATE_BIDS, before the deadline; the director's page is read
# at READ, just after it; the next round starts at NEXT_ROUND.
HAND_MINUTES, LATE_BIDS, NEXT_ROUND = 10, 35, 45
READ = int(NIGHT["minutes"]) + 1


class Night:
    """The club night as its people live it: the director's phone, one scorer's phone per
    table (each reaching its game only through its table's link, as the card leads it), and the
    app's clock, which the night moves on."""

    def __init__(self, app, client) -> None:
        """Make the tournament on the director's phone and give each table's card a phone."""
        self.client = client
        self.clock = clocked(app)
        self.director = make_tournament(client, **NIGHT)
        self.watch = watch_token(client, self.director)
        self.links = table_tokens(client, self.director)
        self.phones = [app.test_client() for _ in self.links]
        self.started = self.clock.now
        self.round = 0
        self.games: dict[tuple[int, int], str] = {}
        self.byes: list[str] = []

    def at(self, minutes: int) -> None:
        """Move the clock on to `minutes` after the round in play began."""
        self.clock.advance((self.started - self.clock.now) / timedelta(minutes=1) + minutes)

    def start(self, paired: list[tuple[str, str]], bye: str) -> None:
        """Start the next round and check that it pairs `paired` (North–South first, by table)
        with `bye` sitting out, every other team at a table."""
        if self.round:
            self.at(NEXT_ROUND)
        self.started, self.round = self.clock.now, self.round + 1
        start_round(self.client, self.director)
        assert pairs(round_tables(self.client, self.director)) == paired
        assert bye_of(self.client, self.director) == bye
        seated = sorted([team for pair in paired for team in pair] + [bye])
        assert seated == sorted(team_names(TEAMS))
        self.byes.append(bye)

    def game(self, table: int) -> str:
        """The game of the round in play at table `table`, as its scorer's phone reaches it."""
        game = game_at_table(self.phones[table - 1], self.links[table - 1])
        self.games[self.round, table] = game
        return game

    def play(self, table: int, *scores: str) -> None:
        """Table `table`'s scorer saves these hands, whole, named by their score."""
        phone, game, page = self.phones[table - 1], self.game(table), None
        for score in scores:
            page = enter(phone, game, HANDS[score]["bids"], HANDS[score]["tricks"], page=page)

    def hands(self, plan: dict[int, list[str]]) -> None:
        """Each table plays its hands of `plan` (by table number) before the deadline: its
        first HAND_MINUTES into the round, its second twice that."""
        for index in range(max(len(scores) for scores in plan.values())):
            self.at(HAND_MINUTES * (index + 1))
            for table, scores in plan.items():
                if index < len(scores):
                    self.play(table, scores[index])

    def bids(self, table: int, score: str) -> None:
        """Table `table`'s scorer saves the bids of the hand named by `score`, no tricks yet."""
        enter(self.phones[table - 1], self.game(table), HANDS[score]["bids"])

    def tricks(self, table: int, score: str) -> None:
        """Table `table`'s scorer saves the tricks of the hand in play, named by `score`."""
        enter(self.phones[table - 1], self.game(table), tricks=HANDS[score]["tricks"])

    def call_time(self) -> list[bool]:
        """Read the director's page just after the round's deadline (which calls time at every
        table still playing); whether each table has finished, by table number."""
        self.at(READ)
        page = Page(self.client.get(f"/d/{self.director}"))
        return ["finished" in item.text for item in page.find_all("li", "round-table")]

    def game_page(self, table: int) -> str:
        """What table `table`'s scorer sees on opening the table's link."""
        opened = self.phones[table - 1].get(f"/s/{self.links[table - 1]}", follow_redirects=True)
        return Page(opened).text

    def standings(self) -> list[tuple[str, ...]]:
        """The standings the director's page shows, once the watch page is seen to agree."""
        shown = standings(self.client, f"/d/{self.director}")
        assert standings(self.client, f"/w/{self.watch}") == shown
        return shown

    def round_over(self) -> bool:
        """Whether the director's page says every table has finished the round."""
        page = Page(self.client.get(f"/d/{self.director}"))
        return "Every table has finished this round." in page.text


def test_a_nine_team_swiss_of_four_rounds_by_the_clock_ranks_as_counted_by_hand(app, client):
    """Teams 1–9, four tables, one phone per table. A hand is named by its score, North–South
    first: 61:60, 60:61, −70:61, 151:70, 22:−100, 120:−20. Round k starts at 19:00 + 45(k − 1)
    minutes and runs out 40 minutes in; hand 1 is saved 10 minutes in, hand 2 20 minutes in;
    at 41 minutes the director's page is read and time is called at every table after the
    hands whose bids were in: a game with a leader ends. A bye is a win, no points either way.
    Standings: team (wins–losses, points, difference), best first.

    Round 1, by entry, 9 sits out. T1 1–2: 61:60. T2 3–4: −70:61, 61:60 = −9:121. T3 5–6:
    151:70. T4 7–8: 22:−100, 60:61 = 82:−39. Winners 1, 4, 5, 7.
      4 (1–0, 121, 130), 7 (1–0, 82, 121), 5 (1–0, 151, 81), 1 (1–0, 61, 1), 9 (1–0, 0, 0),
      2 (0–1, 60, −1), 6 (0–1, 70, −81), 8 (0–1, −39, −121), 3 (0–1, −9, −130).
    Round 2, from that order. The bye goes to the lowest-placed of those without one (all but
    9): 3, the rest pairing without a rematch. Top down, each meets the highest it has not met
    that leaves the rest pairable: 4–7, 5–1, 9–2, 6–8 (the higher-placed North–South).
      Once it has started, table 1's scorer corrects round 1's hand to −70:61: Team 2 wins
      61 to −70. At once: 2 (1–0, 61, 131), 4, 7, 5, 9 as before, 3 (1–1, −9, −130: its
      bye counts from its round's start), 6, 8 as before, 1 (0–1, −70, −131). Round 2 keeps
      its pairs.
    T1 4–7: 61:60, 60:61 = 121:121 at the deadline, a shared top: one more hand, −70:61, and
    7 wins 51 to 182. T2 5–1: 120:−20. T3 9–2: −70:61. T4 6–8: 61:60.
      2 (2–0, 61 + 61 = 122, 122 + 140 = 262), 7 (2–0, 82 + 182 = 264, 264 − (−39 + 51) = 252),
      5 (2–0, 151 + 120 = 271, 271 − 50 = 221), 4 (1–1, 121 + 51 = 172, 172 − 173 = −1),
      6 (1–1, 70 + 61 = 131, 131 − 211 = −80), 3 (1–1, −9, −130), 9 (1–1, −70, −131),
      8 (0–2, −39 + 60 = 21, 21 − 143 = −122), 1 (0–2, −70 − 20 = −90, −90 − 181 = −271).
    Round 3: met so far 1: 2 5; 2: 1 9; 3: 4; 4: 3 7; 5: 6 1; 6: 5 8; 7: 8 4; 8: 7 6; 9: 2.
    The lowest without a bye, 1, sits out (the rest pair anew); 2–7, 5–4, 6–3, 9–8.
    T1 2–7: 60:61. T2 5–4: 61:60 by 10 minutes; hand 2's bids at 35 minutes, so time is called
    after hand 2, whose tricks come after the deadline: −70:61, and 4 wins −9 to 121.
    T3 6–3: 22:−100. T4 9–8: 151:70.
      7 (3–0, 325, 325 − 72 = 253), 2 (2–1, 182, 182 + 79 = 261), 4 (2–1, 293, 293 − 164 = 129),
      5 (2–1, 262, 262 − 171 = 91), 6 (2–1, 153, 153 − 111 = 42), 9 (2–1, 81, 81 − 131 = −50),
      3 (1–2, −109, −109 − 143 = −252), 1 (1–2, −90, −271), 8 (0–3, 91, 91 − 294 = −203).
    Round 4: 9, 3 and 1 have had their bye; the lowest of the rest, 8, sits out. 7 has met 2
    and 4: 7–5 (the rest pair: 2–4, 6–9, 3–1), then 2–4, 6–9, 3–1.
    T1 7–5: −70:61. T2 2–4: 61:60. T3 6–9: 60:61. T4 3–1: 120:−20.
      2 (3–1, 243, 243 + 19 = 262), 5 (3–1, 323, 323 − 101 = 222), 7 (3–1, 255, 255 − 133 =
      122), 9 (3–1, 142, 142 − 191 = −49), 4 (2–2, 353, 353 − 225 = 128), 6 (2–2, 213, 213 −
      172 = 41), 3 (2–2, 11, 11 − 123 = −112), 8 (1–3, 91, −203), 1 (1–3, −110, −110 − 301 =
      −411).
    Four byes, to 9, 3, 1 and 8: one a round, none twice."""
    night = Night(app, client)
    assert len(night.links) == 4

    night.start(
        [("Team 1", "Team 2"), ("Team 3", "Team 4"), ("Team 5", "Team 6"), ("Team 7", "Team 8")],
        bye="Team 9",
    )
    night.hands({1: ["61:60"], 2: ["-70:61", "61:60"], 3: ["151:70"], 4: ["22:-100", "60:61"]})
    assert night.call_time() == [True] * 4
    assert night.standings() == [
        ("1", "Team 4", "1", "0", "121", "130"),
        ("2", "Team 7", "1", "0", "82", "121"),
        ("3", "Team 5", "1", "0", "151", "81"),
        ("4", "Team 1", "1", "0", "61", "1"),
        ("5", "Team 9", "1", "0", "0", "0"),
        ("6", "Team 2", "0", "1", "60", "-1"),
        ("7", "Team 6", "0", "1", "70", "-81"),
        ("8", "Team 8", "0", "1", "-39", "-121"),
        ("9", "Team 3", "0", "1", "-9", "-130"),
    ]

    second = [
        ("Team 4", "Team 7"),
        ("Team 5", "Team 1"),
        ("Team 9", "Team 2"),
        ("Team 6", "Team 8"),
    ]
    night.start(second, bye="Team 3")
    correct_hand(night.phones[0], night.games[1, 1], 1, HANDS["-70:61"])
    assert night.standings() == [
        ("1", "Team 2", "1", "0", "61", "131"),
        ("2", "Team 4", "1", "0", "121", "130"),
        ("3", "Team 7", "1", "0", "82", "121"),
        ("4", "Team 5", "1", "0", "151", "81"),
        ("5", "Team 9", "1", "0", "0", "0"),
        ("6", "Team 3", "1", "1", "-9", "-130"),
        ("7", "Team 6", "0", "1", "70", "-81"),
        ("8", "Team 8", "0", "1", "-39", "-121"),
        ("9", "Team 1", "0", "1", "-70", "-131"),
    ]
    assert pairs(round_tables(client, night.director)) == second
    night.hands({1: ["61:60", "60:61"], 2: ["120:-20"], 3: ["-70:61"], 4: ["61:60"]})
    assert night.call_time() == [False, True, True, True]
    assert "one more hand decides" in night.game_page(1)
    night.play(1, "-70:61")
    assert night.round_over()
    assert night.standings() == [
        ("1", "Team 2", "2", "0", "122", "262"),
        ("2", "Team 7", "2", "0", "264", "252"),
        ("3", "Team 5", "2", "0", "271", "221"),
        ("4", "Team 4", "1", "1", "172", "-1"),
        ("5", "Team 6", "1", "1", "131", "-80"),
        ("6", "Team 3", "1", "1", "-9", "-130"),
        ("7", "Team 9", "1", "1", "-70", "-131"),
        ("8", "Team 8", "0", "2", "21", "-122"),
        ("9", "Team 1", "0", "2", "-90", "-271"),
    ]

    night.start(
        [("Team 2", "Team 7"), ("Team 5", "Team 4"), ("Team 6", "Team 3"), ("Team 9", "Team 8")],
        bye="Team 1",
    )
    night.hands({1: ["60:61"], 2: ["61:60"], 3: ["22:-100"], 4: ["151:70"]})
    night.at(LATE_BIDS)
    night.bids(2, "-70:61")
    assert night.call_time() == [True, False, True, True]
    assert "Time called: hand 2 is the last." in night.game_page(2)
    night.tricks(2, "-70:61")
    assert night.round_over()
    assert night.standings() == [
        ("1", "Team 7", "3", "0", "325", "253"),
        ("2", "Team 2", "2", "1", "182", "261"),
        ("3", "Team 4", "2", "1", "293", "129"),
        ("4", "Team 5", "2", "1", "262", "91"),
        ("5", "Team 6", "2", "1", "153", "42"),
        ("6", "Team 9", "2", "1", "81", "-50"),
        ("7", "Team 3", "1", "2", "-109", "-252"),
        ("8", "Team 1", "1", "2", "-90", "-271"),
        ("9", "Team 8", "0", "3", "91", "-203"),
    ]

    night.start(
        [("Team 7", "Team 5"), ("Team 2", "Team 4"), ("Team 6", "Team 9"), ("Team 3", "Team 1")],
        bye="Team 8",
    )
    night.hands({1: ["-70:61"], 2: ["61:60"], 3: ["60:61"], 4: ["120:-20"]})
    assert night.call_time() == [True] * 4
    assert night.standings() == [
        ("1", "Team 2", "3", "1", "243", "262"),
        ("2", "Team 5", "3", "1", "323", "222"),
        ("3", "Team 7", "3", "1", "255", "122"),
        ("4", "Team 9", "3", "1", "142", "-49"),
        ("5", "Team 4", "2", "2", "353", "128"),
        ("6", "Team 6", "2", "2", "213", "41"),
        ("7", "Team 3", "2", "2", "11", "-112"),
        ("8", "Team 8", "1", "3", "91", "-203"),
        ("9", "Team 1", "1", "3", "-110", "-411"),
    ]
    assert night.byes == ["Team 9", "Team 3", "Team 1", "Team 8"]
    assert len(set(night.byes)) == len(night.byes)


def test_a_kings_table_of_eight_teams_moves_winners_up_and_losers_down(client):
    """One-hand games: a North–South win is 61 to 60, an East–West win 61 to −70.

    Round 1 seats the entry order: 1–2, 3–4, 5–6, 7–8. Winners 1, 4, 5, 8 (North, East,
    North, East). Standings: 4 and 8 (1–0, +131, level, never met: a shared 1st), 1 and 5
    (+1, 3rd), 2 and 6 (−1, 5th), 3 and 7 (−131, 7th); the order 4 8 1 5 2 6 3 7.
    Round 2: table 1's winner (1) stays and meets table 2's winner (4); table 1's loser (2)
    meets table 3's winner (5) at table 2; table 2's loser (3) meets table 4's winner (8) at
    table 3; table 3's loser (6) meets table 4's loser (7), who stays. The higher-placed sits
    North–South: 4–1, 5–2, 8–3, 6–7. Winners 1, 5, 3, 6 (East, North, East, North).
    Standings: 1 (2–0, 122 − (−10) = 132), 5 (2–0, 122 − 120 = 2), 6 (1–1, 121, 0); 3, 4
    and 8 are 1–1, −9, 0: among them 4 beat 3 and 3 beat 8, so 4, 3, 8; then 2 (0–2, −2),
    7 (0–2, −132).
    Round 3: 1 stays and meets 5; 4 meets 3; 2 meets 6; 8 meets 7, who stays: 1–5, 4–3, 6–2,
    8–7."""
    director = make_tournament(
        client, **ONE_HAND, format="kings_table", rounds="3", teams=teams_text(8)
    )
    start_round(client, director)
    assert pairs(round_tables(client, director)) == [
        ("Team 1", "Team 2"),
        ("Team 3", "Team 4"),
        ("Team 5", "Team 6"),
        ("Team 7", "Team 8"),
    ]
    play_round(client, director, "NENE")
    assert standings(client, f"/d/{director}") == [
        ("1", "Team 4", "1", "0", "61", "131"),
        ("1", "Team 8", "1", "0", "61", "131"),
        ("3", "Team 1", "1", "0", "61", "1"),
        ("3", "Team 5", "1", "0", "61", "1"),
        ("5", "Team 2", "0", "1", "60", "-1"),
        ("5", "Team 6", "0", "1", "60", "-1"),
        ("7", "Team 3", "0", "1", "-70", "-131"),
        ("7", "Team 7", "0", "1", "-70", "-131"),
    ]

    start_round(client, director)
    assert pairs(round_tables(client, director)) == [
        ("Team 4", "Team 1"),
        ("Team 5", "Team 2"),
        ("Team 8", "Team 3"),
        ("Team 6", "Team 7"),
    ]
    play_round(client, director, "ENEN")
    assert standings(client, f"/d/{director}") == [
        ("1", "Team 1", "2", "0", "122", "132"),
        ("2", "Team 5", "2", "0", "122", "2"),
        ("3", "Team 6", "1", "1", "121", "0"),
        ("4", "Team 4", "1", "1", "-9", "0"),
        ("5", "Team 3", "1", "1", "-9", "0"),
        ("6", "Team 8", "1", "1", "-9", "0"),
        ("7", "Team 2", "0", "2", "120", "-2"),
        ("8", "Team 7", "0", "2", "-10", "-132"),
    ]

    start_round(client, director)
    assert pairs(round_tables(client, director)) == [
        ("Team 1", "Team 5"),
        ("Team 4", "Team 3"),
        ("Team 6", "Team 2"),
        ("Team 8", "Team 7"),
    ]
