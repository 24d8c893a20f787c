"""Game pages rendered once per change of their game (web/renders.py): a page shown again is
not rendered again, yet every request gets its own tokens, and any change shows at once."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from flask import template_rendered

from testsupport.apps import app_on
from testsupport.database import counts, view_token_of
from testsupport.pages import Page, submit
from testsupport.playing import enter, hand_taps, start_game
from testsupport.routes import HX


@contextmanager
def templates_rendered(app):
    """The names of the templates rendered inside the block, in order."""
    names: list[str] = []

    def note(sender, template, context, **extra):
        """Note one rendered template."""
        names.append(template.name)

    template_rendered.connect(note, app)
    try:
        yield names
    finally:
        template_rendered.disconnect(note, app)


def nonces(page: Page) -> list[str]:
    """The one-time token of every form on a page."""
    return [node.attrs["value"] for node in page.find_all("input", name="nonce")]


@pytest.mark.parametrize("path", ["/g/{edit}", "/g/{edit}?whole=1", "/v/{view}"])
@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "part"])
def test_a_game_page_shown_again_unchanged_is_not_rendered_again(app, client, path, headers):
    edit = start_game(client)
    enter(client, edit, bids=(4, 3, 3, 2), team_tricks=(7,))
    address = path.format(edit=edit, view=view_token_of(app, edit))
    app.extensions["renders"].clear()  # as a worker that has not shown the game yet
    with templates_rendered(app) as first:
        client.get(address, headers=headers)
    with templates_rendered(app) as again:
        shown = client.get(address, headers=headers)
    assert first != []
    assert again == []
    assert shown.status_code == 200
    assert Page(shown).totals() == (70, 51)  # 7 bid, 7 taken: +70; 5 bid, 6 taken: +51


def test_every_showing_has_fresh_one_time_tokens_and_no_hole_is_left(app, client):
    edit = start_game(client)
    enter(client, edit, bids=(4, 3, 3, 2))  # the trick rows and the share panel's forms
    shown = [client.get(f"/g/{edit}") for _ in range(3)]
    tokens = [nonces(Page(response)) for response in shown]
    assert all(len(t) >= 2 for t in tokens), tokens  # the hand form and the new-link form
    every = [token for page in tokens for token in page]
    assert len(set(every)) == len(every)  # none repeated, within a page or across pages
    holes = app.extensions["renders"]
    for response in shown:
        html = response.get_data(as_text=True)
        assert holes.csrf_hole not in html and holes.nonce_hole not in html


def with_csrf(app):
    """A second app on the same database with CSRF protection on, as production has it."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    return app_on(uri, SECRET_KEY="test-secret-renders", WTF_CSRF_ENABLED=True)


def test_each_phone_gets_its_own_csrf_token_from_the_same_kept_page_and_can_save(app):
    secured = with_csrf(app)
    first, second = secured.test_client(), secured.test_client()
    home = Page(first.get("/"))
    token = submit(first, home.form(action="/games"), {}).headers["Location"].rsplit("/", 1)[1]
    with templates_rendered(secured) as rendered:
        pages = [Page(phone.get(f"/g/{token}")) for phone in (first, second, first)]
    assert [n for n in rendered if n == "game.html"] == ["game.html"]  # once, for all three
    csrf = [
        page.form("hand-form").find("input", name="csrf_token").attrs["value"] for page in pages
    ]
    assert csrf[0] != csrf[1]  # each session its own
    # The second phone's form, from the kept page, saves with its own token.
    taps = {"bid_0": 4, "bid_1": 3, "bid_2": 3, "bid_3": 2}
    assert submit(second, pages[1].form("hand-form"), taps).status_code == 303
    assert counts(secured) == (1, 1)


def test_a_write_a_new_link_and_another_language_each_show_at_once(app, client):
    edit = start_game(client)
    client.get(f"/g/{edit}")
    enter(client, edit, bids=(4, 3, 3, 2), team_tricks=(7,))
    assert Page(client.get(f"/g/{edit}")).totals() == (70, 51)
    # Correcting a past hand changes the totals shown: 7 bid, 6 taken: −70; 5 bid, 7: +52.
    form = Page(client.get(f"/g/{edit}/hands/1")).form("hand-form")
    assert submit(client, form, {"team_tricks_0": 6, "team_tricks_1": 7}).status_code == 303
    assert Page(client.get(f"/g/{edit}")).totals() == (-70, 52)
    old_view = view_token_of(app, edit)
    client.post(f"/g/{edit}/rotate", data={"link": "view"})
    new_view = view_token_of(app, edit)
    assert new_view != old_view
    html = client.get(f"/g/{edit}").get_data(as_text=True)
    assert new_view in html and old_view not in html
    portuguese = client.get(f"/g/{edit}", headers={"Accept-Language": "pt-BR"})
    assert 'lang="pt-BR"' in portuguese.get_data(as_text=True)
    assert 'lang="en"' in client.get(f"/g/{edit}").get_data(as_text=True)


TOKENS = re.compile(r'(<input[^>]*name="(?:nonce|csrf_token)"[^>]*value=")[^"]*(")')


def without_tokens(html: str) -> str:
    """A page with the values of its per-request tokens blanked, to compare two showings."""
    return TOKENS.sub(r"\1\2", html)


def assert_shown_as_rendered_whole(client, whole, path: str, headers: dict) -> None:
    """Assert that `client` (whatever its worker kept) answers `path` with the page `whole`,
    a worker keeping nothing, renders, but for the per-request tokens."""
    kept = client.get(path, headers=headers)
    rendered = whole.get(path, headers=headers)
    assert kept.status_code == rendered.status_code == 200, (path, headers)
    html = without_tokens(kept.get_data(as_text=True))
    assert html == without_tokens(rendered.get_data(as_text=True)), (path, headers)


def keeping_nothing(app):
    """A client of a second app on the same database whose worker keeps no page, part or
    replay: every page it shows is read and rendered whole."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    return app_on(uri, RENDER_CHARACTERS_KEPT=0, REPLAY_HANDS_KEPT=0).test_client()


@contextmanager
def parts_made(app):
    """What each kept part rendered inside the block was made for (its first key word)."""
    made: list[str] = []
    original = app.jinja_env.globals["kept_part"]

    def counted(*shown, caller):
        """The kept part, noting each time its body is rendered."""

        def body():
            """Render the part's body, and note it."""
            made.append(shown[0])
            return caller()

        return original(*shown, caller=body)

    app.jinja_env.globals["kept_part"] = counted
    try:
        yield made
    finally:
        app.jinja_env.globals["kept_part"] = original


def test_saving_a_hand_renders_only_its_own_line_of_the_history(app, client):
    edit = start_game(client)
    page = None
    # Four whole hands, each followed to the game page: every dealer's buttons are shown.
    for tricks in (7, 6, 8, 7):
        page = enter(client, edit, bids=(4, 3, 3, 2), team_tricks=(tricks,), page=page)
    enter(client, edit, bids=(3, 3, 3, 3))
    form = Page(client.get(f"/g/{edit}", headers=HX)).form("hand-form")
    with parts_made(app) as made:
        saved = submit(client, form, hand_taps(team_tricks=(7, None)), HX)
    assert saved.status_code == 200
    # Hand 5's line; hands 1-4, the share panel and hand 6's buttons (its dealer dealt hand
    # 2, whose buttons were shown) were kept.
    assert made == ["hand"]
    assert len(Page(saved).find_all("li", "hand")) == 5


def test_a_hands_buttons_are_made_once_for_each_dealer_and_kept_for_every_game(app, client):
    first, second = start_game(client), start_game(client)  # the same names and rules
    app.extensions["renders"].clear()  # as a worker that has shown neither game yet
    with parts_made(app) as made_first:
        client.get(f"/g/{first}")
    with parts_made(app) as made_second:
        shown = client.get(f"/g/{second}")
    assert made_first.count("hand fields") == 1
    assert "hand fields" not in made_second
    assert len(Page(shown).form("hand-form").find_all("input", name="bid_0", type="radio")) > 1


def test_every_form_of_a_kept_page_carries_the_csrf_token_of_the_phone_it_is_shown_to(app):
    secured = with_csrf(app)
    first, second = secured.test_client(), secured.test_client()
    token = submit(first, Page(first.get("/")).form(action="/games"), {}).headers["Location"]
    token = token.rsplit("/", 1)[1]
    pages = [Page(phone.get(f"/g/{token}")) for phone in (first, second)]  # one render, kept
    tokens = [
        {node.attrs["value"] for node in page.find_all("input", name="csrf_token")}
        for page in pages
    ]
    assert len(tokens[0]) == len(tokens[1]) == 1  # one token per phone, in every form
    assert tokens[0] != tokens[1]
    # The second phone's forms from the kept page are taken: the footer's language switch and
    # the share panel's new link.
    language = submit(second, pages[1].form("language"), button=("language", "pt_BR"))
    assert language.status_code in (302, 303)
    rotated = submit(second, pages[1].form("rotate"), button=("link", "view"))
    assert rotated.status_code == 303


@pytest.mark.parametrize(
    "other",
    [
        {"player_1": "Zoë"},
        {"team_1": "The Others"},
        {"first_dealer": "2"},
        {"table": "cutthroat"},
        {"table": "three_handed", "player_0": "Ana", "player_1": "Bruno", "player_2": "Carla"},
        {"table": "two_handed", "player_0": "Ana", "player_1": "Bruno"},
    ],
    ids=["a name", "a team", "the dealer", "cut-throat", "three players", "two players"],
)
def test_a_new_hands_buttons_kept_for_one_game_never_stand_in_for_anothers(app, client, other):
    """Whatever buttons a worker kept for one game, or for the same game asked otherwise, a
    game that differs in one thing they show gets its own: each page is the one a worker that
    keeps nothing renders."""
    whole = keeping_nothing(app)
    games = [start_game(client), start_game(client, **other)]
    shown = []
    for edit in games:
        for asked in ("", "?whole=1", "?whole=1&players=1"):
            for headers in ({}, HX):
                assert_shown_as_rendered_whole(client, whole, f"/g/{edit}{asked}", headers)
        form = Page(client.get(f"/g/{edit}?whole=1&players=1")).form("hand-form")
        shown.append([row.text for row in form.find_all("fieldset")])
    assert shown[0] != shown[1]  # the buttons differ indeed


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_pages_made_from_kept_parts_are_the_pages_rendered_whole(app, client, language):
    """Whatever was kept from earlier versions, languages and pages, each page is the one a
    worker that keeps nothing renders (but for its per-request tokens)."""
    whole = keeping_nothing(app)
    edit = start_game(client)
    view = view_token_of(app, edit)
    paths = [f"/g/{edit}", f"/g/{edit}?all=1", f"/v/{view}", f"/g/{edit}/hands/1"]
    asked = {"Accept-Language": language}

    def same_everywhere():
        """Every page and part, in both languages, as kept and as rendered whole."""
        for other in ("en", "pt-BR"):  # the other language's parts are kept too
            for path in paths:
                client.get(path, headers={"Accept-Language": other})
        for path in paths:
            for headers in ({}, HX):
                assert_shown_as_rendered_whole(client, whole, path, asked | headers)

    page = None
    hands = [
        {"bids": (4, 3, 3, 2), "team_tricks": (7,)},
        {"bids": ("nil", 4, 3, 3), "tricks": (0, 4, 6, 3)},  # a Nil made
        {"bids": (2, 3, 3, 3), "team_tricks": (7,)},
    ]
    for number, hand in enumerate(hands, start=1):
        page = enter(client, edit, page=page, **hand)
        if number == 1:
            same_everywhere()
    enter(client, edit, bids=(3, 3, 3, 3))  # bids in play
    same_everywhere()
    # A correction to hand 1 changes every later hand's running totals.
    form = Page(client.get(f"/g/{edit}/hands/1")).form("hand-form")
    assert submit(client, form, {"team_tricks_0": 6, "team_tricks_1": 7}).status_code == 303
    same_everywhere()
    client.post(f"/g/{edit}/rotate", data={"link": "view"})  # the share panel's links
    view = view_token_of(app, edit)
    paths[2] = f"/v/{view}"
    same_everywhere()


def test_the_answer_to_each_save_is_the_part_a_fresh_read_shows(app, client):
    """The game a write answers with is the one it wrote (its record is not read again): the
    same part, version and tokens aside, as a worker keeping nothing reads and renders."""
    whole = keeping_nothing(app)
    edit = start_game(client)
    saves = [
        (f"/g/{edit}", hand_taps(bids=(4, 3, 3, 2))),  # bids alone
        (f"/g/{edit}", hand_taps(team_tricks=(7, None))),  # then the tricks
        (f"/g/{edit}?whole=1&players=1", hand_taps(bids=("nil", 4, 3, 3), tricks=(0, 4, 6, 3))),
        (f"/g/{edit}/hands/1", {"team_tricks_0": 6, "team_tricks_1": 7}),  # a correction
    ]
    for path, taps in saves:
        form = Page(client.get(path, headers=HX)).form("hand-form")
        answer = submit(client, form, taps, HX)
        assert answer.status_code == 200, path
        fresh = whole.get(f"/g/{edit}", headers=HX)
        assert without_tokens(answer.get_data(as_text=True)) == without_tokens(
            fresh.get_data(as_text=True)
        ), path
