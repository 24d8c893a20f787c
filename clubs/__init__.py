"""The club: the people who meet week after week, with the tables and tournaments it holds and
every player's rating across them (issue 38). One room, layered like the app:

- `routes/`: the blueprints. `club` makes one and serves the organiser's page (add a table or a
  tournament) and the members' page; `links` replaces the club's links.
- `forms/`: what those pages send, parsed and refused in words.
- `services/`: `club` (made once per form, found by a link, what it holds, a phone's clubs),
  `ratings` (the club's counted games, rated by the pure `ratings` package).
- `templates/`: its pages and their parts.

The rating model and season points are pure and apart, in `ratings`; where a club is stored is
`records.clubs`.
"""
