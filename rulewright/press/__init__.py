"""The print files of a book, for a printer (``rulewright print``, ``make print``): the interior as
PDF/X-4 with bleed and crop marks (``interior``), its colour and output intent (``colour``), the
cover with its spine (``cover``), from the settings in ``[tool.rulewright.print]`` (``settings``)."""
