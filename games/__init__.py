"""The service layer between the routes and the models: games loaded, replayed and written.

Routes ask here for a game by its link (`load`), and for every change (`enter_hand`,
`edit_hand`, `undo_last`, `call_time`, `resume`, `add_adjustment`, `remove_adjustment`,
`create_game`, `rematch`, `replace_link`); for tables of people
(`find_table`, `create_table`, `join_table`, `replace_table_link`); for tournaments (in
`games.tournaments`: made, found by their links, their links replaced); and for what adds up across
games (`series_of`, `career`). Each change is one transaction: applied once, whatever the
network repeats (the form's one-time token), or refused whole (`Conflict`, `HandRefused`,
`LaterHandRefused`, `AlreadyAtTable`). Nothing here knows of requests or forms.
"""

import scoring
from games.claims import Conflict, Write, is_repeat, was_applied
from games.creating import create_game, rematch
from games.inputs import InputWrite, add_adjustment, call_time, remove_adjustment, resume
from games.links import replace_link
from games.reading import (
    GameNotFound,
    LinkReplaced,
    ScoredGame,
    device_games,
    find,
    found,
    load,
    replayed,
    replays,
    scored_games,
)
from games.replays import Replays
from games.standings import (
    Standings,
    career,
    device_career,
    device_games_all,
    series_of,
    table_career,
    tournament_career,
)
from games.tables import (
    AlreadyAtTable,
    TableNotFound,
    create_table,
    device_tables,
    find_table,
    join_table,
    names_used,
    recent_table_games,
    replace_table_link,
    table_games,
    table_state,
)
from games.writing import HandRefused, LaterHandRefused, edit_hand, enter_hand, undo_last

Career = scoring.Career

__all__ = [
    "AlreadyAtTable",
    "Career",
    "Conflict",
    "GameNotFound",
    "HandRefused",
    "InputWrite",
    "LaterHandRefused",
    "LinkReplaced",
    "Replays",
    "ScoredGame",
    "Standings",
    "TableNotFound",
    "Write",
    "add_adjustment",
    "call_time",
    "career",
    "create_game",
    "create_table",
    "device_career",
    "device_games",
    "device_games_all",
    "device_tables",
    "edit_hand",
    "enter_hand",
    "find",
    "find_table",
    "found",
    "is_repeat",
    "join_table",
    "load",
    "names_used",
    "recent_table_games",
    "rematch",
    "remove_adjustment",
    "replace_link",
    "replace_table_link",
    "replayed",
    "replays",
    "resume",
    "scored_games",
    "series_of",
    "table_career",
    "table_games",
    "table_state",
    "tournament_career",
    "undo_last",
    "was_applied",
]
