"""Babel's extractor for the rule presets' names and descriptions, read from `scoring.ALL_PRESETS`
(the partnership games and the tables without partners).

The engine keeps them as plain text and knows nothing of translation; the pages translate them
through the catalogue (`web.filters.preset_choices`, the new-game form), and this puts them in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import scoring


def extract_presets(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Each preset's name and description as a message (Babel's extractor interface)."""
    for preset in scoring.ALL_PRESETS.values():
        yield 1, "gettext", preset.name, [f"The name of the rule preset {preset.key!r}."]
        yield 1, "gettext", preset.description, [f"What the preset {preset.key!r} plays by."]
