"""The shared web side: routes that parse a form, ask the service layer (`games`) and render,
for the game itself and for what every feature's pages share. The features' own routes are in
their rooms (`tables.routes`, `tournaments.routes`); `blueprints` finds them all.

Each module is one job: the scorer's pages (`scorer`), the view link and downloads
(`viewing`), a finished game's summary to share (`summary`), the printable score sheet
(`sheets`), the poll shortcut in front of Flask (`polls`), a game's link replaced (`links`),
the QR code (`qr`), the language (`language`), error pages (`errors`), what keeps links
private (`privacy`), the offline shell's service worker (`offline`) and what templates may
use (`filters`). What several routes share has a module of its own: the steps of a write (`writes`),
the answers to a followed page and the downloads (`responses`), looking links up and the limit on
guessing them (`lookups`), and the hand form as the pages show it (`hand_forms`).
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from flask import Blueprint

# The project's top folder: the feature rooms are its packages that have routes.
ROOT = Path(__file__).parent.parent

# The path prefixes of the two kinds of game link: robots.txt, the headers of game pages and
# the poll shortcut all go by them.
EDIT_LINKS = "/g"
VIEW_LINKS = "/v"
# The same for a table's two links (the people who play together, tables/routes/table.py).
TABLE_LINKS = "/t"
TABLE_VIEW_LINKS = "/tv"
# A tournament's links (tournaments/routes/tournament.py): the director's, the watch link for the
# wall and the spectators, and each table's scorer's link printed on its card.
TOURNAMENT_LINKS = "/d"
TOURNAMENT_VIEW_LINKS = "/w"
TOURNAMENT_TABLE_LINKS = "/s"
# A club's links (clubs/routes/club.py): the organiser's, and the members' and the wall's.
CLUB_LINKS = "/c"
CLUB_VIEW_LINKS = "/cv"
# Every kind of link whose token is a key: the logs keep none of them (web/logs.py).
SECRET_LINKS = (
    EDIT_LINKS,
    VIEW_LINKS,
    TABLE_LINKS,
    TABLE_VIEW_LINKS,
    TOURNAMENT_LINKS,
    TOURNAMENT_VIEW_LINKS,
    TOURNAMENT_TABLE_LINKS,
    CLUB_LINKS,
    CLUB_VIEW_LINKS,
)


def blueprints() -> list[Blueprint]:
    """Every area's routes: the blueprint (`bp`) of each module of this package that has one,
    then of each module of every feature room's `routes` package (a top-level package with a
    `routes/`, such as `tables` and `tournaments`), by name. `create_app` registers them all,
    so a new area, or a new room, is served from the moment its module exists. (Imported when
    asked: each of them imports this module's prefixes.)"""
    rooms = sorted(path.parent.parent.name for path in ROOT.glob("*/routes/__init__.py"))
    packages = [
        importlib.import_module(name) for name in (__name__, *(f"{room}.routes" for room in rooms))
    ]
    areas = (
        importlib.import_module(f"{package.__name__}.{module.name}")
        for package in packages
        for module in pkgutil.iter_modules(package.__path__)
    )
    return [area.bp for area in areas if isinstance(getattr(area, "bp", None), Blueprint)]


# How long a phone keeps what it chose here: its id (its games) and its language.
COOKIE_LIFETIME = 365 * 24 * 3600
