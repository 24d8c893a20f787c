"""The migration that gives tables their rule sets (rule_set): it upgrades and downgrades on
SQLite and PostgreSQL, the games stored before it keep their hands, and afterwards the models
and the migrations agree (`flask db check` finds nothing to generate)."""

from __future__ import annotations

import sqlite3

import sqlalchemy as sa

from testsupport.migrations import flask_db, migrations_match_models, store_old_game, tables

BEFORE = "f3b6d8a1c5e7"  # the revision before the rule sets


def test_the_rule_set_table_comes_and_goes_on_sqlite_and_the_games_keep_their_hands(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    store_old_game(database)
    assert "rule_set" not in tables(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert "rule_set" in tables(database)
    migrations_match_models(database)
    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert "rule_set" not in tables(database)
    assert flask_db(database, "upgrade").returncode == 0
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
        assert connection.execute("SELECT count(*) FROM rule_set").fetchone() == (0,)


def test_the_rule_set_table_comes_and_goes_on_postgresql(fresh_postgres):
    assert flask_db(fresh_postgres, "upgrade", BEFORE).returncode == 0
    done = flask_db(fresh_postgres, "upgrade")
    assert done.returncode == 0, done.stderr
    migrations_match_models(fresh_postgres)
    engine = sa.create_engine(fresh_postgres)
    try:
        assert "rule_set" in sa.inspect(engine).get_table_names()
        engine.dispose()
        assert flask_db(fresh_postgres, "downgrade", BEFORE).returncode == 0
        assert "rule_set" not in sa.inspect(engine).get_table_names()
        engine.dispose()
        assert flask_db(fresh_postgres, "upgrade").returncode == 0
        migrations_match_models(fresh_postgres)
    finally:
        engine.dispose()
