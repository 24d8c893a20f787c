"""The hand form as a game's pages show it: for the next hand, or filled with a played hand to
correct; which sides it offers Blind Nil and blind bids to; what it says of a correction
refused."""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext

import games
import scoring
from forms import HandForm, problem_message
from records.games import StoredHand
from web.errors import not_right_message


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


def offer_blind(form: HandForm, state: scoring.Game, number: int | None = None) -> None:
    """Offer Blind Nil and blind bids on the form to the sides that may bid them: in played
    hand `number` (being corrected), else in the next hand."""
    form.offer_blind_nil(blind_nil_offer(state, number))
    form.offer_blind_bids(blind_bid_offer(state, number))


def blind_nil_offer(state: scoring.Game, number: int | None = None) -> tuple[bool, ...]:
    """Which sides may bid Blind Nil, one flag a side: in played hand `number` (being
    corrected), by the totals before it, else in the next hand; nobody once the game is over."""
    return _offer(state, number, scoring.blind_nil_allowed, "blind_nil_allowed")


def blind_bid_offer(state: scoring.Game, number: int | None = None) -> tuple[bool, ...]:
    """Which sides may bid blind (Blind 6, Blind 7), one flag a side, measured as
    `blind_nil_offer` measures Blind Nil; nobody on a hand that bids itself."""
    if scoring.bids_itself(state.rules, number or len(state.hands) + 1):
        return tuple(False for _ in state.rules.sides)
    return _offer(state, number, scoring.blind_bid_allowed, "blind_bid_allowed")


def _offer(
    state: scoring.Game,
    number: int | None,
    allowed: Callable[[scoring.Rules, int, tuple[int, ...]], bool],
    upcoming_flags: str,
) -> tuple[bool, ...]:
    """One flag a side: whether `allowed` lets it bid blind in played hand `number`, by the
    totals before it, else what the next hand's `upcoming_flags` say; nobody once over."""
    rules = state.rules
    if number is None:
        upcoming = state.next
        flags: tuple[bool, ...] = getattr(upcoming, upcoming_flags) if upcoming else ()
        return flags or tuple(False for _ in rules.sides)
    before = state.hands[number - 2] if number > 1 else None
    # Adjustments recorded after the hand before count, as the engine measures them.
    totals = (
        tuple(before.total_after(s) for s in rules.sides) if before else (0,) * len(rules.sides)
    )
    return tuple(allowed(rules, side, totals) for side in rules.sides)


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


def not_right(form: HandForm) -> HandForm:
    """A hand form sent back with the message that something in the request was not right."""
    form.add_error(None, not_right_message())
    return form
