"""Trumpet, a sample trick-taking game with an auction and trumps, written only on Rulewright's kits."""
from trumpet.game import Trumpet

GAME = Trumpet()

__all__ = ["GAME", "Trumpet"]
