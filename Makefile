# Every target bootstraps its own virtual environment from a clean clone; only python3 is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.bench-installed
# The mypyc-compiled build of the hand engine (setup.py, POKERFLOOR_COMPILE=1), installed into its
# own folder: the tests run against it and against the pure-Python source, and the bench uses it.
COMPILED := build/compiled
COMPILED_STAMP := $(COMPILED)/.built
SOURCES := $(shell find src -name '*.py') setup.py pyproject.toml

.PHONY: run test bench lint compiled clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[cli,test,fast,plot,ray]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/pokerfloor play --hands 5

# The tests need the peers too: the differential and benchmark-adapter tests run against them.
# The whole suite runs twice: on the pure-Python source, then on the compiled build.
test: $(BENCH_STAMP) $(COMPILED_STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy --strict src/pokerfloor
	$(BIN)/python -m pytest -q -n 2 -p no:cacheprovider
	POKERFLOOR_BUILD=compiled PYTHONPATH=$(COMPILED) $(BIN)/python -m pytest -q -n 2 -p no:cacheprovider

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

# Build and install a compiled wheel of the package into $(COMPILED) with the venv's mypy (mypyc)
# and setuptools; rebuilt whenever a source file changes.
$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	rm -rf $(COMPILED)
	$(BIN)/python -m pip install --quiet "setuptools>=70.1"
	POKERFLOOR_COMPILE=1 $(BIN)/python -m pip install --quiet --no-build-isolation --no-deps --target $(COMPILED) .
	touch $(COMPILED_STAMP)

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis
