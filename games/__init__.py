"""The service layer between the routes and the models: games loaded, replayed and written.

Routes ask here for a game by its link (`load`), and for every change (`enter_hand`,
`edit_hand`, `undo_last`, `create_game`, `rematch`, `replace_link`). Each change is one
transaction: applied once, whatever the network repeats (the form's one-time token), or refused
whole (`Conflict`, `HandRefused`, `LaterHandRefused`). Nothing here knows of requests or forms.
"""

from games.reading import (
    GameNotFound,
    LinkReplaced,
    ScoredGame,
    device_games,
    find,
    load,
    replays,
    scored_games,
)
from games.replays import Replays
from games.writing import (
    Conflict,
    HandRefused,
    LaterHandRefused,
    Write,
    create_game,
    edit_hand,
    enter_hand,
    is_repeat,
    rematch,
    replace_link,
    undo_last,
    was_applied,
)

__all__ = [
    "Conflict",
    "GameNotFound",
    "HandRefused",
    "LaterHandRefused",
    "LinkReplaced",
    "Replays",
    "ScoredGame",
    "Write",
    "create_game",
    "device_games",
    "edit_hand",
    "enter_hand",
    "find",
    "is_repeat",
    "load",
    "rematch",
    "replace_link",
    "replays",
    "scored_games",
    "undo_last",
    "was_applied",
]
