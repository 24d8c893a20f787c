"""Nothing to scroll for: every tap of an ordinary hand is on screen when the finger comes to it,
on a 390 × 844 phone, hand after hand."""

from __future__ import annotations

import pytest

from testsupport.browser import FIGURES

pytestmark = pytest.mark.browser

ORDINARY_HANDS = [((3, 3, 4, 3), 7), ((2, 4, 3, 3), 6), ((4, 2, 3, 3), 8)]


def on_screen(phone, locator) -> bool:
    """Whether the element is wholly inside the viewport as it stands, without scrolling (to
    the pixel: an element scrolled flush with an edge may end a fraction of one past it)."""
    return phone.page.evaluate(
        """element => {
          const box = element.getBoundingClientRect();
          return box.top >= -1 && box.bottom <= innerHeight + 1 && box.height > 0;
        }""",
        locator.element_handle(),
    )


def reach_and_tap(phone, locator, missed: list, what: str) -> None:
    """Note the target if it is off screen, then tap it."""
    if not on_screen(phone, locator):
        missed.append(what)
    phone.tap(locator)


def test_no_tap_of_an_ordinary_hand_needs_a_scroll_first(phone):
    scorer = phone()
    scorer.start_game()
    missed: list[str] = []
    taps = []
    for bids, tricks in ORDINARY_HANDS:
        before = scorer.taps
        order = scorer.page.eval_on_selector_all(
            '.hand-form fieldset:has(input[name^="bid_"])',
            "sets => sets.map(s => s.querySelector('input').name)",
        )
        for name in order:
            label = scorer.locate(
                f'label:has(> input[name="{name}"][value="{bids[int(name[-1])]}"])'
            )
            reach_and_tap(scorer, label, missed, f"{name}={bids[int(name[-1])]}")
        reach_and_tap(scorer, scorer.locate(".hand-form button.save"), missed, "Save (bids)")
        scorer.page.wait_for_selector(".hand-form .contracts")
        label = scorer.locate(f'label:has(> input[name="team_tricks_0"][value="{tricks}"])')
        reach_and_tap(scorer, label, missed, f"team_tricks_0={tricks}")
        swaps = scorer.page.evaluate("window.__swaps")
        reach_and_tap(scorer, scorer.locate(".hand-form button.save"), missed, "Save (hand)")
        scorer.page.wait_for_function("before => window.__swaps > before", arg=swaps)
        taps.append(scorer.taps - before)
    FIGURES["taps per ordinary hand, none off screen"] = f"{taps} (4 bids, Save, tricks, Save)"
    assert missed == []
    assert len(scorer.locate(".history .hand").all()) == len(ORDINARY_HANDS)
