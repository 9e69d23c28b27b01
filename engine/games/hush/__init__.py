"""Hush, a small card game of hidden hands (designed for this book; see rulebook/hush/).

Read the package in this order:

- ``cards.json``: the cards (the numbers 1 to 6, two of each), the hand size, how many play;
- ``state.py``: the state, the cards it holds and reading an example's setup;
- ``game.py``: the rules (``apply``), the view and what each player sees (``hidden``, ``view_for``);
- ``diagram.py``: the table drawn from one player's point of view.
"""
from engine.games.hush.game import Hush

GAME = Hush()

__all__ = ["GAME", "Hush"]
