"""Every stored row out to one JSON document and back: what `flask export-games` and
`flask import-games` run.

The document lists the tables and columns of the models' own metadata, so a table or column
added later travels without a change here. Rows keep their ids, which the references between
them use. Loading is all or nothing: refused with one clear line (`BackupRefused`) before
anything is written, or rolled back whole.
"""

from __future__ import annotations

import json
from datetime import date, datetime, time
from typing import Any

from sqlalchemy import JSON, Column, Table, func, insert, inspect, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import selectinload

import scoring
from extensions import db
from games.reading import replay_record
from records.games import VERDICTS, GameRecord, HandRecord

FORMAT = "spades-score-games"
# 1: games and their hands only; 2: every table, every column, rows by their ids.
VERSION = 2
MOMENTS = (datetime, date, time)  # written as ISO text, read back by the column's type
# A value shown in a refusal is cut to this many characters: the message stays one line.
SHOWN_CHARACTERS = 40

Document = dict[str, Any]


class BackupRefused(ValueError):
    """A file that cannot be loaded, or a database it cannot be loaded into; the message says
    why in one line, and nothing was written."""


def dump() -> Document:
    """Every row of every table of the models, in one consistent read, as plain JSON values."""
    refuse_without_schema()
    if db.engine.dialect.name == "postgresql":
        # One snapshot for every table: under PostgreSQL's default each query sees its own.
        db.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
    try:
        tables = {table.name: dumped_table(table) for table in db.metadata.sorted_tables}
    finally:
        db.session.rollback()  # only read: let the snapshot go
    return {"format": FORMAT, "version": VERSION, "tables": tables}


def dumped_table(table: Table) -> dict[str, list[Any]]:
    """One table's column names and its rows (each a list in that order), by primary key."""
    columns = list(table.columns)
    rows = db.session.execute(select(*columns).order_by(*table.primary_key.columns))
    return {
        "columns": [column.name for column in columns],
        "rows": [[encoded(value) for value in row] for row in rows],
    }


def encoded(value: Any) -> Any:
    """A stored value as JSON holds it: moments as ISO text, anything else as it is."""
    return value.isoformat() if isinstance(value, MOMENTS) else value


def to_json(document: Document) -> str:
    """The document as the file's text, one row to a line (a file reads, and compares, a row at
    a time), names kept as they are written."""
    tables = ",\n".join(
        f'  {text(name)}: {{\n   "columns": {text(table["columns"])},\n   "rows": ['
        + "".join(f"{',' if n else ''}\n    {text(row)}" for n, row in enumerate(table["rows"]))
        + "\n   ]\n  }"
        for name, table in document["tables"].items()
    )
    head = f'{{\n "format": {text(document["format"])},\n "version": {text(document["version"])},'
    return f'{head}\n "tables": {{\n{tables}\n }}\n}}\n'


def text(value: Any) -> str:
    """One value as JSON text on one line."""
    return json.dumps(value, ensure_ascii=False)


def row_counts(document: Document) -> dict[str, int]:
    """How many rows the document holds, table by table."""
    return {name: len(table["rows"]) for name, table in document["tables"].items()}


def restore(raw: str | bytes) -> dict[str, int]:
    """Load a file written by `dump` (or a version-1 file of games) into an empty database, in
    one transaction; the rows loaded, table by table. BackupRefused, with nothing written, for
    anything it cannot load."""
    document = parsed(raw)
    refuse_without_schema()
    try:
        refuse_unless_empty()
        counts = load(document)
        check_games_replay()
        move_sequences()
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return counts


def parsed(raw: str | bytes) -> Document:
    """The file's document in version 2's layout, its shape checked; refused when it is not
    JSON, not ours, or from a newer version of the app."""
    try:
        document = json.loads(raw)
    except ValueError as error:  # not JSON, or not UTF-8 text
        raise BackupRefused(f"the file is not JSON ({error})") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupRefused(f"the file was not written by export-games (no format {FORMAT!r})")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise BackupRefused(
            f"the file's format version is not one export-games writes: {version!r}"
        )
    if version > VERSION:
        raise BackupRefused(
            f"the file is of format version {version}, newer than this app reads ({VERSION}): "
            "import it with the version of the app that wrote it, or a newer one"
        )
    if version == 1:
        document = from_version_1(document)
    tables = document.get("tables")
    if not isinstance(tables, dict) or not all(
        isinstance(t, dict)
        and isinstance(t.get("columns"), list)
        and isinstance(t.get("rows"), list)
        for t in tables.values()
    ):
        raise BackupRefused("the file's tables are not laid out as export-games writes them")
    return dict(document)


def from_version_1(document: Document) -> Document:
    """A version-1 file (games with their hands; a rematch named by its place in the file) in
    version 2's layout: the games and hands numbered in the order the file lists them."""
    records = document.get("games")
    if not isinstance(records, list) or not all(
        isinstance(r, dict)
        and isinstance(r.get("hands", []), list)
        and all(isinstance(hand, dict) for hand in r.get("hands", []))
        for r in records
    ):
        raise BackupRefused("the file's games are not laid out as export-games wrote them")
    game_id, rematch_of = GameRecord.id.key, GameRecord.rematch_of.key
    games: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    for number, record in enumerate(records, start=1):
        game = {k: v for k, v in record.items() if k not in ("hands", "rules_json", rematch_of)}
        if "rules_json" in record and "rules" not in record:  # as the first files named it
            game["rules"] = record["rules_json"]
        game[game_id] = number
        original = record.get(rematch_of)
        game[rematch_of] = original + 1 if type(original) is int else original
        games.append(game)
        for hand in record.get("hands", []):
            hands.append(
                {**hand, HandRecord.id.key: len(hands) + 1, HandRecord.game_id.key: number}
            )
    return {
        "format": FORMAT,
        "version": VERSION,
        "tables": {
            GameRecord.__tablename__: laid_out(games),
            HandRecord.__tablename__: laid_out(hands),
        },
    }


def laid_out(records: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """Records (dicts) as a table of the document: every key any of them has, one row each."""
    columns = list(dict.fromkeys(key for record in records for key in record))
    return {"columns": columns, "rows": [[r.get(c) for c in columns] for r in records]}


def refuse_without_schema() -> None:
    """Refuse a database the migrations have not made (or not brought up to date): a table of
    the models that it lacks could be neither read nor written."""
    present = set(inspect(db.engine).get_table_names())
    missing = [table.name for table in db.metadata.sorted_tables if table.name not in present]
    if missing:
        raise BackupRefused(
            f"the database has no table {', '.join(missing)}: run `flask db upgrade` first"
        )


def refuse_unless_empty() -> None:
    """Refuse a database where any table of the models holds a row: ids would collide, and a
    backup is loaded whole or not at all."""
    held = {
        table.name: count
        for table in db.metadata.sorted_tables
        if (count := db.session.scalar(select(func.count()).select_from(table)))
    }
    if held:
        raise BackupRefused(
            f"the database is not empty ({counted(held)}): import into an empty one"
        )


def counted(counts: dict[str, int]) -> str:
    """Rows counted by table, in words: "game: 2 rows, hand: 1 row"."""
    return ", ".join(f"{name}: {n} row{'' if n == 1 else 's'}" for name, n in counts.items())


def load(document: Document) -> dict[str, int]:
    """Insert every table's rows, referenced tables first; the rows loaded, table by table."""
    tables = document["tables"]
    known = db.metadata.tables
    for name in tables:
        if name not in known:
            raise BackupRefused(f"the file has a table this app does not know: {name!r}")
    counts = {}
    for table in db.metadata.sorted_tables:
        given = tables.get(table.name, {"columns": [], "rows": []})
        rows = decoded_rows(table, given["columns"], given["rows"])
        if rows:
            try:
                db.session.execute(insert(table), rows)
            except SQLAlchemyError as error:
                reason = one_line(getattr(error, "orig", None) or error)
                raise BackupRefused(f"the {table.name} rows do not load: {reason}") from error
        counts[table.name] = len(rows)
    return counts


def decoded_rows(table: Table, names: list[Any], rows: list[Any]) -> list[dict[str, Any]]:
    """A table's rows from the file as the values of its columns, each checked against its
    column's type; refused for an unknown column, a row of the wrong length or a wrong value."""
    for name in names:
        if not isinstance(name, str) or name not in table.columns:
            raise BackupRefused(
                f"the file has a column this app does not know: {table.name}.{name}"
            )
    if len(set(names)) < len(names):
        raise BackupRefused(f"the file names a column of {table.name} twice")
    columns = [table.columns[name] for name in names]
    decoded = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != len(columns):
            raise BackupRefused(
                f"{table.name} row {number} does not have one value per column ({len(columns)})"
            )
        decoded.append(
            {c.name: decoded_value(c, v, number) for c, v in zip(columns, row, strict=True)}
        )
    return decoded


def decoded_value(column: Column[Any], value: Any, number: int) -> Any:
    """One value from the file as its column stores it: ISO text back to a moment; refused
    when it does not fit the column (its type, its length, a missing required value)."""
    if value is None:
        if not column.nullable:
            raise BackupRefused(f"{column.table.name} row {number}: {column.name} is missing")
        return None
    if isinstance(column.type, JSON):
        return value  # as JSON holds it; what the app reads from it is checked by its readers
    kind = python_type(column)
    try:
        if kind in MOMENTS:
            return kind.fromisoformat(value)
        if kind is None or fits(kind, value, column):
            return value
    except (TypeError, ValueError):
        pass
    shown = repr(value)[:SHOWN_CHARACTERS]
    raise BackupRefused(f"{column.table.name} row {number}: {column.name} cannot be {shown}")


def python_type(column: Column[Any]) -> Any:
    """The Python type a column's values have, or None where its type does not say."""
    try:
        return column.type.python_type
    except NotImplementedError:
        return None


def fits(kind: type, value: Any, column: Column[Any]) -> bool:
    """Whether a JSON value fits a column of this Python type (a number is no flag, a flag no
    number), and a text its length."""
    if kind is float:
        return type(value) in (int, float)
    if type(value) is not kind:
        return False
    length = getattr(column.type, "length", None)
    return not (isinstance(value, str) and isinstance(length, int) and len(value) > length)


def check_games_replay() -> None:
    """Refuse the load unless every game's stored hands replay through the scoring engine, and
    each hand's verdict is one the pages give (or none)."""
    loaded = db.session.scalars(
        select(GameRecord).order_by(GameRecord.id).options(selectinload(GameRecord.hands))
    )
    for game in loaded:
        unknown = [
            h.number for h in game.hands if h.verdict is not None and h.verdict not in VERDICTS
        ]
        if unknown:
            raise BackupRefused(f"game {game.id}: hand {unknown[0]} has a word no page gives")
        try:
            played = [hand.to_engine() for hand in game.hands if hand.played]
            replay_record(game, played)
        except (scoring.ScoringError, AttributeError, KeyError, TypeError, ValueError) as error:
            raise BackupRefused(f"game {game.id} does not replay: {one_line(error)}") from error


def one_line(error: BaseException) -> str:
    """An error's message in one line (its first), or its kind where it has none."""
    lines = str(error).splitlines()
    return lines[0] if lines else type(error).__name__


def move_sequences() -> None:
    """On PostgreSQL, move each table's id sequence past the largest id loaded: the rows came
    with their ids, and the app's next insert must not draw one of them again."""
    if db.engine.dialect.name != "postgresql":
        return  # SQLite gives a new row the largest id plus one by itself
    for table in db.metadata.sorted_tables:
        column = table.autoincrement_column
        if column is None:
            continue
        sequence = func.pg_get_serial_sequence(table.fullname, column.name)
        largest = select(func.coalesce(func.max(column), 0)).scalar_subquery()
        # Where the sequence exists: the next value it gives is the largest id plus one.
        db.session.execute(
            select(func.setval(sequence, largest + 1, False)).where(sequence.is_not(None))
        )
