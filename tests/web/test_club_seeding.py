"""Seeding by rating (docs/rules.md, "Club seasons and ratings") when the director changes the
evening: round 1 cancelled and a late team added seeds again with it; a seeded round robin
refuses a withdrawal that would leave a round of its seeded schedule without a game."""

from __future__ import annotations

from sqlalchemy import select

from extensions import db
from records.tournaments import TournamentTeamRecord
from testsupport.clubs import hold, new_club, played_at
from testsupport.director_tools import BLACKS, add_late_team, withdraw_form
from testsupport.pages import Page, submit
from testsupport.tables import EAST_WEST_WIN, make_table
from testsupport.tournaments import (
    ONE_HAND,
    make_tournament,
    play_round,
    refusals,
    round_tables,
    start_round,
)

SEEDED_TEAMS = "T1: Ana & Bia\nT2: Eva & Fabio\nT3: Caio & Duda\nT4: Gil & Hugo\n"
# Caio & Duda beat Ana & Bia three times at the club's table: T3 is the strongest team, T1
# the weakest, T2 and T4 (new players) level between them.
SEATS = {"player_0": "Ana", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}


def seeded_tournament(client, **typed) -> str:
    """A club whose table rated the players as above, holding a new tournament of the four
    teams seeded by rating; the director's token."""
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    for _ in range(3):
        played_at(client, table, SEATS, EAST_WEST_WIN)
    director = make_tournament(
        client, name="Seeded", teams=SEEDED_TEAMS, seed_by_rating="y", **ONE_HAND, **typed
    )
    assert hold(client, club, "tournament", "Seeded").status_code == 303
    return director


def pairs(client, director: str) -> list[tuple[str, str]]:
    """The latest round's tables, North–South first."""
    return [(t.north_south, t.east_west) for t in round_tables(client, director)]


def kept_seeds(app) -> list[int | None]:
    """The seeds stored on the teams, by entry."""
    with app.app_context():
        found = select(TournamentTeamRecord.seed).order_by(TournamentTeamRecord.entry)
        return list(db.session.scalars(found))


def test_round_1_cancelled_seeds_again_with_the_team_added_since(app, client):
    director = seeded_tournament(client, rounds="2")
    start_round(client, director)
    assert pairs(client, director) == [("T3", "T2"), ("T4", "T1")]
    assert kept_seeds(app) == [4, 2, 1, 3]
    cancel = Page(client.get(f"/d/{director}")).form(cls="cancel-round")
    assert submit(client, cancel).status_code == 303
    assert kept_seeds(app) == [None] * 4  # round 1 seeds again, by the ratings of then
    assert add_late_team(client, director).status_code == 303
    assert client.get(f"/d/{director}").status_code == 200
    start_round(client, director)
    # Seeds T3, T2, T4, then Blacks (new players, level with T2 and T4: entry order), then T1,
    # who has the bye.
    assert pairs(client, director) == [("T3", "T2"), ("T4", BLACKS["name"])]


def test_a_seeded_round_robin_refuses_a_withdrawal_that_empties_a_round_of_its_schedule(client):
    director = seeded_tournament(client, format="round_robin")
    for _ in range(2):
        start_round(client, director)
        play_round(client, director, "NN")
    # Round 3 by seed is T3–T2 and T4–T1: without T1 it keeps a game; without T1 and T2, none
    # (by entry it would be 1–2 and 3–4, T3–T4 still to play).
    assert submit(client, withdraw_form(client, director, "T1")).status_code == 303
    words = ("Without this team a round of the schedule", "Sem esta dupla, uma rodada da tabela")
    refusals(client, f"/d/{director}/teams/2/withdraw", 409, *words)
    start_round(client, director)
    assert pairs(client, director) == [("T2", "T3")]
