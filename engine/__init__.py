"""The Rulewright rules engine.

The engine knows nothing of Sphinx, Sybil or Markdown. Each game is a package under
``engine/games/`` built on the small shared core in ``engine/core``: a state, the legal actions,
apply one action (OpenSpiel's shape), refusals that cite rule IDs, events and seeded randomness.
"""
from engine.core import Action, Event, Game, InputError, Refusal, Rng, Setting, step
from engine.games import game_names, get_game

__all__ = [
    "Action", "Event", "Game", "InputError", "Refusal", "Rng", "Setting",
    "game_names", "get_game", "step",
]
