"""The forms a link's pages offer, found as a person finds them: by opening the link and every
page it leads to behind the same link, and reading each form that posts somewhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

from flask import Flask

from testsupport.pages import Node, Page, form_data

# Answers a page's links lead to that are no pages (downloads, pictures, data).
NOT_PAGES = (".csv", ".json", ".svg", ".txt")
# How many links deep from the first page a form is looked for: the game page leads to a
# hand's page, which leads to its adjustment's page.
DEPTH = 3


@dataclass(frozen=True)
class Offered:
    """A form as a page rendered it: the route it posts to (its endpoint), where it posts, and
    what a browser sends when its first button is tapped, before anything is typed."""

    endpoint: str
    action: str
    data: dict[str, str]


def forms_behind(app: Flask, client, link: str) -> Iterator[Offered]:
    """Every form that posts behind `link` (a path such as "/g/<token>") on the pages reachable
    from it by links behind it, page after page, each page opened once."""
    routes = app.url_map.bind("localhost")
    seen: set[str] = set()
    level = [link]
    for _ in range(DEPTH):
        following: list[str] = []
        for path in level:
            if path in seen:
                continue
            seen.add(path)
            answer = client.get(path)
            if answer.status_code != 200 or answer.mimetype != "text/html":
                continue
            page = Page(answer.get_data(as_text=True))
            for form in page.find_all("form"):
                action = form.attrs.get("action", "").split("#")[0]
                if form.attrs.get("method", "get").lower() != "post":
                    # A form that asks for a page (a team chosen, then confirmed): followed
                    # with what it sends as rendered and its first button tapped, as a link is.
                    if action.startswith(link):
                        following.append(f"{action}?{urlencode(tapped(form))}")
                    continue
                if action.startswith(link):
                    endpoint = routes.match(action, method="POST")[0]
                    yield Offered(endpoint, action, tapped(form))
            following += [
                href
                for href in (a.attrs.get("href", "").split("#")[0] for a in page.find_all("a"))
                if href.startswith(link) and not href.endswith(NOT_PAGES)
            ]
        level = following


def tapped(form: Node) -> dict[str, str]:
    """What a browser sends for a rendered form when its first named button is tapped."""
    data = form_data(form)
    buttons = [node for node in form.find_all("button") if node.attrs.get("name")]
    if buttons:
        data[buttons[0].attrs["name"]] = buttons[0].attrs.get("value", "")
    return data
