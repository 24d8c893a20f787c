"""Sharing a game from its edit page, through the test client (issue #4): the QR code of the
absolute view link the app serves, and the share panel with both links and their buttons.

The table, its seats and the hands it plays are testsupport.playing's (GameLake rules).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import segno

from testsupport.answers import Tags, text_of
from testsupport.database import view_token_of
from testsupport.playing import playing_game
from testsupport.qr_reading import SVG, decode_qr, qr_dark_modules
from web import qr as share

# --- QR code -----------------------------------------------------------------------------------


def test_the_qr_code_is_svg_of_the_absolute_view_link(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play))
    response = client.get(f"/v/{view}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    served = response.get_data(as_text=True)
    root = ET.fromstring(served)  # noqa: S314 - the app's own output
    assert root.tag == f"{SVG}svg"
    assert "<script" not in served
    url = f"http://localhost/v/{view}"
    expected = str(share.qr_svg(url))
    assert qr_dark_modules(served) == qr_dark_modules(expected)
    code = segno.make(url, error=share.SHARE_QR_ERROR, micro=False)
    matrix = {(r, c) for r, row in enumerate(code.matrix) for c, bit in enumerate(row) if bit}
    assert qr_dark_modules(served) == matrix
    size = int(root.get("viewBox").split()[2])
    decoded = decode_qr(qr_dark_modules(served), size)
    if decoded is not None:
        assert decoded == url


# --- the share panel on the edit page ----------------------------------------------------------


def test_the_edit_page_has_the_share_panel(app, client, new_game, play):
    edit = playing_game(new_game, play)
    view = view_token_of(app, edit)
    body = client.get(f"/g/{edit}").get_data(as_text=True)
    tags = Tags(body)
    tags.one("details", class_="share", id="share")
    view_input = tags.one("input", id="view-link")
    assert view_input.get("value") == f"http://localhost/v/{view}"
    assert "readonly" in view_input
    assert tags.one("button", class_="copy", **{"data-copy": "view-link"})
    assert tags.one("button", class_="share-sheet", **{"data-share": "view-link"})
    qr = tags.one("img", class_="qr")
    assert qr.get("src") == f"/v/{view}/qr.svg"
    assert qr.get("alt")
    assert client.get(qr["src"]).mimetype == "image/svg+xml"
    # The edit link, with its warning.
    keeper = body[body.index('<div class="keeper">') :]
    keeper = keeper[: keeper.index("</div>")]
    assert "change the score" in text_of(keeper)
    assert 'class="warning"' in keeper
    edit_input = tags.one("input", id="edit-link")
    assert edit_input.get("value") == f"http://localhost/g/{edit}"
    assert "readonly" in edit_input
    assert tags.one("button", class_="copy", **{"data-copy": "edit-link"})
    # The rotate buttons.
    tags.one("form", class_="rotate", method="post", action=f"/g/{edit}/rotate")
    assert tags.one("button", type="submit", name="link", value="view")
    assert tags.one("button", type="submit", name="link", value="edit")
