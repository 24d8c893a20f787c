"""Issue 26's run-through on one phone: a table that plays "Blind 6 doubled when 100 behind, set
twice you lose, a Boston wins, 8 hands" sets that up once, keeps it as the table's rules, starts
its next game with them from the first screen of the new-game form, plays it to the end and
exports it.

GameLake otherwise; North deals first; team A is North & South, team B East & West; bids by
seat (North, East, South, West).

The first game, set out in two hands:
- hand 1: A bids 1 + 1 = 2 and takes 1: set, −20; B bids 3 + 3 = 6 and takes 12: +60 + 6 bags
  = +66. A is 86 behind, short of the 100 a blind bid needs.        A −20, B 66
- hand 2: A bids 1 + 1 and takes 1 again: −20, its second set; B bids 6 + 6 = 12 and takes 12:
  +120. A is set out: B wins.                                      A −40, B 186

The second game, with the kept rules, ended by a Boston in three hands:
- hand 1: A bids 5 + 5 = 10 and takes 10: +100; B bids 3 + 2 = 5 and takes 3: set, −50.
                                                                   A 100, B −50
- hand 2: B, 150 behind, bids Blind 6 on its one row and takes 7: +120 + 1 = +121; A bids
  3 + 3 = 6 and takes 6: +60.                                      A 160, B 71
- hand 3: A bids 7 + 6 = 13 and takes all 13: +130, a Boston; B bids 1 + 1 and takes none:
  −20, its second set. The Boston wins it (docs/rules.md#several-endings-after-one-hand checks
  it first). A 290, B 51
"""

from __future__ import annotations

import csv
import io

import pytest
from playwright.sync_api import expect

from testsupport.browser import make_table

pytestmark = pytest.mark.browser

HOUSE_RULES = {
    "blind_bid_min": "6",
    "blind_bid_deficit": "100",
    "sets_to_lose": "2",
    "boston_wins": "on",
    "hands_limit": "8",
}
OPTIONS = "details.options"
START = 'form[action="/games"] button.save'
# Each hand of the second game in the CSV: (hand, team, bids, hand_points, total).
EXPORTED = [
    ("1", "Team A", "5/5", "100", "100"),
    ("1", "Team B", "3/2", "-50", "-50"),
    ("2", "Team A", "3/3", "60", "160"),
    ("2", "Team B", "blind_6/blind_6", "121", "71"),
    ("3", "Team A", "7/6", "130", "290"),
    ("3", "Team B", "1/1", "-20", "51"),
]


def test_a_table_keeps_its_house_rules_and_starts_its_next_game_with_them_from_the_first_screen(
    phone,
):
    keeper = phone()
    table = make_table(keeper, "Friday club")

    # Set up once, on the first game at the table.
    keeper.tap_to_load("a.new-game-here")
    for name, value in HOUSE_RULES.items():
        keeper.set_house_rule(name, value)
    keeper.tap_to_load(START)
    assert keeper.texts(".hand-form h2") == ["Hand 1 of 8"]
    keeper.enter_bids(1, 3, 1, 3)
    keeper.enter_tricks(team_tricks_0=1)
    assert keeper.totals() == (-20, 66)
    assert keeper.locate(".hand-form .blind-bid").count() == 0
    assert keeper.texts(".scoreboard .team-0 .sets") == ["Set once: one more set loses"]
    keeper.enter_bids(1, 6, 1, 6)
    keeper.enter_tricks(team_tricks_0=1)
    assert keeper.totals() == (-40, 186)
    assert keeper.texts(".banner") == ["Team B won: Team A were set out."]

    # Kept as the table's rules, under a name.
    keeper.go(f"/t/{table}")
    keeper.type_into('.keep-rules input[name="name"]', "Friday rules")
    keeper.tap_to_load(".keep-rules button.save")
    expect(keeper.locate(".rule-sets li.rule-set strong")).to_have_text("Friday rules")

    # The next game: the set picked from the table's page, then only names and Start, each on
    # the first screen, with the options never opened.
    keeper.tap_to_load('.rule-sets a:text-is("New game with these rules")')
    line = keeper.texts(".what-is-played")[0]
    assert line.startswith("Friday club · Friday rules · GameLake · 500 to win · 8 hands"), line
    height = keeper.page.viewport_size["height"]
    for seat, name in enumerate(("Ana", "Bruno", "Carla", "Davi")):
        box = keeper.locate(f'input[name="player_{seat}"]')
        assert box.bounding_box()["y"] + box.bounding_box()["height"] <= height
        keeper.type_into(f'input[name="player_{seat}"]', name)
    assert keeper.locate(START).bounding_box()["y"] + 40 <= height
    expect(keeper.locate(OPTIONS)).not_to_have_attribute("open", "")
    keeper.tap_to_load(START)
    assert keeper.texts(".hand-form h2") == ["Hand 1 of 8"]

    keeper.enter_bids(5, 3, 5, 2)
    keeper.enter_tricks(team_tricks_0=10)
    assert keeper.totals() == (100, -50)

    assert keeper.locate(".hand-form .blind-bid").count() == 1
    keeper.choose("bid_0", 3)
    keeper.choose("bid_1", "blind_6")
    keeper.choose("bid_2", 3)
    keeper.save_hand()
    keeper.enter_tricks(team_tricks_0=6)
    assert keeper.totals() == (160, 71)

    keeper.enter_bids(7, 1, 6, 1)
    keeper.enter_tricks(team_tricks_0=13)
    assert keeper.totals() == (290, 51)
    assert keeper.texts(".banner") == ["Team A won: they took every trick of a hand."]

    # The export says what was played.
    link = keeper.locate("a[download]").first.get_attribute("href")
    answer = keeper.page.request.get(keeper.base_url + link)
    assert answer.ok, answer.status
    rows = list(csv.DictReader(io.StringIO(answer.text())))
    exported = [(r["hand"], r["team"], r["bids"], r["hand_points"], r["total"]) for r in rows]
    assert exported == EXPORTED
