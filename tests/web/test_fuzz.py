"""Random form bodies thrown at every write route: never a 5xx, and a refusal writes nothing.

Each example picks a write route, a token (a real edit link, a view link, a forged one), and a
body made of a random subset of the real field names with hostile values: other digit systems,
huge and negative numbers, emoji, HTML and script, empty and very long strings, NUL and other
control characters, repeated fields, raw undecodable bytes and bodies over the size limit. The
stored games and hands are compared row by row before and after (`snapshot`): whenever the
answer is not a success (2xx/3xx), nothing may have been written.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from extensions import db
from forms.house_rules import OFFERED
from records.games import HAND_INPUTS, GameRecord
from testsupport.database import snapshot
from testsupport.playing import enter, start_game

HAND_FIELDS = list(HAND_INPUTS)
FORM_FIELDS = ["version", "nonce", "csrf_token"]
GAME_FIELDS = ["team_0", "team_1", "player_0", "player_1", "player_2", "player_3"]
GAME_FIELDS += ["first_dealer", "preset", *(row.name for row in OFFERED)]
OTHER_FIELDS = ["language", "next", "link"]
FIELD_NAMES = HAND_FIELDS + FORM_FIELDS + GAME_FIELDS + OTHER_FIELDS

# Values a real form sends, so that some random bodies get far enough to be saved.
PLAUSIBLE = [
    "",
    *(str(n) for n in range(15)),
    "nil",
    "blind_nil",
    "view",
    "edit",
    "en",
    "pt_BR",
    "/",
    "gamelake",
    "classic",
    "espadas",
    "carry",
    "reset",
    "off",
    "on",
    "bags",
    "partner",
    # nonces: a few fixed ones, so the same one is sometimes sent twice
    "AAAAAAAAAAAAAAAAAAAAAA",
    "double-tap-nonce-0001",
    "nonce_with_underscore_",
]
HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "<div hx-get='/games' hx-trigger='load'>x</div>",
    "{{ 7 * 7 }}",
    "{% raw %}",
    "' OR 1=1 --",
    "javascript:alert(1)",
    "//evil.example",
    "/\\evil.example",
    "/\tevil.example",
    "/\r\nSet-Cookie: x=1",
    "♠️🂡😀👨‍👩‍👧‍👦",
    "\u202eevil",
    "\u200b",
    "\ufeff5",
    "NaN",
    "Infinity",
    "1e3",
    "0x0d",
    "1_0",
    "+5",
    " 5",
    "5 ",
    "-0",
    "None",
    "null",
    "true",
]
OTHER_DIGITS = "0123456789０１２３４５６７８９٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹"
CONTROL = "".join(chr(c) for c in range(32)) + "\x7f\x85"

values = st.one_of(
    st.sampled_from(PLAUSIBLE),
    st.sampled_from(HOSTILE),
    st.text(alphabet=OTHER_DIGITS, min_size=1, max_size=4),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n),
    st.text(alphabet=CONTROL, min_size=1, max_size=5),
    st.tuples(st.sampled_from(PLAUSIBLE), st.text(alphabet=CONTROL, min_size=1, max_size=2)).map(
        "".join
    ),
    st.tuples(st.text(min_size=1, max_size=20), st.sampled_from([500, 3000, 10_000])).map(
        lambda t: (t[0] * t[1])[: t[1]]
    ),
    st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=30),
)
field_values = st.one_of(values, st.lists(values, min_size=2, max_size=3))
bodies = st.dictionaries(
    st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=12)), field_values, max_size=14
)
bid_values = st.sampled_from([*(str(n) for n in range(1, 14)), "nil", "nil", "blind_nil"])
trick_values = st.sampled_from([str(n) for n in range(14)])


@st.composite
def nearly_valid_hands(draw) -> dict:
    """A hand as the tap rows send it (bids, then tricks by team or by seat, some left blank),
    with a few fields then removed, replaced or added at random."""
    body = {f"bid_{s}": draw(bid_values) for s in range(4)}
    if draw(st.booleans()):
        first = draw(st.integers(0, 13))
        body.update(team_tricks_0=str(first), team_tricks_1=str(13 - first))
    elif draw(st.booleans()):
        body.update({f"tricks_{s}": draw(trick_values) for s in range(4)})
    if draw(st.booleans()):
        for name in draw(st.lists(st.sampled_from(sorted(body)), max_size=2)):
            body.pop(name, None)
        body.update(draw(st.dictionaries(st.sampled_from(FIELD_NAMES), field_values, max_size=2)))
    return body


raw_bodies = st.one_of(
    st.binary(max_size=300),
    st.just(b"bid_0=%ff%fe&tricks_0=%00&version=%c0%af"),
    st.just(b"team_0=" + b"x" * 40_000),  # over the 32 KiB limit: 413
)

ROUTES = [
    "/games",
    "/g/{token}/hand",
    "/g/{token}/hands/{number}",
    "/g/{token}/undo",
    "/g/{token}/rematch",
    "/g/{token}/rotate",
    "/language",
]
GAMES = ["played", "fresh", "over"]
TOKENS = ["edit"] * 6 + ["view", "forged", "edit+x"]  # mostly the real link, to get past 404


@dataclass(frozen=True)
class Attempt:
    """One request to throw: the route, whose token it carries, and the body."""

    route: str
    game: str
    token: str
    number: int
    body: dict | bytes
    htmx: bool


# The hand routes have the most to get wrong, and the "played" game the most to lose.
attempts = st.builds(
    Attempt,
    route=st.sampled_from([*ROUTES, *ROUTES[1:3] * 2]),
    game=st.sampled_from(["played", "played", *GAMES]),
    token=st.sampled_from(TOKENS),
    number=st.sampled_from([1, 1, 1, 1, 2, 2, 2, 2, 0, 3, 99, 10**20]),
    body=st.one_of(*[bodies] * 3, *[nearly_valid_hands()] * 3, raw_bodies),
    htmx=st.booleans(),
)


# Examples always tried, so that both sides of every hand route are reached: the tricks of the
# "played" game's hand in play, a correction of its first hand, an undo; then refusals.
IN_PLAY_TRICKS = {
    "bid_0": "2",
    "bid_1": "5",
    "bid_2": "nil",
    "bid_3": "4",
    "tricks_0": "3",
    "tricks_2": "0",
    "team_tricks_1": "10",
}
EDITED_HAND = {f"bid_{s}": b for s, b in enumerate("4342")} | {
    "team_tricks_0": "8",
    "team_tricks_1": "5",
}
FULL_WIDTH = IN_PLAY_TRICKS | {"tricks_0": "３"}
LONG_BID = EDITED_HAND | {"bid_0": "4" * 10_000}


def game_id(app, token: str) -> int:
    """The id of the game behind an edit token."""
    with app.app_context():
        found = db.session.scalar(select(GameRecord.id).where(GameRecord.edit_token == token))
        db.session.remove()
    assert found is not None, token
    return found


def current_tokens(app, game: int) -> tuple[str, str] | None:
    """The game's edit and view tokens now (a rotation may have replaced them); None once gone."""
    with app.app_context():
        row = db.session.execute(
            select(GameRecord.edit_token, GameRecord.view_token).where(GameRecord.id == game)
        ).one_or_none()
        db.session.remove()
    return None if row is None else (row.edit_token, row.view_token)


class Targets:
    """The three games the attempts aim at, set up again whenever an accepted attempt (an undo,
    an edit) has taken one out of the shape it is meant to have:

    - "played": two hands played and the bids of a third in play;
    - "fresh": a classic game with no hand yet;
    - "over": an espadas game won in its first hand.
    """

    def __init__(self, app, client):
        """Set up all three games."""
        self.app, self.client = app, client
        self.ids = {name: self.make(name) for name in GAMES}

    def make(self, name: str) -> int:
        """Start the game called `name` and play it into shape; its id."""
        client = self.client
        if name == "played":
            token = start_game(client)
            enter(client, token, bids=(4, 3, 4, 2), tricks=(5, 3, 3, 2))
            enter(client, token, bids=(3, 3, 3, 3), team_tricks=(6, 7))
            enter(client, token, bids=(2, 5, "nil", 4))
        elif name == "fresh":
            token = start_game(client, preset="classic")
        else:
            token = start_game(client, preset="espadas")
            enter(client, token, bids=(6, 3, 6, 1), tricks=(7, 0, 6, 0))
        return game_id(self.app, token)

    def in_shape(self, name: str, tokens: tuple[str, str] | None) -> bool:
        """Whether the game still exists and has the shape its name promises."""
        if tokens is None:
            return False
        state = self.client.get(f"/v/{tokens[1]}.json").get_json()
        if name == "played":
            return state["status"] == "playing" and len(state["hands"]) >= 2
        if name == "over":
            return state["status"] == "over"
        return True

    def tokens(self, name: str) -> tuple[str, str]:
        """The edit and view tokens of the game called `name`, set up again if need be."""
        tokens = current_tokens(self.app, self.ids[name])
        if not self.in_shape(name, tokens):
            self.ids[name] = self.make(name)
            tokens = current_tokens(self.app, self.ids[name])
            assert self.in_shape(name, tokens), name
        return tokens


def url_of(attempt: Attempt, tokens: tuple[str, str]) -> str:
    """The path the attempt posts to, with the token it chose filled in."""
    edit, view = tokens
    token = {
        "edit": edit,
        "view": view,
        "forged": "A" * len(edit),
        "edit+x": edit + "x",
    }[attempt.token]
    return attempt.route.format(token=token, number=attempt.number)


def send(client, url: str, attempt: Attempt):
    """Post the attempt's body: form fields as a browser encodes them, or raw bytes."""
    headers = {"HX-Request": "true"} if attempt.htmx else {}
    if isinstance(attempt.body, bytes):
        return client.post(
            url,
            data=attempt.body,
            content_type="application/x-www-form-urlencoded",
            headers=headers,
        )
    return client.post(url, data=attempt.body, headers=headers)


def test_random_form_bodies_never_get_a_5xx_and_a_refusal_writes_nothing(app, client):
    targets = Targets(app, client)
    statuses: Counter[tuple[str, int]] = Counter()

    @settings(
        max_examples=200,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(attempt=attempts)
    @example(Attempt("/g/{token}/hand", "played", "edit", 0, IN_PLAY_TRICKS, htmx=False))
    @example(Attempt("/g/{token}/hands/{number}", "played", "edit", 1, EDITED_HAND, htmx=True))
    @example(Attempt("/g/{token}/undo", "played", "edit", 0, {}, htmx=False))
    @example(Attempt("/g/{token}/hand", "played", "edit", 0, FULL_WIDTH, htmx=False))
    @example(Attempt("/g/{token}/hands/{number}", "played", "edit", 2, LONG_BID, htmx=False))
    @example(Attempt("/g/{token}/undo", "played", "forged", 0, {}, htmx=False))
    # 309 to 4300 digits: an int Python can make but no float can hold
    @example(Attempt("/games", "fresh", "edit", 0, {"target": "9" * 309}, htmx=False))
    def throw(attempt: Attempt) -> None:
        """For any write route, any token and any form body, the app answers below 500 with no
        stack trace, and unless that answer is a success the database is exactly as before."""
        url = url_of(attempt, targets.tokens(attempt.game))
        before = snapshot(app)
        response = send(client, url, attempt)
        statuses[attempt.route, response.status_code] += 1
        body = response.get_data(as_text=True)
        assert response.status_code < 500, (response.status_code, body[:2000])
        assert "Traceback" not in body
        if response.status_code >= 400:
            assert snapshot(app) == before, (url, response.status_code)

    throw()
    tried = sum(statuses.values())
    by_status = Counter()
    for (_, code), seen in statuses.items():
        by_status[code] += seen
    print(f"\nfuzz: {tried} random requests tried; statuses {dict(sorted(by_status.items()))}")
    for route in ROUTES:
        codes = {code: seen for (r, code), seen in sorted(statuses.items()) if r == route}
        print(f"  {route}: {codes}")
    assert tried >= 100
    # The fuzz must reach both sides of every hand route: some bodies saved, some refused.
    for route in ("/g/{token}/hand", "/g/{token}/hands/{number}", "/g/{token}/undo"):
        codes = {code for (r, code) in statuses if r == route}
        assert any(c < 400 for c in codes) and any(c >= 400 for c in codes), (route, codes)
