"""How a Rulewright process runs, whatever it does: its cycle collector (``collector``)."""
