"""The pages' scripts (web/assets.py, static/*.js): plain files run in one listed order, the
shared app.js first, and each event heard once, by app.js, for every behaviour."""

from __future__ import annotations

import re
from pathlib import Path

from testsupport.pages import Page
from testsupport.playing import start_game
from web.assets import SCRIPTS

STATIC = Path(__file__).resolve().parents[2] / "static"
# Scripts no list in web/assets.py names: the view links' pages' own, the new-game form's own,
# the new-tournament form's own, and the offline shell.
VIEW_SCRIPT = "view.js"
FORM_SCRIPT = "options.js"
TOURNAMENT_FORM_SCRIPT = "placeholders.js"
OFFLINE_SHELL = "sw.js"
# A listener on the page (the document, the window, the worker's global), not on an object of
# a script's own such as a wake lock.
PAGE_LISTENER = re.compile(
    r"\b(?:document|window|self)\.addEventListener\(|(?<!\w\.)addEventListener\("
)


def scripts_run(page: Page) -> list[str]:
    """The file names of the app's own scripts a page runs, in the order it lists them."""
    return [
        node.attrs["src"].split("?")[0].removeprefix("/static/")
        for node in page.find_all("script")
        if node.attrs.get("src", "").startswith("/static/")
    ]


def test_every_page_runs_the_listed_scripts_in_order_and_a_page_with_its_own_adds_it_last(client):
    token = start_game(client)
    game = Page(client.get(f"/g/{token}"))
    view_link = game.find("input", id="view-link").attrs["value"].split("localhost", 1)[1]
    assert SCRIPTS[0] == "app.js"  # what the others share
    for path in (f"/g/{token}", "/tables/new"):
        assert scripts_run(Page(client.get(path))) == list(SCRIPTS), path
    assert scripts_run(Page(client.get(view_link))) == [*SCRIPTS, VIEW_SCRIPT]
    assert scripts_run(Page(client.get("/"))) == [*SCRIPTS, FORM_SCRIPT]
    assert scripts_run(Page(client.get("/tournaments/new"))) == [*SCRIPTS, TOURNAMENT_FORM_SCRIPT]
    # Deferred, every one: run in the order listed, once the page is read.
    for node in game.find_all("script"):
        assert "defer" in node.attrs, node.attrs


def test_every_script_of_the_static_folder_is_listed_or_a_pages_own_or_the_offline_shell():
    own = {VIEW_SCRIPT, FORM_SCRIPT, TOURNAMENT_FORM_SCRIPT}
    assert {path.name for path in STATIC.glob("*.js")} == {*SCRIPTS, *own, OFFLINE_SHELL}


def test_only_app_js_listens_to_the_page_and_every_other_script_is_a_behaviour_it_hands_events():
    assert PAGE_LISTENER.search((STATIC / "app.js").read_text(encoding="utf-8"))
    for name in (*SCRIPTS[1:], VIEW_SCRIPT, FORM_SCRIPT, TOURNAMENT_FORM_SCRIPT):
        source = (STATIC / name).read_text(encoding="utf-8")
        assert not PAGE_LISTENER.search(source), name
        assert source.count("behaviour((() => {") == 1, name
