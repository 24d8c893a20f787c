"""A game played through Flask's test client the way a person plays it: the table most tests
sit at, the hands they play there, starting a game on the home page's form, tapping hands into
the game page's form, calling time and adding adjustments, and the share panel's "new link"
buttons.

Seats are 0-3 clockwise (North, East, South, West); team A is seats 0 and 2, team B 1 and 3.
Games use the default GameLake rules (500 to win, -200 loses).
"""

from __future__ import annotations

import re

from testsupport.pages import Node, Page, submit

# The table most tests sit at: partners Ana & Carla (Reds), Bruno & Davi (Blues).
NAMES = {
    "team_0": "Reds",
    "team_1": "Blues",
    "player_0": "Ana",
    "player_1": "Bruno",
    "player_2": "Carla",
    "player_3": "Davi",
}

# A bid 4 + 3 = 7 and take 3 + 3 = 6: set, -70. B bid 3 + 3 = 6 and take 4 + 3 = 7: +60 + 1 bag.
A_SET = {"bids": (4, 3, 3, 3), "tricks": (3, 4, 3, 3)}
# Ana's Nil made (+100), Carla bid 5 and took 6 (+50 + 1 bag): A +151. B bid 7, took 7: +70.
ANA_NIL = {"bids": ("nil", 4, 5, 3), "tricks": (0, 4, 6, 3)}
# A bid 6 and take 7: +61. B bid 6 and take 6: +60.
EVEN = {"bids": (3, 3, 3, 3), "tricks": (4, 3, 3, 3)}
# The bids of the hand in play after one hand: A (Ana & Carla) need 4, B (Bruno & Davi) need 7.
NEXT_BIDS = (2, 3, 2, 4)
# A bid 2 and take 4: +22. B bid 10 and take 9: -100. Twice, and B falls to -200: A win.
FLOOR_HAND = {"bids": (1, 5, 1, 5), "tricks": (2, 4, 2, 5)}
# A hand that leaves team B 140 behind: A bid 6 + 6 = 12 and take 6 + 6 = 12 → +120;
# B bid 1 + 1 = 2 and take 1 + 0 = 1 → set, −20.
A_FAR_AHEAD = {"bids": (6, 1, 6, 1), "tricks": (6, 1, 6, 0)}


def token_of(response) -> str:
    """The game token a response redirects to (/g/<token>)."""
    assert response.status_code == 303, (response.status_code, response.get_data(as_text=True))
    match = re.fullmatch(r"/g/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def start_game(client, expect: int = 303, **typed):
    """Fill in the new-game form on the home page and press Start; the token, or the response.

    With the default `expect` (303) the new game's token is returned; otherwise the response.
    """
    form = Page(client.get("/")).form(action="/games")
    response = submit(client, form, typed)
    assert response.status_code == expect, response.get_data(as_text=True)
    return token_of(response) if expect == 303 else response


def play_floor_game(client, **typed) -> str:
    """A GameLake game started on the home page's form (with `typed`) that team B loses by
    falling to exactly −200 in two hands of FLOOR_HAND, tapped into the game page's form.

    Each hand: A bid 1 + 1 = 2 and take 2 + 2 = 4 → +20 + 2 bags = +22;
    B bid 5 + 5 = 10 and take 4 + 5 = 9 → set, −100.
    After two hands: A 22 + 22 = 44 (4 bags), B −100 − 100 = −200 ≤ −200: A win.
    """
    token = start_game(client, **typed)
    page = None
    for _ in range(2):
        page = enter(client, token, FLOOR_HAND["bids"], FLOOR_HAND["tricks"], page=page)
    return token


def hand_taps(bids=None, tricks=None, team_tricks=None) -> dict:
    """The taps for a hand: bids by seat ('nil', 'blind_nil' or a number), tricks by seat
    and/or by team; a None inside a tuple leaves that row blank."""
    taps = {}
    for prefix, values in (("bid", bids), ("tricks", tricks), ("team_tricks", team_tricks)):
        for index, value in enumerate(values or ()):
            taps[f"{prefix}_{index}"] = value
    return taps


def enter(
    client, token, bids=None, tricks=None, team_tricks=None, expect=303, headers=None, page=None
) -> Page:
    """Tap a hand into the game page's form and save it; the page that answers, parsed.

    The form is read from `page` when given (the game page as last seen), else fetched. Bids
    left as None keep what the form already shows (the bids of the hand in play). A save must
    redirect (303) back to the game page, which is followed and returned; any other `expect`ed
    status is checked and that answer returned (its response is `Page.response`).
    """
    taps = hand_taps(bids, tricks, team_tricks)
    if page is None or not shows_fields(page.form("hand-form"), taps):
        page = Page(client.get(hand_form_url(token, bids, tricks, team_tricks), headers=headers))
    saving = expect == 303
    response = submit(client, page.form("hand-form"), taps, headers, follow_redirects=saving)
    if saving:
        assert [r.status_code for r in response.history] == [303], response.status_code
        assert response.history[0].headers["Location"] == f"/g/{token}"
        assert response.status_code == 200
    else:
        assert response.status_code == expect, response.get_data(as_text=True)
    return Page(response)


def shows_fields(form: Node, taps: dict) -> bool:
    """Whether the form has a tap row for every field these taps need."""
    return all(form.find_all("input", name=name, type="radio") for name in taps)


def hand_form_url(token, bids=None, tricks=None, team_tricks=None) -> str:
    """The game page showing the rows these taps need: the page offers the trick rows with
    the bids (?whole=1), each player's tricks (?players=1) and the bid rows with the tricks
    (?bids=1) only when asked."""
    asks = []
    if tricks or team_tricks:
        asks.append("whole=1")
    if tricks:
        asks.append("players=1")
    if bids:
        asks.append("bids=1")
    return f"/g/{token}" + ("?" + "&".join(asks) if asks else "")


def game_page(client, token, **kwargs) -> Page:
    """The game page, parsed; it must answer 200."""
    response = client.get(f"/g/{token}", **kwargs)
    assert response.status_code == 200, response.status_code
    return Page(response)


def press(client, token: str, action: str, expect: int = 303):
    """Press one of the game page's buttons (its form posts to /g/<token>/<action>), such as
    Call time ("time") or Resume ("resume"); the answer."""
    form = game_page(client, token).form(action=f"/g/{token}/{action}")
    response = submit(client, form)
    assert response.status_code == expect, response.get_data(as_text=True)
    return response


def correct_hand(client, token: str, number: int, hand: dict) -> None:
    """Correct hand `number` of a game through its edit page to `hand` (its bids and tricks by
    seat), as a scorer does after the fact; the save must be accepted."""
    edit = Page(client.get(f"/g/{token}/hands/{number}"))
    taps = hand_taps(hand["bids"], hand["tricks"])
    response = submit(client, edit.form(cls="hand-form"), taps)
    assert response.status_code == 303, response.get_data(as_text=True)


def adjust(client, token: str, after: int, changes: dict, expect: int = 303):
    """Fill in the adjustment form after hand `after` (a side, points, a reason) and send it;
    the answer."""
    page = Page(client.get(f"/g/{token}/hands/{after}/adjustment"))
    form = page.form(action=f"/g/{token}/hands/{after}/adjustment")
    response = submit(client, form, changes)
    assert response.status_code == expect, response.get_data(as_text=True)
    return response


def playing_game(new_game, play, hands=(A_SET,), bids=NEXT_BIDS) -> str:
    """A game with the given played hands and then the bids of the hand in play (if any), through
    the `new_game` and `play` fixtures; its edit token."""
    token = new_game(**NAMES)
    for hand in hands:
        play(token, hand["bids"], hand["tricks"])
    if bids is not None:
        play(token, bids)
    return token


def finished_game(new_game, play) -> str:
    """A game team A won in two hands, team B having fallen to exactly -200."""
    return playing_game(new_game, play, hands=(FLOOR_HAND, FLOOR_HAND), bids=None)


def hand_form(bids, tricks) -> dict:
    """The hand form's fields for these bids and tricks by seat, as the form posts them."""
    return {name: str(value) for name, value in hand_taps(bids, tricks).items()}


def rotate(client, token: str, link: str, nonce: str | None = None):
    """Tap one of the share panel's "New view link" or "New edit link" buttons; the answer."""
    data = {"link": link} | ({"nonce": nonce} if nonce else {})
    return client.post(f"/g/{token}/rotate", data=data)


def link_on(client, path: str, prefix: str) -> str:
    """The token of the first link starting with `prefix` (`/v`, `/tv`) on the page at `path`."""
    found = re.search(rf'{prefix}/([A-Za-z0-9_-]+)"', client.get(path).get_data(as_text=True))
    assert found, f"no {prefix}/ link on {path}"
    return found.group(1)


def rematch(client, token: str) -> str:
    """Tap a finished game's Rematch button; the new game's edit token."""
    return token_of(submit(client, Page(client.get(f"/g/{token}")).form(cls="rematch")))


def replace_link(client, page: str, which: str) -> str:
    """Tap "replace" for the view or edit link on a game's or table's own page (`/g/…`,
    `/t/…`); the edit token the answer goes on with."""
    form = Page(client.get(page)).form(cls="rotate")
    response = submit(client, form, button=("link", which))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("#")[0].rsplit("/", 1)[-1]
