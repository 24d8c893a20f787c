"""How each problem the engine finds with a hand is worded for the person at the table."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask_babel import lazy_gettext as _l

import scoring


def _either(words: Any) -> tuple[Any, Any]:
    """A message that reads the same at every table."""
    return words, words


# Each problem code's sentence: at a table of partners, then at a table without partners. The
# %(name)s in them are the problem's own parameters, and `most`, the tricks of the game's hand.
PROBLEM_MESSAGES: dict[str, tuple[Any, Any]] = {
    "bid_missing": _either(_l("Choose a bid.")),
    "bid_out_of_range": _either(_l("A bid is Nil or a number from 1 to %(most)s.")),
    "blind_nil_not_allowed": _either(_l("These rules do not allow Blind Nil.")),
    "blind_nil_not_behind": (
        _l("Blind Nil only when your team is %(deficit)s or more behind."),
        _l("Blind Nil only when you are %(deficit)s or more behind the leader."),
    ),
    "team_bid_below_minimum": (
        _l("Each team must bid at least %(minimum)s in all."),
        _l("Each player must bid at least %(minimum)s."),
    ),
    "bids_total_tricks": _either(
        _l("The bids may not add up to %(total)s: the dealer bids something else.")
    ),
    "team_tricks_without_partners": _either(_l("Without partners, enter each player's tricks.")),
    "tricks_missing": _either(_l("Enter the tricks taken.")),
    "tricks_not_tapped": (
        _l("Tap the tricks each team took."),
        _l("Tap the tricks each player took."),
    ),
    "tricks_out_of_range": _either(_l("Tricks are a number from 0 to %(most)s.")),
    "team_tricks_out_of_range": _either(_l("Tricks are a number from 0 to %(most)s.")),
    "team_tricks_with_nil": _either(_l("With a Nil bidder, enter each partner's tricks.")),
    "team_tricks_mismatch": _either(_l("The partners' tricks do not add up to the team's.")),
    "tricks_total": _either(_l("The tricks add up to %(total)s; a hand has %(most)s.")),
    "game_over": _either(_l("The game is over: no more hands.")),
    "bid_on_first_hand": _either(_l("The first hand has no bids: enter only the tricks.")),
    "blind_bid_not_allowed": _either(_l("These rules do not allow blind bids.")),
    "blind_bid_below_minimum": _either(_l("A blind bid is at least %(minimum)s.")),
    "blind_bid_not_behind": (
        _l("A blind bid only when your team is %(deficit)s or more behind."),
        _l("A blind bid only when you are %(deficit)s or more behind the leader."),
    ),
    "blind_bid_beside_partner_bid": _either(
        _l("A blind bid is the team's one bid: the partner bids the same.")
    ),
    "adjustment_shape": _either(_l("This adjustment cannot be scored.")),
    "adjustment_side": (
        _l("Choose the team the adjustment is for."),
        _l("Choose the player the adjustment is for."),
    ),
    "adjustment_zero": _either(_l("An adjustment is a number of points other than 0.")),
    "adjustment_too_large": _either(_l("An adjustment is at most %(limit)s points either way.")),
    "adjustment_before_first_hand": _either(_l("An adjustment comes after a hand.")),
    "adjustment_after_unplayed_hand": _either(
        _l("An adjustment comes after a hand already played.")
    ),
    "adjustment_after_earlier_hand": _either(
        _l("This adjustment belongs to a hand already scored.")
    ),
    "adjustment_reason_missing": _either(_l("Give the adjustment a reason.")),
    "adjustment_ends_game_early": _either(
        _l("This adjustment would end the game before the hands that follow it.")
    ),
    "time_already_called": _either(_l("Time is already called.")),
    "time_not_called": _either(_l("Time is not called.")),
    "adjustment_missing": _either(_l("This adjustment was already removed.")),
    "time_called_after_out_of_range": _either(
        _l("Time is called after a number of hands, from 0 up.")
    ),
}
# For a problem this table does not know yet: still a sentence, never an error page.
UNKNOWN_PROBLEM = _l("This hand cannot be scored.")


def problem_message(problem: scoring.Problem, rules: scoring.Rules | None = None) -> str:
    """The user's-language sentence for one engine problem in a game of these rules (the
    partnership game when not given)."""
    rules = rules or scoring.Rules()
    partners, alone = PROBLEM_MESSAGES.get(problem.code, _either(UNKNOWN_PROBLEM))
    words = str(partners if rules.partnership else alone)
    # A parameter the problem lacks reads as None rather than failing the page.
    values: defaultdict[str, object] = defaultdict(lambda: None, problem.params)
    values["most"] = rules.tricks_per_hand
    return words % values
