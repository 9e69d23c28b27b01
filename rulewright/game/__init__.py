"""The shared core every game is built on. Read the files in this order:

- ``refusal.py``: ``Refusal`` (a rule says no, citing its rule ID) and ``InputError`` (the
  input itself is wrong: an unknown player, city or action).
- ``events.py``: ``Event``, what an action reports besides changing the state.
- ``rng.py``: ``Rng``, seeded randomness that an example can also state outright.
- ``game.py``: ``Game``, the interface a game implements, ``Setting`` and ``step``.
- ``values.py``: ``whole``, ``money``, ``flag``: read a setup value by kind and range, or say why not.
"""
from rulewright.game.events import Event
from rulewright.game.interface import Action, Game, Setting, check_action, step
from rulewright.game.refusal import InputError, Refusal, did_you_mean
from rulewright.game.rng import Rng
from rulewright.game import values

__all__ = ["Action", "Event", "Game", "InputError", "Refusal", "Rng", "Setting", "check_action", "did_you_mean", "step", "values"]
