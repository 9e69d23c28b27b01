"""Tracks: the score track and the round track. A game imports the module whole:
``from rulewright.game import tracks``.

- ``ScoreTrack``: each player's score, moved by points gained and lost, never below the track's
  first space (0 unless the game says otherwise), with who leads and who has reached a score that
  ends the game.
- ``RoundTrack``: which round it is, of how many, and what happens at the end of some rounds (a
  harvest, feeding the workers), described as data (``RoundTrack.read``)::

      rounds: {last: 4, feeding: [2, 4]}

A track refuses nothing, so it cites no rule: the game decides what a score or a round means.

An example: scores that never go below the first space, and the round track read from data:

    >>> from rulewright.game import tracks
    >>> track = tracks.ScoreTrack.read({"ann": {"score": 3}, "bob": {}})
    >>> track.score("bob", 5), track.score("ann", -5)
    (5, -3)
    >>> track.scores, track.leaders()
    ({'ann': 0, 'bob': 5}, ['bob'])
    >>> rounds = tracks.RoundTrack.read({"last": 4, "feeding": [2, 4]}).at(2)
    >>> rounds.happens("feeding"), rounds.left()
    (True, 3)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulewright.game.refusal import InputError
from rulewright.game.values import whole, written


#: How a setup writes the round track once the last round has ended (``round: over``).
OVER = "over"


@dataclass
class ScoreTrack:
    """Each player's score, in seat order. ``lowest`` is the track's first space: a score never
    goes below it (``None``: scores may go below zero)."""

    scores: dict[str, int]
    lowest: int | None = 0

    @classmethod
    def read(cls, players: Mapping[str, Mapping], key: str = "score", lowest: int | None = 0,
             where: str = "players") -> ScoreTrack:
        """The scores an example's ``players`` entries give under ``key`` (0 where left out), each a
        whole number not below ``lowest``; an ``InputError`` at ``players.<name>.<key>`` otherwise."""
        return cls({str(name): whole((held or {}).get(key, 0), f"{where}.{name}.{key}", "A score", lowest)
                    for name, held in players.items()}, lowest)

    def score(self, player: str, points: int) -> int:
        """Move ``player``'s marker ``points`` along (back, when negative), never below ``lowest``;
        the points it really moved."""
        before = self.scores[player]
        after = before + points
        self.scores[player] = after if self.lowest is None else max(self.lowest, after)
        return self.scores[player] - before

    def leaders(self) -> list[str]:
        """The players with the highest score, in seat order."""
        best = max(self.scores.values())
        return [name for name, points in self.scores.items() if points == best]

    def reached(self, target: int) -> list[str]:
        """The players whose score is ``target`` or more (a game that ends at 30 points)."""
        return [name for name, points in self.scores.items() if points >= target]

    def places(self) -> dict[str, int]:
        """Each player's place, 1 for the best; tied players share a place (1, 1, 3)."""
        return {name: 1 + sum(other > points for other in self.scores.values()) for name, points in self.scores.items()}


@dataclass
class RoundTrack:
    """The round track: round ``current`` of ``last``, and the rounds at whose end something happens
    (``at_end``: a name, such as ``feeding``, to the rounds it happens at the end of)."""

    last: int
    at_end: dict[str, tuple[int, ...]] = field(default_factory=dict)
    current: int = 1

    @classmethod
    def read(cls, data: Any, where: str = "rounds") -> RoundTrack:
        """The round track ``data`` describes: ``last``, the number of rounds, and for each thing that
        happens at the end of some rounds, those rounds (``{last: 4, feeding: [2, 4]}``); an
        ``InputError`` at the key at fault otherwise."""
        if not isinstance(data, dict) or "last" not in data:
            raise InputError(f"'{where}' gives the number of rounds and what happens at the end of some of them, "
                             f"e.g. '{{last: 4, feeding: [2, 4]}}', not {written(data)}.", where)
        last = whole(data["last"], f"{where}.last", "The number of rounds", 1)
        at_end = {}
        for name, rounds in data.items():
            if name == "last":
                continue
            if not isinstance(rounds, list):
                raise InputError(f"'{name}' lists the rounds at whose end it happens, e.g. '{name}: [2, {last}]'.",
                                 f"{where}.{name}")
            at_end[str(name)] = tuple(whole(r, f"{where}.{name}.{i}", f"A round of {name}", 1, last)
                                      for i, r in enumerate(rounds))
        return cls(last, at_end)

    def at(self, current: Any, where: str = "round") -> RoundTrack:
        """The same track at round ``current`` (an example's setup): a whole number from 1 to
        ``last``, or ``over`` once the last round has ended; an ``InputError`` at ``where`` otherwise."""
        if current == OVER:
            return RoundTrack(self.last, dict(self.at_end), self.last + 1)
        if isinstance(current, bool) or not isinstance(current, int) or not 1 <= current <= self.last:
            raise InputError(f"'{where.split('.')[-1]}' is the round being played, a whole number from 1 to "
                             f"{self.last}, or '{OVER}' once the last round has ended; not {written(current)}.", where)
        return RoundTrack(self.last, dict(self.at_end), current)

    @property
    def written(self) -> int | str:
        """The round as a setup writes it (``at`` reads it back): its number, or ``over``."""
        return OVER if self.over else self.current

    def happens(self, name: str) -> bool:
        """Whether ``name`` (a key of the data: ``feeding``) happens at the end of this round."""
        return self.current in self.at_end.get(name, ())

    def ending(self) -> list[str]:
        """What happens at the end of this round, in the data's order."""
        return [name for name in self.at_end if self.happens(name)]

    @property
    def is_last(self) -> bool:
        return self.current >= self.last

    @property
    def over(self) -> bool:
        """Whether the last round has ended."""
        return self.current > self.last

    def advance(self) -> None:
        """The round ends: the marker moves to the next round (past the last: the game is over)."""
        self.current += 1

    def left(self) -> int:
        """How many rounds are left to play, this one included."""
        return max(0, self.last - self.current + 1)
