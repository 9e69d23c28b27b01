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

# Two editions from one source (a Sphinx tag picks one): the player's edition (the rules and their
# examples, nothing else) and the designer's edition (everything, with IDs, the rules each example
# shows, its verification mark and the pages for designers and programmers).
EDITIONS := player designer
SPHINX = RULEWRIGHT_STRICT=$(STRICT) $(BIN)/sphinx-build -q -W --keep-going -c . -t $(1) -d $(BUILD)/$(1)/doctrees

.PHONY: rulebook html pdf serve test check coverage bench clean distclean $(foreach e,$(EDITIONS),$(e) html-$(e) pdf-$(e))

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Both editions, HTML and PDF, side by side (one edition per core; within one, the PDF reuses the
# pages the HTML build read).
rulebook: $(STAMP)
	$(MAKE) --no-print-directory -j2 $(EDITIONS)
	@echo "Player's edition:   $(BUILD)/player/html/index.html   $(BUILD)/player/pdf/rulebook-players-edition.pdf"
	@echo "Designer's edition: $(BUILD)/designer/html/index.html $(BUILD)/designer/pdf/rulebook-designers-edition.pdf"

player designer: %: $(STAMP)
	$(MAKE) --no-print-directory html-$* pdf-$*

html: $(STAMP)
	$(MAKE) --no-print-directory -j2 $(foreach e,$(EDITIONS),html-$(e))

pdf: $(STAMP)
	$(MAKE) --no-print-directory -j2 $(foreach e,$(EDITIONS),pdf-$(e))

$(addprefix html-,$(EDITIONS)): html-%: $(STAMP)
	$(call SPHINX,$*) -b html rulebook $(BUILD)/$*/html $(SPHINXOPTS)
	@echo "HTML, $* edition: $(BUILD)/$*/html/index.html"

$(addprefix pdf-,$(EDITIONS)): pdf-%: $(STAMP)
	$(call SPHINX,$*) -b simplepdf rulebook $(BUILD)/$*/pdf $(SPHINXOPTS)
	@echo "PDF, $* edition: $$(ls $(BUILD)/$*/pdf/*.pdf)"

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
