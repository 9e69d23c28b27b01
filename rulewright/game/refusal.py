"""Two kinds of "no".

A ``Refusal`` is the game saying no: the action is well formed but a rule forbids it. It always
cites the rule ID declared in the rulebook, written as a string literal at the place that refuses,
so searching the code for a rule ID finds the code that enforces it.

An ``InputError`` is the input being wrong: an unknown player, city, company or action, or a setup
that cannot describe a game. Its message is for a designer who does not read Python: it says what
was wrong and how to fix it.
"""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from typing import Iterator

from rulewright.names import did_you_mean, nearest  # part of the game API here; kept below it for the toolchain

__all__ = ["InputError", "Refusal", "did_you_mean", "lookup", "nearest"]
# Their public home is here (the API reference documents them with this module), as NumPy's
# ``set_module`` does for its functions defined elsewhere.
did_you_mean.__module__ = nearest.__module__ = __name__


_NOTING: list[Counter] = []  # the counters of ``noting``, innermost last


class Refusal(Exception):
    """An action that the rules forbid. ``rule`` is the rule ID, ``reason`` a plain sentence."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} (rule {rule})")
        self.rule = rule
        self.reason = reason
        if _NOTING:
            _NOTING[-1][rule] += 1

    def __reduce__(self):  # a played example's result is kept on disk (rulewright.store.cache)
        return type(self), (self.rule, self.reason)


@contextmanager
def noting(counter: Counter) -> Iterator[Counter]:
    """For the toolchain (simulated play counts the rules cited in play): while the block runs,
    every refusal made counts once under its rule ID in ``counter``, whether or not the engine
    catches it (an engine that lists its legal moves by trying candidates refuses the others).
    Games never call it."""
    _NOTING.append(counter)
    try:
        yield counter
    finally:
        _NOTING.pop()


class InputError(Exception):
    """Input the engine cannot understand. ``where`` optionally names the setup key at fault
    (a dotted path such as ``companies.LMR.home``) so the caller can point at its line."""

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def __reduce__(self):
        return type(self), (self.message, self.where)


def lookup(kind: str, name: object, known: dict, where: str | None = None):
    """``known[name]``, or an ``InputError`` that names the kind and suggests a fix."""
    try:
        return known[name]
    except (KeyError, TypeError):
        raise InputError(f"There is no {kind} called {name!r}. {did_you_mean(name, known)}", where) from None
