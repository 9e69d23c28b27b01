"""Seeded randomness that an example can also state outright.

Every random draw in a game goes through an ``Rng``: dice (``randint``), weighted draws
(``weighted``), picks (``choice``) and shuffles (``shuffled``). It is seeded, so a game replays
exactly, and it can be given a script: the results the next draws return, in order, so a worked
example can say "the die shows 4" or "the deck is shuffled into Ace, 7, Queen" instead of hunting
for a seed that happens to give them. An example states them under ``draws:``::

    draws: [4, [ace, "7", queen]]   # the next die shows 4; the next shuffle puts the cards in this order
    draws: [{top: [ace, "7"]}]       # the next shuffle puts ace, then 7 on top; the seed orders the rest

A stated result is checked against what the draw could give: a die of 1-6 cannot show 7, and a
shuffle's stated order must hold exactly the items shuffled. Once the stated results are used
up, the seed decides. A game keeps its ``Rng`` in ``state.rng``, so that an example stating more
draws than its moves take is told so.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from rulewright.game.refusal import InputError, did_you_mean
from rulewright.game.values import written


class Rng:
    def __init__(self, seed: int = 0, script: Sequence | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._script = list(script or [])
        self._used = 0
        self._drawn: list = []

    def _next_stated(self):
        self._used += 1
        return self._script.pop(0)

    def _scripted(self, allowed: Sequence, what: str):
        value = self._next_stated()
        match = next((option for option in allowed if option == value or str(option) == str(value)), None)
        if match is None:
            near = did_you_mean(str(value), allowed)  # (each possible result once: a bag holds many alike)
            raise InputError(
                f"The stated draw number {self._used} ({written(value)}) is impossible for {what}; it must be one "
                f"of {', '.join(dict.fromkeys(map(str, allowed)))}." + (f" {near}" if near.startswith("Did") else ""),
                f"draws.{self._used - 1}")
        return match

    @property
    def drawn(self) -> list:
        """Every result drawn so far, stated or seeded, as ``draws:`` would state it: a record or an
        example cut out of play states the draws its moves take, so it replays without the seed."""
        return list(self._drawn)

    def _note(self, value):
        self._drawn.append(list(value) if isinstance(value, list) else value)
        return value

    @property
    def unused(self) -> list:
        """The stated results no draw has taken yet."""
        return list(self._script)

    def randint(self, low: int, high: int, what: str = "a random number"):
        """A whole number from ``low`` to ``high`` inclusive."""
        if self._script:
            return self._note(self._scripted(range(low, high + 1), what))
        return self._note(self._random.randint(low, high))

    def weighted(self, outcomes: dict, what: str = "a random draw"):
        """One key of ``outcomes`` with chance proportional to its weight."""
        if self._script:
            return self._note(self._scripted(list(outcomes), what))
        keys = list(outcomes)
        return self._note(self._random.choices(keys, weights=[outcomes[k] for k in keys])[0])

    def choice(self, options: Sequence, what: str = "a random choice"):
        """One of ``options``, each equally likely."""
        if self._script:
            return self._note(self._scripted(list(options), what))
        return self._note(self._random.choice(list(options)))

    def shuffled(self, items: Sequence, what: str = "a shuffle") -> list:
        """A new list of ``items`` in random order. A stated order must name each item exactly as
        often as it is there (names are compared as text, so ``7`` matches ``"7"``). A stated
        ``{top: [...]}`` gives only the first items to come out (the top of a deck, the cards dealt),
        each of them one of ``items`` or ``~`` (null: whichever item the seed gives there); the seed
        orders the rest."""
        items = list(items)
        if not self._script:
            self._random.shuffle(items)
            return self._note(items)
        stated = self._next_stated()
        by_text = {str(item): item for item in items}
        if isinstance(stated, dict) and list(stated) == ["top"]:
            return self._note(self._topped(items, stated["top"], what))
        if not isinstance(stated, list) or Counter(map(str, stated)) != Counter(map(str, items)):
            raise InputError(
                f"The stated draw number {self._used} ({written(stated)}) should be the order of {what}: a list "
                f"holding each of {', '.join(map(str, items)) or 'nothing'} exactly once, in the order they come out "
                "(or '{top: [...]}' for only the first few).",
                f"draws.{self._used - 1}")
        return self._note([by_text[str(value)] for value in stated])

    def _topped(self, items: list, top, what: str) -> list:
        """``items`` with the stated ``top`` first, in that order, and the rest in the seed's order."""
        rest = Counter(map(str, items))
        fits = isinstance(top, list) and not (Counter(str(v) for v in top if v is not None) - rest) \
            and len(top) <= len(items)
        if not fits:
            extra = sorted((Counter(str(v) for v in top if v is not None) - rest).elements()) \
                if isinstance(top, list) else []
            raise InputError(
                f"The stated draw number {self._used} ({{top: {top!r}}}) should be the first items of {what} to come "
                f"out, each one of {', '.join(map(str, items)) or 'nothing'}"
                + (f"; {', '.join(extra)} {'is' if len(extra) == 1 else 'are'} not there (or not that often)."
                   if extra else ", as a list: 'top: [a, b]'."), f"draws.{self._used - 1}")
        by_text = {str(item): item for item in items}
        first = [None if value is None else by_text[str(value)] for value in top]
        left = list(items)
        for card in first:
            if card is not None:
                left.remove(next(item for item in left if str(item) == str(card)))
        self._random.shuffle(left)
        # ``~`` (None) in the top: whichever item the seed gives there (a card dealt before the
        # ones that matter, say)
        first = [left.pop(0) if card is None else card for card in first]
        return first + left

    def reseed(self, seed: int) -> None:
        """Make the draws to come those of ``seed`` (results still stated come first): an agent that
        plans ahead on a copy of the game reseeds it, so that it plans against draws it cannot
        foresee rather than the ones the game will really make."""
        self.seed = seed
        self._random = random.Random(seed)

    def __deepcopy__(self, memo):
        clone = type(self).__new__(type(self))  # (a kind of Rng keeps its kind, and what else it holds)
        clone.__dict__.update(self.__dict__)
        clone._random = random.Random()
        clone._random.setstate(self._random.getstate())
        clone._script = list(self._script)
        clone._drawn = list(self._drawn)
        return clone
