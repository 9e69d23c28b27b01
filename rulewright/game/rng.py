"""Seeded randomness that an example can also state outright.

Every random draw in a game goes through an ``Rng``. It is seeded, so a game replays exactly, and
it can be given a script: a list of results that the next draws return in order, so a worked
example can say "the die shows 4" instead of hunting for a seed that happens to roll one.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from rulewright.game.refusal import InputError


class Rng:
    def __init__(self, seed: int = 0, script: Sequence | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._script = list(script or [])

    def _scripted(self, allowed: Sequence, what: str):
        value = self._script.pop(0)
        if value not in allowed:
            raise InputError(
                f"The stated random result {value!r} for {what} is impossible; "
                f"it must be one of {', '.join(map(str, allowed))}."
            )
        return value

    def randint(self, low: int, high: int, what: str = "a random number"):
        """A whole number from ``low`` to ``high`` inclusive."""
        if self._script:
            return self._scripted(range(low, high + 1), what)
        return self._random.randint(low, high)

    def weighted(self, outcomes: dict, what: str = "a random draw"):
        """One key of ``outcomes`` with chance proportional to its weight."""
        if self._script:
            return self._scripted(list(outcomes), what)
        keys = list(outcomes)
        return self._random.choices(keys, weights=[outcomes[k] for k in keys])[0]

    def choice(self, options: Sequence, what: str = "a random choice"):
        if self._script:
            return self._scripted(list(options), what)
        return self._random.choice(list(options))

    def shuffled(self, items: Sequence) -> list:
        out = list(items)
        self._random.shuffle(out)
        return out

    def __deepcopy__(self, memo):
        clone = Rng.__new__(Rng)
        clone.seed = self.seed
        clone._random = random.Random()
        clone._random.setstate(self._random.getstate())
        clone._script = list(self._script)
        return clone
