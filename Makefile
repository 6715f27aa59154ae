# Every target bootstraps its own virtual environment from a clean clone; only Python 3.11+ is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `make run` installs only what playing needs (the cli extra), `make docs` only the docs builder
# (the docs extra); `make test` adds the test toolchain, the fast paths and the docs builder.
RUN_STAMP := $(VENV)/.run-installed
# `make serve` adds the server extra to that, and nothing of the test toolchain.
SERVE_STAMP := $(VENV)/.serve-installed
DOCS_STAMP := $(VENV)/.docs-installed
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.bench-installed
# The mypyc-compiled build of the hand engine (setup.py, POKERFLOOR_COMPILE=1): the wheel, in
# build/dist, installed into its own folder: the tests run against it and against the pure-Python
# source (tests/builds installs the wheel itself into a fresh venv), and the bench uses it.
COMPILED := build/compiled
WHEELS := build/dist
COMPILED_STAMP := $(COMPILED)/.built
SOURCES := $(shell find src -name '*.py') setup.py pyproject.toml
# The web table's browser tests drive Debian's chromium: Playwright cannot download a browser here.
CHROMIUM := /usr/bin/chromium

.PHONY: run serve test docs bench lint compiled clean

ifneq ($(MAKECMDGOALS),clean)
# Python 3.11 or newer, checked before anything is created.
PYTHON_OK := $(shell $(PYTHON) -c 'import sys; print(int(sys.version_info >= (3, 11)))' 2>/dev/null)
ifneq ($(PYTHON_OK),1)
$(error pokerfloor needs Python 3.11 or newer, and '$(PYTHON)' is "$(shell $(PYTHON) --version 2>&1 | head -n 1)". \
Run make with a newer one, e.g. `make run PYTHON=python3.12`)
endif
# A .venv made by another Python (or a broken one) is rebuilt with $(PYTHON).
PYTHON_ID := import sys; print(sys.base_prefix, sys.version)
ifneq ($(wildcard $(VENV)),)
ifneq ($(shell $(BIN)/python -c '$(PYTHON_ID)' 2>/dev/null),$(shell $(PYTHON) -c '$(PYTHON_ID)'))
$(info $(VENV) was made by another Python: rebuilding it with $(PYTHON))
$(shell rm -rf $(VENV))
endif
endif
endif

$(RUN_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[cli]'
	touch $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/pokerfloor play --hands 5

$(SERVE_STAMP): $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[cli,server]'
	touch $(SERVE_STAMP)

# A home game in the browser (docs/guide/hosting.md): a table with three house bots, dealing at
# once; it prints your host link and the invite link for friends. Ctrl-C stops it.
# HOST=0.0.0.0 lets friends on the same network in (serve prints this computer's address there).
HOST ?= 127.0.0.1
serve: $(SERVE_STAMP)
	$(BIN)/pokerfloor serve --bots 3 --host $(HOST)

$(STAMP): $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[cli,test,fast,docs,envs,plot,ray,server,postgres,bot]'
	$(BIN)/python -m pip install --quiet -e '.[browser]'
	touch $(STAMP)

# The docs builder alone: mkdocstrings reads the API from src/ without importing it, so no
# extra of the library's own is needed (a venv with the docs extra only builds the site).
$(DOCS_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $(DOCS_STAMP)

# The API reference and user guide (mkdocs.yml), built into site/; warnings are errors.
docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The tests need the peers too: the differential and benchmark-adapter tests run against them.
# The suite runs twice: on the pure-Python source, then on the compiled build. The browser tests
# (tests/web: the page's own script and layout, the same whichever build serves it) run once, in
# the compiled pass, on the build `pip install` gives; every other test runs in both.
# Two workers, one a core; tests/conftest.py starts the longest tests (servers restarted, the
# bots' soak through a long pause, the bench and exact-equity checks) first, so that none is left
# running alone at the end.
test: $(BENCH_STAMP) $(COMPILED_STAMP) $(CHROMIUM)
	$(BIN)/ruff check src tests
	$(BIN)/mypy --strict src/pokerfloor
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet
	$(BIN)/python -m pytest -q -n 2 -p no:cacheprovider --ignore=tests/web
	POKERFLOOR_BUILD=compiled PYTHONPATH=$(COMPILED) $(BIN)/python -m pytest -q -n 2 -p no:cacheprovider

$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy --strict src/pokerfloor

# The peers are the bench extra's; installed on top of the test venv, on first use only.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[cli,fast,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP) $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/pokerfloor bench

compiled: $(COMPILED_STAMP)

# Build the compiled wheel of the package with the venv's mypy (mypyc), numpy and setuptools, and
# install it into $(COMPILED); rebuilt whenever a source file changes.
$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	rm -rf $(COMPILED) $(WHEELS)
	$(BIN)/python -m pip install --quiet "setuptools>=77"
	POKERFLOOR_COMPILE=1 $(BIN)/python -m pip wheel --quiet --no-build-isolation --no-deps --wheel-dir $(WHEELS) .
	$(BIN)/python -m pip install --quiet --no-deps --target $(COMPILED) $(WHEELS)/pokerfloor-*.whl
	touch $(COMPILED_STAMP)

# Everything the targets made: the virtual environment, builds, the docs site and tool caches.
clean:
	rm -rf $(VENV) build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
