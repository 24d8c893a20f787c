"""The web side: routes that parse a form, ask the service layer (`games`) and render.

Each module is one job: the scorer's pages (`scorer`), the view link and downloads
(`viewing`), the poll shortcut in front of Flask (`polls`), link replacement (`links`), the
QR code (`qr`), the language (`language`), error pages (`errors`), what keeps links private
(`privacy`), the offline shell's service worker (`offline`) and what templates may use
(`filters`). `create_app` registers them all.
"""

# The path prefixes of the two kinds of game link: robots.txt, the headers of game pages and
# the poll shortcut all go by them.
EDIT_LINKS = "/g"
VIEW_LINKS = "/v"
# How long a phone keeps what it chose here: its id (its games) and its language.
COOKIE_LIFETIME = 365 * 24 * 3600
