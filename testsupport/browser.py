"""What the browser tests (tests/browser/) share: where things are, the phone a test holds,
what it measured, and games set up over HTTP."""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from testsupport.pages import number

ROOT = Path(__file__).resolve().parents[1]
# Debian's Chromium; the variable exists only so a test can play a machine without it.
CHROMIUM = Path(os.environ.get("SPADES_TEST_CHROMIUM", "/usr/bin/chromium"))
HTMX_FILE = ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js"
AXE_FILE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCREENSHOTS = ROOT / "build" / "screenshots"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE_SIZE = {"width": 390, "height": 844}
# The screen on the wall a tournament's watch page is shown on, in landscape.
TV_SIZE = {"width": 1920, "height": 1080}
# How Chromium notes a 4xx answer in the console; the tests check statuses themselves.
HTTP_STATUS_NOTE = "Failed to load resource: the server responded with a status of"

# Counts htmx's settled swaps, so a test can wait for the one its tap started.
COUNT_SWAPS = """
window.__swaps = 0;
document.addEventListener("htmx:afterSettle", () => { window.__swaps += 1; });
"""

# Figures the run reports at its end (taps per hand, page weight, where the screenshots are).
FIGURES: dict[str, str] = {}


# The most <details> an element of a page is folded in, one inside another.
MOST_FOLDS = 3


def what_is_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (make test installs it)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (make test installs it as root: apt-get install chromium)"
    for path in (HTMX_FILE, AXE_FILE):
        if not path.exists():
            return f"{path.relative_to(ROOT)} is missing (make test runs npm ci)"
    return None


@dataclass
class Phone:
    """One phone at the table: a page in its own browser context, counting the taps made on it."""

    context: object
    page: object
    base_url: str
    javascript: bool
    taps: int = 0
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)

    # --- moving around -------------------------------------------------------------------

    def go(self, path: str):
        """Open a path of the app, as typed or followed from a link outside it."""
        return self.page.goto(self.base_url + path)

    def token(self) -> str:
        """The edit token of the game page shown."""
        match = re.search(r"/g/([A-Za-z0-9_-]+)", self.page.url)
        assert match, self.page.url
        return match.group(1)

    def locate(self, selector: str):
        """The elements a selector names on the page (a Playwright locator)."""
        return self.page.locator(selector)

    # --- tapping -------------------------------------------------------------------------

    def tap(self, target) -> None:
        """Tap an element (a selector or a locator) with a finger, and count the tap; one
        folded away in a closed <details> is brought out first (`reveal`)."""
        locator = self.locate(target) if isinstance(target, str) else target
        self.reveal(locator)
        locator.tap()
        self.taps += 1

    def reveal(self, locator) -> None:
        """Open the closed <details> an element is folded in, outermost first, by tapping each
        one's summary as a person would (each tap counted); an element shown is left alone."""
        for _ in range(MOST_FOLDS):
            if locator.is_visible():
                return
            # The ancestor axis counts outwards, so the last closed one is the outermost.
            outermost = locator.locator("xpath=ancestor::details[not(@open)][last()]/summary")
            if not outermost.count():
                return  # hidden for another reason: the tap says so
            outermost.tap()
            self.taps += 1

    def select(self, name: str, value: str) -> None:
        """Pick an option of a select box, opening the <details> it is folded in if shut."""
        box = self.locate(f'select[name="{name}"]')
        self.reveal(box)
        box.select_option(value)

    def tap_to_load(self, target) -> None:
        """Tap a link or a plain form's button and wait for the page it leads to."""
        with self.page.expect_navigation():
            self.tap(target)

    def tap_to_save(self, target) -> None:
        """Tap a form's button: htmx swaps the answer in place, or without script a page loads."""
        locator = self.locate(target) if isinstance(target, str) else target
        if self.javascript and locator.evaluate("b => !!b.form.getAttribute('hx-post')"):
            before = self.page.evaluate("window.__swaps")
            self.tap(locator)
            self.page.wait_for_function("before => window.__swaps > before", arg=before)
        else:
            self.tap_to_load(locator)

    def choose(self, name: str, value) -> None:
        """Tap the button of a tap row (a radio input's label), opening its <details> if shut."""
        label = self.locate(f'label:has(> input[name="{name}"][value="{value}"])')
        assert label.count(), f"no button {name}={value} on the page, open or folded"
        self.tap(label)
        assert label.locator("input").is_checked(), f"{name}={value} did not stay checked"

    def type_into(self, selector: str, text: str) -> None:
        """Tap a text box, rub out what it holds and type into it with the phone's keyboard
        (nothing, to leave it blank)."""
        self.tap(selector)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Backspace")
        self.page.keyboard.type(text)

    # --- the game ------------------------------------------------------------------------

    def start_game(
        self,
        players=(),
        teams=(),
        dealer: int = 0,
        preset: str | None = None,
        table: str | None = None,
        house_rules: dict[str, str] | None = None,
    ) -> str:
        """Fill the new-game form on the home page, tap Start, and return the edit token.

        `table` taps who plays (`three_handed`, ...) first; left out, the form's partners stay.
        `house_rules` gives a value per house-rule field (`hands_limit`: "8", `boston_wins`:
        "on"): a number is typed, a yes-or-no or a choice picked from its list.
        """
        self.go("/")
        if table is not None:
            self.choose("table", table)
        for seat, name in enumerate(players):
            self.type_into(f'input[name="player_{seat}"]', name)
        for team, name in enumerate(teams):
            self.type_into(f'input[name="team_{team}"]', name)
        self.choose("first_dealer", dealer)
        if preset is not None:
            self.select("preset", preset)
        for name, value in (house_rules or {}).items():
            self.set_house_rule(name, value)
        self.tap_to_load('form[action="/games"] button.save')
        return self.token()

    def set_house_rule(self, name: str, value: str) -> None:
        """Give one house rule of the new-game form a value: a number typed, or a choice picked,
        with whatever folds the field away opened first (`reveal`)."""
        field = self.locate(f'form[action="/games"] [name="{name}"]')
        if field.evaluate("field => field.tagName") == "SELECT":
            self.select(name, value)
        else:
            self.type_into(f'form[action="/games"] [name="{name}"]', value)

    def enter_bids(self, *bids) -> None:
        """Tap one bid per player by seat (in the order they are bid at the table), then Save."""
        order = self.page.eval_on_selector_all(
            '.hand-form fieldset:has(input[name^="bid_"])',
            "sets => sets.map(s => s.querySelector('input').name)",
        )
        for name in order:
            seat = int(name[-1])
            self.choose(name, bids[seat])
        self.save_hand()

    def enter_tricks(self, **taps) -> None:
        """Tap the given trick rows (tricks_0, team_tricks_1, ...), in this order, then Save."""
        for name, value in taps.items():
            self.choose(name, value)
        self.save_hand()

    def save_hand(self) -> None:
        """Tap the hand form's Save button and wait for the answer."""
        self.tap_to_save(".hand-form button.save")

    def add_adjustment(self, hand: int, side: int, points: int, reason: str) -> None:
        """From the game page, open played hand `hand` from the history, tap its "Add an
        adjustment" link, pick the side, type the points and reason, and add it. Points taken
        away are typed without a minus, after tapping "Take points away", as on a phone's
        number pad that has no minus key."""
        self.tap_to_load(self.locate(".history .hand").nth(-hand).locator("a.edit"))
        self.tap_to_load(".edit-hand a[href$='/adjustment']")
        self.locate('.adjustment-form select[name="side"]').select_option(str(side))
        points_field = self.locate('.adjustment-form input[name="points"]')
        assert points_field.get_attribute("inputmode") == "numeric"  # no minus key on an iPhone
        if points < 0:
            self.tap('.adjustment-form label:has(> input[name="direction"][value="take"])')
        self.type_into('.adjustment-form input[name="points"]', str(abs(points)))
        self.type_into('.adjustment-form input[name="reason"]', reason)
        self.tap_to_save(".adjustment-form button.save")

    def totals(self) -> tuple[int, ...]:
        """The totals the scoreboard shows, one per side, as numbers."""
        texts = self.locate(".scoreboard .total").all_inner_texts()
        return tuple(number(t) for t in texts)

    def texts(self, selector: str) -> list[str]:
        """The visible texts of every element a selector names."""
        return [t.strip() for t in self.locate(selector).all_inner_texts()]

    def screenshot(self, folder: Path, name: str, full_page: bool = True) -> None:
        """Save the page (the whole of it, or the screen's worth shown) at CSS pixel size."""
        self.page.screenshot(path=folder / f"{name}.png", full_page=full_page, scale="css")


# --- games set up over HTTP, for the tests that look at pages rather than play them ---------


def make_table(keeper: Phone, name: str) -> str:
    """Make a table through the home page's "New table" link and form; its edit token."""
    keeper.go("/")
    keeper.tap_to_load('.my-tables a[href="/tables/new"]')
    keeper.type_into('.new-table input[name="name"]', name)
    keeper.tap_to_load(".new-table button.save")
    match = re.search(r"/t/([A-Za-z0-9_-]+)$", keeper.page.url)
    assert match, keeper.page.url
    assert keeper.texts("h1") == [name]
    return match.group(1)


# Every visible tap target smaller than 44 × 44 CSS pixels, described. A tap row's radio input
# is measured by its label, which is what the finger meets (the input lies inside its border).
SMALL_TARGETS = """
() => [...document.querySelectorAll(
  "a, button, summary, select, label:has(> input[type=radio]),"
  + "input:not([type=hidden]):not([type=radio])"
)].filter(e => e.checkVisibility()).map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width < 44 || r.height < 44)
  .map(([e, r]) => `${e.outerHTML.slice(0, 90)} is ${Math.round(r.width)}×${Math.round(r.height)}`)
"""

# --- what a page is like on a phone -----------------------------------------------------------

OPEN_EVERYTHING = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"

RUN_AXE = """
async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.flatMap(v => v.nodes.map(n =>
    `${v.id}: ${n.target.join(" ")} — ${n.failureSummary.replace(/\\s+/g, " ")}`));
}
"""


def axe_violations(page) -> list[str]:
    """Run axe-core (from node_modules) on the page as it is; one line per failing element."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=AXE_FILE)
    return page.evaluate(RUN_AXE)


def passes_axe(phone: Phone) -> None:
    """Axe finds nothing on the phone's page as it is, everything folded opened (checked with
    script only: axe is one)."""
    if phone.javascript:
        phone.page.evaluate(OPEN_EVERYTHING)
        violations = axe_violations(phone.page)
        assert violations == [], violations


def small_targets(page) -> list[str]:
    """The visible links, buttons, summaries, inputs and tap-row labels under 44 × 44 px."""
    return page.evaluate(SMALL_TARGETS)


def page_width(page) -> int:
    """How wide the page's content is: more than the viewport means a sideways scroll."""
    return page.evaluate("() => document.documentElement.scrollWidth")


# The longest a browser test waits for a service worker's news before it fails.
WAIT_AT_MOST_S = 60


def wait_until(phone, script: str, arg=None):
    """Evaluate an async function on the page until it gives a truthy value, and return that.

    Between tries the page waits for the worker's next news (it tells its pages of every copy
    kept and of its activation), not for a time: wait_for_function cannot wait on a promise.
    """
    # The news is listened for before the check, so none can slip between the two.
    check_or_wait = f"""async (arg) => {{
      const news = new Promise((told) => {{
        navigator.serviceWorker.addEventListener("message", told, {{ once: true }});
        setTimeout(told, {WAIT_AT_MOST_S * 1000});  // the bound on a broken worker only
      }});
      const result = await ({script})(arg);
      if (!result) await news;
      return result;
    }}"""
    deadline = time.monotonic() + WAIT_AT_MOST_S
    while not (result := phone.page.evaluate(check_or_wait, arg)):
        assert time.monotonic() < deadline, f"still false after {WAIT_AT_MOST_S} s: {script}"
    return result
