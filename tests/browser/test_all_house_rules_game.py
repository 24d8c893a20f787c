"""One game on a phone with every new house rule at once (docs/rules.md#more-house-rules): blind
bids from 6 when 100 behind, set twice you lose, a Boston wins, 8 hands, the first hand bids
itself; with an adjustment and time called on the way, and the CSV export at the end.

Taps only, but for what the forms ask to be typed. GameLake rules otherwise; North deals
first; team A is North & South, team B East & West. Bids are given by seat: North, East, South,
West. The game ends with three endings after one hand (a Boston, B's second set, time called)
and the Boston decides, as docs/rules.md#several-endings-after-one-hand orders them.
"""

from __future__ import annotations

import csv
import io

import pytest

from testsupport.browser import axe_violations
from testsupport.pages import MINUS

pytestmark = pytest.mark.browser

HOUSE_RULES = {
    "blind_bid_min": "6",
    "blind_bid_deficit": "100",
    "sets_to_lose": "2",
    "boston_wins": "on",
    "hands_limit": "8",
    "first_hand_bids_itself": "on",
}

# What the CSV says of each hand, side by side, and of the adjustment, in the file's order:
# (hand, team, hand_points, total, note).
EXPECTED_ROWS = [
    ("1", "Team A", "100", "100", ""),
    ("1", "Team B", "30", "30", ""),
    ("2", "Team A", "81", "181", ""),
    ("2", "Team B", "40", "70", ""),
    ("2", "Team B", "-10", "60", "slow play"),
    ("3", "Team A", "44", "225", ""),
    ("3", "Team B", "-140", "-80", ""),
    ("4", "Team A", "121", "346", ""),
    ("4", "Team B", "-20", "-100", ""),
]


def test_a_game_with_every_new_house_rule_is_played_and_exported(phone):
    scorer = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    scorer.start_game(house_rules=HOUSE_RULES)
    assert scorer.texts(".hand-form h2") == ["Hand 1 of 8"]
    assert scorer.locate('.hand-form input[name^="bid_"]').count() == 0

    # Hand 1 bids itself: A takes 10: +100; B takes 3: +30.               A 100, B 30
    scorer.enter_tricks(team_tricks_0=10)
    assert scorer.totals() == (100, 30)

    # Hand 2, East deals; B is 70 behind, short of the 100 a blind bid needs.
    #   A bids 4 + 4 = 8, takes 9: +80 + 1 bag = +81.                      A 181
    #   B bids 2 + 2 = 4, takes 4: +40.                                    B  70
    assert scorer.texts(".hand-form h2") == ["Hand 2 of 8"]
    assert scorer.locate(".hand-form .blind-bid").count() == 0
    scorer.enter_bids(4, 2, 4, 2)
    scorer.enter_tricks(team_tricks_0=9)
    assert scorer.totals() == (181, 70)

    # A ruling after hand 2 takes 10 from B for slow play.                 A 181, B 60
    scorer.add_adjustment(2, side=1, points=-10, reason="slow play")
    assert scorer.totals() == (181, 60)
    assert scorer.texts(".last-hand .adjustment") == [f"Team B adjustment: slow play {MINUS}10 60"]

    # Hand 3, South deals; B, 121 behind, has one blind-bid row for both partners.
    #   A bids 2 + 2 = 4, takes 8: +40 + 4 bags = +44.                     A 225
    #   B bids Blind 7 and takes 5: set, doubled: −140.                    B −80
    assert scorer.locate(".hand-form .blind-bid").count() == 1
    assert axe_violations(scorer.page) == []
    scorer.choose("bid_0", 2)
    scorer.choose("bid_1", "blind_7")
    scorer.choose("bid_2", 2)
    scorer.save_hand()
    assert "(blind: doubled)" in " ".join(scorer.texts(".hand-form .contracts"))
    scorer.enter_tricks(team_tricks_1=5)
    assert scorer.totals() == (225, -80)
    assert "Blind 7 set, doubled" in scorer.texts(".last-hand .breakdown")[1]
    assert scorer.texts(".scoreboard .team-1 .sets") == ["Set once: one more set loses"]

    # Hand 4, West deals: A bids 6 + 6 = 12, B 1 + 1 = 2, and then time is called.
    scorer.enter_bids(6, 1, 6, 1)
    scorer.tap_to_save("form.actions button:text-is('Call time')")
    assert scorer.texts(".time-called") == ["Time called: hand 4 is the last."]
    assert scorer.texts(".hand-form h2") == ["Hand 4 of 8"]
    #   A takes all 13: +120 + 1 bag = +121: a Boston.                     A 346
    #   B takes none of its 2: set, −20; its second set.                   B −100
    scorer.enter_tricks(team_tricks_0=13)
    assert scorer.totals() == (346, -100)
    assert scorer.texts(".banner") == ["Team A won: they took every trick of a hand."]
    assert scorer.locate(".hand-form").count() == 0

    # The export: one row per hand and team, and the adjustment a row of its own.
    link = scorer.locate("a[download]").get_attribute("href")
    answer = scorer.page.request.get(scorer.base_url + link)
    assert answer.ok, answer.status
    rows = list(csv.DictReader(io.StringIO(answer.text())))
    shown = [(r["hand"], r["team"], r["hand_points"], r["total"], r["note"]) for r in rows]
    assert shown == EXPECTED_ROWS
