"""The view link as a QR code, an inline SVG that a phone across the table can scan."""

from __future__ import annotations

import io

import segno
from flask import Blueprint, Response
from flask_babel import gettext
from markupsafe import Markup

import games
from records.games import GameRecord
from web import VIEW_LINKS
from web.lookups import limit_guesses
from web.pages import public_url

bp = Blueprint("qr", __name__)

# Medium error correction: survives a glare or a smudged screen without making the code dense.
SHARE_QR_ERROR = "M"

# Fixed colors rather than currentColor: in dark mode currentColor turns light, and many
# scanners cannot read light modules on a dark ground.
DARK = "#000"
LIGHT = "#fff"


@bp.get(f"{VIEW_LINKS}/<token:token>/qr.svg")
@limit_guesses
def view_link_qr(token: str) -> Response:
    """The view link as a QR code, for a second phone to scan."""
    games.find(token, GameRecord.view_token)
    url = public_url("viewing.view", token=token)
    return qr_image(qr_svg(url, title=gettext("QR code of the view link")))


def qr_image(svg: Markup) -> Response:
    """A QR code (`qr_svg`) as an image of its own, which the browser keeps an hour: a link
    that stops answering is replaced, never changed, so a kept code stays true or unused."""
    response = Response(str(svg), mimetype="image/svg+xml")
    response.cache_control.private = True
    response.cache_control.max_age = 3600
    return response


def qr_svg(url: str, *, title: str | None = None) -> Markup:
    """The URL as a QR code: a scalable SVG (viewBox, no size) with class "qr" and a <title>.

    Dark modules on a white square that includes the quiet zone, so the code stays readable on
    a dark page. `title` (plain text, already translated) defaults to "QR code of" the URL.
    """
    code = segno.make(url, error=SHARE_QR_ERROR, micro=False)
    out = io.BytesIO()
    # save() rather than svg_inline(), which drops the namespace: the same SVG can then be
    # inlined in a page or served alone as an image.
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        omitsize=True,
        svgclass="qr",
        lineclass="qr-dark",
        title=title if title is not None else f"QR code of {url}",
        dark=DARK,
        light=LIGHT,
        border=4,
    )
    svg = out.getvalue().decode("utf-8")
    # Safe: segno escapes the title. role="img" makes screen readers announce that title.
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1))  # noqa: S704
