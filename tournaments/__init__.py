"""The tournament: a club night's teams, rounds, tables, rulings and playoff, from the form that
makes one to the results sheet. One room, layered like the app (the import contracts in
pyproject.toml hold it):

- `routes/`: the blueprints. `tournament` makes one and serves the director's page, the watch
  page, the table cards and each table's link; `changes` adds a late team, withdraws one or
  cancels a round; `substitutes` seats a substitute; `rulings` is the director's ruling on a
  table's game (a forfeit, an undo, a correction, an adjustment, a disputed hand upheld);
  `verdicts` is East–West's word on each hand where the opponents confirm it; `playoff` starts
  and moves the playoff; `results` the results sheet; `stats` the players' figures.
- `forms/`: what those pages send, parsed and refused in words.
- `downloads.py`: the standings and games as CSV and JSON.
- `services/`: what the routes ask for, in one transaction each: `directory` (made, found by
  a link, links replaced), `rounds` (where it stands), `starting`, `late_teams`,
  `withdrawing`, `cancelling`, `substitutes`, `rulings`, `verdicts`, `playoff`, `brackets`,
  `career`.
- `templates/`: its pages and their parts.

The rules it follows (pairings, standings, the playoff, the formats) are pure and apart, in
`tournament`; where it is stored is `records.tournaments` and `records.rulings`.
"""
