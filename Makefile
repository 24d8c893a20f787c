# Two commands matter: `make run` serves the app, `make test` checks everything.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
export FLASK_APP := app:create_app

.PHONY: run test test-pg lint format bench translations messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.runtime
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

translations: $(VENV)/.runtime
	$(BIN)/pybabel -q compile --use-fuzzy -d translations

run: $(VENV)/.runtime translations
	$(BIN)/flask db upgrade
	$(BIN)/gunicorn --config gunicorn.conf.py --bind $(HOST):$(PORT) "app:create_app()"

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

test: $(VENV)/.dev translations lint
	$(BIN)/python -m pytest

# The same suite on PostgreSQL, the hosted setup (this machine's server unless told otherwise).
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
test-pg: $(VENV)/.dev translations
	DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest

# Throughput and latency against the stack's own ceiling; not part of `make test`.
bench: $(VENV)/.dev translations
	$(BIN)/python bench/run.py

# Extract the strings to translate and merge them into the Portuguese catalogue.
messages: $(VENV)/.runtime
	$(BIN)/pybabel -q extract -F babel.cfg -k _l -k lazy_gettext -o translations/messages.pot app.py forms.py views.py sharing.py templates
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
