# Every target bootstraps its own virtual environment: on a fresh machine `make play` and `make test` just work.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play serve test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/nastolka tui

serve: $(STAMP)
	$(BIN)/nastolka serve

lint: $(STAMP)
	$(BIN)/ruff check nastolka tests bench

# the whole package type-checks; the engine and the games (pure rules) also pass --strict
typecheck: $(STAMP)
	$(BIN)/mypy nastolka
	$(BIN)/mypy --strict nastolka/engine nastolka/games

# pytest exits 5 when it collects no test: that is a failure here, said plainly.
unit: $(STAMP)
	$(BIN)/pytest -n auto --dist loadgroup; code=$$?; \
	if [ $$code -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; exit $$code

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/nastolka bench --json --out bench/results.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
