"""A club's ratings depend only on what was played, in order, never on how the games were stored
(issue 38's quality bar): the same games entered straight away at one club's table, and at
another's entered the other way round and corrected, undone and entered again, or left in play
and finished later, give every player the same rating and every game the same chances, whether
counted from the first game or on from where an earlier count stood."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
import scoring
from clubs.services.club import add_table, club_games, create_club
from clubs.services.joins import club_joins, joined_keys
from clubs.services.ratings import club_ratings, rated_players
from extensions import db
from records.games import new_token
from tables.services.table import create_table
from testsupport.builders import start_game
from testsupport.tables import EAST_WEST_WIN, NORTH_SOUTH_WIN

NAMES = ("Ana", "Bia", "Caio", "Duda", "Eva")
RULES = scoring.PRESETS[scoring.DEFAULT_PRESET].rules.but(target=100)
WINS = {"N": NORTH_SOUTH_WIN, "E": EAST_WEST_WIN}
OTHER = {"N": "E", "E": "N"}
# How the second club's table stores a game: straight, the other result corrected, the other
# result undone and entered again, or its bids left in play and the game finished after the
# next one was started.
WAYS = ("straight", "corrected", "undone", "late")

games_played = st.lists(
    st.tuples(
        st.permutations(NAMES).map(lambda names: names[:4]),
        st.sampled_from("NE"),
        st.sampled_from(WAYS),
    ),
    min_size=1,
    max_size=6,
)


def loaded(token: str) -> tuple[games.ScoredGame, games.Write]:
    """The game as its page shows it now, and the write its form would send."""
    scored = games.load(token)
    return scored, games.Write(str(scored.record.version), new_token())


def play(token: str, winner: str, team_tricks: bool = True) -> None:
    """Save the game's one hand, won by North–South ("N") or East–West ("E"); its bids alone
    without `team_tricks`."""
    hand = WINS[winner]
    tricks = hand["team_tricks"] if team_tricks else (None, None)
    scored, form = loaded(token)
    games.enter_hand(scored, hand["bids"], (None,) * 4, tricks, form)


def club_table(name: str) -> tuple[int, object]:
    """A club holding a new table; the table's id, and the club."""
    device = new_token()
    club = create_club(name, device, new_token())
    table = create_table(name, device, new_token())
    add_table(club, table, new_token())
    return table.id, club


def start(table_id: int, names: tuple[str, ...]) -> str:
    """A game to 100 at the table, these four seated North, East, South, West; its token."""
    seats = {f"player_{seat}": name for seat, name in enumerate(names)}
    return start_game(
        rules=RULES, players=seats, device=new_token(), table_id=table_id
    ).record.edit_token


def figures(club) -> tuple:
    """Every player's key, rating and games, the chances of every game in order, and what
    each player's page shows of their games, as the club's ratings give them."""
    return figures_of(club_ratings(club))


def figures_of(rated) -> tuple:
    """The figures of `figures`, from a count of the club's ratings."""
    players = sorted(
        (p.key, round(p.rating.mu, 9), round(p.rating.sigma, 9), p.rating.games)
        for p in rated.players
    )
    ledger = rated.ledger  # each player's page: the rating game by game, partners, opponents
    books = [sorted(book.items()) for book in (ledger.partners, ledger.opponents)]
    return players, list(rated.chances.values()), sorted(ledger.history.items()), books


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(played=games_played)
def test_the_ratings_follow_what_was_played_not_how_it_was_stored(app, played):
    # A rating pass notes where it stands every two games: the kept club's, looked at after
    # each game, rate on from the middle of what was rated before.
    app.config["CLUB_RATING_CHECKPOINT"] = 2
    with app.app_context():
        straight_table, straight = club_table("Straight")
        kept_table, kept = club_table("Kept")
        late: list[tuple[str, str]] = []
        for names, winner, way in played:
            figures(kept)  # counted so far: the next count rates on from where this one stood
            play(start(straight_table, names), winner)
            token = start(kept_table, names)
            for waiting, wins in late:  # a game left in play ends once the next one started
                play(waiting, wins)
            late = []
            if way == "late":
                play(token, winner, team_tricks=False)
                late.append((token, winner))
                continue
            if way == "straight":
                play(token, winner)
                continue
            play(token, OTHER[winner])
            figures(kept)  # looked at before the mistake is mended: kept, then counted again
            if way == "undone":
                games.undo_last(*loaded(token))
                play(token, winner)
            else:  # corrected
                hand = WINS[winner]
                scored, form = loaded(token)
                games.edit_hand(scored, 1, hand["bids"], (None,) * 4, hand["team_tricks"], form)
        for waiting, wins in late:
            play(waiting, wins)
        assert figures(kept) == figures(straight)
        db.session.remove()


def test_a_kept_count_of_another_checkpoint_spacing_is_not_rated_on_from(app):
    with app.app_context():
        table, club = club_table("Spaced")
        players = ("Ana", "Bia", "Caio", "Duda")
        app.config["CLUB_RATING_CHECKPOINT"] = 2
        for number in range(5):
            play(start(table, players[number % 2 :] + players[: number % 2]), "NE"[number % 2])
        figures(club)  # a pass with a checkpoint every two games, kept
        app.config["CLUB_RATING_CHECKPOINT"] = 3
        play(start(table, players), "E")
        joins = joined_keys(club_joins(club))
        scratch, _ = rated_players(club_games(club), joins, None, 3)
        assert figures(club) == figures_of(scratch)
        db.session.remove()
