"""What a worker keeps between requests, shared by its threads, least recently used first out."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, cast

from cachetools import LRUCache

V = TypeVar("V")
MISSING = object()  # what the cache gives for a key it does not hold (None may be kept)


class Kept(Generic[V]):
    """Values kept under keys that name everything they depend on: a changed thing is looked up
    under a new key, so a kept value is never out of date, and the least recently used go
    first once the budget is spent."""

    def __init__(self, budget: int, size: Callable[[V], int] | None = None):
        """Keep values up to `budget` in all, each counted by `size` (1 unless told); 0 keeps
        none."""
        self.size = size or (lambda value: 1)
        self.cache: LRUCache[Hashable, V] | None = (
            LRUCache(maxsize=budget, getsizeof=self.size) if budget > 0 else None
        )
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept under `key`, or None."""
        if self.cache is None:
            return None
        with self.lock:
            return self.cache.get(key)

    def keep(self, key: Hashable, value: V) -> None:
        """Keep a value under `key`, unless it alone is over the budget."""
        if self.cache is not None and self.size(value) <= self.cache.maxsize:
            with self.lock:
                self.cache[key] = value

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under `key`, or what `make` gives, then kept."""
        if self.cache is None:
            return make()
        with self.lock:
            found = self.cache.get(key, MISSING)
        if found is not MISSING:
            return cast(V, found)
        made = make()
        self.keep(key, made)
        return made

    def clear(self) -> None:
        """Forget everything kept."""
        if self.cache is not None:
            with self.lock:
                self.cache.clear()
