"""Bus (Splotter Spellen, 1999): the Line Expansion action on the real street map.

Read the package in this order:

- ``board.json`` and ``board.py``: the street map, 36 crossings and 70 streets;
- ``line.py``: a player's line, a trail with two stored ends;
- ``state.py``: players, lines and phases;
- ``rules.py``: where a line may grow, street by street, and which rule says no;
- ``turns.py``: whose turn it is, in the setup placements and the Line Expansion spaces;
- ``setup.py`` and ``actions.py``: reading an example's setup and actions;
- ``game.py``: settings, presets, ``apply`` and the ``view`` that examples check.
"""
from engine.games.bus.game import Bus

GAME = Bus()

__all__ = ["GAME", "Bus"]
