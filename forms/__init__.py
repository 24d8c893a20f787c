"""The app's forms: what a person can type or tap, and how each error is worded.

Split by job: `base` (what every form shares), `house_rules` (the rule parameters in words),
`new_game`, `played` (what the new-game form will start, in one line), `hand`, `adjustment`,
`tables` and `problems` (the engine's problems as sentences). The names the rest of the app
imports are all here.
"""

from forms.adjustment import REASON_LENGTH, AdjustmentForm
from forms.base import (
    BIDI_CONTROLS,
    NONCE_PATTERN,
    SEAT_NAMES,
    TEAM_NAMES,
    ActionForm,
    Form,
)
from forms.hand import (
    BID_CHOICES,
    BLIND_NIL_CHOICE,
    TRICK_CHOICES,
    HandForm,
    bid_choices,
    trick_choices,
)
from forms.house_rules import HOUSE_RULES, OFFERED, HouseRule
from forms.new_game import BEST_OF_CHOICES, PARTNERS, TABLES, NewGameForm
from forms.problems import problem_message

__all__ = [
    "BEST_OF_CHOICES",
    "BIDI_CONTROLS",
    "BID_CHOICES",
    "BLIND_NIL_CHOICE",
    "HOUSE_RULES",
    "NONCE_PATTERN",
    "OFFERED",
    "PARTNERS",
    "REASON_LENGTH",
    "SEAT_NAMES",
    "TABLES",
    "TEAM_NAMES",
    "TRICK_CHOICES",
    "ActionForm",
    "AdjustmentForm",
    "Form",
    "HandForm",
    "HouseRule",
    "NewGameForm",
    "bid_choices",
    "problem_message",
    "trick_choices",
]
