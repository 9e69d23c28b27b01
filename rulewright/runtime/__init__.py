"""How a Rulewright process runs, whatever it does: its cycle collector (``collector``), and the
tie that ends a forked helper with the process that forked it (``lifeline``)."""
