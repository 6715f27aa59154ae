# Every target bootstraps its own virtual environment from a clean clone; only python3 is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.bench-installed

.PHONY: run test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[cli,test,fast]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/pokerfloor play --hands 5

# The tests need the peers too: the differential and benchmark-adapter tests run against them.
test: $(BENCH_STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy --strict src/pokerfloor
	$(BIN)/python -m pytest -q -n 2 -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy --strict src/pokerfloor

# The peers are the bench extra's; installed on top of the test venv, on first use only.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[cli,fast,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/pokerfloor bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
