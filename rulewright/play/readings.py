"""Does this reading matter? The effect of each documented reading of a game's rules on play.

Where a rule is ambiguous, a game makes each reading a setting (``Game.settings``) with its choices.
``effects(job, games, game)`` plays the run ``job`` once with the readings it is given (the book's),
then, for every setting with choices, once more for each other choice, with the same seeds, and
sets each figure of the two runs side by side as ``rulewright simulate --compare`` does
(``rulewright.play.figures.compare``: Fisher's exact test for shares of games, the Mann-Whitney U
test for lengths). Every run is played through ``runner.played``, so it is kept in the store and
played again only when the game's code or data, the run or the toolchain changes.

A game that random play cannot finish within the move limit gives no figures to compare: when no
game of the book's reading ends, the other readings are not played, and the finding says so.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from rulewright.game import Game, InputError, did_you_mean
from rulewright.game.values import written
from rulewright.play.figures import compare
from rulewright.play.runner import played


@dataclass
class Choice:
    """One other reading of a setting, its figures beside the book's (``figures.compare``'s rows),
    and whether its games were played exactly as the book's were (the reading never made a
    difference in them)."""

    value: object
    rows: list[dict]
    same_games: bool

    @property
    def changed(self) -> list[dict]:
        return [row for row in self.rows if row["significant"]]


@dataclass
class Reading:
    """A documented setting: its name, its words, the book's choice and the others played."""

    name: str
    doc: str
    value: object
    applies_when: str = ""
    choices: list[Choice] = field(default_factory=list)


@dataclass
class Effects:
    """What the runs found for every reading of one game (``finished``: how many of the book's
    games ended by the rules; none, and the other readings were not played)."""

    games: int
    finished: int
    readings: list[Reading]
    unchoosable: list[str] = field(default_factory=list)  # settings that take any value: no choices to play


def documented(game: Game, only: list[str] | None = None) -> list[str]:
    """The settings of ``game`` to compare (``only``: those named, each checked to exist)."""
    if only:
        for name in only:
            if name not in game.settings:
                raise InputError(f"{game.title} has no setting {name!r}. {did_you_mean(name, game.settings)} "
                                 f"Its settings: {', '.join(game.settings) or 'none'}.", "only")
        return list(only)
    return list(game.settings)


def _same(a, b) -> bool:
    return a == b and type(a) is type(b)


def effects(job, games: int, game: Game, only: list[str] | None = None) -> Effects:
    """Each documented reading of ``game`` played against the book's (``job.settings``)."""
    base = played(job, games)
    finished = sum(1 for g in base if g.over)
    found = Effects(games, finished, [])
    for name in documented(game, only):
        setting = game.settings[name]
        if not setting.choices:
            found.unchoosable.append(name)
            continue
        reading = Reading(name, setting.doc, job.settings[name], setting.applies_when)
        found.readings.append(reading)
        if not finished:
            continue
        for value in setting.choices:
            if _same(value, reading.value):
                continue
            other = played(dataclasses.replace(job, settings={**job.settings, name: value}), games)
            same = [g.as_dict() | {"seed": 0} for g in base] == [g.as_dict() | {"seed": 0} for g in other]
            reading.choices.append(Choice(value, compare(base, other), same))
    return found


def said(value) -> str:
    """A choice as a designer writes it in a setting: 'shared' (a word, quoted), true, 15."""
    text = written(value)
    return f"'{text}'" if isinstance(value, str) and not text.startswith("'") else text
