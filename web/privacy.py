"""What keeps game links private: security headers on every answer, and robots.txt."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, current_app, request

from web import (
    CLUB_LINKS,
    CLUB_VIEW_LINKS,
    EDIT_LINKS,
    TABLE_LINKS,
    TABLE_VIEW_LINKS,
    TOURNAMENT_LINKS,
    TOURNAMENT_TABLE_LINKS,
    TOURNAMENT_VIEW_LINKS,
    VIEW_LINKS,
)

bp = Blueprint("privacy", __name__)

# Paths that carry a working edit link in their address or their page.
EDIT_PATHS = (
    f"{EDIT_LINKS}/",
    f"{TABLE_LINKS}/",
    f"{TOURNAMENT_LINKS}/",
    f"{TOURNAMENT_TABLE_LINKS}/",
    f"{CLUB_LINKS}/",
)
GAME_LINKS = (
    *EDIT_PATHS,
    f"{VIEW_LINKS}/",
    f"{TABLE_VIEW_LINKS}/",
    f"{TOURNAMENT_VIEW_LINKS}/",
    f"{CLUB_VIEW_LINKS}/",
)
# Pages that carry an edit link (the scorer's, the home page's list of this phone's games,
# their CSV): never kept by a browser or a proxy, not even for the back button.
PRIVATE_ENDPOINTS = (
    "scorer.home",
    "scorer.create_game",
    "viewing.device_csv",
    "tables.create_table",
    "tournaments.new_tournament",
    "clubs.create_club",
    "tables.device_stats",
    "tables.device_stats_csv",
    "tables.device_stats_json",
)
HSTS = "max-age=31536000"


def register(app: Flask) -> None:
    """Give every answer of the app its security headers."""
    app.after_request(security_headers)


@bp.get("/robots.txt")
def robots() -> Response:
    """Keep search engines away from game links."""
    body = "User-agent: *\n" + "".join(f"Disallow: {prefix}\n" for prefix in GAME_LINKS)
    return Response(body, mimetype="text/plain")


def security_headers(response: Response) -> Response:
    """Headers on every answer: only our scripts run, links never leak, no framing, no sniffing."""
    game_link = request.path.startswith(GAME_LINKS)
    config = current_app.config
    items = security_header_items(config["HTMX_URL"], game_link, config["SESSION_COOKIE_SECURE"])
    for name, value in items:
        response.headers.setdefault(name, value)
    if request.path.startswith(EDIT_PATHS) or request.endpoint in PRIVATE_ENDPOINTS:
        response.headers["Cache-Control"] = "no-store"
    elif game_link:
        response.headers.setdefault("Cache-Control", "private, no-cache")
    return response


def script_source(url: str) -> str:
    """How a CSP names the htmx file's address: a bare path is this very site, which 'self'
    already allows (a path alone is no valid source, and browsers say so in the console)."""
    return "" if urlsplit(url).netloc == "" else f" {url}"


def security_header_items(htmx_url: str, game_link: bool, https: bool) -> list[tuple[str, str]]:
    """The security headers, for the app's answers and for the polls answered before it;
    `https` (SECURE_COOKIES) adds Strict-Transport-Security."""
    items = [
        (
            "Content-Security-Policy",
            "default-src 'self'; "
            f"script-src 'self'{script_source(htmx_url)}; "
            "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
        ),
        ("Referrer-Policy", "same-origin"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
    ]
    if game_link:
        items.append(("X-Robots-Tag", "noindex, nofollow"))
    if https:
        items.append(("Strict-Transport-Security", HSTS))
    return items
