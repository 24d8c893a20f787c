"""The page's language: from the browser's Accept-Language, or the footer switch's cookie."""

from __future__ import annotations

import pytest

from testsupport.pages import Page, submit
from testsupport.playing import start_game


def html_lang(response) -> str:
    """The lang attribute of the page's <html> element."""
    return Page(response).find("html").attrs.get("lang")


def lang_cookie(response) -> str | None:
    """The value of the language cookie a response sets, if it sets one."""
    for header in response.headers.getlist("Set-Cookie"):
        name, _, rest = header.partition("=")
        if name == "lang":
            return rest.split(";", 1)[0]
    return None


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        ("pt-BR", "pt-BR"),
        ("pt-BR,pt;q=0.9,en;q=0.8", "pt-BR"),
        ("pt", "pt-BR"),
        ("en", "en"),
        ("en-US,en;q=0.9", "en"),
        ("fr", "en"),  # a language the app does not have: English
        ("fr, pt;q=0.5", "pt-BR"),
    ],
)
def test_accept_language_picks_the_page_language(client, accept, lang):
    for path in ("/", "/g/nosuchgame"):
        response = client.get(path, headers={"Accept-Language": accept})
        assert html_lang(response) == lang, path


def test_the_game_page_follows_accept_language_too(client, new_game):
    token = new_game()
    assert html_lang(client.get(f"/g/{token}", headers={"Accept-Language": "pt-BR"})) == "pt-BR"
    assert html_lang(client.get(f"/g/{token}", headers={"Accept-Language": "en"})) == "en"


def test_with_no_accept_language_the_page_is_in_english(client):
    assert html_lang(client.get("/")) == "en"


def test_the_footer_switch_sets_a_cookie_and_goes_back_to_the_page(client):
    token = start_game(client)
    page = Page(client.get(f"/g/{token}", headers={"Accept-Language": "en"}))
    form = page.form("language")
    assert form.attrs["action"] == "/language"
    assert {b.attrs["value"] for b in form.find_all("button")} == {"en", "pt_BR"}
    response = submit(client, form, button=("language", "pt_BR"))
    assert response.status_code == 303
    assert response.headers["Location"].split("?")[0] == f"/g/{token}"
    assert lang_cookie(response) == "pt_BR"
    # The cookie now wins over the browser's English.
    again = client.get(f"/g/{token}", headers={"Accept-Language": "en"})
    assert html_lang(again) == "pt-BR"
    assert Page(again).find("button", value="pt_BR").attrs.get("aria-current") == "true"


def test_the_language_cookie_overrides_accept_language(client):
    client.set_cookie("lang", "en")
    assert html_lang(client.get("/", headers={"Accept-Language": "pt-BR"})) == "en"
    client.set_cookie("lang", "pt_BR")
    assert html_lang(client.get("/", headers={"Accept-Language": "en"})) == "pt-BR"


def test_an_unknown_language_cookie_is_ignored(client):
    client.set_cookie("lang", "xx")
    assert html_lang(client.get("/", headers={"Accept-Language": "pt-BR"})) == "pt-BR"


def test_an_unknown_language_sets_no_cookie(client):
    response = client.post("/language", data={"language": "xx", "next": "/"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert lang_cookie(response) is None


@pytest.mark.parametrize(
    "next_url",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example/",
        "javascript:alert(1)",
        "evil.example",
        "/\t/evil.example/",  # browsers drop the tab: //evil.example/
        "/\n/evil.example/",
        "/\r\n/evil.example/",
        "",
    ],
    ids=repr,
)
def test_the_switch_goes_back_only_to_a_local_path(client, next_url):
    response = client.post("/language", data={"language": "pt_BR", "next": next_url})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert lang_cookie(response) == "pt_BR"


@pytest.mark.parametrize("next_url", ["/", "/g/abc", "/g/abc/hands/2", "/?page=2"])
def test_the_switch_keeps_a_local_path(client, next_url):
    response = client.post("/language", data={"language": "en", "next": next_url})
    assert response.status_code == 303
    assert response.headers["Location"] == next_url


def test_each_request_finds_its_own_catalogue_when_languages_alternate(app, client):
    # The templates' catalogue is kept on `g` for one request only (web.language.catalogue):
    # requests in turn in each language, on one worker, each get their own words.
    pages = []
    for accept in ("pt-BR", "en", "pt-BR", "en"):
        html = client.get("/tables/new", headers={"Accept-Language": accept}).text
        pages.append(("Nova mesa" in html, "New table" in html))
    assert pages == [(True, False), (False, True)] * 2
