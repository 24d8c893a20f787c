"""The QR code of a share link: valid scalable SVG whose modules are segno's code for the URL."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import segno
from markupsafe import Markup

from testsupport.qr_reading import SVG, dark_modules, raster
from web.qr import SHARE_QR_ERROR, qr_svg

URL = "https://spades.example/v/3q2-ZxW_8pLm0aBcDeFgHi"
SHARE_LINK_LONG_HOST = (
    "https://spades-score.some-long-host-name.example.org/v/AbCdEfGhIjKlMnOpQrStUv"
)


def parse(svg: Markup) -> ET.Element:
    """The SVG parsed as XML, which fails on anything malformed."""
    # Our own output, not untrusted input: the standard parser is fine here.
    return ET.fromstring(str(svg))  # noqa: S314


def segno_modules(url: str) -> tuple[set[tuple[int, int]], int]:
    """The dark modules of segno's own code for the URL, and the symbol's width."""
    code = segno.make(url, error=SHARE_QR_ERROR, micro=False)
    dark = {(r, c) for r, row in enumerate(code.matrix) for c, bit in enumerate(row) if bit}
    return dark, len(code.matrix)


def test_the_error_correction_level_is_medium():
    assert SHARE_QR_ERROR == "M"


def test_the_qr_code_is_markup_and_valid_svg_without_an_xml_declaration():
    svg = qr_svg(URL)
    assert isinstance(svg, Markup)
    assert str(svg).startswith("<svg")
    assert "<?xml" not in svg
    assert parse(svg).tag == f"{SVG}svg"


def test_the_qr_code_scales_with_a_view_box_and_no_fixed_size():
    root = parse(qr_svg(URL))
    width = segno.make(URL, error="M").symbol_size()[0]
    assert root.get("viewBox") == f"0 0 {width} {width}"
    assert root.get("width") is None
    assert root.get("height") is None


def test_the_qr_code_has_its_class_role_and_title():
    root = parse(qr_svg(URL))
    assert root.get("class") == "qr"
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == f"QR code of {URL}"


def test_a_caller_can_give_a_translated_title_and_it_is_escaped():
    svg = qr_svg(URL, title="Código <QR> & link")
    assert "<QR>" not in svg
    assert parse(svg).find(f"{SVG}title").text == "Código <QR> & link"


def test_dark_modules_sit_on_a_white_square_so_dark_mode_cannot_hide_them():
    root = parse(qr_svg(URL))
    svg = str(qr_svg(URL))
    width = segno.make(URL, error="M").symbol_size()[0]
    background, modules = root.findall(f"{SVG}path")
    assert background.get("fill") == "#fff"
    assert background.get("d") == f"M0 0h{width}v{width}h-{width}z"
    assert modules.get("stroke") == "#000"
    assert "currentColor" not in svg
    assert "style=" not in svg
    assert "<script" not in svg


@pytest.mark.parametrize(
    "url",
    [
        URL,
        "http://127.0.0.1:5000/v/abc",
        "https://spades.example/v/" + "x" * 120,
    ],
)
def test_the_drawn_modules_are_segnos_code_for_the_url(url):
    drawn = dark_modules(parse(qr_svg(url)))
    expected, size = segno_modules(url)
    assert drawn == expected
    assert size == segno.make(url, error="M").symbol_size(border=0)[0]
    assert all(0 <= r < size and 0 <= c < size for r, c in drawn)


def test_an_independent_decoder_reads_the_url_from_the_drawn_modules():
    # purepix is a pure-Python QR reader unrelated to segno: it reads the picture we draw.
    # Its reader fails on symbols of version 7 and up, so only share links of real length here.
    purepix = pytest.importorskip("purepix", reason="purepix is a test extra")
    for url in (URL, "http://127.0.0.1:5000/v/AbCdEfGhIjKlMnOpQrStUv", SHARE_LINK_LONG_HOST):
        root = parse(qr_svg(url))
        size = int(root.get("viewBox").split()[2])
        pixels = raster(dark_modules(root), size, scale=3)
        image = purepix.Image("L", (size * 3, size * 3), pixels)
        assert purepix.qr.decode(image).decode() == url
