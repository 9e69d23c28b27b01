"""1870: The Trans-Mississippi. The stock market, share dealing, price protection, redemption and
reissue, the private companies, and the map: track, routes, destinations and connection runs. Start
with ``game.py``; the data is in ``data/``.

The modules, read in this order, each needing only those above it (``tests/g1870/test_reading_order.py``
holds the package to it):

- ``data``, ``hexmap``, ``state``: the fixed data, the printed map and its tiles, the game's state;
- ``setup_names``, ``market``, ``ending``, ``holdings``: names in a setup, the price grid, the end of
  the game, who holds what;
- ``track``, ``hexroutes``, ``routes``, ``network``: the map as it stands, routes over it, the tokens
  off it;
- ``privates``, ``rounds``, ``auction``, ``shares``, ``protection``, ``stock``, ``redemption``: the
  private companies, the order of rounds, the opening auction, the stock round;
- ``building``, ``operating``, ``hexruns``, ``connections``: an operating turn and the connection runs;
- ``actions``, ``map_setup``, ``setup``, ``presets``, ``position``, ``map_view``, ``view``: the
  notation, reading and writing positions, the view examples check;
- ``colours``, ``map_picture``, ``diagram``: the pictures;
- ``game``: settings, presets and the dispatch from a move to the module that rules on it; then
  ``ledger`` and ``importer``, for 18xx.games records.
"""
from engine.games.g1870.game import G1870

GAME = G1870()

__all__ = ["GAME", "G1870"]
