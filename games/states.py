"""What some games look like to what is worked out from them, read in one small query: how
many there are, their versions summed (a write to any of them moves it) and the newest. A page
or a sum kept under it is never out of date."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, func, select

from extensions import db
from records.games import GameRecord

# What some games look like to what is worked out from them (`games_state`).
GamesState = tuple[int, int, int]


def state_columns() -> tuple[ColumnElement[int], ColumnElement[int], ColumnElement[int]]:
    """The columns that read `GamesState` in a query over some games: how many there are,
    their versions summed (a write to any of them moves it) and the newest."""
    return (
        func.count(GameRecord.id),
        func.coalesce(func.sum(GameRecord.version), 0),
        func.coalesce(func.max(GameRecord.id), 0),
    )


def state_of(values: Sequence[Any]) -> GamesState:
    """`GamesState` from the values `state_columns` read, in that order."""
    return (int(values[0]), int(values[1]), int(values[2]))


def games_state(which: ColumnElement[bool]) -> GamesState:
    """What sums over some games depend on (`GamesState`), in one small query."""
    return state_of(db.session.execute(select(*state_columns()).where(which)).one())
