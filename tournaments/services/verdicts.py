"""The other side's word on each hand, where a tournament asks its opponents to confirm every
hand (`records.tournaments.TournamentRecord.confirm_hands`): after the scorer saves a hand,
East–West agree to it or dispute it on the same phone, and the director rules on a disputed
one (it stands as saved, or is corrected: `tournaments.services.rulings`). A game counts in the
standings once every hand is agreed or ruled (`tournaments.services.rounds.TableGame.over`).

North–South keep the score and East–West confirm it, as a bridge club's North enters each
result and East checks it."""

from __future__ import annotations

from games.claims import Write
from games.scored import ScoredGame
from games.writing import store_verdict
from records.games import AGREED, DISPUTED

# What the agreement form sends, and the verdict each stores.
VERDICTS = {"agree": AGREED, "dispute": DISPUTED}


class VerdictRefused(ValueError):
    """No word can be given on that hand now: the game asks none, or the hand is not the one
    awaiting the other side's word (a page shown before it was given, or a made-up number)."""


def give_verdict(scored: ScoredGame, number: int, said: str, write: Write) -> ScoredGame:
    """Store the other side's word (`VERDICTS`: "agree" or "dispute") on played hand `number`,
    the first that awaits one. The game as the write leaves it; VerdictRefused for a word or a
    hand that is not asked for, Conflict when another write came first."""
    awaiting = scored.awaiting
    if awaiting is None or awaiting.number != number or said not in VERDICTS:
        raise VerdictRefused(number)
    return store_verdict(scored, awaiting, VERDICTS[said], write)
