"""Static files under addresses that carry the hash of their bytes (web/assets.py): kept by a
phone for a year at those addresses, checked on every use at any other."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from testsupport.pages import Page
from testsupport.playing import start_game

STATIC = Path(__file__).resolve().parents[2] / "static"
FOR_GOOD = "public, max-age=31536000, immutable"


def own_static_addresses(page: Page) -> list[str]:
    """The addresses of our static files a page asks for: stylesheet, scripts, manifest."""
    links = [node.attrs["href"] for node in page.find_all("link") if "href" in node.attrs]
    scripts = [node.attrs["src"] for node in page.find_all("script") if "src" in node.attrs]
    return [address for address in links + scripts if address.startswith("/static/")]


def content_hash(address: str) -> str:
    """The first 16 hex digits of the sha256 of the file behind a /static/ address."""
    name = address.split("?")[0].removeprefix("/static/")
    return hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:16]


def test_every_static_address_on_the_pages_names_the_hash_of_its_file(client):
    token = start_game(client)
    game = Page(client.get(f"/g/{token}"))
    view_link = game.find("input", id="view-link").attrs["value"]
    seen = set()
    for path in ("/", f"/g/{token}", view_link.split("localhost", 1)[1]):
        addresses = own_static_addresses(Page(client.get(path)))
        assert addresses, path
        for address in addresses:
            assert address.endswith(f"?v={content_hash(address)}"), (path, address)
            seen.add(address.split("?")[0])
    assert {"/static/app.css", "/static/app.js", "/static/view.js"} <= seen


def test_a_file_at_its_hashed_address_is_kept_for_good_and_elsewhere_checked_each_time(client):
    hashed = next(a for a in own_static_addresses(Page(client.get("/"))) if "app.css" in a)
    kept = client.get(hashed)
    assert kept.status_code == 200
    assert kept.headers["Cache-Control"] == FOR_GOOD
    assert kept.data == (STATIC / "app.css").read_bytes()
    # The bare address, or an old release's hash, may hold other bytes tomorrow.
    for address in ("/static/app.css", "/static/app.css?v=0123456789abcdef"):
        answer = client.get(address)
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "no-cache", address
    assert client.get("/static/not-there.css?v=0123456789abcdef").status_code == 404


def test_the_offline_shell_keeps_the_files_under_the_addresses_the_pages_ask_for(client):
    script = client.get("/sw.js").get_data(as_text=True)
    shell = json.loads(re.search(r"^const SHELL = (\{.*\});$", script, re.M).group(1))
    page_addresses = set(own_static_addresses(Page(client.get("/"))))
    assert page_addresses <= set(shell["files"])
    for address in shell["files"]:
        assert address.endswith(f"?v={content_hash(address)}"), address
