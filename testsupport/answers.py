"""A page's tags as one flat list, and the answers that are not pages (a CSV download, the
Content-Security-Policy header), read for the tests as a person or a browser would.
"""

from __future__ import annotations

import csv
import html
import io
import re

from testsupport.pages import Page


class Tags:
    """Every start tag of an HTML text with its attributes, and each <script>'s content: the
    flat view of the tree `Page` builds, for the checks that look at every tag at once."""

    def __init__(self, text: str):
        """Parse the text at once."""
        root = Page(text).root
        self.tags: list[tuple[str, dict]] = [(n.tag, n.attrs) for n in root.iter() if n is not root]
        self.scripts: list[str] = [n.raw_text() for n in root.find_all("script")]

    def all(self, tag: str, **attrs) -> list[dict]:
        """The attributes of every tag with this name and these attribute values (a trailing
        underscore is dropped from a name, so `class_` asks for `class`)."""
        found = []
        for name, have in self.tags:
            if name == tag and all(have.get(k.rstrip("_")) == v for k, v in attrs.items()):
                found.append(have)
        return found

    def one(self, tag: str, **attrs) -> dict:
        """The attributes of the only tag with this name and these attribute values."""
        found = self.all(tag, **attrs)
        assert len(found) == 1, f"expected one <{tag} {attrs}>, found {found}"
        return found[0]


def text_of(markup: str) -> str:
    """What a reader sees: tags dropped, entities decoded, white space collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", markup)).split())


def section_tag(markup: str) -> dict:
    """The attributes of the scoreboard's `<section class="game view">` element."""
    return Tags(markup).one("section", class_="game view")


def csv_table(response) -> list[list[str]]:
    """A CSV answer read back with the csv module."""
    return list(csv.reader(io.StringIO(response.get_data(as_text=True), newline="")))


def csp_directives(response) -> dict[str, list[str]]:
    """The Content-Security-Policy header as {directive: [sources]}."""
    policy = response.headers.get("Content-Security-Policy", "")
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives
