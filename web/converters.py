"""What a number in a path may be, checked before any query sees it."""

from __future__ import annotations

from typing import Any

from werkzeug.routing import IntegerConverter, Map

# The largest number a path may hold: PostgreSQL's INTEGER columns are 32-bit and signed, so
# no stored table, round, hand, team or position is numbered beyond it.
LARGEST_PATH_NUMBER = 2**31 - 1


class BoundedIntegerConverter(IntegerConverter):
    """`<int:…>` in every route (registered in place of Werkzeug's own): a number beyond
    LARGEST_PATH_NUMBER, or below its negative twin, is a plain 404 from routing, and never
    reaches the database, whose integers it would not fit. A route's own `min` and `max`
    narrow the bounds, never widen them."""

    def __init__(self, map: Map, *args: Any, **kwargs: Any) -> None:
        """Werkzeug's converter, with its bounds kept within the database's integers."""
        super().__init__(map, *args, **kwargs)
        self.max = LARGEST_PATH_NUMBER if self.max is None else min(self.max, LARGEST_PATH_NUMBER)
        smallest = -LARGEST_PATH_NUMBER - 1
        self.min = smallest if self.min is None else max(self.min, smallest)
