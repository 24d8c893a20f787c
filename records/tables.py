"""How a table of people is stored: the table with its two links, its named rule sets, and the
links it had before they were replaced."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from extensions import db
from records.games import NAME_LENGTH, PRESET_LENGTH, TOKEN_LENGTH, new_token, utc_now


class TableRecord(db.Model):  # type: ignore[name-defined]
    """A table: the people who play together, whose games (from any phone) collect here. Like a
    game, it has a link to manage it and a link to follow it; both can be replaced."""

    __tablename__ = "card_table"  # "table" is a word SQL keeps for itself

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    edit_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    # The phone that made the table, or that replaced its edit link last: it holds the edit link.
    device: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    # Bumped on every change of the table itself (its links); its games have their own.
    version: Mapped[int] = mapped_column(default=0)
    # How many times its edit link was replaced: a game started or joined with an older one
    # (`GameRecord.table_generation`) no longer offers the table to its phone.
    edit_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # The one-time token of the form that made it: that form sent again finds it.
    creation_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)


class RuleSetRecord(db.Model):  # type: ignore[name-defined]
    """A table's named rules ("Friday rules"): a preset and every parameter, as a game keeps
    them. A removed one stays, nameless, so that the form that removed it, sent again, finds it."""

    __tablename__ = "rule_set"
    __table_args__ = (UniqueConstraint("table_id", "name", name="uq_rule_set_table_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("card_table.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH))  # None once removed
    preset: Mapped[str] = mapped_column(String(PRESET_LENGTH))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # as scoring.Rules.to_dict gives it
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    creation_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    removal_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)


class ReplacedTableLink(db.Model):  # type: ignore[name-defined]
    """A table's link that was replaced, kept only as a hash (see ReplacedLink)."""

    __tablename__ = "replaced_table_link"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("card_table.id", ondelete="CASCADE"), index=True
    )
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    replaced_at: Mapped[datetime] = mapped_column(default=utc_now)
