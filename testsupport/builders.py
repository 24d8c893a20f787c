"""State made straight through the service layer (`games`), for the tests whose subject is not
how it got there: a game of many hands, a table with a series of games, a tournament some
rounds in.

Each builder calls the service functions the routes call (read web/scorer.py, tables/routes/table.py
and tournaments/routes/tournament.py), with the values their forms would send, inside an app context
of its own: the rows stored are the ones a walk through the pages stores, without its requests. A
walk stays where the walk is what is tested (testsupport.playing, .tables, .tournaments).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
import scoring
import tournament
from extensions import db
from records.games import new_token
from records.tournaments import Format
from tables.services.table import create_table
from testsupport.playing import A_SET, EVEN, NAMES
from testsupport.tables import EAST_WEST_WIN, FIRST_PAIRING, NORTH_SOUTH_WIN
from testsupport.tournaments import FIVE_TEAMS
from tournaments.forms.new_tournament import entrants
from tournaments.services import rounds, starting
from tournaments.services.directory import (
    Entrant,
    Setup,
    create_tournament,
    find_tournament,
    tournament_tables,
)

# A hand by seat as the tests write it: {"bids": (...), "tricks": (...)} and/or "team_tricks".
Hand = dict[str, tuple[Any, ...]]

# Every bid made and one bag a hand, North or East taking the bag: thirty of them stay far
# below a target of 10000, so the game stays in play however many are stored.
ONE_BAG_HANDS: tuple[Hand, ...] = (
    {"bids": (3, 3, 3, 3), "tricks": (4, 3, 3, 3)},
    {"bids": (3, 3, 3, 3), "tricks": (3, 4, 3, 3)},
)
# The tournament most tests play, "Club night" (testsupport.tournaments.FIVE_TEAMS as its form
# reads them): five teams, so two tables and a bye each round.
CLUB_TEAMS: tuple[Entrant, ...] = entrants(FIVE_TEAMS)
# The hand a tournament's table plays, by who is to win it (testsupport.tournaments).
TOURNAMENT_HANDS: dict[str, Hand] = {"N": EVEN, "E": A_SET}
# The hand that ends a game to 100 at a table, by who wins it (testsupport.tables).
TABLE_HANDS: dict[str, Hand] = {"N": NORTH_SOUTH_WIN, "E": EAST_WEST_WIN}
# Who the new-game form names when its team fields are left blank (forms.base.TEAM_NAMES).
BLANK_TEAMS = ("Team A", "Team B")


@dataclass(frozen=True)
class BuiltGame:
    """A game made by a builder: its edit and view tokens."""

    edit: str
    view: str


@dataclass(frozen=True)
class BuiltTable:
    """A table made by a builder: its edit and view tokens, and its games' edit tokens in the
    order they were started."""

    edit: str
    view: str
    games: tuple[str, ...]


@dataclass(frozen=True)
class BuiltTournament:
    """A tournament made by a builder: its director's and watch tokens, each table's scorer's
    token by table number, and each round's games' edit tokens by table (the started round's
    last)."""

    director: str
    watch: str
    tables: tuple[str, ...]
    rounds: tuple[tuple[str, ...], ...]


def enter_hands(token: str, hands: Sequence[Hand]) -> None:
    """Save each hand whole into the game behind edit link `token`, as the hand form does when
    bids and tricks are tapped together: `games.enter_hand` with the version the page showed
    and a fresh one-time token. Needs an app context."""
    for hand in hands:
        scored = games.load(token)
        seats = len(scored.state.rules.seats)
        bids = tuple(hand["bids"])
        tricks = tuple(hand.get("tricks") or (None,) * seats)
        team_tricks = tuple(hand.get("team_tricks") or (None, None))  # the form's two rows
        write = games.Write(str(scored.record.version), new_token())
        games.enter_hand(scored, bids, tricks, team_tricks, write)


def hands_entered(app, token: str, hands: Sequence[Hand]) -> None:
    """`enter_hands` in an app context of its own: these hands saved whole, one after another,
    into the game behind edit link `token`."""
    with app.app_context():
        enter_hands(token, hands)
        db.session.remove()


def start_game(
    *,
    rules: scoring.Rules,
    players: dict[str, str],
    teams: tuple[str, str] = BLANK_TEAMS,
    preset: str = scoring.DEFAULT_PRESET,
    device: str,
    table_id: int | None = None,
    best_of: int | None = None,
) -> games.ScoredGame:
    """A new game stored as the new-game form stores it (`games.create_game`, North dealing
    first, a fresh one-time token), read back as its page reads it. Needs an app context."""
    seated = tuple(players[f"player_{seat}"] for seat in rules.seats)
    record = games.create_game(
        teams=teams,
        players=seated,
        first_dealer=0,
        preset=preset,
        rules=rules,
        device=device,
        nonce=new_token(),
        table_id=table_id,
        best_of=best_of,
    )
    return games.load(record.edit_token)


def game_with_hands(
    app,
    hands: int,
    *,
    played: Sequence[Hand] = ONE_BAG_HANDS,
    device: str | None = None,
    **rules: Any,
) -> BuiltGame:
    """A game between NAMES (Ana & Carla, Reds, against Bruno & Davi, Blues) by the default
    preset with `rules` changed (e.g. `target=10000`), and `hands` hands stored through
    `games.enter_hand`: hand n is `played[n % len(played)]` (ONE_BAG_HANDS unless told, so
    every total is the engine's to count). Its edit and view tokens."""
    with app.app_context():
        base = scoring.PRESETS[scoring.DEFAULT_PRESET].rules
        scored = start_game(
            rules=base.but(**rules),
            players=NAMES,
            teams=(NAMES["team_0"], NAMES["team_1"]),
            device=device or new_token(),
        )
        token = scored.record.edit_token
        built = BuiltGame(token, scored.record.view_token)
        enter_hands(token, [played[n % len(played)] for n in range(1, hands + 1)])
        db.session.remove()
    return built


def table_with_series(
    app,
    games_played: int,
    *,
    winners: str = "N",
    name: str = "Friday club",
    players: dict[str, str] = FIRST_PAIRING,
    best_of: int | None = None,
    rematches: bool = False,
    in_play: tuple[Any, ...] | None = None,
    device: str | None = None,
) -> BuiltTable:
    """A table named `name` (`games.create_table`) with `games_played` games to 100 started at
    it by `players` (FIRST_PAIRING: Ana & Carla against Bia & Dani), each ended by one hand:
    game k won by North–South when `winners[k - 1]` is "N" and by East–West when "E" (a
    single letter for every game); each game a rematch of the one before when `rematches`, as
    the Rematch button makes it, with `best_of` the series' length. With `in_play`, one game
    more is started with these bids saved and no tricks. Its tokens and its games' in order."""
    letters = winners * games_played if len(winners) == 1 else winners
    assert len(letters) == games_played, (winners, games_played)
    phone = device or new_token()
    rules = scoring.PRESETS[scoring.DEFAULT_PRESET].rules.but(target=100)
    with app.app_context():
        table = create_table(name, phone, new_token())
        edit, view, table_id = table.edit_token, table.view_token, table.id
        started: list[str] = []
        for letter in letters:
            if rematches and started:
                record = games.rematch(games.load(started[-1]), phone)
            else:
                record = start_game(
                    rules=rules, players=players, device=phone, table_id=table_id, best_of=best_of
                ).record
            started.append(record.edit_token)
            enter_hands(record.edit_token, [TABLE_HANDS[letter]])
        if in_play is not None:
            record = start_game(
                rules=rules, players=players, device=phone, table_id=table_id, best_of=best_of
            ).record
            started.append(record.edit_token)
            enter_hands(record.edit_token, [{"bids": in_play}])  # bids alone: in play
        db.session.remove()
    return BuiltTable(edit, view, tuple(started))


def entrants(teams: int | Sequence[Entrant]) -> tuple[Entrant, ...]:
    """The teams as the tournament form reads them: `teams` itself, or for a number the form's
    "Team n: Player na & Player nb" lines (testsupport.tournaments.teams_text)."""
    if isinstance(teams, int):
        return tuple(
            Entrant(f"Team {n}", (f"Player {n}a", f"Player {n}b")) for n in range(1, teams + 1)
        )
    return tuple(teams)


def tournament_in_round(
    app,
    teams: int | Sequence[Entrant],
    rounds_played: int,
    format: str = "swiss",
    *,
    rounds: int | None = 3,
    hands: int = 1,
    winners: str | Sequence[str] = "N",
    start_next: bool = False,
    name: str = "Club night",
    device: str | None = None,
    confirm_hands: bool = False,
) -> BuiltTournament:
    """A tournament named `name` of `teams` (a number for "Team 1"… or the entrants) in
    `format` ("swiss", "round_robin", "kings_table"; a round robin's teams set its rounds, so
    `rounds` is not used for it), every game of the default preset and `hands` hands long, made
    as its form makes it (`create_tournament`); then `rounds_played` rounds each started as the
    director's Start round does (`tournaments.services.starting.start_round`) and every table's game
    played through its hand form (`games.enter_hand`), the same hand `hands` times: won by
    North–South where `winners` says "N" and by East–West where it says "E". `winners` is one
    string for every round or one string a round, each a letter a table or one letter for
    every table. With `start_next` the next round is started too, none of it played. With
    `confirm_hands` the other side confirms each hand (then no round played waits for a word:
    play none before the last). Its tokens and its rounds' games."""
    base = scoring.PRESETS[scoring.DEFAULT_PRESET].rules
    setup = Setup(
        name=name,
        preset=scoring.DEFAULT_PRESET,
        rules=base.but(hands_limit=hands),
        round_minutes=None,
        format=Format(format),
        rounds=None if tournament.format_of(format).fixed_rounds else rounds,
        teams=entrants(teams),
        confirm_hands=confirm_hands,
    )
    by_round = [winners] * rounds_played if isinstance(winners, str) else list(winners)
    assert len(by_round) == rounds_played, (winners, rounds_played)
    with app.app_context():
        made = create_tournament(setup, device or new_token(), new_token())
        director, watch = made.edit_token, made.view_token
        tables = tuple(table.token for table in tournament_tables(made))
        played: list[tuple[str, ...]] = []
        for letters in [*by_round, *([None] if start_next else [])]:
            tokens = start_and_list(director)
            played.append(tokens)
            if letters is None:  # the round just started: nothing played yet
                continue
            each = letters * len(tokens) if len(letters) == 1 else letters
            assert len(each) == len(tokens), (letters, len(tokens))
            for token, letter in zip(tokens, each, strict=True):
                enter_hands(token, [TOURNAMENT_HANDS[letter]] * hands)
        db.session.remove()
    return BuiltTournament(director, watch, tables, tuple(played))


def start_and_list(director: str) -> tuple[str, ...]:
    """Start the next round of the tournament behind `director` as its Start round button does
    (a fresh one-time token); its games' edit tokens by table. Needs an app context."""
    starting.start_round(director, new_token())
    now = rounds.standing(find_tournament(director))
    assert now.current is not None
    return tuple(table.scored.record.edit_token for table in now.current.tables)
