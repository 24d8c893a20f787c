"""A tournament's playoff, from the director's page: started once the last round is over, the
top 2, 4 or 8 of the final standings seated by `tournament.first_stage`, then each next stage
from the last one's winners (`tournament.next_stage`), up to the final whose winner is the
champion. Its stages are rounds marked `playoff` (`tournaments.services.brackets`): the standings
stay as the last round left them.

Its length is the director's choice when it starts: as the rounds (the tournament's rules as
they are) or to the target (a number of hands dropped). No clock runs in it: with minutes per
round the rounds' rules play to the target already, so both choices play to the target.
"""

from __future__ import annotations

from typing import Any

import scoring
import tournament
from records.tournaments import TournamentRecord
from tournaments.services.rounds import RoundRefused, Standing, standing
from tournaments.services.starting import holding, start_once, started_here

# What the start form's length means: the rounds' rules, or every game to the target.
AS_ROUNDS, TO_TARGET = "rounds", "target"
# A `tournament` playoff error's code as the page's refusal says it.
SIZE_REFUSALS = {"bad_playoff_size": "bad_size", "playoff_too_large": "too_large"}


def start_refusal(now: Standing) -> str | None:
    """Why the playoff cannot start now, whatever its size, as a `RoundRefused` code:
    `started` (it has), `rounds_left` (a round is still to be started) or `in_play` (a game of
    the last round is still being played); None if it can."""
    if now.playoff.stages:
        return "started"
    if len(now.rounds) < now.round_count:
        return "rounds_left"
    if now.current is not None and not now.current.over:
        return "in_play"
    return None


def first_stage(now: Standing, size: int) -> tuple[tournament.Table, ...]:
    """The playoff's first stage of `size` teams from the standings as they are, the teams
    withdrawn passed over; RoundRefused (`bad_size`, `too_large`) for a size it cannot have."""
    withdrawn = {team.entry for team in now.teams if team.withdrawn_after is not None}
    try:
        return tournament.first_stage(tournament.order_of(now.rows), size, withdrawn)
    except tournament.TournamentError as error:
        raise RoundRefused(SIZE_REFUSALS.get(error.code, error.code)) from None


def playoff_rules(record: TournamentRecord, length: str) -> dict[str, Any]:
    """The rules of the playoff's games: the tournament's, to the target when `length` says
    so (without the number of hands a round's game stops at)."""
    if length != TO_TARGET:
        return dict(record.rules)
    return scoring.Rules.from_dict(record.rules).but(hands_limit=0).to_dict()


def start_playoff(token: str, size: int, length: str, nonce: str | None) -> TournamentRecord:
    """Start the playoff of the tournament behind director's link `token`: its first stage of
    the top `size` teams, each game with the rules its `length` says, in one transaction. The
    same form sent again answers as done. RoundRefused with nothing written (`start_refusal`,
    `first_stage`); the tournament."""
    with holding(token) as record:
        if started_here(record, nonce):
            return record
        now = standing(record)
        refusal = start_refusal(now)
        if refusal is not None:
            raise RoundRefused(refusal)
        tables = first_stage(now, size)
        start_once(now, tables, playoff_rules(record, length), nonce, playoff=True)
        return record


def start_stage(token: str, nonce: str | None) -> TournamentRecord:
    """Start the playoff's next stage (the semi-finals, the final) from the last one's winners,
    the first stage's rules again, in one transaction. The same form sent again answers as
    done. RoundRefused with nothing written (`tournaments.services.brackets.Bracket.refusal`)."""
    with holding(token) as record:
        if started_here(record, nonce):
            return record
        now = standing(record)
        refusal = now.playoff.refusal()
        if refusal is not None:
            raise RoundRefused(refusal)
        rules = now.playoff.stages[0].tables[0].scored.record.rules
        start_once(now, now.playoff.next_stage(), rules, nonce, playoff=True)
        return record
