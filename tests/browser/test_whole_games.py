"""Whole games on a phone, through taps only, with a second phone watching the view link.

The GameLake game to 500 is the one tests/web/test_full_game.py posts, played here the way the
scorer plays it: bids tapped and saved when the bidding ends, tricks tapped and saved after the
hand (one team's total; the other team's is filled in as 13 minus it).

Seats: 0 North Ana, 1 East Bruno, 2 South Carla, 3 West Davi; Reds are Ana & Carla, Blues
are Bruno & Davi. Ana deals first.
"""

from __future__ import annotations

import csv
import io

import pytest

from testsupport.browser import FIGURES
from testsupport.pages import MINUS

pytestmark = pytest.mark.browser

PLAYERS = ("Ana", "Bruno", "Carla", "Davi")
TEAMS = ("Reds", "Blues")
TAPS_PER_HAND_CEILING = 10


def csv_totals(rows: list[dict]) -> list[tuple[int, int]]:
    """The running totals a CSV gives after each hand, Reds' then Blues'."""
    by_hand: dict[int, dict[str, int]] = {}
    for row in rows:
        by_hand.setdefault(int(row["hand"]), {})[row["team"]] = int(row["total"])
    return [(teams["Reds"], teams["Blues"]) for _, teams in sorted(by_hand.items())]


def wait_for_view_totals(view, totals: tuple[int, int]) -> None:
    """Wait until the view link, polling by itself, shows these totals."""
    texts = [str(t).replace("-", MINUS) for t in totals]
    view.page.locator(".scoreboard .total").first.wait_for()
    view.page.wait_for_function(
        "(texts) => JSON.stringify([...document.querySelectorAll('.scoreboard .total')]"
        ".map(e => e.textContent.trim())) === JSON.stringify(texts)",
        arg=texts,
    )


def test_a_whole_gamelake_game_to_500_is_played_through_taps_on_a_phone(phone, screenshots):
    scorer = phone()
    watcher = phone()

    scorer.go("/")
    scorer.screenshot(screenshots, "1-new-game")
    token = scorer.start_game(players=PLAYERS, teams=TEAMS, dealer=0)
    assert scorer.totals() == (0, 0)
    assert scorer.texts(".hand-form .deal") == ["Ana deals · Bruno bids first"]
    # Nobody is 100 behind at 0 – 0: no Blind Nil button anywhere.
    assert scorer.locate('input[value="blind_nil"]').count() == 0

    # The second phone opens the view link from the share panel.
    view_link = scorer.locate("#view-link").input_value()
    assert view_link.startswith(scorer.base_url + "/v/")
    watcher.go(view_link.removeprefix(scorer.base_url))
    watcher.page.evaluate("window.__not_reloaded = true")
    assert watcher.texts(".in-play .hint") == ["Waiting for the bids."]

    # Hand 1, Ana deals. Carla bids Nil and takes nothing.
    #   Reds: Ana bid 4, took 5 → +40 + 1 bag; Carla's Nil +100.   = +141 → 141
    #   Blues: 3 + 4 = 7, took 13 − 5 − 0 = 8 → +70 + 1 bag.       = +71  → 71
    scorer.enter_bids(4, 3, "nil", 4)
    scorer.screenshot(screenshots, "3-tricks")
    assert scorer.texts(".hand-form .contracts .contract") == [
        "Bruno & Davi need 7",
        "Ana & Carla need 4",
    ]
    # With a Nil bidder the Reds' tricks are tapped player by player.
    scorer.enter_tricks(tricks_0=5, tricks_2=0)
    assert scorer.totals() == (141, 71)
    reds, blues = scorer.texts(".last-hand .breakdown")
    assert "Carla's Nil made: +100" in reds and reds.endswith("= +141")
    assert "contract 7: +70" in blues and blues.endswith("= +71")
    wait_for_view_totals(watcher, (141, 71))

    # Hand 2, Bruno deals: an ordinary hand, counted tap by tap.
    #   Reds: 5 + 4 = 9, took 10 → +90 + 1 bag.          = +91 → 232 (bags 2)
    #   Blues: 2 + 2 = 4, took 13 − 10 = 3 → set, −40.  = −40 → 31  (bags 1)
    before = scorer.taps
    scorer.enter_bids(5, 2, 4, 2)
    # The watcher sees the contracts as soon as the bids are saved.
    watcher.page.locator(".in-play .contracts").wait_for()
    assert watcher.texts(".in-play .contract") == ["Ana & Carla need 9", "Bruno & Davi need 4"]
    scorer.enter_tricks(team_tricks_0=10)
    taps = scorer.taps - before
    FIGURES["taps per ordinary hand"] = f"{taps} (4 bids, Save, one team's tricks, Save)"
    assert taps <= TAPS_PER_HAND_CEILING
    assert scorer.totals() == (232, 31)
    assert "contract 4 set: " + MINUS + "40" in scorer.texts(".last-hand .breakdown")[1]
    wait_for_view_totals(watcher, (232, 31))
    assert watcher.page.evaluate("window.__not_reloaded") is True  # swapped in place
    watcher.screenshot(screenshots, "7-view-link")

    # Blues are 232 − 31 = 201 behind: only Bruno and Davi are offered Blind Nil.
    blind = scorer.locate('.hand-form input[value="blind_nil"]')
    assert sorted(blind.evaluate_all("inputs => inputs.map(i => i.name)")) == ["bid_1", "bid_3"]

    # Hand 3, Carla deals. Bruno bids Blind Nil and takes nothing.
    #   Reds: 4 + 3 = 7, took 7 → +70.                              = +70  → 302 (bags 2)
    #   Blues: Davi 5, took 13 − 7 − 0 = 6 → +50 + 1 bag; Bruno's
    #          Blind Nil +200.                                      = +251 → 282 (bags 2)
    scorer.choose("bid_3", 5)
    scorer.choose("bid_0", 4)
    scorer.choose("bid_1", "blind_nil")
    scorer.choose("bid_2", 3)
    scorer.screenshot(screenshots, "2-bidding")
    scorer.save_hand()
    scorer.enter_tricks(tricks_1=0, team_tricks_0=7)
    assert scorer.totals() == (302, 282)
    assert "Bruno's Blind Nil made: +200" in scorer.texts(".last-hand .breakdown")[1]
    assert scorer.locate('.hand-form input[value="blind_nil"]').count() == 0  # 20 behind

    # Hand 4, Davi deals, entered with a mistake: Reds took 8, not 7.
    #   Reds: 2 + 2 = 4, took 7 → +40 + 3 bags.       = +43 → 345 (bags 5)
    #   Blues: 3 + 2 = 5, took 13 − 7 = 6 → +51.      = +51 → 333 (bags 3)
    scorer.enter_bids(2, 3, 2, 2)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (345, 333)

    # Hand 5, Ana deals. Davi's Nil fails: his trick is a bag, not Bruno's.
    #   Reds: 3 + 3 = 6, took 7 → +60 + 1 bag.                      = +61 → 406 (bags 6)
    #   Blues: Bruno 5, took 13 − 7 − 1 = 5 → +50; Davi's trick
    #          1 bag +1; Davi's Nil failed −100.                     = −49 → 284 (bags 4)
    scorer.enter_bids(3, 5, 3, "nil")
    scorer.enter_tricks(tricks_3=1, team_tricks_0=7)
    assert scorer.totals() == (406, 284)
    assert scorer.texts(".last-hand .breakdown")[1].endswith("= " + MINUS + "49")
    scorer.screenshot(screenshots, "4-scoreboard")
    scorer.page.emulate_media(color_scheme="dark")
    scorer.screenshot(screenshots, "4-scoreboard-dark")
    scorer.page.emulate_media(color_scheme="light")

    # Hand 4 is corrected from the history: Reds took 8, Blues 5.
    #   Hand 4: Reds 4 of 8 → +40 + 4 bags = +44 → 302 + 44 = 346 (bags 6)
    #           Blues 5 of 5 → +50              → 282 + 50 = 332 (bags 2)
    #   Hand 5 replayed: Reds 346 + 61 = 407 (bags 7); Blues 332 − 49 = 283 (bags 3).
    scorer.tap_to_load('.history a.edit[href$="/hands/4"]')
    assert scorer.texts("h2")[0] == "Edit hand 4"
    scorer.choose("team_tricks_0", 8)
    scorer.choose("team_tricks_1", 5)
    scorer.tap_to_save(".hand-form button.save")
    assert scorer.totals() == (407, 283)
    assert scorer.texts(".scoreboard .team .bags") == [
        "7 bags · 3 to the penalty",
        "3 bags · 7 to the penalty",
    ]

    # Hand 6 goes in wrong and is undone.
    #   Wrong: Reds 4, took 6 → +42 → 449; Blues 6, took 7 → +61 → 344.
    scorer.enter_bids(2, 3, 2, 3)
    scorer.enter_tricks(team_tricks_0=6)
    assert scorer.totals() == (449, 344)
    scorer.tap_to_load("a.undo")
    assert scorer.texts(".confirm h1") == ["Undo hand 6?"]
    scorer.tap_to_load(".confirm button.danger")
    assert scorer.totals() == (407, 283)
    assert scorer.texts(".hand-form h2") == ["Hand 6"]

    # Hand 6 again, Bruno deals. Reds pass 10 bags: the bag penalty, 1 bag carried over.
    #   Reds: 4, took 8 → +40 + 4 bags; 7 + 4 = 11 bags → −100, 1 left.
    #         40 + 4 − 100                          = −56 → 407 − 56 = 351 (bags 1)
    #   Blues: 6, took 13 − 8 = 5 → set, −60.      = −60 → 283 − 60 = 223 (bags 3)
    scorer.enter_bids(2, 3, 2, 3)
    scorer.enter_tricks(team_tricks_0=8)
    assert scorer.totals() == (351, 223)
    assert "10 bags penalty: " + MINUS + "100" in scorer.texts(".last-hand .breakdown")[0]
    assert scorer.texts(".scoreboard .to-win") == ["149 to win", "277 to win"]

    # Hand 7, Carla deals. Ana's Nil is made and Carla takes one more than her 9.
    #   Reds: 9, took 10 → +90 + 1 bag; Ana's Nil +100.   = +191 → 542
    #   Blues: 1 + 1 = 2, took 13 − 10 = 3 → +20 + 1 bag.  = +21  → 244
    scorer.enter_bids("nil", 1, 9, 1)
    scorer.enter_tricks(tricks_0=0, tricks_2=10)
    assert scorer.totals() == (542, 244)
    assert scorer.texts(".banner") == ["Reds won with 542!"]
    assert scorer.locate(".hand-form").count() == 0
    scorer.screenshot(screenshots, "5-game-over")

    # The watcher sees the end by itself, and its page stops asking.
    wait_for_view_totals(watcher, (542, 244))
    assert watcher.texts(".banner") == ["Reds won with 542!"]
    assert watcher.locate("section.view[hx-trigger]").count() == 0

    # The CSV from the share panel has every hand, with the corrected hand 4.
    scorer.tap("#share > summary")
    qr = scorer.locate("#share img.qr")
    assert qr.evaluate("img => img.decode().then(() => img.naturalWidth)") > 0
    scorer.locate("#share").evaluate("panel => panel.scrollIntoView()")
    scorer.screenshot(screenshots, "6-share-panel", full_page=False)
    with scorer.page.expect_download() as download:
        scorer.tap('#share a[href$=".csv"]')
    assert download.value.suggested_filename.endswith(".csv")
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text("utf-8"))))
    assert len(rows) == 14
    assert csv_totals(rows) == [
        (141, 71),
        (232, 31),
        (302, 282),
        (346, 332),
        (407, 283),
        (351, 223),
        (542, 244),
    ]
    hand_4 = {row["team"]: row for row in rows if row["hand"] == "4"}
    assert (hand_4["Reds"]["tricks"], hand_4["Blues"]["tricks"]) == ("8", "5")
    assert hand_4["Reds"]["bids"] == "2/2"
    hand_1 = {row["team"]: row for row in rows if row["hand"] == "1"}
    assert hand_1["Reds"]["bids"] == "4/nil" and hand_1["Reds"]["tricks"] == "5/0"

    # Rematch: same table; seven hands were dealt from Ana, so Davi deals first.
    scorer.tap_to_load(".rematch button")
    assert scorer.token() != token
    assert scorer.totals() == (0, 0)
    assert scorer.texts(".hand-form .deal") == ["Davi deals · Ana bids first"]
    assert scorer.texts(".scoreboard h2") == list(TEAMS)
