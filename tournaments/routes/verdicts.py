"""East–West's word on the hand their table's scorer saved (`tournaments.services.verdicts`),
from the scorer's page of a game whose tournament asks its opponents to confirm each hand:
agreed or disputed with one tap, then the game's page as it is now (htmx: its part; without
script: post/redirect/get).

Refused with nothing written, in the user's language: a word that is neither (400), a hand
that does not await one, as on a page shown before the word was given or the hand corrected
(409, the game's page as it is), a form another phone's write overtook (409)."""

from __future__ import annotations

from flask import Blueprint, request
from flask_babel import gettext
from werkzeug.wrappers import Response

import games
from extensions import limit_writes
from forms import ActionForm
from tournaments.services import verdicts
from web import EDIT_LINKS
from web.errors import not_right_message
from web.lookups import limit_guesses
from web.scorer import game_page, overtaken, saved
from web.writes import write_once

bp = Blueprint("tournament_verdicts", __name__)


def not_awaited() -> str:
    """What a word on a hand that does not await one is told."""
    return gettext(
        "That hand is not waiting for a word from the other side now. Here is the game as it"
        " is saved."
    )


@bp.post(f"{EDIT_LINKS}/<token:token>/hands/<int:number>/verdict")
@limit_writes
@limit_guesses
def verdict(token: str, number: int) -> Response:
    """The other side agrees to played hand `number`, or disputes it."""
    scored = games.load(token)
    said = request.form.get("verdict", "")

    def attempt(write: games.Write) -> Response:
        """Store the word, or show the game saying why it cannot be."""
        try:
            written = verdicts.give_verdict(scored, number, said, write)
        except verdicts.VerdictRefused:
            return game_page(scored, status=409, message=not_awaited())
        return saved(token, written)

    if said not in verdicts.VERDICTS:
        return game_page(scored, status=400, message=not_right_message())
    return write_once(
        scored,
        ActionForm(),
        attempt,
        not_right=lambda: game_page(scored, status=400, message=not_right_message()),
        done=lambda: saved(token),
        overtaken=lambda: overtaken(token),
    )
