"""The service layer between the routes and the models: games loaded, replayed and written.

Routes ask here for a game by its link (`load`), and for every change (`enter_hand`,
`edit_hand`, `undo_last`, `call_time`, `resume`, `add_adjustment`, `remove_adjustment`,
`create_game`, `rematch`, `replace_link`), and for what adds up across games (`series_of`,
`career`). Each change is one transaction: applied once, whatever the network repeats (the
form's one-time token), or refused whole (`Conflict`, `HandRefused`, `LaterHandRefused`).
Nothing here knows of requests or forms, nor of the features built on the game: tables of
people (`tables`) and tournaments (`tournaments`) have rooms of their own, whose services
stand on this one.
"""

import scoring
from games.career_stats import CareerStats, career, device_career, device_games_all, series_of
from games.claims import Conflict, Write, is_repeat, was_applied
from games.creating import create_game, rematch
from games.inputs import InputWrite, add_adjustment, call_time, remove_adjustment, resume
from games.links import replace_link
from games.reading import (
    GameNotFound,
    LinkReplaced,
    device_games,
    find,
    found,
    load,
    replayed,
    replays,
    scored_games,
)
from games.replays import Replays
from games.scored import ScoredGame
from games.writing import HandRefused, LaterHandRefused, edit_hand, enter_hand, undo_last

Career = scoring.Career

__all__ = [
    "Career",
    "CareerStats",
    "Conflict",
    "GameNotFound",
    "HandRefused",
    "InputWrite",
    "LaterHandRefused",
    "LinkReplaced",
    "Replays",
    "ScoredGame",
    "Standings",
    "Write",
    "add_adjustment",
    "call_time",
    "career",
    "create_game",
    "device_career",
    "device_games",
    "device_games_all",
    "edit_hand",
    "enter_hand",
    "find",
    "found",
    "is_repeat",
    "load",
    "rematch",
    "remove_adjustment",
    "replace_link",
    "replayed",
    "replays",
    "resume",
    "scored_games",
    "series_of",
    "undo_last",
    "was_applied",
]
