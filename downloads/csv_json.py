"""A game as a spreadsheet (CSV) or as data (JSON), from the stored game and its replayed score;
and career figures (`scoring.Career`) the same two ways.

Pure functions: they take a loaded game (anything with the `records.games.GameRecord` attributes)
and the engine's replayed `scoring.Game`, and never touch the request or the database.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator

import scoring

CSV_COLUMNS = (
    "game",
    "hand",
    "dealer",
    "team",
    "players",
    "bids",
    "tricks",
    "contract",
    "contract_points",
    "bag_points",
    "nil_points",
    "bag_penalty",
    "bonus_points",
    "hand_points",
    "bags",
    "total",
    "note",  # an adjustment's reason: its row has only its points and the total after it
)

# A spreadsheet reads a cell starting with one of these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

BID_TEXT = {scoring.NIL: "nil", scoring.BLIND_NIL: "blind"}

SLUG_LENGTH = 30  # per team name: keeps the whole file name well under common limits
PARTNERS = " & "  # between the names of the players scored together, in a cell
FORFEIT = "forfeit"  # the JSON's reason for a tournament's game its director awarded


def side_names(game_model, rules: scoring.Rules) -> tuple[str, ...]:
    """What each side is called: the teams' names, or without partners the players'."""
    return tuple(game_model.teams if rules.partnership else game_model.players)


def csv_rows(game_model, state: scoring.Game, label: str) -> Iterator[dict]:
    """One row per hand and side, then one per adjustment recorded after the hand, keyed by
    `CSV_COLUMNS`; `label` names the game in every row.

    Without partners a side is one player: `team` and `players` both name them, and `bids` and
    `tricks` hold a lone value.
    """
    rules = state.rules
    sides = side_names(game_model, rules)
    players = game_model.players
    for result in state.hands:
        hand = result.hand
        for team_hand in result.teams:
            team = team_hand.team
            seats = rules.seats_of(team)
            yield {
                "game": label,
                "hand": result.number,
                "dealer": players[result.dealer],
                "team": sides[team],
                "players": PARTNERS.join(players[s] for s in seats),
                "bids": "/".join(_bid_text(hand.bids[s]) for s in seats),
                "tricks": _tricks_text(hand, team, rules),
                "contract": team_hand.contract,
                "contract_points": team_hand.contract_points,
                "bag_points": team_hand.bag_points,
                "nil_points": team_hand.nil_points,
                "bag_penalty": team_hand.bag_penalty,
                "bonus_points": team_hand.bonus_points,
                "hand_points": team_hand.points,
                "bags": team_hand.bags,
                "total": team_hand.total,
            }
        for shown in result.adjustments:
            side = shown.adjustment.side
            yield {
                "game": label,
                "hand": result.number,
                "team": sides[side],
                "players": PARTNERS.join(players[s] for s in rules.seats_of(side)),
                "hand_points": shown.adjustment.points,
                "total": shown.total,
                "note": shown.adjustment.reason,
            }


def _bid_text(bid: scoring.Bid | None) -> str:
    """A bid as a CSV cell says it: the number, nil, blind (Blind Nil) or blind_7; empty for
    none (a first hand that bids itself)."""
    if bid is None:
        return ""
    return BID_TEXT.get(bid, str(bid)) if isinstance(bid, str) else scoring.bid_text(bid)


def _tricks_text(hand: scoring.Hand, team: int, rules: scoring.Rules) -> str:
    """The partners' tricks as "5/0", or the team's total alone when only that was entered; a
    player on their own has a lone count."""
    seats = rules.seats_of(team)
    if any(hand.tricks[s] is None for s in seats):
        return str(hand.taken(team, rules))
    return "/".join(str(hand.tricks[s]) for s in seats)


def write_csv(rows: Iterable[dict], columns: tuple[str, ...] = CSV_COLUMNS) -> str:
    """The rows as RFC 4180 CSV text (header first, CRLF line ends), safe to open in a spreadsheet.

    Text cells that a spreadsheet would run as a formula get a leading apostrophe; integers are
    written as they are, so a negative total stays a number.
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: _cell(value) for key, value in row.items()})
    return out.getvalue()


def _cell(value):
    """A CSV cell: numbers as they are, text guarded against formula injection."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_filename(game_model) -> str:
    """A short ASCII name for the game's CSV file, e.g. spades-team-a-vs-team-b-2026-11-29.csv
    (every player's name, one after the other, without partners)."""
    sides = side_names(game_model, game_model.scoring_rules)
    names = [slug(name) or f"team-{i + 1}" for i, name in enumerate(sides)]
    parts = ["spades", "-vs-".join(names)]
    created = getattr(game_model, "created_at", None)
    if created is not None:
        parts.append(created.date().isoformat())
    return "-".join(parts) + ".csv"


def slug(text: str | None) -> str:
    """Lower-case ASCII letters and digits joined by hyphens, accents dropped, kept short."""
    ascii_text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:SLUG_LENGTH].rstrip("-")


def game_json(game_model, state: scoring.Game, forfeit: int | None = None) -> dict:
    """The whole game as JSON-ready data: setup, every hand with its breakdown, and the standing
    (over, won by side `forfeit` with no next hand, once a tournament's director awarded it so).

    Holds no link token nor device id: the data is served to anyone with the view link.
    """
    created = getattr(game_model, "created_at", None)
    rules = state.rules
    sides = side_names(game_model, rules)
    return {
        "rules": rules.to_dict(),
        "preset": game_model.preset,
        "teams": list(game_model.teams),
        "players": list(game_model.players),
        # Who is scored together, in the order of `totals`, `bags` and each hand's `teams`.
        "sides": [{"name": sides[s], "seats": list(rules.seats_of(s))} for s in rules.sides],
        "first_dealer": state.first_dealer,
        "created_at": created.isoformat() if created is not None else None,
        "hands": [_hand_json(result) for result in state.hands],
        # The hands after which time was called (null while it is not), and every adjustment
        # in the order it is added, each with its side's total after it.
        "time_called_after": state.time_called_after,
        "adjustments": [
            {
                "after_hand": shown.adjustment.after_hand,
                "side": shown.adjustment.side,
                "points": shown.adjustment.points,
                "reason": shown.adjustment.reason,
                "total": shown.total,
            }
            for shown in state.adjustments
        ],
        "totals": list(state.totals),
        "bags": list(state.bags),
        "status": _status(state) if forfeit is None else "over",
        "winner": state.winner if forfeit is None else forfeit,
        "reason": state.reason if forfeit is None else FORFEIT,
        "next": _next_json(state.next) if forfeit is None else None,
    }


def _status(state: scoring.Game) -> str:
    """The standing in a word: "over" once won, "tie" on equal totals at the end, else "playing"."""
    if state.over:
        return "over"
    return "tie" if state.tied else "playing"


def _hand_json(result: scoring.HandResult) -> dict:
    """One scored hand: its inputs as entered and both teams' results."""
    hand = result.hand
    return {
        "number": result.number,
        "dealer": result.dealer,
        "bids": [_bid_json(bid) for bid in hand.bids],
        "tricks": list(hand.tricks),
        "team_tricks": list(hand.team_tricks),
        "teams": [_team_json(team_hand) for team_hand in result.teams],
    }


def _bid_json(bid: scoring.Bid | None) -> int | str | None:
    """A bid as JSON holds it: a number, or its stored text ("nil", "blind_nil", "blind_7");
    null for none (a first hand that bids itself)."""
    return bid if bid is None or isinstance(bid, int) else scoring.bid_text(bid)


def _team_json(team_hand: scoring.TeamHand) -> dict:
    """One team's result for a hand, with its itemised breakdown."""
    return {
        "team": team_hand.team,
        "contract": team_hand.contract,
        "tricks": team_hand.tricks,
        "bags_taken": team_hand.bags_taken,
        "points": team_hand.points,
        "bags": team_hand.bags,
        "total": team_hand.total,
        "items": [
            {
                "kind": item.kind,
                "points": item.points,
                "amount": item.amount,
                "made": item.made,
                "seat": item.seat,
            }
            for item in team_hand.items
        ],
    }


def _next_json(nxt: scoring.NextHand | None) -> dict | None:
    """What the next hand needs, every field of the engine's `NextHand` (per-side figures as
    lists), or None once the game is over."""
    if nxt is None:
        return None
    data = {
        field.name: list(value) if isinstance(value, tuple) else value
        for field in dataclasses.fields(nxt)
        for value in (getattr(nxt, field.name),)
    }
    if nxt.first_to_draw is None:  # said only where two players draw their hands
        del data["first_to_draw"]
    return data


# The career figures' CSV: one row per player, then per partnership (docs/formats.md lists them).
STATS_COLUMNS = (
    "kind",
    "name",
    "games",
    "wins",
    "win_rate",
    "hands",
    "contracts",
    "contracts_made",
    "contracts_made_rate",
    "sets",
    "bags",
    "bags_per_hand",
    "bag_penalties",
    "nil_tried",
    "nil_made",
    "blind_nil_tried",
    "blind_nil_made",
    "points",
    "points_per_hand",
    "best_hand",
    "worst_hand",
    "biggest_comeback",
)


def _rate(value: float | None) -> float | None:
    """A share or an average, to two decimals (None where there was nothing to count)."""
    return None if value is None else round(value, 2)


def figures_json(figures: scoring.Figures) -> dict:
    """One player's or partnership's figures as JSON-ready values."""
    return {
        "name": figures.name,
        "games": figures.games,
        "wins": figures.wins,
        "win_rate": _rate(figures.win_rate),
        "hands": figures.hands,
        "contracts": figures.contracts,
        "contracts_made": figures.contracts_made,
        "contracts_made_rate": _rate(figures.contracts_made_rate),
        "sets": figures.sets,
        "bags": figures.bags,
        "bags_per_hand": _rate(figures.bags_per_hand),
        "bag_penalties": figures.bag_penalties,
        "nil_tried": figures.nil_tried,
        "nil_made": figures.nil_made,
        "blind_nil_tried": figures.blind_nil_tried,
        "blind_nil_made": figures.blind_nil_made,
        "points": figures.points,
        "points_per_hand": _rate(figures.points_per_hand),
        "best_hand": None if figures.best_hand is None else figures.best_hand.points,
        "worst_hand": None if figures.worst_hand is None else figures.worst_hand.points,
        "biggest_comeback": figures.biggest_comeback,
    }


def stats_rows(career: scoring.Career) -> Iterator[dict]:
    """The career figures as CSV rows keyed by `STATS_COLUMNS`: players, then partnerships."""
    for kind, entries in (("player", career.players), ("partnership", career.partnerships)):
        for figures in entries:
            yield {"kind": kind, **figures_json(figures)}


def write_stats_csv(career: scoring.Career) -> str:
    """The career figures as CSV text."""
    return write_csv(stats_rows(career), STATS_COLUMNS)


def stats_json(career: scoring.Career) -> dict:
    """The career figures as JSON: totals, every player and partnership, and head-to-head."""
    return {
        "games": career.games,
        "hands": career.hands,
        "players": [figures_json(f) for f in career.players],
        "partnerships": [figures_json(f) for f in career.partnerships],
        "head_to_head": [
            {"sides": list(h.names), "games": h.games, "wins": list(h.wins)}
            for h in career.head_to_head
        ],
    }


def stats_filename(name: str) -> str:
    """A short ASCII name for a table's stats file, e.g. spades-stats-friday-club.csv."""
    return "-".join(part for part in ("spades-stats", slug(name)) if part) + ".csv"
