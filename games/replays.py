"""Each worker's memory of the games it showed last: their hands and replayed score."""

from __future__ import annotations

from typing import Any

import scoring
from games.kept import Kept
from records.games import GameRecord, StoredHand

# What a replay is: the stored hands, in order, and the score their played ones add up to.
Replay = tuple[tuple[StoredHand, ...], scoring.Game]


class Replays(Kept[Replay]):
    """The hands and replayed score of the games this process showed last.

    Kept under the game's id, creation time, version and the one-time token of its latest
    write (`key`). Every write bumps the version (and sets the token, which also tells games
    apart in a database restored under a running worker), so a changed game is simply looked
    up under a new key and a kept replay is never out of date. Long games then cost their load
    and replay once per change rather than once per page.
    """

    def __init__(self, hands: int):
        """Keep replays of up to `hands` stored hands in all, dropping the least recently shown
        games first (a hand's replay takes about 1 KB); each counts its hands, and one for the
        game."""
        super().__init__(hands, size=lambda replay: len(replay[0]) + 1)

    @staticmethod
    def key(game: GameRecord) -> tuple[Any, ...]:
        """What a game's replay depends on: which game, and its state after its latest write."""
        return (game.id, game.created_at, game.version, game.last_nonce)
