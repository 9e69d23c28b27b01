"""Heaps, the small game the authoring guide of every new project plays its live examples on
(``game: rulewright-demo``). It ships with Rulewright and is always registered
(``rulewright.book.registry``), so the guide stays green whatever game the project has; its tests
are in Rulewright's own test suite."""
from rulewright.demo.game import Heaps

GAME = Heaps()

__all__ = ["GAME", "Heaps"]
