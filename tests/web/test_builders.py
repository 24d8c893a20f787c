"""The builders of testsupport.builders store what a walk through the pages stores: a game, a
table's series and a tournament built through the service layer store the same rows (less
their ids, links, phones, one-time tokens and times) and their pages and downloads show the
same totals and standings as the same inputs tapped in through the test client."""

from __future__ import annotations

import json

from sqlalchemy import select

from extensions import db
from records.games import GameRecord, HandRecord
from records.tournaments import TournamentRecord
from testsupport.builders import (
    CLUB_TEAMS,
    ONE_BAG_HANDS,
    game_with_hands,
    table_with_series,
    tournament_in_round,
)
from testsupport.playing import NAMES, enter, rematch, start_game
from testsupport.tables import (
    EAST_WEST_WIN,
    FIRST_PAIRING,
    NORTH_SOUTH_WIN,
    make_table,
    series_line,
    start_at_table,
    stats_json,
    view_token,
)
from testsupport.tournaments import (
    DOWNLOADS,
    ONE_HAND,
    make_tournament,
    play_round,
    play_table,
    round_tables,
    standings,
    start_round,
    teams_text,
    watch_token,
)

# What differs between two games stored alike: their ids and links, the phone that made them,
# their one-time tokens and the time they were made.
PER_ROW = {"id", "edit_token", "view_token", "device", "created_at"}


def kept_columns(row: dict) -> dict:
    """A stored row's columns less those that differ between two rows stored alike (PER_ROW,
    one-time tokens, ids of other rows); a link to another row is kept as whether it is set."""
    return {
        name: (value is not None if name.endswith("_id") or name == "rematch_of" else value)
        for name, value in row.items()
        if name not in PER_ROW and "nonce" not in name
    }


def stored_game(app, token: str) -> tuple[dict, list[dict]]:
    """A game's row and its hands' rows, by its edit token, less what differs between two
    games stored alike."""
    with app.app_context():
        game = db.session.execute(
            select(GameRecord.__table__).where(GameRecord.edit_token == token)
        ).one()
        hands = db.session.execute(
            select(HandRecord.__table__)
            .where(HandRecord.game_id == game.id)
            .order_by(HandRecord.number)
        ).all()
        db.session.remove()
    return kept_columns(game._asdict()), [kept_columns(hand._asdict()) for hand in hands]


def stored_tournament(app, director: str) -> dict:
    """A tournament's row by its director's token, less what differs between two alike."""
    with app.app_context():
        row = db.session.execute(
            select(TournamentRecord.__table__).where(TournamentRecord.edit_token == director)
        ).one()
        db.session.remove()
    return kept_columns(row._asdict())


def test_a_built_game_stores_and_shows_what_the_same_hands_tapped_in_do(app, client):
    walked = start_game(client, target="10000", **NAMES)
    hands = [ONE_BAG_HANDS[n % 2] for n in range(1, 6)]
    for hand in hands:
        enter(client, walked, hand["bids"], hand["tricks"])
    built = game_with_hands(app, 5, target=10000)

    assert stored_game(app, built.edit) == stored_game(app, walked)
    # The scoresheet as a file: every hand, bid, trick, bag and total of both.
    walked_csv = client.get(f"/g/{walked}.csv").get_data(as_text=True)
    assert client.get(f"/g/{built.edit}.csv").get_data(as_text=True) == walked_csv
    # Every bid made: hand 1 gives Blues East's bag (61 to 60), hand 2 Reds North's, and so on.
    totals = json.loads(client.get(f"/v/{built.view}.json").get_data(as_text=True))["totals"]
    assert totals == [60 + 61 + 60 + 61 + 60, 61 + 60 + 61 + 60 + 61]


def test_a_built_tables_series_stores_and_counts_what_the_same_games_walked_do(app, client):
    walked = make_table(client)
    walked_games = []
    for hand in (NORTH_SOUTH_WIN, EAST_WEST_WIN, NORTH_SOUTH_WIN):
        walked_games.append(start_at_table(client, walked, **FIRST_PAIRING))
        enter(client, walked_games[-1], **hand)
    built = table_with_series(app, 3, winners="NEN")

    for mine, theirs in zip(built.games, walked_games, strict=True):
        assert stored_game(app, mine) == stored_game(app, theirs)
    assert series_line(client, built.games[-1]) == series_line(client, walked_games[-1])
    assert stats_json(client, built.view) == stats_json(client, view_token(client, walked))


def test_a_built_series_of_rematches_stores_what_the_rematch_button_makes(app, client):
    """A best-of-3 played as a rematch chain, won 2–1 by Ana & Carla, the deal moving on with
    each rematch: the same rows and the same series line as the walk."""
    walked = make_table(client)
    walked_games = [start_at_table(client, walked, best_of="3", **FIRST_PAIRING)]
    enter(client, walked_games[0], **NORTH_SOUTH_WIN)
    for hand in (EAST_WEST_WIN, NORTH_SOUTH_WIN):
        walked_games.append(rematch(client, walked_games[-1]))
        enter(client, walked_games[-1], **hand)
    built = table_with_series(app, 3, winners="NEN", best_of=3, rematches=True)

    for mine, theirs in zip(built.games, walked_games, strict=True):
        assert stored_game(app, mine) == stored_game(app, theirs)
    assert series_line(client, built.games[-1]) == series_line(client, walked_games[-1])


def test_a_built_tournament_stores_and_ranks_what_the_same_rounds_walked_do(app, client):
    """Club night's round 1 (North–South win table 1, East–West table 2), then round 2
    started: the same rows, pages and downloads as the director's walk, and the figures the
    results tests know (Golds +131, Reds +1, Whites the bye)."""
    walked = make_tournament(client, **ONE_HAND)
    start_round(client, walked)
    play_round(client, walked, "NE")
    start_round(client, walked)
    built = tournament_in_round(app, CLUB_TEAMS, 1, winners="NE", start_next=True)

    assert stored_tournament(app, built.director) == stored_tournament(app, walked)
    walked_games = [table.game for table in round_tables(client, walked)]
    assert len(built.rounds) == 2
    for mine, theirs in zip(built.rounds[1], walked_games, strict=True):
        assert stored_game(app, mine) == stored_game(app, theirs)
    assert standings(client, f"/d/{built.director}") == standings(client, f"/d/{walked}")
    watch = watch_token(client, walked)
    for name in (*DOWNLOADS, "summary.txt"):
        mine = client.get(f"/w/{built.watch}/{name}").get_data(as_text=True)
        assert mine == client.get(f"/w/{watch}/{name}").get_data(as_text=True), name
    assert [row[1:] for row in standings(client, f"/w/{built.watch}")][:3] == [
        ("Golds", "1", "0", "61", "131"),
        ("Reds", "1", "0", "61", "1"),
        ("Whites", "1", "0", "0", "0"),
    ]


def test_a_built_round_robin_of_longer_games_stores_what_the_walk_stores(app, client):
    """Four teams, two hands a game, round 1 played and round 2 started: as the query-count
    tests walked it before, and build it now."""
    walked = make_tournament(
        client, length="hands", hands="2", format="round_robin", teams=teams_text(4)
    )
    start_round(client, walked)
    first = [table.game for table in round_tables(client, walked)]
    for game in first:
        play_table(client, game, hands=2)
    start_round(client, walked)
    built = tournament_in_round(app, 4, 1, "round_robin", hands=2, start_next=True)

    assert stored_tournament(app, built.director) == stored_tournament(app, walked)
    for mine, theirs in zip(built.rounds[0], first, strict=True):
        assert stored_game(app, mine) == stored_game(app, theirs)
    assert standings(client, f"/w/{built.watch}") == standings(
        client, f"/w/{watch_token(client, walked)}"
    )
