"""The public game API: what a game's rules engine is built on. Read the files in this order:

- ``refusal.py``: ``Refusal`` (a rule says no, citing its rule ID) and ``InputError`` (the
  input itself is wrong: an unknown player, city or action), with ``did_you_mean`` and
  ``lookup`` for messages that suggest the name meant.
- ``events.py``: ``Event``, what an action reports besides changing the state.
- ``rng.py``: ``Rng``, seeded randomness that an example can also state outright (``draws:``).
- ``interface.py``: ``Game``, the interface a game implements, ``Action``, ``Setting``, ``step``
  and ``check_action`` (what ``apply`` calls first); ``hide_view``, ``hidden_marker`` and
  ``is_hidden`` for what a player cannot see (``Game.hidden``, ``Game.view_for``).
- ``values.py``: ``whole``, ``money``, ``flag``: read a setup value by kind and range, or say why not.
- ``hexes.py``: ``Grid`` and ``Hex``: hex maps (18xx-style labels, neighbours, numbered sides, tile
  rotation, distance, and positions for drawing a hex board with Graphviz).
- ``squares.py``: ``Grid`` and ``Square``: square boards (labels such as ``C4``, neighbours with or
  without diagonals, distance, and positions for drawing; ``rulewright.dot.move_arrow`` draws a
  move over the squares).
- ``cards.py``: ``Deck`` (a deck declared as data, cards read with their look-alikes), ``Deal``
  (deals that state themselves), tricks (``playable``, ``check_follow``, ``winner``) and
  ``draw_table``, a card table drawn face up or face down as the viewer knows it.
- ``turns.py``: ``players`` (reading who plays), ``Seating`` (turn order, passing, rounds, the
  first player) and ``Phases`` (the phases of a round described as data).
- ``goods.py``: goods and money: reading them, paying a cost whole or refusing with what is
  short, upkeep paid as far as it goes, amounts in words ("2 wood and 1 food", "$1,200").
- ``spaces.py``: action spaces for worker placement (declared as data; one worker, several or
  any; a full space blocks; every worker home at the end of the round).
- ``tracks.py``: the score track (``ScoreTrack``: scores never below the first space, the leaders,
  a score that ends the game) and the round track (``RoundTrack``: round of rounds, and what
  happens at the end of some rounds, as data).
- ``datafiles.py``: ``data_file``, which reads one of the game's YAML data files (its presets, a
  board), and ``DataFileError``: a mistake in the file named at its line, with the fix.
- ``setups.py``: ``minimal_setup``, a full setup written as a preset plus what differs from it
  (what a game's optional ``setup_of`` returns).
- ``importer.py``: ``Importer``, what turns another program's game record into a Rulewright record.

Stability: everything named in ``__all__`` below is the public API. Within a major version of
Rulewright (0.x counts as one), it only grows: names are not removed or renamed, and the methods a
``Game`` implements keep their signatures, so a game written against 0.1 keeps working. Anything
else under ``rulewright`` (the evaluator, the Sphinx extension, the checks) is the toolchain's own
and may change; games should import only from ``rulewright.game`` (and ``rulewright.dot`` for the
shared diagram look).
"""
from rulewright.game.datafiles import DataFileError, data_file
from rulewright.game.events import Event
from rulewright.game.interface import (Action, Game, Setting, Violation, check_action, hidden_marker, hide_view,
                                       implements, is_hidden, step)
from rulewright.game.importer import Importer
from rulewright.game.refusal import InputError, Refusal, did_you_mean, lookup
from rulewright.game.rng import Rng
from rulewright.game import cards, goods, hexes, spaces, squares, tracks, turns, values
from rulewright.game.setups import minimal_setup

__all__ = ["Action", "DataFileError", "cards", "Event", "Game", "Importer", "InputError", "Refusal", "Rng", "Setting",
           "Violation", "check_action", "data_file", "did_you_mean", "goods", "hexes", "hidden_marker", "hide_view", "implements",
           "is_hidden", "lookup", "minimal_setup", "spaces", "squares", "step", "tracks", "turns", "values"]
