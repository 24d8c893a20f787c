"""A tournament as the browser tests make and run it: its form filled in by taps on the
director's phone, its links read off its pages (the watch link, each table's card), its rounds
started by the director's button, and a table's game played over HTTP when the test looks at
another page than the table's."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from testsupport.browser import Phone
from testsupport.browser_forms import hidden_fields, post_hand
from testsupport.playing import EVEN

# A game of one hand: a table's game ends with the first hand saved, keeping the tests short.
ONE_HAND = "1"


def make_tournament(
    director: Phone,
    teams: str,
    *,
    format: str = "swiss",
    rounds: str = "2",
    hands: str = ONE_HAND,
    confirm_hands: bool = False,
) -> str:
    """Open the new-tournament form from the home page on the director's phone, fill it in
    (games of `hands` hands, the format and, for a Swiss or a King's table, its rounds; with
    `confirm_hands`, the opponents confirming each hand) and send it; the director's page's
    path."""
    director.go("/")
    director.tap_to_load('a[href="/tournaments/new"]')
    director.type_into('.new-tournament input[name="name"]', "Club night")
    director.type_into('.new-tournament textarea[name="teams"]', teams)
    director.choose("format", format)
    if format != "round_robin":
        director.type_into('.new-tournament input[name="rounds"]', rounds)
    director.choose("length", "hands")
    director.type_into('.new-tournament input[name="hands"]', hands)
    if confirm_hands:
        director.tap('.new-tournament input[name="confirm_hands"]')
    director.tap_to_load(".new-tournament button.save")
    path = urlsplit(director.page.url).path
    assert re.fullmatch(r"/d/[A-Za-z0-9_-]+", path), director.page.url
    return path


def watch_path(director: Phone) -> str:
    """The path of the watch link the director's page shares (the director's page open)."""
    return urlsplit(director.locate("input#watch-link").get_attribute("value") or "").path


def table_paths(director: Phone, at_director: str) -> list[str]:
    """Each table's link, by table number, as its printed card gives it (opened from the
    director's page, which is shown again after)."""
    director.go(at_director)
    director.tap_to_load("a.print-cards")
    addresses = director.locate("li.card .card-address").all_inner_texts()
    director.go(at_director)
    return [urlsplit(address).path for address in addresses]


def start_round(director: Phone, at_director: str) -> None:
    """Tap "Start round N" on the director's page."""
    director.go(at_director)
    director.tap_to_load("form.start-round button")


def game_at(phone: Phone, table_path: str) -> str:
    """The edit token of the game a table's link leads to in a round (followed over HTTP)."""
    answer = phone.page.request.get(phone.base_url + table_path)
    found = re.search(r"/g/([A-Za-z0-9_-]+)$", answer.url)
    assert found, answer.url
    return found.group(1)


def play_hand(phone: Phone, table_path: str, hand: dict = EVEN) -> None:
    """Save one hand (its bids, then its tricks, as a scorer's phone sends them) in the game at
    a table, over HTTP: North–South 61 to 60 unless told."""
    game = game_at(phone, table_path)
    request, base_url = phone.page.request, phone.base_url
    post_hand(request, base_url, game, **{f"bid_{s}": b for s, b in enumerate(hand["bids"])})
    post_hand(request, base_url, game, **{f"tricks_{s}": t for s, t in enumerate(hand["tricks"])})


def agree(phone: Phone, table_path: str) -> None:
    """East–West agree to the first hand awaiting their word in the game at a table, over
    HTTP, as the agreement form's button sends it."""
    game = game_at(phone, table_path)
    request, base_url = phone.page.request, phone.base_url
    page = request.get(f"{base_url}/g/{game}").text()
    action = re.search(r'<form class="agreement notice" method="post" action="([^"]+)"', page)
    assert action, "no hand awaits East–West's word"
    data = hidden_fields(page, "agreement notice") | {"verdict": "agree"}
    response = request.post(base_url + action.group(1), form=data)
    assert response.ok, (response.status, response.text()[:500])


def standing_of(phone: Phone, team: str):
    """The cells of `team`'s row in the standings the page shows (place, team, wins, losses,
    points, difference): a Playwright locator, for `expect(...).to_have_text([...])`. The row
    is found by its name's text, so `team` must be no part of another team's name."""
    row = phone.locate(".tournament-standings tbody tr").filter(
        has=phone.page.locator("th", has_text=team)
    )
    return row.locator("th, td")


def withdraw_team(director: Phone, at_director: str, team: str) -> None:
    """Open the fold of changes, choose `team` in the director's page's Withdraw form, tap
    "Withdraw…", and confirm with "Withdraw `team`" on the page that says what it will do."""
    director.go(at_director)
    chooser = director.locate("form.withdraw-team select")
    director.reveal(chooser)
    chooser.select_option(label=team)
    director.tap_to_load("form.withdraw-team button")
    director.tap_to_load(director.locate("form.confirm-withdrawal button"))


def bring_in_substitute(director: Phone, at_director: str, entry: int, player: int, name: str):
    """In the director's page's Substitutes form (under Changes), choose player `player` (0 or
    1) of team `entry` as who leaves, type `name` as who comes in and tap "Bring in the
    substitute"."""
    director.go(at_director)
    chooser = director.locate('form.swap-player select[name="seat"]')
    director.reveal(chooser)
    values = chooser.locator("option").evaluate_all("options => options.map(o => o.value)")
    (chosen,) = [value for value in values if value.startswith(f"{entry}:{player}:")]
    chooser.select_option(chosen)
    director.type_into('form.swap-player input[name="name"]', name)
    director.tap_to_load("form.swap-player button")
