"""The benchmark's games, stored the way the app stores them, and the hand it keeps submitting.

The long games replay `scoring_bench.make_hands` (the engine benchmark's realistic mix: Nil,
Blind Nil, team totals, sets and bags) under The Spruce with the widest target and floor the
new-game form accepts, so 200 hands stay in play. Each row is written through the models, as
`POST /g/<token>/hand` would write it, with the version bumped once per hand.
"""

from __future__ import annotations

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
# The two hands the submission benchmark alternates: every bid made, one bag a hand.
SUBMITTED_HANDS = (
    {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
    | {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"},
    {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
    | {"tricks_0": "3", "tricks_1": "4", "tricks_2": "3", "tricks_3": "3"},
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


def store_game(hands: list[scoring.Hand], rules: scoring.Rules, preset: str):
    """Add a game with these played hands to the session; it must still be in play."""
    from extensions import db
    from models import GameRecord, HandRecord, new_token

    state = scoring.replay(rules, hands)
    if state.over or len(state.hands) != len(hands):
        raise RuntimeError(f"a {len(hands)}-hand benchmark game ended early")
    game = GameRecord(
        **NAMES,
        first_dealer=0,
        preset=preset,
        rules=rules.to_dict(),
        device=new_token(),
        version=len(hands),
    )
    db.session.add(game)
    db.session.flush()
    for number, hand in enumerate(hands, start=1):
        row = HandRecord(game_id=game.id, number=number)
        row.set_inputs(hand)
        db.session.add(row)
    return game
