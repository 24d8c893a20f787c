"""The benchmark's games, stored the way the app stores them, and the hand it keeps submitting.

The long games replay `scoring_bench.make_hands` (the engine benchmark's realistic mix: Nil,
Blind Nil, team totals, sets and bags) under The Spruce with the widest target and floor the
new-game form accepts, so 200 hands stay in play. Each row is written through the models, as
`POST /g/<token>/hand` would write it, with the version bumped once per hand.

A table (`fill_table`) holds 500 games of 20 hands each from the same mix, between six people
seated differently from game to game: most are finished, each by a house-rule target that its
leader reaches at the 20th hand exactly (that hand drawn from the mix, or one of a few closing
hands where none of the mix ends the game), so that the table's career figures count real
games; the rest are still in play under the widest target and floor.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from scoring_bench import make_hands

import scoring
from testsupport.playing import NAMES  # the tests' table

SIZES = (10, 50, 200)
# The house rules the form allows at their widest: the long games never end.
LONG_RULES = scoring.PRESETS["spruce"].rules.but(target=10000, floor=-10000)
# The games hands are submitted to: GameLake played to 10000, a fresh game every batch.
SUBMIT_RULES = scoring.PRESETS["gamelake"].rules.but(target=10000)
BATCH_HANDS = 20
# Every benchmark's hand is bid 3 a seat: every team bids 6.
BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
# The two hands the submission benchmark alternates: every bid made, one bag a hand.
SUBMITTED_HANDS = (
    BIDS | {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"},
    BIDS | {"tricks_0": "3", "tricks_1": "4", "tricks_2": "3", "tricks_3": "3"},
)
# The tricks every scorer of the capacity run (bench/tables.py) taps: Team A takes 7, B the rest.
TEAM_TRICKS = {"team_tricks_0": "7", "team_tricks_1": "6"}
# The table: how many games, how many hands each, and one game in this many left in play.
TABLE_GAMES = 500
TABLE_HANDS = 20
TABLE_IN_PLAY_EVERY = 10  # 450 games finished, 50 in play
TABLE_PEOPLE = ("Ana", "Bruno", "Carla", "Davi", "Elena", "Fabio")
# Last hands that lift one team far while the other is set, tried when no hand of the mix ends
# a table game: its partners bid 7 and 6 and make them (130), then a Blind Nil and 13 (330).
CLOSING_HANDS = (
    scoring.Hand((7, 1, 6, 1), (7, 0, 6, 0), (None, None)),
    scoring.Hand((1, 7, 1, 6), (0, 7, 0, 6), (None, None)),
    scoring.Hand((scoring.BLIND_NIL, 1, 13, 1), (0, 0, 13, 0), (None, None)),
    scoring.Hand((1, scoring.BLIND_NIL, 1, 13), (0, 0, 0, 13), (None, None)),
)


@dataclass
class Tokens:
    """The links of the games the benchmark reads and writes."""

    edit: dict[int, str] = field(default_factory=dict)  # by number of hands
    view: dict[int, str] = field(default_factory=dict)
    probe: dict[int, str] = field(default_factory=dict)  # edit links for counting a POST
    batches: list[list[str]] = field(default_factory=list)  # empty games, per connection
    batches_hx: list[list[str]] = field(default_factory=list)  # the same, for htmx's saves
    warmup: list[list[str]] = field(default_factory=list)  # more, to warm the workers up
    table: str = ""  # the view link of the table of games (`fill_table`)
    table_games: int = TABLE_GAMES  # how many games that table holds


def fill(app, connections: int, games_per_connection: int = 40) -> Tokens:
    """Store the 10-, 50- and 200-hand games, their twins for the query probe, and empty
    games for the hand submissions; return their tokens."""
    from extensions import db

    tokens = Tokens()
    hands = make_hands(max(SIZES))
    with app.app_context():
        for size in SIZES:
            game = store_game(hands[:size], LONG_RULES, "spruce")
            tokens.edit[size], tokens.view[size] = game.edit_token, game.view_token
            tokens.probe[size] = store_game(hands[:size], LONG_RULES, "spruce").edit_token
        for batches, count in (
            (tokens.batches, games_per_connection),
            (tokens.batches_hx, games_per_connection),
            (tokens.warmup, 5),
        ):
            for _ in range(connections):
                batch = [store_game([], SUBMIT_RULES, "gamelake") for _ in range(count)]
                batches.append([g.edit_token for g in batch])
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    return tokens


def fill_table(
    app, games: int = TABLE_GAMES, hands: int = TABLE_HANDS, seed: int = 2024
) -> tuple[str, str]:
    """Store a table of `games` games of `hands` hands each, most of them finished at their
    last hand; return the table's view and edit tokens."""
    from extensions import db
    from records.tables import TableRecord

    rng = random.Random(seed)
    with app.app_context():
        table = TableRecord(name="The bench table")
        db.session.add(table)
        db.session.flush()
        hand_seed = seed
        for number in range(games):
            people = rng.sample(TABLE_PEOPLE, 4)
            names = {f"player_{seat}": name for seat, name in enumerate(people)}
            names |= {f"team_{team}": f"{people[team]} & {people[team + 2]}" for team in (0, 1)}
            first_dealer = number % 4
            in_play = number % TABLE_IN_PLAY_EVERY == TABLE_IN_PLAY_EVERY - 1
            while True:  # the next mix of hands that ends where it should
                played, rules = table_game(hands, hand_seed, first_dealer, in_play)
                hand_seed += 1
                if rules is not None:
                    break
            store_game(
                played,
                rules,
                "spruce",
                names=names,
                first_dealer=first_dealer,
                table_id=table.id,
                finished=not in_play,
            )
        view, edit = table.view_token, table.edit_token
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    return view, edit


def table_game(
    hands: int, seed: int, first_dealer: int, in_play: bool, tries: int = 40
) -> tuple[list[scoring.Hand], scoring.Rules | None]:
    """A table game's hands from the benchmark's mix, and its rules: the widest for a game in
    play; for a finished one, the Spruce with the target its leader reaches at the last hand
    and no side before (a house rule the new-game form allows). The last hand is drawn from
    the mix until one does that, else it is one of the closing hands; None where none does."""
    if in_play:
        return make_hands(hands, seed=seed), LONG_RULES
    played = make_hands(hands - 1, seed=seed)
    before = scoring.replay(LONG_RULES, played, first_dealer)
    # The form's lowest target is 10: the leader must pass 9 as well as every earlier total.
    bar = max([9, *(side.total for result in before.hands for side in result.teams)])
    drawn = (make_hands(1, seed=seed * tries + attempt)[0] for attempt in range(tries))
    for last in (*drawn, *CLOSING_HANDS):
        totals = before.add(last).totals
        high = max(totals)
        if totals.count(high) == 1 and high > bar:
            return [*played, last], LONG_RULES.but(target=high)
    return played, None


def store_game(
    hands: list[scoring.Hand],
    rules: scoring.Rules,
    preset: str,
    *,
    names: dict[str, str] = NAMES,
    first_dealer: int = 0,
    table_id: int | None = None,
    finished: bool = False,
):
    """Add a game with these played hands to the session; it must still be in play, or with
    `finished` have ended at its last hand."""
    from sqlalchemy import insert

    from extensions import db
    from records.games import HandRecord

    state = scoring.replay(rules, hands, first_dealer)
    if len(state.hands) != len(hands) or state.over != finished:
        end = "not ended at its last hand" if finished else "ended early"
        raise RuntimeError(f"a {len(hands)}-hand benchmark game {end}")
    game = game_row(
        rules, preset, names=names, first_dealer=first_dealer, table_id=table_id, version=len(hands)
    )
    db.session.add(game)
    db.session.flush()
    if hands:
        db.session.execute(insert(HandRecord), hand_rows(game.id, hands))
    return game


def game_row(
    rules: scoring.Rules,
    preset: str,
    *,
    names: dict[str, str] = NAMES,
    first_dealer: int = 0,
    table_id: int | None = None,
    version: int = 0,
):
    """A new game's row, not yet added, as the new-game form would write it from another
    device; its `version` counts the writes it has had (one a hand, one for bids in play)."""
    from records.games import GameRecord, new_token

    return GameRecord(
        **names,
        first_dealer=first_dealer,
        preset=preset,
        rules=rules.to_dict(),
        device=new_token(),
        table_id=table_id,
        version=version,
    )


def hand_rows(game_id: int, hands: list[scoring.Hand], first: int = 1) -> list[dict]:
    """The stored rows of a game's hands, numbered from `first` (a game's next hand), as
    `POST /g/<token>/hand` writes them; for one insert of many at once."""
    from records.games import hand_columns

    return [
        {"game_id": game_id, "number": number} | hand_columns(hand)
        for number, hand in enumerate(hands, start=first)
    ]
