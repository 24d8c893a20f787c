"""Writing a game's two inputs besides its hands: time called (and taken back) and the
adjustments recorded after hands. Each is stored in the game's row with its claim
(games.claims.commit_with), after the engine replayed the game with it, or refused whole."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, replace

import scoring
from games.claims import Write, commit_with
from games.reading import recorded_adjustments, replay_with, replays
from games.scored import ScoredGame
from games.writing import HandRefused, under_claim

# A write of one of the game's inputs that needs nothing but the game and the form's write.
InputWrite = Callable[[ScoredGame, Write], ScoredGame]


def call_time(scored: ScoredGame, write: Write) -> ScoredGame:
    """Call time: the hand whose bids are in is the last, else the hands complete are. The
    game as the write leaves it; HandRefused if time is already called or the game is over,
    Conflict when another write came first."""
    try:
        state = scored.state.call_time(bids_entered=scored.in_play is not None)
    except scoring.InvalidGameInput as error:
        raise HandRefused(error.problems) from error
    return _store(scored, write, state)


def resume(scored: ScoredGame, write: Write) -> ScoredGame:
    """Take time called back: the game plays on to its other ends. HandRefused if time was not
    called, RoundEnded in a round that has ended, Conflict when another write came first."""
    if scored.state.time_called_after is None:
        raise HandRefused((scoring.Problem("time_not_called"),))
    if scored.state.over and scored.state.reason != scoring.TIME:
        raise HandRefused((scoring.Problem("game_over"),))
    return _store(scored, write, scored.state.resume())


def add_adjustment(scored: ScoredGame, adjustment: scoring.Adjustment, write: Write) -> ScoredGame:
    """Record an adjustment after a played hand; every total after it is replayed. The game as
    the write leaves it; HandRefused naming what is wrong with it, Conflict when another write
    came first."""
    adjustments = (*recorded_adjustments(scored.record), adjustment)
    return _store(scored, write, _replayed(scored, scored.state.time_called_after, adjustments))


def remove_adjustment(
    scored: ScoredGame, after_hand: int, position: int, write: Write
) -> ScoredGame:
    """Remove the `position`-th adjustment (from 1) recorded after hand `after_hand`, as if it
    never was. HandRefused if there is none such or the game would not replay without it,
    Conflict when another write came first."""
    kept = recorded_adjustments(scored.record)
    after = [i for i, a in enumerate(kept) if a.after_hand == after_hand]
    if not 1 <= position <= len(after):
        raise HandRefused((scoring.Problem("adjustment_missing"),))
    index = after[position - 1]
    adjustments = (*kept[:index], *kept[index + 1 :])
    return _store(scored, write, _replayed(scored, scored.state.time_called_after, adjustments))


def _replayed(
    scored: ScoredGame, time_called_after: int | None, adjustments: tuple[scoring.Adjustment, ...]
) -> scoring.Game:
    """The game replayed with these inputs, and its bids in play still allowed; HandRefused
    with the engine's problems otherwise."""
    played = [h.to_engine() for h in scored.played]
    try:
        state = replay_with(scored.record, played, time_called_after, adjustments)
    except scoring.InvalidHand as error:
        raise HandRefused(error.problems) from error
    if scored.in_play is not None and state.over:
        raise HandRefused((scoring.Problem("game_over"),))
    return state


def _store(scored: ScoredGame, write: Write, state: scoring.Game) -> ScoredGame:
    """Commit the game's row with the inputs `state` was replayed with, and keep the replay
    for the pages that show this version next; the game as written. RoundEnded when it would
    put a game of a round that has ended back in play (time taken back, an adjustment that
    undoes its ending)."""
    inputs = {
        "time_called_after": state.time_called_after,
        "adjustments": [asdict(a) for a in state.recorded],
    }
    ending_changed = scored.state.over or state.over
    checked = under_claim(scored, state, lambda: None)
    key = commit_with(scored.record, write, checked, ending_changed, **inputs)[0]
    replays().keep(key, (scored.hands, state))
    return replace(scored, state=state)
