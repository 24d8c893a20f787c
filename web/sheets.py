"""The paper score sheet: a game's hands as the table would have written them, to print."""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

import games
from records.games import GameRecord
from web import EDIT_LINKS, VIEW_LINKS
from web.lookups import limit_guesses

bp = Blueprint("sheets", __name__)


@bp.get(f"{EDIT_LINKS}/<token:token>/sheet")
@limit_guesses
def edit_sheet(token: str) -> str:
    """The score sheet from the edit link, which the scorer's page links to."""
    scored = games.load(token)
    return sheet_page(scored, url_for("scorer.show", token=token))


@bp.get(f"{VIEW_LINKS}/<token:token>/sheet")
@limit_guesses
def view_sheet(token: str) -> str:
    """The score sheet from the view link: it leads back there, and to nothing of the edit link."""
    scored = games.load(token, GameRecord.view_token)
    return sheet_page(scored, url_for("viewing.view", token=token))


def sheet_page(scored: games.ScoredGame, game_url: str) -> str:
    """A game's score sheet, one row per hand, with a way back to the page it came from."""
    return render_template("sheet.html", scored=scored, game_url=game_url)
