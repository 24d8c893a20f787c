"""What the tests (tests/) and the benchmark (bench/) share; no test lives here.

- `pages`: pages parsed and forms sent as a person reads and taps them (no app import).
- `playing`: the test table's names and hands, and a game started and played through the test
  client.
- `routes`: the htmx header, every route of an edit link, and the app without its poll shortcut.
- `tables`: a table of people made, played at and followed through the test client.
- `builders`: a game of many hands, a table's series and a tournament some rounds in, made
  through the service layer (no requests) for the tests whose subject is not how they got there.
- `engine`: the scoring tests' presets, seat names and results in a shape to compare.
- `missing`: a test skipped when the machine lacks what it needs, failed under CI=true.
- `apps`: the app with the tests' settings, on an empty database or on one as it is.
- `database`: the app's rows read straight from its database, the queries a request sends, and
  a scratch PostgreSQL database.
- `qr_reading`: a QR code read back from the SVG the app draws.
- `live_server`: the app served by gunicorn, as in production.
- `http_phone`: a phone's plain HTTP client against that live server.
- `browser`: the browser tests' phone (Playwright), paths and page checks.

The repository root must be importable: pytest puts it on the path (pyproject.toml's
`pythonpath`), and bench/run.py does.
"""
