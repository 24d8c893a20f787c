# Two commands matter: `make run` serves the app, `make test` checks everything.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
export FLASK_APP := app:create_app

.PHONY: run test test-pg test-scoring test-tournament test-web test-live test-browser test-bench lint format bench translations messages clean chromium nginx guide-pictures

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.runtime
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

# What the browser tests load from the npm registry: the htmx release the pages pin, and
# axe-core. Without npm the browser tests are skipped (and fail under CI=true).
node_modules/.installed: package.json package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "make: npm is missing, so the browser tests will be skipped"; fi

# Debian's Chromium for the browser tests, installed when it is missing and we are root;
# otherwise the browser tests are skipped with the reason (and fail under CI=true).
CHROMIUM := /usr/bin/chromium
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	      || echo "make: apt-get could not install chromium"; \
	  else echo "make: $(CHROMIUM) is missing and this is not root, so the browser tests will be skipped"; fi; \
	fi

# Debian's nginx for the proxy test (tests/live/test_nginx.py), installed the same way; the test
# runs it as a child with its own files and never touches the system's nginx service.
NGINX := /usr/sbin/nginx
nginx:
	@if [ ! -x $(NGINX) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing Debian's nginx for the proxy test"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx \
	      || echo "make: apt-get could not install nginx"; \
	  else echo "make: $(NGINX) is missing and this is not root, so the proxy test will be skipped"; fi; \
	fi

translations: $(VENV)/.runtime
	$(BIN)/pybabel -q compile --use-fuzzy -d translations

run: $(VENV)/.runtime translations
	$(BIN)/flask db upgrade
	$(BIN)/gunicorn --config gunicorn.conf.py --bind $(HOST):$(PORT) "app:create_app()"

# Style (ruff), types (mypy: strict on the engine and the service layer) and the shape of the
# imports (import-linter's contracts in pyproject.toml).
lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

format: $(VENV)/.dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The tests run in parallel, one process per core (pytest-xdist; `make test WORKERS=1` runs
# them in one), in a new random order each run (pytest-randomly prints the run's seed; repeat
# an order with `PYTEST_ARGS=--randomly-seed=N`, or keep the files' order with
# `PYTEST_ARGS="-p no:randomly"`). Each run ends with its 25 slowest tests.
WORKERS ?= auto
PYTEST_ARGS ?=
PYTEST := $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal --durations=25 $(PYTEST_ARGS)

# The whole suite, the browser tests and a smoke run of every benchmark included (a
# phone-sized headless Chromium; the screenshots go to build/screenshots/).
test: $(VENV)/.dev translations lint node_modules/.installed chromium nginx
	$(PYTEST)

# One tier at a time: the engine alone; pairing and standings alone; the app through Flask's
# test client; real gunicorn servers (races, crashes); a real phone browser; every benchmark
# once at its smallest (seconds, no figure judged).
test-scoring: $(VENV)/.dev
	$(PYTEST) tests/scoring

test-tournament: $(VENV)/.dev
	$(PYTEST) tests/tournament

test-web: $(VENV)/.dev translations
	$(PYTEST) tests/web

test-live: $(VENV)/.dev translations nginx
	$(PYTEST) tests/live

test-browser: $(VENV)/.dev translations node_modules/.installed chromium
	$(PYTEST) tests/browser

test-bench: $(VENV)/.dev translations node_modules/.installed chromium
	$(PYTEST) tests/bench

# On PostgreSQL, the hosted setup (this machine's server unless told otherwise), the tests that
# talk to the database (marked `database` by tests/conftest.py: the web and live tiers and any
# test that asks for the app); the pure tiers and the browser's own SQLite gain nothing here.
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
test-pg: $(VENV)/.dev translations
	DATABASE_URL=$(PG_URL) $(PYTEST) -m "database and not browser"

# Throughput and latency against the stack's own ceiling, the template share of a page, the
# tables one machine holds, Save to screen on a phone's network, and a tournament of 32 tables
# (its watch page, its poll, Start round and the Swiss pairing), a club night of 32 tables
# with every table's phone, the director and 300 spectators following it, and a club's season
# of 40 nights (its season page and members' page cold and warm, its ratings from scratch).
# `make test` runs each of them once at its smallest (tests/bench), judging no figure, so that
# none stops running unnoticed.
# Debian's wrk loads the servers, installed when it is missing and we are root; without it a
# small Python client does. The phone needs Chromium (`make chromium`) and htmx from npm.
bench: $(VENV)/.dev translations node_modules/.installed
	@if ! command -v wrk >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "make: installing Debian's wrk for the benchmark"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk \
	    || echo "make: apt-get could not install wrk; the Python client loads the servers"; \
	fi
	$(BIN)/python bench/run.py
	$(BIN)/python bench/renders.py
	$(BIN)/python bench/tables.py
	$(BIN)/python bench/tap.py
	$(BIN)/python bench/tournament_bench.py
	$(BIN)/python bench/club_night.py
	$(BIN)/python bench/pairing_bench.py
	$(BIN)/python bench/club_season.py

# The director's guide's pictures taken again from the browser tests' screenshots (after
# `make test-browser`): each picture docs/tournaments.md shows is a screenshot of that name.
guide-pictures:
	@for name in $$(grep -o 'images/[A-Za-z0-9-]*\.png' docs/tournaments.md | sort -u); do \
	  if [ -f build/screenshots/$${name#images/} ]; then cp build/screenshots/$${name#images/} docs/$$name; \
	  else echo "make: no screenshot $${name#images/}: run make test-browser"; exit 1; fi; done

# Extract the strings to translate, from every module and template (babel.cfg says which by
# pattern; the presets' names come from the engine), and merge them into the catalogue.
messages: $(VENV)/.runtime
	PYTHONPATH=. $(BIN)/pybabel -q extract -F babel.cfg -k _l -k lazy_gettext \
	  --ignore-dirs=".* ._ node_modules tests testsupport bench build migrations instance" \
	  -o translations/messages.pot .
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis node_modules build
