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

# (PYTHONWARNINGS: setuptools' notice about editable installs, printed on every install, is not for
# designers.)
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	PYTHONWARNINGS='ignore:Editable installation' $(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The editions and the live preview (rulebook, html, pdf, html-player, pdf-designer, ..., serve):
# the same file is written into every project `rulewright new` makes, so both build alike.
include rulewright/scaffold/editions.mk

.PHONY: test test-lowest check coverage bench replay clean distclean

test: $(STAMP)
	$(BIN)/pytest -n auto -q

# Are the lower bounds in pyproject.toml true? Every dependency at its declared floor, in an
# environment of its own (_build/lowest), then the toolchain's tests and a new project's make test
# and make rulebook (a quarter of an hour, most of it pip and the tests; not part of make test).
test-lowest:
	$(PYTHON) .ci/lowest.py

check: $(STAMP)
	$(BIN)/rulewright check

# Which engine lines and refusals no example reaches, per game, and what each rule's examples exercise.
coverage: $(STAMP)
	$(BIN)/rulewright coverage --rules

# Other programs' game records played to their end: the 1870 records of 18xx.games kept beside this
# repository, or those named, files or folders: make replay RECORDS="a.json records/" (FORMAT=18xx.games
# by default). A name with a space in it is quoted as in the shell: RECORDS='"my game.json"'.
RECORDS ?= $(wildcard ../shared/reference/1870-records)
FORMAT ?= 18xx.games
replay: $(STAMP)
	@test -n '$(RECORDS)' || { echo "No records to replay: name them with RECORDS=..."; exit 1; }
	@$(BIN)/rulewright replay --from $(FORMAT) $(RECORDS)

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(BUILD) .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
