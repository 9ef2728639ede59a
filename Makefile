# trickcore developer tasks. Needs only python3 (3.11+), pip/venv and make.
#   make venv   create .venv and install requirements.txt (re-runs pip only when inputs change)
#   make lint   ruff and mypy (trickcore, tests, bench, book/trickbook), then lint-imports: the import
#               contracts between the layers (pyproject.toml, docs/ARCHITECTURE.md)
#   make check  the inner loop, under 3 minutes: lint, the unit suite (pure build) but the tests
#               marked slow, the C twins compared with their Python (marker native, in build/native:
#               the sources and the three C files alone, scripts/build_native.py) and one page of
#               the book built (CHECK_PAGE, warnings are errors); run it after each change
#   make test   the whole gate (CI runs it: .ci/run): lint, unit tests (on the pure and the
#               compiled build), then both editions of the
#               book (warnings are errors), the worksheets (PDF) and the browser tests, which include the editions' checks (no solution text anywhere in the
#               student edition, every solution in the teacher edition); installs Debian's chromium
#               if /usr/bin/chromium is missing; fails on pytest exit 5.  Two independent stages
#               run at once (the two unit suites; the editions and make install-check), the
#               browser tests in two halves at once (TEST_JOBS=1, BROWSER_JOBS=1: one at a time)
#   make book   venv, npm assets (npm ci), the solver's C core as WebAssembly (make wasm: installs
#               Debian's clang, lld, wasi-libc, libclang-rt-14-dev-wasm32 if missing, or stops
#               with one line saying why), the JupyterLite runtime and wheels (lite/), then the
#               student edition of the book (exercises without solutions; JupyterLite is built into
#               _build/html/lite/); prints where the site is and how long the build took
#               then the French edition of it in _build/html/fr/ (make french)
#   make teacher  the teacher edition (solutions shown, the "For teachers" part, teacher-only
#               text and demo controls: BOOK_EDITION=teacher) in _build/teacher/, and in French in
#               _build/teacher/fr/
#   make worksheets  A4 PDFs of book/worksheets/ (student sheets and answer keys) in
#               _build/worksheets/ (French ones in _build/worksheets/fr/), from both editions
#   make soak   1,000,000 random deals in whole matches of every variant, on every core, checked
#               after every action (scripts/soak.py; SOAK_ARGS="--deals N --seed S"); not in make test
#   make unit-tests-compiled   the unit suite again against the mypyc build in build/compiled
#               (its C searches compared trick start for trick start with the Python ones), but
#               the tests marked pure_only: the book's pages and helpers, the catalogues and the
#               source tree's checks, which run no compiled code differently
#   make bench  install requirements-bench.txt; run bench/bench_oh_hell.py (pure, then the compiled
#               build), bench/bench_batch.py and bench/bench_solver.py (the compiled solver against
#               DDS, then whole Humbug deals)
#   make wasm   the solver's C core as WebAssembly (scripts/build_wasm.py: Debian's clang for
#               wasm32-wasi, no Emscripten) in build/wasm/ and in the package, for the browser
#               edition; installs Debian's clang lld wasi-libc libclang-rt-14-dev-wasm32 (and nodejs,
#               which runs its tests) if missing.  make test builds it first and compares it under
#               Node.js with the Python and C searches (tests/solver/test_wasm.py, TRICKCORE_REQUIRE_WASM=1)
#   make lab    JupyterLab on notebooks/ from .venv (ipywidgets and matplotlib included; LAB_ARGS
#               adds options, e.g. LAB_ARGS=--no-browser)
#   make install-check  install trickcore as a reader does, in scratch venvs with a clean
#               environment (pip install ., -e ., ".[widgets,plot]", python -m build's wheel and
#               sdist, CC=/bin/false: scripts/check_install.py), then start make lab and run the
#               Experiment page's commands in a fresh copy (tests/install/test_lab.py); part of make test
#   make clean  remove .venv, caches and build output

SHELL := /bin/bash
.DEFAULT_GOAL := test

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP       := $(VENV)/.requirements.stamp
BENCH_STAMP := $(VENV)/.requirements-bench.stamp

NPM_STAMP   := node_modules/.npm-ci.stamp
SITE        := _build/html
# The teacher edition is built in its own folder (its own doctrees and executed notebooks), then
# moved to _build/teacher/; its toc is _toc.yml plus the "For teachers" part (book/teachers/*).
TEACHER_SITE := _build/teacher
TEACHER_WORK := _build/editions/teacher
# TRICKCORE_PROGRESS=0: no progress bars in the pages' outputs (trickcore.progress).
JB_BUILD     := TRICKCORE_PROGRESS=0 PYTHONPATH=$(CURDIR)/book $(BIN)/python scripts/jb_build.py build . --all -W -n --keep-going
# The pages' executed outputs, one cache a language (_config.yml's execute.cache; the French
# edition's is set by book/_ext/editions.py): the student and teacher editions run the same code
# cells, so the second build of a language takes them from here.  Every build first runs
# scripts/execution_cache.py, which empties the cache unless the engine, the pages, the
# catalogues and the installed packages are the ones that filled it.
EXEC_CACHE   := _build/.jupyter_cache

.PHONY: venv lab install-check lint check test editions suites unit-tests unit-tests-compiled compiled browser-tests browser-tests-alone chromium wasm assets lite bench soak book teacher french catalogues clean

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The developers' editable install (-e . in requirements.txt) is the pure-Python package
# (TRICKCORE_PURE=1: a reader's pip install -e . builds the C files beside the sources, setup.py):
# the unit suite's first pass is the pure reference, and an edit to a C file cannot be hidden
# by a stale build of it. `make compiled` builds the mypyc form beside it, with the solver's two
# searches in C (trickcore/solver/native.py chooses them), and `make check` the C files alone.
$(STAMP): requirements.txt pyproject.toml setup.py | $(BIN)/python
	TRICKCORE_PURE=1 $(BIN)/python -m pip install --disable-pip-version-check -r requirements.txt
	touch $@

$(BENCH_STAMP): requirements-bench.txt $(STAMP)
	$(BIN)/python -m pip install --disable-pip-version-check -r requirements-bench.txt
	touch $@

lint: venv
	$(BIN)/ruff check trickcore tests bench book/trickbook
	$(BIN)/mypy
	PYTHONPATH=book $(BIN)/lint-imports

# The inner loop (see the header): each step says how long it took.  The pytest runs fail on
# exit 5 (nothing collected), as make test's do.
CHECK_PAGE ?= book/comparison
NATIVE     := build/native
CHECK_WORK := _build/editions/check
check: lint assets lite
	@start=$$SECONDS; rc=0; \
	$(BIN)/python -m pytest -m "not browser and not install and not slow" -p no:cacheprovider -q \
	  || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make check: pytest collected no tests (exit 5)" >&2; fi; \
	[ $$rc -eq 0 ] || exit $$rc; echo "make check: the unit suite in $$((SECONDS - start)) s"
	@start=$$SECONDS; rc=0; mkdir -p $(NATIVE); $(BIN)/python scripts/build_native.py $(NATIVE) > $(NATIVE).log 2>&1 \
	  || { cat $(NATIVE).log; exit 1; }; tail -1 $(NATIVE).log; \
	TRICKCORE_BUILD=native PYTHONPATH=$(CURDIR)/$(NATIVE) $(BIN)/pytest tests \
	  -m "native and not slow" -p no:cacheprovider -q || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make check: pytest collected no native tests (exit 5)" >&2; fi; \
	[ $$rc -eq 0 ] || exit $$rc; echo "make check: the C twins in $$((SECONDS - start)) s"
	@start=$$SECONDS; mkdir -p $(CHECK_WORK); \
	printf 'format: jb-book\nroot: %s\n' "$(CHECK_PAGE)" > $(CHECK_WORK)/_toc.yml; \
	$(BIN)/python scripts/execution_cache.py $(EXEC_CACHE)/en || exit $$?; \
	BOOK_EDITION=student $(JB_BUILD) --toc $(CHECK_WORK)/_toc.yml --path-output $(CHECK_WORK) \
	  > $(CHECK_WORK).log 2>&1 || { tail -40 $(CHECK_WORK).log; exit 1; }; \
	echo "make check: $(CHECK_PAGE) built in $$((SECONDS - start)) s: $(CHECK_WORK)/_build/html"

# Two lines of work at once, each keeping one core busy (the machine has two): the book's four
# editions (one long build, about half an hour) beside the suites that do not need it, one
# after the other (the pure and the compiled unit suites, then the reader's installs).  The
# solver's WebAssembly, which both lines use, is built first.  Each line's output is printed
# whole when it ends (--output-sync).  TEST_JOBS=1: one at a time.
TEST_JOBS ?= 2
test: lint
	@$(MAKE) --no-print-directory wasm
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target editions suites
	@$(MAKE) --no-print-directory worksheets
	@$(MAKE) --no-print-directory browser-tests

# The suites that need no built book, in turn: each prints its time.
suites:
	@start=$$SECONDS; $(MAKE) --no-print-directory unit-tests && \
	  echo "make test: the pure unit suite in $$((SECONDS - start)) s"
	@start=$$SECONDS; $(MAKE) --no-print-directory unit-tests-compiled && \
	  echo "make test: the compiled unit suite in $$((SECONDS - start)) s"
	@start=$$SECONDS; $(MAKE) --no-print-directory install-check && \
	  echo "make test: the installs in $$((SECONDS - start)) s"

# Both editions, one after the other: the teacher edition takes the pages' outputs from the
# student edition's execution cache (EXEC_CACHE).
editions:
	@start=$$SECONDS; $(MAKE) --no-print-directory book && $(MAKE) --no-print-directory teacher \
	  && echo "make test: the four editions in $$((SECONDS - start)) s"

# Unit tests and doctests: everything but the browser tests, which need the built book, and the
# installs' (make install-check).
unit-tests: venv wasm
	@rc=0; TRICKCORE_REQUIRE_WASM=1 $(BIN)/python -m pytest -m "not browser and not install" \
	  || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests (exit 5)" >&2; fi; \
	[ $$rc -eq 0 ] || exit $$rc; \
	$(BIN)/python -m pytest -p no:cacheprovider --nbmake notebooks/

# The built site in Debian's Chromium: page loads, requests, images, cards, axe-core, weight.
# In BROWSER_JOBS halves at once (tests/browser/conftest.py: BROWSER_SHARD=K/N takes every Nth
# test from the Kth), each with its own server and Chromium: a browser test mostly waits on the
# browser, so two halves keep both cores busy.  BROWSER_JOBS=1 runs them in one go.
BROWSER_JOBS ?= 2
browser-tests: venv chromium
	@$(MAKE) --no-print-directory -j$(BROWSER_JOBS) --output-sync=target \
	  $(addprefix browser-tests-,$(shell seq 1 $(BROWSER_JOBS)))
	@$(MAKE) --no-print-directory browser-tests-alone

# The timed browser tests (marker alone: how long "Play it live" takes beside the floor), after
# the halves, with the machine to themselves.
browser-tests-alone: venv
	@rc=0; $(BIN)/python -m pytest -m "browser and alone" tests/browser -s || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no timed browser tests (exit 5)" >&2; fi; \
	exit $$rc

browser-tests-%: venv
	@rc=0; BROWSER_SHARD=$*/$(BROWSER_JOBS) $(BIN)/python -m pytest -m browser tests/browser \
	  --durations=12 || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no browser tests (exit 5)" >&2; fi; \
	exit $$rc

# JupyterLab on the notebooks (the playgrounds and notebooks/tutorials/), the widgets working:
# .venv has ipywidgets, whose JupyterLab extension comes with it. As root (a container, CI),
# JupyterLab wants --allow-root.
LAB_ARGS ?=
lab: venv
	$(BIN)/jupyter lab $$([ "$$(id -u)" -ne 0 ] || echo --allow-root) $(LAB_ARGS) notebooks/

# A reader's installs, each in a scratch venv and a fresh copy of the checkout with a clean
# environment (scripts/check_install.py prints each one's time, build and last line), then
# make lab started and stopped, and the Experiment page's commands run as written
# (tests/install/test_lab.py).
install-check: venv
	$(BIN)/python scripts/check_install.py --python $(PYTHON)
	$(BIN)/python -m pytest -p no:cacheprovider -q -m install tests/install/test_lab.py

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  $$SUDO apt-get update && $$SUDO apt-get install -y chromium fonts-dejavu-core; \
	fi

# The solver's C core as WebAssembly (scripts/build_wasm.py), Debian's toolchain installed as
# chromium is (as root, or with sudo; otherwise one line says what to install and make stops);
# --require: a missing toolchain is an error, never a live edition quietly on the Python search.
# make book, make teacher and make check build it first (lite needs it).
WASM_PACKAGES := clang lld wasi-libc libclang-rt-14-dev-wasm32 nodejs
wasm: venv
	@if ! command -v clang >/dev/null 2>&1 || [ ! -f /usr/lib/wasm32-wasi/libc.a ] \
	    || ! ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a >/dev/null 2>&1 \
	    || ! command -v wasm-ld >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	  else echo "make wasm: the live edition's solver needs Debian's $(WASM_PACKAGES): run 'apt-get install -y $(WASM_PACKAGES)' as root, then make again" >&2; exit 1; fi; \
	  echo "make wasm: installing Debian's $(WASM_PACKAGES) (the solver's C core for the browser)"; \
	  mkdir -p build; \
	  { $$SUDO apt-get update && $$SUDO apt-get install -y $(WASM_PACKAGES); } > build/apt-wasm.log 2>&1 \
	    || { echo "make wasm: apt-get could not install $(WASM_PACKAGES) ($$(tail -1 build/apt-wasm.log)); the whole log is in build/apt-wasm.log" >&2; exit 1; }; \
	fi
	@$(BIN)/python scripts/build_wasm.py --require

# The compiled build (setup.py: mypyc where a C compiler exists, else the pure package) in
# build/compiled, and the unit suite run against it (tests/install/test_builds.py checks which it is).
COMPILED := build/compiled
$(COMPILED)/.stamp: setup.py pyproject.toml $(shell find trickcore -name '*.py' -o -name '*.c' -o -name '*.h') | $(STAMP)
	rm -rf $(COMPILED) build/lib.* build/temp.* build/bdist.* build/__native* build/trickcore*
	$(BIN)/python -m pip install --disable-pip-version-check --quiet --no-deps --no-build-isolation \
	  --target $(COMPILED) .
	touch $@

compiled: $(COMPILED)/.stamp

# The tests marked pure_only run the same code in both builds (the book's pages and helpers, the
# catalogues, the source tree): make unit-tests runs them, this pass leaves them out.
unit-tests-compiled: compiled wasm
	TRICKCORE_REQUIRE_WASM=1 TRICKCORE_BUILD=compiled PYTHONPATH=$(CURDIR)/$(COMPILED) $(BIN)/pytest tests \
	  -m "not browser and not install and not pure_only" \
	  -p no:cacheprovider -q

bench: $(BENCH_STAMP) compiled
	$(BIN)/python bench/bench_oh_hell.py
	PYTHONPATH=$(CURDIR)/$(COMPILED) $(BIN)/python bench/bench_oh_hell.py
	$(BIN)/python bench/bench_batch.py
	PYTHONPATH=$(CURDIR)/$(COMPILED) $(BIN)/python bench/bench_solver.py

# Invariants after every action of a million random deals; exits 1 on any violation.
soak: venv
	$(BIN)/python scripts/soak.py $(SOAK_ARGS)

$(NPM_STAMP): package.json package-lock.json
	@if ! command -v npm >/dev/null 2>&1; then \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  $$SUDO apt-get update && $$SUDO apt-get install -y nodejs npm; \
	fi
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Widget JS, RequireJS and MathJax, copied from node_modules into _vendor/ (served by the site).
assets: $(NPM_STAMP)
	$(BIN)/python scripts/vendor_assets.py

# The live demos' runtime: Pyodide's core from npm and the pure wheels it needs from PyPI in
# lite/static/pyodide/, the trickcore wheel built from this checkout and the ipywidgets wheels in
# lite/wheels/ (scripts/build_lite.py; the JupyterLite site itself is built by jupyterlite-sphinx
# at the end of the book build).
lite: venv $(NPM_STAMP) wasm
	$(BIN)/python scripts/build_lite.py

# The pages import the page builders (book/trickbook, not part of the wheel) as `trickbook`.
# BOOK_EDITION chooses the edition (book/_ext/editions.py).
book: venv assets lite
	@$(BIN)/python scripts/execution_cache.py $(EXEC_CACHE)/en
	@start=$$SECONDS; echo "BOOK_EDITION=student $(JB_BUILD)"; \
	BOOK_EDITION=student $(JB_BUILD) || exit $$?; \
	echo; echo "The student edition was built in $$((SECONDS - start)) s: $(SITE)/index.html"
	@$(MAKE) --no-print-directory french EDITION=student OUT=$(SITE)/fr
	@echo "Serve it with:     python3 -m http.server -d $(SITE) 8000"
	@echo "then open          http://127.0.0.1:8000/  (en français : http://127.0.0.1:8000/fr/)"

# The pages' French catalogues against the sources: extract every page's messages (the teacher
# edition's, which hold the student edition's; the code runs, because a figure's caption and
# alt text exist only once its cell has drawn it), merge them into
# locales/fr (sphinx-intl update: a new or changed message comes in empty or fuzzy), then
# check every catalogue (scripts/check_translations.py: nothing untranslated or fuzzy, the
# markup kept, French spacing).  Translate what it names, then run it again.
GETTEXT_WORK := _build/editions/gettext
catalogues: venv
	$(BIN)/python book/_ext/editions.py teacher-toc $(GETTEXT_WORK)/_toc.yml
	rm -rf $(GETTEXT_WORK)/_build/gettext
	$(BIN)/python scripts/execution_cache.py $(EXEC_CACHE)/en
	TRICKCORE_PROGRESS=0 BOOK_EDITION=teacher PYTHONPATH=$(CURDIR)/book $(BIN)/jupyter-book build . --all \
	  --builder custom --custom-builder gettext \
	  --toc $(GETTEXT_WORK)/_toc.yml --path-output $(GETTEXT_WORK) > $(GETTEXT_WORK).log 2>&1 \
	  || { tail -20 $(GETTEXT_WORK).log; exit 1; }
	$(BIN)/sphinx-intl update -p $(GETTEXT_WORK)/_build/gettext -l fr -d locales -w 76 > /dev/null
	$(BIN)/python scripts/check_translations.py

# The French edition of one edition (EDITION=student|teacher) into OUT, from the same sources:
# the pages' prose through locales/fr (sphinx-intl), the pages' code run with TRICKCORE_LANG=fr
# (book/_ext/editions.py), the configuration with language fr (Sphinx's own words in French).
FR_CONFIG := _config.fr.yml
EDITION ?= student
OUT ?= $(SITE)/fr
french: venv assets lite
	$(BIN)/python book/_ext/editions.py config fr $(FR_CONFIG)
	@if [ "$(EDITION)" = teacher ]; then toc="--toc $(TEACHER_WORK)/_toc.yml"; \
	  $(BIN)/python book/_ext/editions.py teacher-toc $(TEACHER_WORK)/_toc.yml; else toc=""; fi; \
	$(BIN)/python scripts/execution_cache.py $(EXEC_CACHE)/fr || exit $$?; \
	work=_build/editions/fr-$(EDITION); start=$$SECONDS; \
	echo "BOOK_LANGUAGE=fr BOOK_EDITION=$(EDITION) $(JB_BUILD) --config $(FR_CONFIG) $$toc --path-output $$work"; \
	BOOK_LANGUAGE=fr BOOK_EDITION=$(EDITION) $(JB_BUILD) --config $(FR_CONFIG) $$toc \
	  --path-output $$work || exit $$?; \
	rm -rf $(OUT) && mv $$work/_build/html $(OUT) && \
	echo && echo "The French $(EDITION) edition was built in $$((SECONDS - start)) s: $(OUT)/index.html"

teacher: venv assets lite
	$(BIN)/python book/_ext/editions.py teacher-toc $(TEACHER_WORK)/_toc.yml
	@$(BIN)/python scripts/execution_cache.py $(EXEC_CACHE)/en
	@start=$$SECONDS; echo "BOOK_EDITION=teacher $(JB_BUILD) --toc ... --path-output $(TEACHER_WORK)"; \
	BOOK_EDITION=teacher $(JB_BUILD) --toc $(TEACHER_WORK)/_toc.yml --path-output $(TEACHER_WORK) \
	  || exit $$?; \
	rm -rf $(TEACHER_SITE) && mv $(TEACHER_WORK)/_build/html $(TEACHER_SITE) && \
	echo && echo "The teacher edition was built in $$((SECONDS - start)) s: $(TEACHER_SITE)/index.html"
	@$(MAKE) --no-print-directory french EDITION=teacher OUT=$(TEACHER_SITE)/fr

clean:
	rm -rf $(VENV) build dist _build _config.fr.yml _vendor node_modules *.egg-info .mypy_cache .ruff_cache .pytest_cache bench/results
	rm -rf lite/static lite/wheels _contents .jupyterlite.doit.db
	find . -path ./.git -prune -o -name __pycache__ -type d -exec rm -rf {} +

# make worksheets: the worksheets (book/worksheets/) as A4 PDFs in _build/worksheets/ (the French
# ones in _build/worksheets/fr/), a student sheet from the student edition and an answer key from
# the teacher edition (run make book and make teacher first), printed by Chromium
# (scripts/worksheets.py), then checked: every sheet and key exists, is A4 and has pages
# (tests/book/test_worksheets.py).
.PHONY: worksheets
worksheets: venv chromium
	$(BIN)/python scripts/worksheets.py
	$(BIN)/python -m pytest -p no:cacheprovider -q tests/book/test_worksheets.py
