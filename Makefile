# trickcore developer tasks. Needs only python3 (3.11+), pip/venv and make.
#   make venv   create .venv and install requirements.txt (re-runs pip only when inputs change)
#   make lint   ruff + mypy
#   make test   lint, then pytest (fails on pytest exit 5 = no tests collected)
#   make bench  install requirements-bench.txt and run bench/bench_oh_hell.py
#   make clean  remove .venv, caches and build output

SHELL := /bin/bash
.DEFAULT_GOAL := test

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP       := $(VENV)/.requirements.stamp
BENCH_STAMP := $(VENV)/.requirements-bench.stamp

.PHONY: venv lint test bench book clean

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -r requirements.txt
	touch $@

$(BENCH_STAMP): requirements-bench.txt $(STAMP)
	$(BIN)/python -m pip install --disable-pip-version-check -r requirements-bench.txt
	touch $@

lint: venv
	$(BIN)/ruff check trickcore tests bench
	$(BIN)/mypy

test: lint
	@rc=0; $(BIN)/python -m pytest || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests (exit 5)" >&2; fi; \
	exit $$rc

bench: $(BENCH_STAMP)
	$(BIN)/python bench/bench_oh_hell.py

book:
	@echo "the book is not built yet (issue 4)"

clean:
	rm -rf $(VENV) build dist _build *.egg-info .mypy_cache .ruff_cache .pytest_cache bench/results
	find . -path ./.git -prune -o -name __pycache__ -type d -exec rm -rf {} +
