"""The page's language: the footer's switch first, then what the browser asks for."""

from __future__ import annotations

from functools import lru_cache

from babel.support import NullTranslations
from flask import Blueprint, Flask, abort, current_app, g, has_app_context, redirect, request
from flask_babel import get_translations
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from extensions import limit_writes
from forms import ActionForm
from web import COOKIE_LIFETIME

bp = Blueprint("language", __name__)

LANGUAGES = {"en": "English", "pt_BR": "Português"}
LANGUAGE_COOKIE = "lang"


def init_app(app: Flask) -> None:
    """Give the templates' `_` and `ngettext` this request's catalogue from `g`, found once per
    request: Flask-Babel's own look it up again on each call, which cost a game page about
    half of its rendering (some 60 strings at 10 µs each). Same catalogue, same wording."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # jinja2.ext.i18n's
        gettext=lambda text: catalogue().ugettext(text),
        ngettext=lambda one, many, n: catalogue().ungettext(one, many, n),
        newstyle=True,
        pgettext=lambda context, text: catalogue().upgettext(context, text),
        npgettext=lambda context, one, many, n: catalogue().unpgettext(context, one, many, n),
    )


def catalogue() -> NullTranslations:
    """This request's translations (Flask-Babel's), kept on `g` after the first string."""
    if not has_app_context():
        return get_translations()
    found: NullTranslations | None = g.get("catalogue")
    if found is None:
        found = g.catalogue = get_translations()
    return found


def select_locale() -> str:
    """The language of this request's pages (Flask-Babel's locale selector)."""
    return language_of(request.cookies.get(LANGUAGE_COOKIE), request.headers.get("Accept-Language"))


def language_of(chosen: str | None, accept_language: str | None) -> str:
    """The language: the footer switch's cookie first, then what the browser asks for."""
    if chosen in LANGUAGES:
        return chosen
    return browser_language(accept_language)


# A memo of a pure function, not state: the same header always means the same language.
@lru_cache(maxsize=256)
def browser_language(accept_language: str | None) -> str:
    """The language an Accept-Language header asks for, of ours (English unless Portuguese).

    Kept for each header seen: phones send the same few headers with every request.
    """
    best = parse_accept_header(accept_language, LanguageAccept).best_match(["en", "pt_BR", "pt"])
    return "pt_BR" if best in ("pt", "pt_BR") else "en"


def is_local_path(path: str) -> bool:
    """Whether a redirect target stays on this site.

    Browsers drop tabs and newlines from URLs and read a backslash as a slash, so
    "/<tab>/evil.example" would leave the site: only plain printable paths are kept.
    """
    return (
        path.startswith("/")
        and not path.startswith(("//", "/\\"))
        and path.isprintable()
        and not any(c.isspace() or c == "\\" for c in path)
    )


@bp.post("/language")
@limit_writes
def choose() -> Response:
    """Remember the language picked in the footer and go back to the page it was picked on."""
    if not ActionForm().validate_on_submit():
        abort(400)
    language = request.form.get("language")
    back = request.form.get("next") or "/"
    if not is_local_path(back):
        back = "/"
    response = redirect(back, 303)
    if language is not None and language in current_app.config["LANGUAGES"]:
        secure = current_app.config["SESSION_COOKIE_SECURE"]
        response.set_cookie(
            LANGUAGE_COOKIE, language, max_age=COOKIE_LIFETIME, samesite="Lax", secure=secure
        )
    return response
