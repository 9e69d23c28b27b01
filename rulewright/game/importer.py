"""Turning another program's game record into a Rulewright record.

A game may come with importers for the records other programs keep (an online platform's game
export, a playtest tool's log). An importer is an ``Importer`` registered by the format's name,
like a game: in the project's ``[tool.rulewright.importers]`` table (``"18xx.games" =
"engine.games.g1870.importer:IMPORTER"``) or, for an installed package, under the
``rulewright.importers`` entry-point group. ``rulewright replay --from 18xx.games FILE`` converts
``FILE`` with it and plays the result.

``convert`` returns the Rulewright record as YAML text (the format ``rulewright replay`` reads and
``rulewright play`` saves: the game, its setup and its moves as an example writes them). Write each move on its own line and end the line with a
comment naming where it came from (``- ann: par SP 90  # action 17``): a move the engine refuses is
then reported with that comment, so the designer finds it in the other program's record. A record
that cannot be converted at all raises ``InputError`` naming the place in the other record
(``InputError("action 412: a 'merge' action has no 1870 move", "action 412")``).
"""
from __future__ import annotations

from pathlib import Path


class Importer:
    """Reads one other program's record format for one game."""

    format: str = ""   # the format's name, as ``--from`` writes it: "18xx.games"
    game: str = ""     # the game its records are for, as examples write it: "1870"
    title: str = ""    # the other program, in words: "the 18xx.games platform"

    def convert(self, path: Path) -> str:  # pragma: no cover - each importer defines it
        """The Rulewright record of the game in ``path``, as YAML text."""
        raise NotImplementedError
