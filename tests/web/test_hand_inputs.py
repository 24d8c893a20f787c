"""A hand's inputs are described once, by the hand table's columns: the plain copy the pages
read, the names its values are written under and the hand form's tap rows follow them."""

from __future__ import annotations

from dataclasses import fields

import pytest
from wtforms import RadioField

import scoring
from forms import HandForm
from records.games import (
    BID_COLUMNS,
    HAND_INPUTS,
    TEAM_TRICK_COLUMNS,
    TRICK_COLUMNS,
    HandRecord,
    StoredHand,
    hand_columns,
)

HANDS = [
    scoring.Hand(bids=(4, 3, scoring.NIL, 5), tricks=(5, 3, 0, 5)),
    scoring.Hand(bids=(4, 3, 2, 3), tricks=(None,) * 4, team_tricks=(7, 6)),
    scoring.Hand(bids=(5, scoring.BLIND_NIL, 6), tricks=(6, 1, 10)),
    scoring.Hand(bids=(6, 7), tricks=(6, 7)),
    # A first hand that bids itself: no bid at any seat.
    scoring.Hand(bids=(None,) * 4, tricks=(None,) * 4, team_tricks=(6, 7)),
]


def test_the_stored_copy_of_a_hand_holds_every_column_but_when_it_was_made():
    columns = [c.name for c in HandRecord.__table__.columns if c.name != "created_at"]
    assert [f.name for f in fields(StoredHand)] == columns
    assert [c.name for c in StoredHand.columns()] == columns


def test_the_inputs_are_a_bid_and_tricks_per_seat_and_tricks_per_team():
    assert len(BID_COLUMNS) == len(TRICK_COLUMNS) == len(scoring.SEATS)
    assert len(TEAM_TRICK_COLUMNS) == 2
    assert (*BID_COLUMNS, *TRICK_COLUMNS, *TEAM_TRICK_COLUMNS) == HAND_INPUTS


def test_a_stored_hand_allows_no_value_only_where_a_smaller_table_leaves_a_seat_empty():
    types = {f.name: f.type for f in fields(StoredHand)}
    assert [types[name] for name in BID_COLUMNS] == [str, str, str | None, str | None]
    assert all(types[name] == int | None for name in (*TRICK_COLUMNS, *TEAM_TRICK_COLUMNS))


def test_the_hand_form_has_a_tap_row_for_every_input_column_and_no_other(app):
    with app.test_request_context():
        form = HandForm(formdata=None)
        rows = [field.name for field in form if isinstance(field, RadioField)]
    assert rows == list(HAND_INPUTS)


@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: f"{len(hand.bids)} seats")
def test_a_hand_written_to_the_columns_reads_back_as_the_same_hand(hand):
    stored = StoredHand(id=1, game_id=1, number=1, **hand_columns(hand))
    assert stored.to_engine() == hand


def test_a_blind_bid_is_written_as_the_engine_writes_it_and_reads_back_the_same():
    """The engine's text of a bid is the stored text: Blind 7 goes in as "blind_7" on both
    partners' seats and comes back as the engine's blind bid."""
    blind = scoring.Blind(7)
    hand = scoring.Hand(bids=(blind, 4, blind, 3), tricks=(None,) * 4, team_tricks=(8, 5))
    columns = hand_columns(hand)
    assert (columns["bid_0"], columns["bid_2"]) == ("blind_7", "blind_7")
    assert StoredHand(id=1, game_id=1, number=1, **columns).to_engine() == hand


@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: f"{len(hand.bids)} seats")
def test_the_hand_form_shows_a_stored_hand_as_it_was_entered(app, hand):
    stored = StoredHand(id=1, game_id=1, number=1, **hand_columns(hand))
    with app.test_request_context():
        form = HandForm(formdata=None)
        form.fill_from(stored)
        chosen = {name: form[name].data for name in HAND_INPUTS}
    written = hand_columns(hand)
    assert chosen == {
        name: None if written[name] is None else str(written[name]) for name in HAND_INPUTS
    }
