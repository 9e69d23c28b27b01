"""Muck & Brass (J C Lawrence's prototype British railway game): the Expand action.

Read the package in this order:

- ``data/board.yaml``: the illustrative demo board (cities, links, ports, home stations);
  ``data/demo.yaml`` and ``data/late.yaml``: the two presets examples start from.
- ``board.py``: the map as objects; ``state.py``: companies, components, players, and how a
  setup mapping becomes a state.
- ``actions.py``: the notation examples write (``expand LMR Liverpool-Manchester``).
- ``expand.py``: the rules of the Expand action, each refusal citing its rule ID.
- ``game.py``: the ``Game`` itself: settings, presets, the view examples check, legal actions.
"""
from engine.games.muck_and_brass.game import MuckAndBrass

GAME = MuckAndBrass()

__all__ = ["GAME"]
