# `make lab`  — set everything up and open JupyterLab on notebooks/
# `make test` — set everything up and run every test, the browser tests included
# `make docs` — set everything up and build the documentation site into docs/_build/html
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
JS_SOURCES := $(wildcard js/*/*.js) js/build.mjs

LINTED := src tests benchmarks tools hatch_build.py docs/conf.py

# pytest runs on WORKERS processes (pytest-xdist; logical: one per CPU, hyperthreads
# counted), each taking whole test files, the browser test files first (tests/conftest.py)
WORKERS ?= logical
XDIST := -n $(WORKERS) --dist loadfile --no-loadscope-reorder

.PHONY: lab test unit check e2e docs bench js browser clean

# root (as in a container) must say so to Jupyter; LAB_ARGS adds options (README: headless)
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

# JupyterLab serves lab/, working copies of notebooks/ (git-ignored; refreshed from the
# originals by tools/tutorial_copies.py, keeping what you changed), so playing the
# tutorials never changes the checkout (LAB_DIR: another folder for them)
LAB_DIR ?= lab
lab: $(BIN)/.installed js
	$(BIN)/python tools/tutorial_copies.py notebooks $(LAB_DIR)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(LAB_DIR) $(ROOT_FLAG) $(LAB_ARGS)

test: $(BIN)/.installed js browser check
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

unit: $(BIN)/.installed js check
	$(BIN)/python -m pytest -m "not e2e" $(XDIST) $(PYTEST_ARGS)

# types (mypy, config in pyproject.toml), lint (ruff, likewise) and the views' own tests
check: $(BIN)/.installed
	$(BIN)/python -m mypy
	$(BIN)/python -m ruff check $(LINTED)
	npm test --silent

e2e: $(BIN)/.installed js browser
	$(BIN)/python -m pytest -m e2e $(XDIST) $(PYTEST_ARGS)

# the site, built from scratch with warnings as errors, its internal links checked offline
# (tools/build_docs.py; `make test` builds it too, in tests/test_docs.py)
docs: $(BIN)/.installed js
	$(BIN)/python tools/build_docs.py

bench: $(BIN)/.installed
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lab,plots,online,docs]'
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

js: src/gamewidgets/static/.built

src/gamewidgets/static/.built: node_modules/.package-lock.json $(JS_SOURCES)
	npm run --silent build
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download its own here).
# Installed when missing and we are root with apt-get; otherwise the tests look for
# Playwright's own browser, and skip (or fail under CI) when there is none.
browser:
	@if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 \
	    && [ "$$(id -u)" = 0 ]; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	fi

clean:
	rm -rf $(VENV) node_modules src/gamewidgets/static/*.js src/gamewidgets/static/.built docs/_build docs/tutorials \
	  docs/api/generated
