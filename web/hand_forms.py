"""The hand form as a game's pages show it: for the next hand, or filled with a played hand to
correct; which sides it offers Blind Nil to; what it says of a correction refused."""

from __future__ import annotations

from flask_babel import gettext

import games
import scoring
from forms import HandForm, problem_message
from models import StoredHand


def next_hand_form(scored: games.ScoredGame) -> HandForm:
    """The form for the next hand, showing the bids of the hand in play if any, for the game's
    current version."""
    form = HandForm(formdata=None).for_rules(scored.state.rules)
    if scored.in_play is not None:
        form.fill_from(scored.in_play)
    form.version.data = str(scored.record.version)
    return form


def filled_form(scored: games.ScoredGame, stored: StoredHand) -> HandForm:
    """The hand form showing a stored hand's inputs, for the game's current version."""
    form = HandForm(formdata=None).for_rules(scored.state.rules)
    form.fill_from(stored)
    form.version.data = str(scored.record.version)
    return form


def blind_nil_offer(state: scoring.Game, number: int | None = None) -> tuple[bool, ...]:
    """Which sides may bid Blind Nil, one flag a side: in played hand `number` (being
    corrected), by the totals before it, else in the next hand; nobody once the game is over."""
    rules = state.rules
    if number is None:
        upcoming = state.next
        return upcoming.blind_nil_allowed if upcoming else tuple(False for _ in rules.sides)
    before = state.hands[number - 2].teams if number > 1 else None
    totals = tuple(side.total for side in before) if before else (0,) * len(rules.sides)
    return tuple(scoring.blind_nil_allowed(rules, side, totals) for side in rules.sides)


def note_later_hand(
    form: HandForm, number: int, problem: scoring.Problem, rules: scoring.Rules
) -> None:
    """Explain that an edit would leave a later hand (or the bids in play) impossible."""
    form.add_error(
        None,
        gettext(
            "That change would make hand %(number)s impossible: %(reason)s",
            number=number,
            reason=problem_message(problem, rules),
        ),
    )
