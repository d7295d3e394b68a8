# Every target bootstraps its own virtual environment: on a fresh machine `make play` and `make test` just work.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play serve test lint typecheck unit bench bench-accept clean chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,cluster,train]'
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

# The browser tests drive Debian's Chromium (never a downloaded browser): install it when missing, or
# stop here saying how — the tests are never skipped.
CHROMIUM ?= /usr/bin/chromium
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "Chromium is missing at $(CHROMIUM): installing Debian's package…"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; \
	  if [ ! -x "$(CHROMIUM)" ]; then \
	    echo "error: could not install Chromium. Run: sudo apt-get install -y chromium  (or set CHROMIUM=/path/to/chromium)"; exit 1; fi; \
	fi

# pytest exits 5 when it collects no test: that is a failure here, said plainly.
unit: $(STAMP) chromium
	NASTOLKA_CHROMIUM=$(CHROMIUM) \
	$(BIN)/pytest -n auto --dist loadgroup; code=$$?; \
	if [ $$code -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; exit $$code

test: lint typecheck unit

# measures into bench/latest.json and reports every speed figure against the committed bench/results.json
# (a report, not a test: the machine's load moves figures by ±10 %); `make bench-accept` commits new figures
bench: $(STAMP)
	$(BIN)/nastolka bench --out bench/latest.json --compare bench/results.json --tolerance 0.15

bench-accept: $(STAMP)
	cp bench/latest.json bench/results.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
