"""Tables of people: the friends who play together, whose games (from any phone) collect at
their table with its series and career figures, and the rule sets it keeps. One room, layered
like the app (the import contracts in pyproject.toml hold it):

- `routes/`: `table` (the table's two links' pages, a game joining a table, the career figures
  and their downloads, a phone's own figures) and `rule_sets` (the new-game form opened for a
  table, and the table's rule sets kept, renamed and removed);
- `forms/`: the forms of those pages;
- `services/`: `table` (made once per form, found by a link, joined, its links replaced, its
  games and figures) and `rule_sets`;
- `templates/`: its pages and their parts.

Where a table is stored is `records.tables`.
"""
