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

.PHONY: rulebook html pdf serve test check coverage bench clean distclean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

rulebook: html pdf

html: $(STAMP)
	RULEWRIGHT_STRICT=$(STRICT) $(BIN)/sphinx-build -q -W --keep-going -b html -c . rulebook $(BUILD)/html $(SPHINXOPTS)
	@echo "HTML rulebook: $(BUILD)/html/index.html"

pdf: $(STAMP)
	RULEWRIGHT_STRICT=$(STRICT) $(BIN)/sphinx-build -q -W --keep-going -b simplepdf -c . rulebook $(BUILD)/pdf $(SPHINXOPTS)
	@echo "PDF rulebook: $$(ls $(BUILD)/pdf/*.pdf)"

# Live preview at http://127.0.0.1:8000: rebuilt on saving a page or a game's code or data; a failing
# example is shown failing on its page and listed in the terminal (not strict while serving).
serve: $(STAMP)
	$(BIN)/rulewright serve

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
