# Every target bootstraps its own virtual environment: on a fresh machine `make play` and `make test` just work.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# the compiled build (mypyc, see setup.py and nastolka/native.py); rebuilt when a Python source changes
NATIVE := $(VENV)/.native
NATIVE_SOURCES := setup.py $(wildcard nastolka/*.py nastolka/engine/*.py nastolka/games/*/*.py) nastolka/server/patch.py nastolka/rl/sink.py

.PHONY: play serve test lint typecheck unit web ops-tools playthroughs bench bench-compare bench-accept clean chromium native pure

# mypy (which brings mypyc) is installed first so the editable install can compile (no build isolation).
# Without a C compiler, or with NASTOLKA_PURE=1, the install says so and stays pure Python.
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip 'setuptools>=68' wheel 'mypy>=1.10'
	$(BIN)/pip install --quiet --no-build-isolation -e '.[dev,cluster,train]'
	touch $(STAMP)
	touch -r $(STAMP) $(NATIVE)

# Recompile after an edit (a stale compiled module is never used: nastolka/native.py falls back to the
# source with a warning, so forgetting this costs speed, never correctness).
$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python setup.py --quiet build_ext --inplace
	touch $(NATIVE)

native: $(NATIVE)

# Remove the compiled modules from the source tree (NASTOLKA_PURE=1 at run time ignores them instead).
pure: $(STAMP)
	NASTOLKA_PURE=1 $(BIN)/python setup.py --quiet build_ext --inplace
	touch $(NATIVE)

play: $(NATIVE)
	$(BIN)/nastolka tui

serve: $(NATIVE)
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

# The operator's files (docs/ops/) are checked by nginx -t and systemd-analyze verify (tests/test_ops_configs.py):
# install Debian's packages when missing, or stop here saying how — never skipped.
ops-tools:
	@missing=""; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	command -v systemd-analyze >/dev/null 2>&1 || missing="$$missing systemd"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian's$$missing (the tests check docs/ops/ with them)…"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo apt-get install -y -qq $$missing >/dev/null; fi; \
	  if ! { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; } || ! command -v systemd-analyze >/dev/null 2>&1; then \
	    echo "error: could not install$$missing. Run: sudo apt-get install -y$$missing"; exit 1; fi; \
	fi

# The whole suite runs on the build `make` produced (compiled where a compiler is), then the rules,
# engine, generic and bot tests again on the pure sources. NASTOLKA_EXPECT_BUILD makes a silent fallback
# to pure Python a failure. pytest exits 5 when it collects no test: that is a failure here, said plainly.
PURE_TESTS := tests/colt_express tests/show_battle tests/talespin tests/bots tests/native \
	tests/test_engine.py tests/test_generic_games.py tests/test_playthroughs.py tests/test_secure_rng.py tests/test_rules_version.py
unit: $(NATIVE) chromium ops-tools
	@expect=$$(test -f nastolka/_compiled.json && echo compiled || echo pure); \
	echo "== tests on the $$expect build"; \
	NASTOLKA_CHROMIUM=$(CHROMIUM) NASTOLKA_EXPECT_BUILD=$$expect $(BIN)/pytest -n auto --dist loadgroup; code=$$?; \
	if [ $$code -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; \
	if [ $$code -ne 0 ]; then exit $$code; fi; \
	echo "== rules, engine, generic and bot tests on the pure build"; \
	NASTOLKA_PURE=1 NASTOLKA_EXPECT_BUILD=pure $(BIN)/pytest -n auto --dist loadgroup $(PURE_TESTS)

# The browser client's own logic (nastolka/web: the table page's state, actions, socket and clock; every
# i18n key used): unit tests under Node's built-in runner, no npm package. Node is required, never skipped.
NODE ?= node
web:
	@if ! command -v $(NODE) >/dev/null 2>&1; then \
	  echo "error: Node.js is missing (the browser client's unit tests run with 'node --test')."; \
	  echo "Install it: sudo apt-get install -y nodejs  (Node 20 or newer; or set NODE=/path/to/node)"; exit 1; fi
	$(NODE) --test tests/web/

test: lint typecheck unit web

# write tests/playthroughs/ again (after an intended rules change; say why in the commit and CHANGELOG.md)
playthroughs: $(NATIVE)
	$(BIN)/python -m nastolka.playthrough --regenerate

# both builds, one after the other, plus cachegrind instructions per Colt Express 4-player game
bench: $(NATIVE)
	$(BIN)/python -m nastolka.bench_builds --out bench/results.json --compare bench/results.json

# measures the current build into bench/latest.json and reports every speed figure against the committed
# bench/results.json (a report, not a test: the machine's load moves figures by ±10 %)
bench-compare: $(NATIVE)
	$(BIN)/python -m nastolka.bench_builds --out bench/latest.json --compare bench/results.json --tolerance 0.15

bench-accept: $(STAMP)
	cp bench/latest.json bench/results.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	find nastolka -name '*.so' -delete; rm -f nastolka/_compiled.json
