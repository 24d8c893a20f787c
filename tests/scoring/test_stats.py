"""Career figures: players, partnerships and head-to-head over many games.

Expected figures are worked out by hand, the arithmetic in a docstring or comment beside them.
Seats are 0-3 clockwise, partners opposite: team 0 is seats 0 & 2, team 1 is seats 1 & 3, and
a `PlayedGame` names each team's players in seat order (seat 0 then 2, seat 1 then 3).
"""

import doctest
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.stats
from scoring import (
    BLIND_NIL,
    INDIVIDUAL_PRESETS,
    NIL,
    PRESETS,
    Adjustment,
    Career,
    Figures,
    Hand,
    HandMark,
    HeadToHead,
    PlayedGame,
    career,
    name_key,
    new_game,
    replay,
)

# Short games, so that three hands end them.
TO_100 = PRESETS["classic"].rules.but(target=100)
# The same with a bag limit of 2, so that a penalty comes quickly.
TO_100_TWO_BAGS = TO_100.but(bag_limit=2)
CUTTHROAT = INDIVIDUAL_PRESETS["cutthroat"].rules


def season() -> list[PlayedGame]:
    """Four games among Ana, Bia, Caio, Duda and Eva; the second is still being played.

    Game 0, played to 100 with a bag limit of 2: "ana " & Bia (seats 0, 2) against Caio & Duda
    (seats 1, 3).
      1. bids 3 4 2 3, tricks 4 4 2 3. Ana & Bia bid 5, take 6: 50 + 1 bag = 51 (1 bag).
         Caio & Duda bid 7, take 7: 70. Totals 51–70: Ana & Bia are 19 behind.
      2. bids Nil 3 4 3, tricks 0 3 5 5. Ana's Nil is made: +100; Bia bids 4, takes 5:
         40 + 1 bag, which makes 2 bags: −100 penalty. 100 + 41 − 100 = 41, total 92.
         Caio & Duda bid 6, take 8: 60 + 2 bags = 62, 2 bags: −100, so −38, total 32.
      3. bids 3 3 3 3, tricks 3 3 4 3. Ana & Bia bid 6, take 7: 61, total 153 (1 bag).
         Caio & Duda bid 6, take 6: 60, total 92. Ana & Bia win, back from 19 behind.

    Game 1: Ana & Bia against Caio & Duda, one hand played (60–61): in progress.

    Game 2, played to 100: "ANA" & Eva against Caio & Duda.
      1. bids 4 3 3 Nil, tricks 4 4 3 2. Ana & Eva bid 7, take 7: 70. Duda's Nil fails with
         2 tricks: −100; Caio bids 3, takes 4: 30 + 1 bag, and Duda's 2 tricks are bags too:
         30 + 3 − 100 = −67. Totals 70 to −67: Caio & Duda are 137 behind.
      2. bids 2 5 2 4, tricks 1 6 1 5. Ana & Eva bid 4, take 2: set, −40, total 30.
         Caio & Duda bid 9, take 11: 92, total 25.
      3. bids 3 4 3 4, tricks 2 5 2 4. Ana & Eva bid 6, take 4: set, −60, total −30.
         Caio & Duda bid 8, take 9: 81, total 106. Caio & Duda win, back from 137 behind.

    Game 3, played to 100: Bia & "Ana" (Bia at seat 0, Ana at seat 2) against Duda & Caio.
      1. bids 4 3 Nil 4, tricks 5 3 1 4. Ana's Nil fails with 1 trick: −100; Bia bids 4,
         takes 5: 40 + 1 bag, and Ana's trick is a bag: 40 + 2 − 100 = −58 (2 bags).
         Duda & Caio bid 7, take 7: 70. Totals −58 to 70: Bia & Ana are 128 behind.
      2. bids 5 2 5 2, tricks 5 1 6 1. Bia & Ana bid 10, take 11: 101, total 43.
         Duda & Caio bid 4, take 2: set, −40, total 30.
      3. bids 4 3 3 3, tricks 4 3 3 3. Bia & Ana bid 7, take 7: 70, total 113.
         Duda & Caio bid 6, take 6: 60, total 90. Bia & Ana win, back from 128 behind.
    """
    return [
        PlayedGame(
            (("ana ", "Bia"), ("Caio", "Duda")),
            replay(
                TO_100_TWO_BAGS,
                [
                    Hand(bids=(3, 4, 2, 3), tricks=(4, 4, 2, 3)),
                    Hand(bids=(NIL, 3, 4, 3), tricks=(0, 3, 5, 5)),
                    Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 4, 3)),
                ],
            ),
        ),
        PlayedGame(
            (("Ana", "Bia"), ("Caio", "Duda")),
            replay(TO_100, [Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4))]),
        ),
        PlayedGame(
            (("ANA", "Eva"), ("Caio", "Duda")),
            replay(
                TO_100,
                [
                    Hand(bids=(4, 3, 3, NIL), tricks=(4, 4, 3, 2)),
                    Hand(bids=(2, 5, 2, 4), tricks=(1, 6, 1, 5)),
                    Hand(bids=(3, 4, 3, 4), tricks=(2, 5, 2, 4)),
                ],
            ),
        ),
        PlayedGame(
            (("Bia", "Ana"), ("Duda", "Caio")),
            replay(
                TO_100,
                [
                    Hand(bids=(4, 3, NIL, 4), tricks=(5, 3, 1, 4)),
                    Hand(bids=(5, 2, 5, 2), tricks=(5, 1, 6, 1)),
                    Hand(bids=(4, 3, 3, 3), tricks=(4, 3, 3, 3)),
                ],
            ),
        ),
    ]


def by_key(figures: tuple[Figures, ...]) -> dict[tuple[str, ...], Figures]:
    """The figures looked up by key."""
    return {f.key: f for f in figures}


def test_the_worked_season_gives_ana_every_figure_as_worked_out_by_hand():
    """Ana plays games 0, 2 and 3 (game 1 is in progress), 9 hands, and wins games 0 and 3.

    Her side had a contract in all 9 hands and missed two (game 2, hands 2 and 3). Bags: 1 + 1
    + 1 in game 0, none in game 2, 2 + 1 in game 3: 6, with one penalty (game 0, hand 2). Her
    own Nils: made in game 0, failed in game 3. Points: 153 − 30 + 113 = 236. Best hand +101
    (game 3, hand 2), worst −60 (game 2, hand 3). Comebacks in the games won: 19 and 128.
    Her name is spelt as in her latest game: "Ana".
    """
    ana = by_key(career(season()).players)[("ana",)]
    assert ana == Figures(
        name="Ana",
        key=("ana",),
        games=3,
        wins=2,
        hands=9,
        contracts=9,
        contracts_made=7,
        sets=2,
        bags=6,
        bag_penalties=1,
        nil_tried=2,
        nil_made=1,
        blind_nil_tried=0,
        blind_nil_made=0,
        points=236,
        best_hand=HandMark(points=101, game=3, hand=2),
        worst_hand=HandMark(points=-60, game=2, hand=3),
        biggest_comeback=128,
    )
    assert ana.win_rate == pytest.approx(2 / 3)
    assert ana.contracts_made_rate == pytest.approx(7 / 9)
    assert ana.bags_per_hand == pytest.approx(6 / 9)
    assert ana.points_per_hand == pytest.approx(236 / 9)


def test_the_worked_season_gives_ana_and_bia_every_figure_as_worked_out_by_hand():
    """Ana & Bia play games 0 and 3 together, 6 hands, and win both.

    Every contract is made: 6 of 6. Bags 3 + 3 = 6, one penalty. Both seats' Nils count: Ana's
    made one and failed one. Points 153 + 113 = 266. Best +101 (game 3, hand 2), worst −58
    (game 3, hand 1); the biggest comeback is game 3's 128.
    """
    pair = by_key(career(season()).partnerships)[("ana", "bia")]
    assert pair == Figures(
        name="Ana & Bia",
        key=("ana", "bia"),
        games=2,
        wins=2,
        hands=6,
        contracts=6,
        contracts_made=6,
        sets=0,
        bags=6,
        bag_penalties=1,
        nil_tried=2,
        nil_made=1,
        blind_nil_tried=0,
        blind_nil_made=0,
        points=266,
        best_hand=HandMark(points=101, game=3, hand=2),
        worst_hand=HandMark(points=-58, game=3, hand=1),
        biggest_comeback=128,
    )
    assert pair.win_rate == 1.0


def test_the_worked_season_counts_each_meeting_of_two_partnerships():
    # Ana & Bia beat Caio & Duda in games 0 and 3; Caio & Duda beat Ana & Eva in game 2.
    assert career(season()).head_to_head == (
        HeadToHead(
            sides=(("ana", "bia"), ("caio", "duda")),
            names=("Ana & Bia", "Caio & Duda"),
            games=2,
            wins=(2, 0),
        ),
        HeadToHead(
            sides=(("ana", "eva"), ("caio", "duda")),
            names=("Ana & Eva", "Caio & Duda"),
            games=1,
            wins=(0, 1),
        ),
    )


def test_the_worked_season_sorts_by_wins_then_win_rate_then_name():
    result = career(season())
    # Bia 2 of 2, Ana 2 of 3, Caio and Duda 1 of 3 each (by name), Eva 0 of 1.
    assert [f.name for f in result.players] == ["Bia", "Ana", "Caio", "Duda", "Eva"]
    assert [f.name for f in result.partnerships] == ["Ana & Bia", "Caio & Duda", "Ana & Eva"]
    assert (result.games, result.hands) == (3, 9)


def test_a_game_in_progress_counts_in_no_figure():
    games = season()
    in_progress = games[1]
    assert not in_progress.state.over
    assert career([in_progress]) == Career((), (), (), 0, 0)
    # Leaving it out changes nothing but the game numbers of the hands marked.
    without = career([games[0], games[2], games[3]])
    with_it = career(games)
    assert [f.games for f in without.players] == [f.games for f in with_it.players]
    assert [f.points for f in without.partnerships] == [f.points for f in with_it.partnerships]


def test_names_are_matched_whatever_their_case_accents_and_spaces():
    assert name_key("Ana") == name_key("ana") == name_key("Aná") == name_key(" ana  ") == "ana"
    assert name_key("Ana  B.") == "ana b."
    assert name_key("ＡＮＡ") == "ana"  # full-width letters unfold to plain ones
    assert name_key("Ana B.") != name_key("Ana")


def test_one_player_typed_differently_in_each_game_is_one_player_with_the_latest_spelling():
    game = season()[0]
    spellings = ["Aná", " ana  ", "ANA"]
    games = [replace(game, sides=((name, "Bia"), ("Caio", "Duda"))) for name in spellings]
    players = by_key(career(games).players)
    assert players[("ana",)].games == 3
    assert players[("ana",)].name == "ANA"
    assert len(players) == 4


def test_a_player_counts_only_their_own_seats_nil_but_a_partnership_counts_both():
    """Played to 250, Blind Nil allowed at any score. Ana sits at seat 0, Bia at seat 2.

    1. bids 2 5 2 4, tricks 1 6 1 5: Ana & Bia bid 4, take 2: −40. Caio & Duda bid 9, take
       11: 92.
    2. Ana bids Nil and Bia Blind Nil, both made: +100 + 200 = 300, total 260. Caio & Duda
       bid 12 and take all 13: 121, total 213. Ana & Bia win.
    Ana tried one Nil, Bia one Blind Nil; their partnership tried both.
    """
    rules = TO_100.but(target=250, blind_nil_bonus=200)
    game = replay(
        rules,
        [
            Hand(bids=(2, 5, 2, 4), tricks=(1, 6, 1, 5)),
            Hand(bids=(NIL, 6, BLIND_NIL, 6), tricks=(0, 7, 0, 6)),
        ],
    )
    assert (game.over, game.winner, game.totals) == (True, 0, (260, 213))
    result = career([PlayedGame((("Ana", "Bia"), ("Caio", "Duda")), game)])
    players = by_key(result.players)
    assert (players[("ana",)].nil_tried, players[("ana",)].nil_made) == (1, 1)
    assert (players[("ana",)].blind_nil_tried, players[("ana",)].blind_nil_made) == (0, 0)
    assert (players[("bia",)].nil_tried, players[("bia",)].blind_nil_tried) == (0, 1)
    assert players[("bia",)].blind_nil_made == 1
    pair = by_key(result.partnerships)[("ana", "bia")]
    assert (pair.nil_tried, pair.nil_made, pair.blind_nil_tried, pair.blind_nil_made) == (
        1,
        1,
        1,
        1,
    )


def test_a_player_listed_twice_on_one_side_counts_once_with_both_seats():
    game = season()[0]
    twice = replace(game, sides=(("Ana", "ana"), ("Caio", "Duda")))
    result = career([twice])
    ana = by_key(result.players)[("ana",)]
    assert (ana.games, ana.wins, ana.nil_tried) == (1, 1, 1)
    # One person is no partnership, and so meets nobody head to head.
    assert [f.key for f in result.partnerships] == [("caio", "duda")]
    assert result.head_to_head == ()


def test_a_cutthroat_game_gives_player_figures_and_no_partnership():
    """Four players on their own, played to 100.

    1. bids 3 3 3 4, tricks 3 3 3 4: everybody makes it: 30, 30, 30, 40.
    2. bids 4 3 3 3, tricks 7 2 2 2: Ana 40 + 3 bags = 43, total 73; the others are set:
       −30 each, totals 0, 0, 10.
    3. bids 3 3 3 4, tricks 4 3 3 3: Ana 31, total 104; Bia and Caio 30 (30 each); Duda set,
       −40, total −30. Ana wins.
    """
    game = replay(
        CUTTHROAT.but(target=100),
        [
            Hand(bids=(3, 3, 3, 4), tricks=(3, 3, 3, 4)),
            Hand(bids=(4, 3, 3, 3), tricks=(7, 2, 2, 2)),
            Hand(bids=(3, 3, 3, 4), tricks=(4, 3, 3, 3)),
        ],
    )
    assert (game.over, game.winner, game.totals) == (True, 0, (104, 30, 30, -30))
    result = career([PlayedGame((("Ana",), ("Bia",), ("Caio",), ("Duda",)), game)])
    assert result.partnerships == ()
    assert result.head_to_head == ()
    players = by_key(result.players)
    ana, duda = players[("ana",)], players[("duda",)]
    assert (ana.games, ana.wins, ana.points, ana.bags, ana.contracts_made) == (1, 1, 104, 4, 3)
    assert (duda.games, duda.wins, duda.points, duda.sets) == (1, 0, -30, 2)
    assert duda.worst_hand == HandMark(points=-40, game=0, hand=3)
    # Ana led from the second hand; after the first she was 10 behind Duda.
    assert ana.biggest_comeback == 10


def test_the_comeback_is_the_deepest_deficit_of_a_game_won_and_zero_when_never_behind():
    # In game 2 Caio & Duda trailed by 137 and won; Ana & Eva led all along and lost.
    players = by_key(career(season()).players)
    assert players[("caio",)].biggest_comeback == 137
    assert players[("eva",)].biggest_comeback == 0
    # A side that never trails comes back from nothing.
    led_all_along = replay(TO_100, [Hand(bids=(6, 3, 5, 3), tricks=(6, 1, 6, 0))])
    assert led_all_along.winner == 0
    result = career([PlayedGame((("Ana", "Bia"), ("Caio", "Duda")), led_all_along)])
    assert by_key(result.players)[("ana",)].biggest_comeback == 0


def test_names_that_do_not_fit_the_table_are_refused():
    with pytest.raises(ValueError, match="names per side"):
        PlayedGame((("Ana",), ("Caio", "Duda")), new_game(TO_100))


def test_the_examples_in_the_docstrings_pass():
    results = doctest.testmod(scoring.stats, verbose=False)
    assert results.attempted > 0
    assert results.failed == 0


def test_five_hundred_games_of_twenty_hands_are_all_counted():
    # Every hand: 3 + 3 bid, 3 + 3 taken, and the one left over a bag for team 1. How long it
    # takes is `make bench`'s to say (the stats page row), not a test's.
    hands = [Hand(bids=(3, 3, 3, 3), tricks=(3, 4, 3, 3))] * 20
    game = replay(PRESETS["classic"].rules.but(target=10_000), hands)
    finished = replace(game, over=True, winner=0, reason="target")
    names = ["Ana", "Bia", "Caio", "Duda", "Eva", "Gil"]
    games = [
        PlayedGame(((names[i % 6], names[(i + 1) % 6]), (names[(i + 2) % 6], "Hugo")), finished)
        for i in range(500)
    ]
    result = career(games)
    assert result.games == 500
    assert result.hands == 10_000
    hugo = next(f for f in result.players if f.name == "Hugo")
    assert (hugo.games, hugo.wins, hugo.hands, hugo.bags) == (500, 0, 10_000, 10_000)


# ---- Properties -------------------------------------------------------------------------

NAMES = ["Ana", "Bia", "Caio", "Duda", "Eva", "Gil"]

MODEST = settings(max_examples=60, deadline=None)


@st.composite
def any_hand(draw) -> Hand:
    """A valid hand of the partnership game: numeric bids or Nil, the 13 tricks split."""
    cuts = sorted(draw(st.integers(0, 13)) for _ in range(3))
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    bids = tuple(draw(st.one_of(st.integers(1, 6), st.just(NIL))) for _ in range(4))
    return Hand(bids=bids, tricks=tricks)


@st.composite
def any_played_game(draw) -> PlayedGame:
    """A game to 150 among four of six names, played until it ends or its hands run out (so
    now and then still in progress)."""
    rules = TO_100.but(target=150)
    game = new_game(rules)
    for hand in draw(st.lists(any_hand(), min_size=1, max_size=15)):
        if game.over:
            break
        game = game.add(hand)
    four = draw(st.permutations(NAMES))[:4]
    return PlayedGame(((four[0], four[2]), (four[1], four[3])), game)


SEASONS = st.lists(any_played_game(), max_size=8)


def finished(games: list[PlayedGame]) -> list[PlayedGame]:
    """The games that are over."""
    return [g for g in games if g.state.over]


@MODEST
@given(SEASONS)
def test_every_finished_game_gives_its_four_players_a_game_and_two_of_them_a_win(games):
    """Every finished game gives each of its four players one game and exactly two of them a
    win, so over the players the games add up to 4 × the games and the wins to 2 × the games;
    and each finished game gives both its partnerships a game and one of them a win."""
    result = career(games)
    count = len(finished(games))
    assert result.games == count
    assert sum(f.games for f in result.players) == 4 * count
    assert sum(f.wins for f in result.players) == 2 * count
    assert sum(f.games for f in result.partnerships) == 2 * count
    assert sum(f.wins for f in result.partnerships) == count
    assert sum(h.games for h in result.head_to_head) == count
    assert sum(sum(h.wins) for h in result.head_to_head) == count


@MODEST
@given(SEASONS)
def test_a_players_points_are_the_sum_of_their_sides_hand_points(games):
    """A player's points equal the sum of their side's hand points over the finished games
    they played, and their hands the number of those hands."""
    points: dict[str, int] = {}
    hands: dict[str, int] = {}
    for played in finished(games):
        for side, names in enumerate(played.sides):
            for name in names:
                key = name_key(name)
                points[key] = points.get(key, 0) + sum(
                    h.teams[side].points for h in played.state.hands
                )
                hands[key] = hands.get(key, 0) + len(played.state.hands)
    players = career(games).players
    assert {f.key[0]: f.points for f in players} == points
    assert {f.key[0]: f.hands for f in players} == hands


@MODEST
@given(SEASONS)
def test_contracts_are_either_made_or_set(games):
    """For every player and partnership, contracts_made + sets == contracts, Nils made are at
    most Nils tried, and the best hand is at least the worst."""
    result = career(games)
    for f in result.players + result.partnerships:
        assert f.contracts_made + f.sets == f.contracts
        assert 0 <= f.nil_made <= f.nil_tried
        assert f.best_hand is not None and f.worst_hand is not None
        assert f.best_hand.points >= f.worst_hand.points


@MODEST
@given(SEASONS)
def test_a_partnerships_nils_are_its_two_players_nils_in_its_games(games):
    """A partnership counts both seats' Nil bids, each player only their own: over a season
    where every game is one partnership's, the two players' Nils add up to the partnership's."""
    together = [replace(g, sides=(("Ana", "Bia"), ("Caio", "Duda"))) for g in games]
    result = career(together)
    players = by_key(result.players)
    for pair in result.partnerships:
        first, second = (players[(key,)] for key in pair.key)
        assert first.nil_tried + second.nil_tried == pair.nil_tried
        assert first.nil_made + second.nil_made == pair.nil_made


@MODEST
@given(SEASONS)
def test_games_in_progress_change_no_figure(games):
    """Counting a season with or without its games in progress gives the same figures, apart
    from where the best and worst hands are (their game numbers)."""

    def plain(result: Career) -> list[tuple]:
        """The figures that do not name a game, player by player then pair by pair."""
        return [
            (f.key, f.games, f.wins, f.points, f.bags, f.nil_tried, f.biggest_comeback)
            for f in result.players + result.partnerships
        ]

    assert plain(career(games)) == plain(career(finished(games)))


def test_a_finished_game_without_hands_marks_no_best_or_worst_hand():
    # No hand scores this way; a game the caller closed by hand could still come like this.
    game = replace(new_game(TO_100), over=True, winner=0, reason="target")
    result = career([PlayedGame((("Ana", "Bia"), ("Caio", "Duda")), game)])
    assert (result.games, result.hands) == (1, 0)
    assert by_key(result.players)[("ana",)].best_hand is None


def test_an_adjustment_counts_in_the_points_but_not_as_a_hand_and_a_set_out_is_a_win():
    """Set twice you lose, to 500: Ana & Bia bid 2 + 2 and take 3 twice (−40 each); Caio & Duda
    bid 4 + 4 and take 10 twice (+82 each). After hand 1 Caio & Duda lose 30 for a renege. Caio
    & Duda win by a set-out: points 82 − 30 + 82 = 134 over 2 hands, best hand +82."""
    rules = TO_100.but(target=500, sets_to_lose=2)
    hand = Hand(bids=(2, 4, 2, 4), tricks=(2, 5, 1, 5))
    game = replay(rules, [hand, hand], adjustments=[Adjustment(1, 1, -30, "renege")])
    assert (game.over, game.winner, game.reason, game.totals) == (True, 1, "set_out", (-80, 134))
    caio = by_key(career([PlayedGame((("Ana", "Bia"), ("Caio", "Duda")), game)]).players)[("caio",)]
    assert (caio.games, caio.wins, caio.hands, caio.points) == (1, 1, 2, 134)
    assert caio.best_hand.points == 82
