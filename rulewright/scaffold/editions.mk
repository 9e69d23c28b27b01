# Two editions from one source (a Sphinx tag picks one): the player's edition (the rules and their
# examples, nothing else) and the designer's edition (everything, with IDs, the rules each example
# shows, its verification mark and the pages for designers and programmers). A page for designers
# only says `edition: designer` in its front matter.
EDITIONS := player designer
SPHINX = RULEWRIGHT_STRICT=$(STRICT) $(BIN)/sphinx-build -q -W --keep-going -c . -t $(1) -d $(BUILD)/$(1)/doctrees

.PHONY: rulebook editions html pdf print serve $(foreach e,$(EDITIONS),$(e) read-$(e) html-$(e) pdf-$(e))

# Both editions, HTML and PDF, on two cores; nothing is started when nothing changed: before any
# Sphinx process starts, a digest of everything the build reads (the book's files, conf.py,
# pyproject.toml, these Makefiles and STRICT/SPHINXOPTS, the games' packages, Rulewright, the
# installed packages' versions, dot, the last commit) and of the editions it wrote is compared
# with the last successful build's ($(BUILD)/rulebook.built; see rulewright/store/built.py).
BUILT = $(BIN)/python -m rulewright.store.built $(1) $(BUILD)/rulebook.built --source rulebook --conf . \
	$(foreach f,$(MAKEFILE_LIST),--file $(f)) --value 'STRICT=$(STRICT)' --value 'SPHINXOPTS=$(SPHINXOPTS)' \
	$(foreach e,$(EDITIONS),--output $(BUILD)/$(e)/html --output $(BUILD)/$(e)/pdf)

rulebook: $(STAMP)
	@if $(call BUILT,check); then echo "Nothing changed since the last build: both editions are up to date."; \
	else $(BOTH) && $(call BUILT,keep) || { $(call BUILT,forget); exit 1; }; fi
	@echo "Player's edition:   $(BUILD)/player/html/index.html   $$(ls $(BUILD)/player/pdf/*.pdf)"
	@echo "Designer's edition: $(BUILD)/designer/html/index.html $$(ls $(BUILD)/designer/pdf/*.pdf)"

# The build itself: first both editions' pages are read, side by side (and their examples played; a
# failing one is reported here). Then the writing, from those pages: the designer's PDF, the longest
# job, on one core; the player's PDF and both editions' HTML one after another on the other. A build
# that only writes leaves the read pages as they are, so the two writing the designer's edition can
# run at once. Each is the sphinx-build the targets below run, forked from one process that imported
# Sphinx and Rulewright once (rulewright/sphinx/both.py). The book's problems (a failing example, a
# rule without one) are said by the designer's reading only, once; the player's says what is its own.
BOTH = RULEWRIGHT_STRICT=$(STRICT) $(BIN)/python -m rulewright.sphinx.both $(BUILD) rulebook -- -q -W --keep-going -c . $(SPHINXOPTS)
editions: $(STAMP)
	$(BOTH)

player designer: %: read-%
	$(MAKE) --no-print-directory PAGES_READ=yes html-$* pdf-$*

# Reading an edition's pages and playing its examples (Sphinx's dummy builder writes nothing). The
# HTML and PDF targets read first unless PAGES_READ=yes says they were just read.
$(addprefix read-,$(EDITIONS)): read-%: $(STAMP)
	$(call SPHINX,$*) -b dummy rulebook $(BUILD)/$*/read $(SPHINXOPTS)

html: $(STAMP)
	$(MAKE) --no-print-directory -j2 $(foreach e,$(EDITIONS),html-$(e))

pdf: $(STAMP)
	$(MAKE) --no-print-directory -j2 $(foreach e,$(EDITIONS),pdf-$(e))

$(addprefix html-,$(EDITIONS)): html-%: $(STAMP) $(if $(PAGES_READ),,read-%)
	$(call SPHINX,$*) -b html rulebook $(BUILD)/$*/html $(SPHINXOPTS)
	@echo "HTML, $* edition: $(BUILD)/$*/html/index.html"

$(addprefix pdf-,$(EDITIONS)): pdf-%: $(STAMP) $(if $(PAGES_READ),,read-%)
	$(call SPHINX,$*) -b simplepdf rulebook $(BUILD)/$*/pdf $(SPHINXOPTS)
	@echo "PDF, $* edition: $$(ls $(BUILD)/$*/pdf/*.pdf)"

# The print files of the player's book, for a printer, in $(BUILD)/print: the interior as PDF/X-4
# (an output intent, 3 mm bleed and crop marks, mirrored margins, the page count padded to the
# signature) and its cover (back, spine and front; the spine as wide as the pages are thick). The
# printer's settings (trim, bleed, signature, paper, profile) are in [tool.rulewright.print] in
# pyproject.toml; `rulewright print` lays out the player's book that `make rulebook` built.
print: rulebook
	$(BIN)/rulewright print

# Live preview at http://127.0.0.1:8000 (the designer's edition; `make serve EDITION=player` for
# the player's, `make serve PORT=8001` for another port): rebuilt on saving a page or a game's
# code or data; a failing example is shown failing on its page and listed in the terminal (not
# strict while serving).
EDITION ?= designer
PORT ?= 8000
serve: $(STAMP)
	$(BIN)/rulewright serve --edition $(EDITION) --port $(PORT)
