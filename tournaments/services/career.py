"""A tournament's career figures: its players' and partnerships' figures over its finished
games, kept in the career-stats cache under its games' versions."""

from __future__ import annotations

import scoring
from games.career_stats import career, career_stats
from tournaments.services.rounds import Standing


def tournament_career(now: Standing) -> scoring.Career:
    """The career figures of a tournament's finished games, read already with where it stands
    (`rounds.standing`): no query more. Kept under its games' versions, which every write to
    one of them moves (a substitute seated in a game too)."""
    # A game played out whose hands do not all count yet counts nowhere, as in the standings.
    played = [
        table.scored
        for played in now.rounds
        for table in played.tables
        if table.over or not table.played_out
    ]
    versions = tuple((scored.record.id, scored.record.version) for scored in played)
    key = ("tournament", now.record.id, versions)
    return career_stats().get_or_make(key, lambda: career(played))
