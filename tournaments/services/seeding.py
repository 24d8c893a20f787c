"""Seeding round 1 by rating (docs/rules.md, "Club seasons and ratings"): a tournament that asks
for it, held by a room that rates its players (a club, through `TEAM_STRENGTHS`, so that the
tournament's room knows no club), pairs and seats round 1 by its teams' strengths instead of
their entry order. A format whose schedule its first teams fix (the round robin) keeps its entry
order: its later rounds follow the slots round 1 gave."""

from __future__ import annotations

from collections.abc import Sequence

from flask import current_app

import tournament
from records.tournaments import TournamentRecord, TournamentTeamRecord

# Where a room that rates players (the club's) gives a tournament's teams their strengths, to
# seed round 1: the app's extensions hold, under this name, callables of the tournament and its
# teams giving each team's strength by entry number, or None when they rate none of it.
TEAM_STRENGTHS = "team_strengths"


def seeded(
    record: TournamentRecord, teams: Sequence[TournamentTeamRecord]
) -> tuple[int, ...] | None:
    """The entry numbers by strength, strongest first (equal strengths in entry order), as the
    first room that rates the tournament's players gives them; None when none does."""
    for strengths_of in current_app.extensions.get(TEAM_STRENGTHS, ()):
        strengths = strengths_of(record, teams)
        if strengths is not None:
            return tuple(sorted(strengths, key=lambda entry: (-strengths[entry], entry)))
    return None


def seeded_round(
    record: TournamentRecord,
    teams: Sequence[TournamentTeamRecord],
    withdrawn: set[int],
    joined: dict[int, int],
) -> tournament.Pairing | None:
    """Round 1 paired by seed rather than by entry, for a tournament that asks for it and whose
    players a room rates (None otherwise, and for a format whose schedule its first teams fix):
    the pairing package pairs the seeds as it pairs entry numbers in round 1 (1–2, 3–4, the
    higher seed North–South), and each seed's team takes its place."""
    if not record.seed_by_rating or not tournament.format_of(record.format).late_after_start:
        return None
    seeds = seeded(record, teams)
    if seeds is None:
        return None
    entry_of = dict(enumerate(seeds, start=1))
    seed_of = {entry: seed for seed, entry in entry_of.items()}
    paired = tournament.next_round(
        record.format,
        tuple(entry_of),
        [],
        (),
        {seed_of[entry] for entry in withdrawn},
        {seed_of[entry]: after for entry, after in joined.items()},
    )
    return tournament.Pairing(
        tables=tuple(
            tournament.Table(entry_of[table.north_south], entry_of[table.east_west])
            for table in paired.tables
        ),
        bye=None if paired.bye is None else entry_of[paired.bye],
        walkovers=tuple(entry_of[team] for team in paired.walkovers),
    )
