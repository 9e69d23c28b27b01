"""1870: The Trans-Mississippi. The stock market, share dealing, price protection, redemption and
reissue, the private companies, and the map: track, routes, destinations and connection runs. Start
with ``game.py``; the data is in ``data/``."""
from engine.games.g1870.game import G1870

GAME = G1870()

__all__ = ["GAME", "G1870"]
