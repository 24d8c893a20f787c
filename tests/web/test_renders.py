"""Game pages rendered once per change of their game (web/renders.py): a page shown again is
not rendered again, yet every request gets its own tokens, and any change shows at once."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from flask import template_rendered

from app import create_app
from testsupport.database import counts, view_token_of
from testsupport.pages import Page, submit
from testsupport.playing import enter, start_game

HX = {"HX-Request": "true"}


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


def test_each_phone_gets_its_own_csrf_token_from_the_same_kept_page_and_can_save(app):
    secured = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret-renders",
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
            "WTF_CSRF_ENABLED": True,
            "RATELIMIT_ENABLED": False,
        }
    )
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
