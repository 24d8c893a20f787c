"""The scoring engine as its tests (tests/scoring/) look at it: the presets they play under,
the names of the seats, and results put in a shape a test can compare at a glance.

Nothing here imports more than the engine, which is pure: the standard library only.
"""

from __future__ import annotations

from scoring import INDIVIDUAL_PRESETS, PRESETS, Hand, Rules, replay

GAMELAKE = PRESETS["gamelake"].rules
CLASSIC = PRESETS["classic"].rules
CUTTHROAT = INDIVIDUAL_PRESETS["cutthroat"].rules
THREE = INDIVIDUAL_PRESETS["three_handed"].rules
TWO = INDIVIDUAL_PRESETS["two_handed"].rules

# Without partners every seat is a side of its own, numbered as the seat: a three-handed game's
# players, a two-handed game's, and the four of a cut-throat game.
ANA, BIA, CAIO = 0, 1, 2
NORTH, SOUTH = 0, 1
A, B, C, D = 0, 1, 2, 3


def codes(problems) -> set[tuple]:
    """The problems as (code, seat, team) triples, order aside, for comparing with a set."""
    return {(p.code, p.seat, p.team) for p in problems}


def team_result(rules: Rules, hand: Hand, team: int):
    """How a team scored a single hand played from 0-0 under these rules."""
    return replay(rules, [hand]).hands[0].teams[team]


def play(rules, hands, first_dealer: int = 0, **inputs):
    """Play the hands in order, skipping those the game refuses (such as a Blind Nil not
    allowed at the score), until the game is over; `inputs` (time called, adjustments) go to
    the game as it starts."""
    game = replay(rules, [], first_dealer, **inputs)
    for hand in hands:
        if game.over:
            break
        if not game.problems(hand):
            game = game.add(hand)
    return game
