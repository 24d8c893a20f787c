"""Seeding by rating (docs/rules.md, "Club seasons and ratings"): a tournament that asks for it,
held by a room that rates its players (a club, through `TEAM_STRENGTHS`, so that the
tournament's room knows no club), pairs and seats round 1 by its teams' strengths instead of
their entry order. The seeds are kept on the teams when round 1 starts (`seeds_to_keep`), as a
round's pairing is kept: a correction made later moves no seed. A round robin, whose schedule
its first slots fix, plays every round by those seeds; the other formats pair later rounds by
the standings, as ever."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

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
    """The entry numbers by seed, first seed first: as kept when round 1 started (every team
    has its seed then), else by strength, strongest first (equal strengths in entry order), as
    the first room that rates the tournament's players gives them now; None for a tournament
    that does not ask for it, or whose players no room rates."""
    if not record.seed_by_rating:
        return None
    if teams and all(team.seed is not None for team in teams):
        return tuple(team.entry for team in sorted(teams, key=lambda team: team.seed or 0))
    for strengths_of in current_app.extensions.get(TEAM_STRENGTHS, ()):
        strengths = strengths_of(record, teams)
        if strengths is not None:
            return tuple(sorted(strengths, key=lambda entry: (-strengths[entry], entry)))
    return None


def seeds_to_keep(
    record: TournamentRecord, teams: Sequence[TournamentTeamRecord], played: int
) -> dict[int, int]:
    """Each team's seed by its row's id, to keep as round 1 starts (`played` rounds before
    it: none); nothing once seeds are kept, for a later round, or for a tournament not seeded."""
    if played or any(team.seed is not None for team in teams):
        return {}
    seeds = seeded(record, teams)
    if seeds is None:
        return {}
    row_of = {team.entry: team.id for team in teams}
    return {row_of[entry]: seed for seed, entry in enumerate(seeds, start=1)}


def pairing_numbers(
    record: TournamentRecord, teams: Sequence[TournamentTeamRecord], entries: Set[int]
) -> Set[int]:
    """These teams (entry numbers) as the pairing package numbers them in the tournament's
    schedule: by seed in a seeded round robin, whose schedule the seeds fix; else as they
    are. For a check of the schedule, such as a withdrawal's (`leaves_empty_round`)."""
    if tournament.format_of(record.format).late_after_start:
        return entries
    seeds = seeded(record, teams)
    if seeds is None:
        return entries
    return {seed for seed, entry in enumerate(seeds, start=1) if entry in entries}


def seeded_round(
    record: TournamentRecord,
    teams: Sequence[TournamentTeamRecord],
    order: Sequence[int],
    rounds: Sequence[tournament.Pairing],
    withdrawn: set[int],
    joined: dict[int, int],
) -> tournament.Pairing | None:
    """The next round paired by seed rather than by entry, after `rounds`: round 1 of a seeded
    tournament, and every round of a seeded round robin (None otherwise): the pairing package
    pairs the seeds as it pairs entry numbers (1–2, 3–4 in round 1, the higher seed
    North–South; a round robin's slots in seed order), and each seed's team takes its place.
    After round 1 the higher team in the standings `order` (entry numbers) sits North–South,
    as in any round robin."""
    fixed = not tournament.format_of(record.format).late_after_start
    # Rounds played without kept seeds were paired by entry (before seeds were kept, too).
    if rounds and (not fixed or all(team.seed is None for team in teams)):
        return None
    seeds = seeded(record, teams)
    if seeds is None:
        return None
    entry_of = dict(enumerate(seeds, start=1))
    seed_of = {entry: seed for seed, entry in entry_of.items()}
    paired = tournament.next_round(
        record.format,
        tuple(seed_of[entry] for entry in order) if rounds else tuple(entry_of),
        [relabelled(played, seed_of) for played in rounds],
        (),
        {seed_of[entry] for entry in withdrawn},
        {seed_of[entry]: after for entry, after in joined.items()},
    )
    return relabelled(paired, entry_of)


def relabelled(pairing: tournament.Pairing, label: Mapping[int, int]) -> tournament.Pairing:
    """The pairing with every team numbered by `label` (entry numbers to seeds, or back)."""
    return tournament.Pairing(
        tables=tuple(
            tournament.Table(label[table.north_south], label[table.east_west])
            for table in pairing.tables
        ),
        bye=None if pairing.bye is None else label[pairing.bye],
        walkovers=tuple(label[team] for team in pairing.walkovers),
    )
