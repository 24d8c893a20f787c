"""The steps every route that writes to a game takes, once: check the sent form, answer a
resend as the first send, try the write, and tell a write that another phone's came before
from this very form sent again."""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext
from werkzeug.wrappers import Response

import games
from forms import ActionForm


class GameForfeited(Exception):
    """A write to a tournament's game that its director awarded by forfeit: the game is over
    whatever its hands say, so nothing more is written to it (the scorer's page says so, 409)."""

    def __init__(self, scored: games.ScoredGame) -> None:
        """Keep the game, which the refusal shows as it is."""
        super().__init__(scored.record.id)
        self.scored = scored


def forfeited_message() -> str:
    """What a scorer is told of a write to a game awarded by forfeit."""
    return gettext(
        "The tournament's director awarded this game by forfeit: it is over, and nothing more"
        " can be saved in it."
    )


def tournament_game_message() -> str:
    """What a scorer is told who asks a tournament's game for what only a casual game does (a
    rematch, time called or taken back, a place at a table of friends)."""
    return gettext(
        "This is a tournament's game: its round's clock calls time, the director makes any"
        " ruling, and the next game at this table comes with the next round."
    )


def conflict_message() -> str:
    """What a scorer is told when another phone's write came first."""
    return gettext("Another phone changed this game first. Here is what is saved now.")


def write_of(form: ActionForm) -> games.Write:
    """What a sent form tells the service layer about the write: version seen, one-time token."""
    return games.Write(form.version.data, form.nonce.data)


def write_once(
    scored: games.ScoredGame,
    form: ActionForm,
    attempt: Callable[[games.Write], Response],
    *,
    not_right: Callable[[], Response],
    done: Callable[[], Response],
    overtaken: Callable[[], Response],
) -> Response:
    """Answer a form that writes to the game `scored`, as every write route does:

    a form that is not right is answered by `not_right`, and nothing is tried; the same form
    already applied (a double tap, a resend) by `done`, as its first send was; a game awarded
    by forfeit refuses the rest (GameForfeited, answered by the scorer's page); else `attempt`
    writes and answers (its own refusals included). When another phone's write came first
    (`games.Conflict`), this form may still be the one that did it, sent again while the first
    send was under way: then `done`, else `overtaken`, showing what is saved now.
    """
    if not form.validate_on_submit():
        return not_right()
    write = write_of(form)
    record = scored.record
    if games.is_repeat(record, write):
        return done()
    if scored.forfeit is not None:
        raise GameForfeited(scored)
    # Read now: a write that fails rolls back, which would make reading it a query again.
    token = record.edit_token
    try:
        return attempt(write)
    except games.Conflict:
        if games.was_applied(token, write):
            return done()
        return overtaken()
