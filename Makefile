# The two set-up commands of the README are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint bench browser

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m pbem.devserver

browser:
	tools/ensure_chromium.sh

test: $(STAMP) browser
	$(BIN)/ruff check .
	$(BIN)/python -m mypy --strict pbem/engine pbem/games
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m mypy --strict pbem/engine pbem/games
