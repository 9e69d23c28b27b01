"""powerUp (Oliver Lewisohn, 2014): tiles found, grow and merge six energy companies; players
buy shares and are paid bonuses when companies are taken over. Most cash wins.

Read the package in this order:

- ``data/game.yaml``, ``data/presets.yaml``: every number of the game, and named setups.
- ``data.py``, ``board.py``: loading them; the 10x10 grid (A0..J9) and its neighbours.
- ``state.py``: the state dataclasses, and the share price.
- ``setup.py``: building a state from an example's setup (including the initial draw).
- ``actions.py``: the notation: ``draw``, ``play E5 [found ES | survivor ES]``, ``buy ES``, ``end turn``.
- ``turn.py``: the random action count, drawing, buying, ending a turn.
- ``tiles.py``: playing a tile: neutral, founding, expansion.
- ``mergers.py``: mergers, bonuses and the forced sale.
- ``ending.py``: the end of the game and the ranking.
- ``legal.py``, ``view.py``, ``game.py``: the ``Game`` interface tying these together.
- ``position.py``, ``laws.py``: a position written back as a setup; the conservation laws.
"""
from engine.games.powerup.game import PowerUp

GAME = PowerUp()

__all__ = ["GAME", "PowerUp"]
