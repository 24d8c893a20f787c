"""A club's ratings and season points, as pure functions of what was played (docs/rules.md,
"Club seasons and ratings"): the Weng–Lin rating with the Plackett–Luce model, as the openskill
library computes it, with its defaults; the rating shown, the chance of each side before a
game, a team's strength for seeding; the points of a season's nights and its best nights.

Nothing here reads storage or a request: the club's room gives it the counted games in the
order they were started, and shows what it answers.
"""

from ratings.model import (
    PROVISIONAL_GAMES,
    Played,
    Rating,
    chances,
    rate,
    shown,
    strength,
    whole_percentages,
)
from ratings.season import SeasonRow, best_nights, place_points, season_standings

__all__ = [
    "PROVISIONAL_GAMES",
    "Played",
    "Rating",
    "SeasonRow",
    "best_nights",
    "chances",
    "place_points",
    "rate",
    "season_standings",
    "shown",
    "strength",
    "whole_percentages",
]
