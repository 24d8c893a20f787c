"""Each worker's memory of the games it showed last: their hands and replayed score."""

from __future__ import annotations

import threading
from typing import Any

from cachetools import LRUCache

import scoring
from models import GameRecord, StoredHand

# What a replay is: the stored hands, in order, and the score their played ones add up to.
Replay = tuple[tuple[StoredHand, ...], scoring.Game]


class Replays:
    """The hands and replayed score of the games this process showed last.

    Kept under the game's id, creation time, version and the one-time token of its latest
    write. Every write bumps the version (and sets the token, which also tells games apart
    in a database restored under a running worker), so a changed game is simply looked up
    under a new key and a kept replay is never out of date. Long games then cost their load
    and replay once per change rather than once per page.
    """

    def __init__(self, hands: int):
        """Keep replays of up to `hands` stored hands in all, dropping the least recently shown
        games first (a hand's replay takes about 1 KB)."""
        self.cache: LRUCache[tuple[Any, ...], Replay] | None = (
            LRUCache(maxsize=hands, getsizeof=self.size) if hands > 0 else None
        )
        self.lock = threading.Lock()  # the cache is shared by a worker's threads

    @staticmethod
    def key(game: GameRecord) -> tuple[Any, ...]:
        """What a game's replay depends on: which game, and its state after its latest write."""
        return Replays.key_of(game.id, game.created_at, game.version, game.last_nonce)

    @staticmethod
    def key_of(
        game_id: int, created_at: Any, version: int, last_nonce: str | None
    ) -> tuple[Any, ...]:
        """The key of a game with these values in its row."""
        return (game_id, created_at, version, last_nonce)

    @staticmethod
    def size(replay: Replay) -> int:
        """What a replay counts against the budget: its hands, and one for the game."""
        return len(replay[0]) + 1

    def get(self, game: GameRecord) -> Replay | None:
        """The game's (hands, state) if kept, else None."""
        if self.cache is None:
            return None
        with self.lock:
            return self.cache.get(self.key(game))

    def clear(self) -> None:
        """Forget every game (the query counts are taken for a game not kept)."""
        if self.cache is not None:
            with self.lock:
                self.cache.clear()

    def keep(self, game: GameRecord, replay: Replay) -> None:
        """Remember the game's (hands, state), unless it alone is over the budget."""
        self.keep_as(self.key(game), replay)

    def keep_as(self, key: tuple[Any, ...], replay: Replay) -> None:
        """Remember (hands, state) under a key made by `key_of` (for a game as a write leaves
        it, before its record is read again), unless it alone is over the budget."""
        if self.cache is not None and self.size(replay) <= self.cache.maxsize:
            with self.lock:
                self.cache[key] = replay
