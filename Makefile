# The two commands a newcomer needs are `make rulebook` and `make test`. Each target creates the
# virtual environment it needs (.venv) and installs the project into it, so a fresh clone works.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BUILD := _build
# Strict mode (a failing example is a build error) is on in CI and for `make rulebook`.
STRICT ?= 1
SPHINXOPTS ?=

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The editions and the live preview (rulebook, html, pdf, html-player, pdf-designer, ..., serve):
# the same file is written into every project `rulewright new` makes, so both build alike.
include rulewright/scaffold/editions.mk

.PHONY: test check coverage bench clean distclean

test: $(STAMP)
	$(BIN)/pytest -n auto -q

check: $(STAMP)
	$(BIN)/rulewright check

# Which engine lines and refusals no example reaches, per game, and what each rule's examples exercise.
coverage: $(STAMP)
	$(BIN)/rulewright coverage --rules

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(BUILD) .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
