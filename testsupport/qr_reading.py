"""Reading a QR code back from the SVG the app draws, for the tests of both sides of sharing."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
BORDER = 4  # the quiet zone QR readers need, in modules


def dark_modules(root: ET.Element) -> set[tuple[int, int]]:
    """The (row, column) of every dark module drawn in a QR SVG, read back from its path.

    The path is a run of horizontal strokes one module thick: "M x y" or "m dx dy" moves to
    the middle of a module row, "h n" draws n modules to the right.
    """
    path = root.find(f"{SVG}path[@class='qr-dark']")
    assert path is not None, ET.tostring(root)[:200]
    x = y = 0.0
    dark = set()
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path.get("d")):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            length = int(float(a))
            row = int(y - 0.5) - BORDER
            dark.update((row, int(x) - BORDER + i) for i in range(length))
            x += length
    return dark


def raster(dark: set[tuple[int, int]], size: int, scale: int) -> bytes:
    """Grey pixels of the drawn code: white ground, the quiet zone included, dark modules black."""
    rows = []
    for y in range(size * scale):
        row = bytearray(b"\xff" * (size * scale))
        for x in range(size * scale):
            if (y // scale - BORDER, x // scale - BORDER) in dark:
                row[x] = 0
        rows.append(bytes(row))
    return b"".join(rows)


def qr_dark_modules(svg_text: str) -> set[tuple[int, int]]:
    """The (row, column) of every dark module in a QR SVG the app served."""
    return dark_modules(ET.fromstring(svg_text))  # noqa: S314 - the app's own output


def decode_qr(dark: set[tuple[int, int]], size: int):
    """The text purepix reads from the drawn modules, or None when purepix is not installed."""
    try:
        import purepix
    except ImportError:
        return None
    scale = 3
    image = purepix.Image("L", (size * scale, size * scale), raster(dark, size, scale))
    return purepix.qr.decode(image).decode()
