# Two editions from one source (a Sphinx tag picks one): the player's edition (the rules and their
# examples, nothing else) and the designer's edition (everything, with IDs, the rules each example
# shows, its verification mark and the pages for designers and programmers). A page for designers
# only says `edition: designer` in its front matter.
EDITIONS := player designer
SPHINX = RULEWRIGHT_STRICT=$(STRICT) $(BIN)/sphinx-build -q -W --keep-going -c . -t $(1) -d $(BUILD)/$(1)/doctrees

.PHONY: rulebook html pdf serve $(foreach e,$(EDITIONS),$(e) html-$(e) pdf-$(e))

# Both editions, HTML and PDF, side by side (one edition per core; within one, the PDF reuses the
# pages the HTML build read).
rulebook: $(STAMP)
	$(MAKE) --no-print-directory -j2 $(EDITIONS)
	@echo "Player's edition:   $(BUILD)/player/html/index.html   $$(ls $(BUILD)/player/pdf/*.pdf)"
	@echo "Designer's edition: $(BUILD)/designer/html/index.html $$(ls $(BUILD)/designer/pdf/*.pdf)"

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

# Live preview at http://127.0.0.1:8000 (the designer's edition): rebuilt on saving a page or a
# game's code or data; a failing example is shown failing on its page and listed in the terminal
# (not strict while serving).
serve: $(STAMP)
	$(BIN)/rulewright serve
