"""Every stored record, imported in one place: the migrations, the backup and the app's
database see all the tables from here. Each record lives in its feature's module of `records`,
which is where the code imports it from."""

from records import clubs, games, rulings, tables, tournaments

__all__ = ["clubs", "games", "rulings", "tables", "tournaments"]
