"""Hints for a name that is not known: the known names nearest it, or the list of them.

Every message about a misspelt name (a player, a rule ID, a preset, a key of a setup or of
`[tool.rulewright]`) ends with one of these hints. The game API offers them as
``rulewright.game.did_you_mean``; they live here, below both the game API and the toolchain's
problems, so that neither needs the other to say one.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: object, known: Iterable[object]) -> str:
    """A short hint naming the closest known names, or listing them all when few."""
    options = sorted({str(k) for k in known})
    close = nearest(name, options)
    if close:
        return "Did you mean " + " or ".join(repr(c) for c in close) + "?"
    if not options:
        return "There are none."
    if len(options) <= 12:
        return "Known: " + ", ".join(options) + "."
    return "Known: " + ", ".join(options[:12]) + f", ... ({len(options)} in all)."


def nearest(name: object, known: Iterable[object], cutoff: float = 0.6) -> list[str]:
    """The known names closest to ``name`` (at most three, each at least ``cutoff`` alike): the best,
    and only those nearly as close, not a long shared prefix's unrelated names."""
    close = difflib.get_close_matches(str(name), sorted({str(k) for k in known}), n=3, cutoff=cutoff)
    if not close:
        return []
    best = difflib.SequenceMatcher(None, str(name), close[0]).ratio()
    return [c for c in close if difflib.SequenceMatcher(None, str(name), c).ratio() >= best - 0.08]
