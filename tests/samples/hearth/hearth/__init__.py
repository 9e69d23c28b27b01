"""Hearth, a sample worker-placement game with upkeep, written only on Rulewright's kits."""
from hearth.game import Hearth

GAME = Hearth()

__all__ = ["GAME", "Hearth"]
