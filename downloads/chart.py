"""Every side's running totals as a small inline SVG line chart, drawn on the server: the two
teams, or each player when there are no partners.

The chart carries no colors of its own: lines use `currentColor` and the classes `team-0` to
`team-3`, so the page's CSS (light or dark) colors them; each side's line has its own dash
pattern too, so they differ without color. No script, no style attribute and no
external reference, so it is safe under a strict Content-Security-Policy.

Team names are typed by anyone, in any script, so none may turn the text around it: each
legend entry takes its direction from its own first letter (`unicode-bidi="plaintext"`, a
presentation attribute, as a style attribute is refused), and a caller isolates the names in
the title it words (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE).
"""

from __future__ import annotations

from markupsafe import Markup, escape

import scoring

WIDTH = 400
HEIGHT = 200
LEFT = 38  # room for the y labels, such as "-200"
RIGHT = 8
TOP = 22  # room for the legend
BOTTOM = 16  # room for the hand numbers
FONT_SIZE = 10
TEAM_1_DASH = "6 3"  # the two lines differ without color too
# One dash pattern per side (solid first), so four lines differ without color.
SIDE_DASHES = (None, TEAM_1_DASH, "2 2", "9 3 2 3")
LEGEND_CHARS = 30  # a longer name would run into the other team's legend (with two sides)
FSI, PDI = "\u2068", "\u2069"  # first strong isolate … pop directional isolate
# Keeps lines thin when the chart is scaled up to a wide screen (not inherited, so on each line).
FIXED = ' vector-effect="non-scaling-stroke"'


def running_totals_svg(
    state: scoring.Game, team_names: tuple[str, ...], *, title: str | None = None
) -> Markup:
    """The chart of every side's totals after each hand, from 0 before the first one.

    `title` (already translated by the caller, plain text) replaces the English summary used as
    the chart's title and accessible name. With no hand played the chart shows the axes alone.
    Names may come isolated between FSI and PDI, as the title needs them: the legend, which
    isolates each name on its own, shows them bare.
    """
    rules = state.rules
    sides = rules.sides
    series = [[0] + [result.total_after(side) for result in state.hands] for side in sides]
    hands = len(state.hands)
    values = [v for line in series for v in line] + [0, rules.target]
    if rules.floor is not None:
        values.append(rules.floor)
    pad = (max(values) - min(values)) * 0.05
    low, high = min(values) - pad, max(values) + pad

    def x(hand: int) -> float:
        """The x coordinate of a hand number (0 is before the first hand)."""
        return LEFT + (WIDTH - LEFT - RIGHT) * hand / max(hands, 1)

    def y(total: float) -> float:
        """The y coordinate of a total; higher totals are drawn higher."""
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - total) / (high - low)

    summary = title
    if summary is None:
        scores = ", ".join(
            f"{name} {total}" for name, total in zip(team_names, state.totals, strict=True)
        )
        played = "1 hand" if hands == 1 else f"{hands} hands"
        summary = f"Running totals after {played}: {scores}"
    left, right = _n(LEFT), _n(WIDTH - RIGHT)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg" width="100%" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(summary)}">',
        f"<title>{escape(summary)}</title>",
        '<g class="axes" stroke="currentColor" fill="none">',
        f'<line class="y-axis" x1="{left}" y1="{TOP}" x2="{left}" y2="{HEIGHT - BOTTOM}"{FIXED}/>',
    ]
    lines = [("zero", 0, None), ("target", rules.target, "4 3")]
    if rules.floor is not None:
        lines.append(("floor", rules.floor, "2 3"))
    for name, value, dash in lines:
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<line class="{name}" x1="{left}" y1="{_n(y(value))}" x2="{right}" '
            f'y2="{_n(y(value))}"{dashed}{FIXED}/>'
        )
    parts.append("</g>")
    parts.append(f'<g class="labels" fill="currentColor" font-size="{FONT_SIZE}">')
    for _, value, _ in lines:
        parts.append(
            f'<text x="{LEFT - 3}" y="{_n(y(value) + FONT_SIZE / 3)}" text-anchor="end">'
            f"{value}</text>"
        )
    parts.append(f'<text x="{left}" y="{HEIGHT - 3}" text-anchor="middle">0</text>')
    if hands:
        parts.append(f'<text x="{right}" y="{HEIGHT - 3}" text-anchor="end">{hands}</text>')
    legend_chars = _legend_chars(len(sides))
    for team, name in enumerate(team_names):
        start = LEFT + team * (WIDTH - LEFT) / len(sides)
        dashed = _dashed(team)
        parts.append(
            f'<line class="team-{team}" x1="{_n(start)}" y1="8" x2="{_n(start + 16)}" y2="8" '
            f'stroke="currentColor" stroke-width="2"{dashed}{FIXED}/>'
            f'<text x="{_n(start + 20)}" y="{8 + FONT_SIZE / 3:.0f}" unicode-bidi="plaintext">'
            f"{escape(_short(_bare(name), legend_chars))}</text>"
        )
    parts.append("</g>")
    if hands:
        for team, line in enumerate(series):
            points = " ".join(f"{_n(x(i))},{_n(y(total))}" for i, total in enumerate(line))
            dashed = _dashed(team)
            parts.append(
                f'<polyline class="team-{team}" fill="none" stroke="currentColor" '
                f'stroke-width="2" stroke-linejoin="round"{FIXED}{dashed} points="{points}"/>'
            )
    parts.append("</svg>")
    # Safe: every piece of user text above went through escape().
    return Markup("".join(parts))  # noqa: S704


def _n(value: float) -> str:
    """A coordinate rounded to one decimal, without a useless ".0", to keep long charts small."""
    text = f"{value:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text


def _bare(name: str) -> str:
    """A name without the FSI … PDI a caller put around it."""
    if len(name) >= 2 and name[0] == FSI and name[-1] == PDI:
        return name[1:-1]
    return name


def _legend_chars(sides: int) -> int:
    """How many characters of a name fit in one side's share of the legend: two teams have
    half the width each, three or four players a third or a quarter (about 6 units a letter,
    after the line sample and a gap)."""
    if sides <= 2:
        return LEGEND_CHARS
    return int(((WIDTH - LEFT) / sides - 24) / 6)


def _dashed(side: int) -> str:
    """The dash attribute of a side's line: none for the first, a pattern of its own after."""
    dash = SIDE_DASHES[side]
    return f' stroke-dasharray="{dash}"' if dash else ""


def _short(name: str, most: int = LEGEND_CHARS) -> str:
    """A side's name cut to fit its share of the legend; the title keeps it whole."""
    return name if len(name) <= most else name[: most - 1] + "…"


BAR_HEIGHT = 18
BAR_GAP = 6
NAME_WIDTH = 120  # room for a name before its bar
VALUE_WIDTH = 56  # room for the figure after it


def bars_svg(rows: list[tuple[str, float, str]], title: str) -> Markup:
    """A small horizontal bar chart in the game chart's style: one bar per (name, value, label),
    its length the value's share of the largest (negative values draw from nothing), the
    label written after it. `title` (translated by the caller) is its accessible name."""
    height = max(len(rows), 1) * (BAR_HEIGHT + BAR_GAP)
    room = WIDTH - NAME_WIDTH - VALUE_WIDTH
    largest = max((value for _, value, _ in rows), default=0) or 1
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg bars" width="100%" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<g fill="currentColor" font-size="{FONT_SIZE + 1}">',
    ]
    for row, (name, value, label) in enumerate(rows):
        top = row * (BAR_HEIGHT + BAR_GAP)
        middle = _n(top + BAR_HEIGHT / 2 + FONT_SIZE / 3)
        length = room * max(value, 0) / largest if largest > 0 else 0
        parts.append(
            f'<text x="{NAME_WIDTH - 6}" y="{middle}" text-anchor="end" '
            f'unicode-bidi="plaintext">{escape(_short(name, 18))}</text>'
            f'<rect class="bar" x="{NAME_WIDTH}" y="{top}" width="{_n(length)}" '
            f'height="{BAR_HEIGHT}" rx="3"/>'
            f'<text x="{_n(NAME_WIDTH + length + 6)}" y="{middle}">{escape(label)}</text>'
        )
    parts.append("</g></svg>")
    # Safe: every piece of user text above went through escape().
    return Markup("".join(parts))  # noqa: S704


def ratings_svg(points: list[int], title: str) -> Markup:
    """A player's rating after each counted game as a small line chart in the game chart's
    style, from the first game on, the lowest and highest ratings written at the left. `title`
    (translated by the caller) is its accessible name."""
    low, high = min(points, default=0), max(points, default=0)
    span = (high - low) or 1
    room_x, room_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = room_x / max(len(points) - 1, 1)
    line = " ".join(
        f"{_n(LEFT + index * step)},{_n(TOP + room_y * (high - value) / span)}"
        for index, value in enumerate(points)
    )
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg ratings" width="100%" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<g fill="currentColor" font-size="{FONT_SIZE}">',
        f'<text x="{LEFT - 4}" y="{TOP + FONT_SIZE / 3:.0f}" text-anchor="end">{high}</text>',
        f'<text x="{LEFT - 4}" y="{TOP + room_y:.0f}" text-anchor="end">{low}</text>',
        "</g>",
        f'<polyline class="team-0" fill="none" stroke="currentColor" stroke-width="2"{FIXED} '
        f'points="{line}"/>',
        "</svg>",
    ]
    # Safe: the title went through escape(); the rest is numbers.
    return Markup("".join(parts))  # noqa: S704
