"""How Rulewright talks to a designer when something is wrong.

Every problem names the file, the line and (where there is one) the example's ID, then says in
plain words what is wrong and how to fix it. No Python tracebacks reach the designer.
"""
from __future__ import annotations

import os
import traceback
from dataclasses import dataclass, replace

from rulewright.names import did_you_mean


@dataclass(frozen=True)
class Where:
    path: str
    line: int
    example: str | None = None

    def at(self, line: int) -> "Where":
        return replace(self, line=line)

    def __str__(self) -> str:
        text = f"{display_path(self.path)}, line {self.line}"
        if self.example:
            text += f", example {self.example}"
        return text


def display_path(path: str) -> str:
    """A path relative to the working directory when it is inside it, for short messages."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


class Cause(str):
    """The words of a problem said at its own place (``where``), whichever example or command meets
    it: a game that cannot be loaded is one problem, at its data file's line or at its line in
    ``pyproject.toml``, however many examples play it. An ``ExampleProblem`` made with these words
    reads as that one problem (its text names the cause's place, not the example's), so that what
    says each problem once (``rulewright check``, the book's build, the tests) says it once."""

    where: Where

    def __new__(cls, words: str, where: Where) -> "Cause":
        said = super().__new__(cls, words)
        said.where = where
        return said

    def __reduce__(self):
        return type(self), (str(self), self.where)


class ExampleProblem(Exception):
    """A malformed example or book: it cannot be run at all. ``where`` says where to look. With a
    ``Cause`` for its message, the problem is that cause met at ``where`` (an example of a game that
    cannot be loaded): its text is the cause's own, and ``cause`` says where that is."""

    def __init__(self, where: Where, message: str, check: str | None = None) -> None:
        self.cause = message.where if isinstance(message, Cause) else None
        super().__init__(f"{self.cause or where}: {message}")
        self.where = where
        self.message = message
        # The code name of the check that found it, when that check arrived after the first release
        # (rulewright.checks.levels.CHECKS): a book at an older check level gets it as advice.
        self.check = check

    def __reduce__(self):  # kept in the results store (rulewright.store.cache) with its parts
        return type(self), (self.where, self.message, self.check)


class InShared(ExampleProblem):
    """A mistake in what many examples share, found in one of them (a preset of the game's, which
    the example takes as it is): the same problem for each, which a list of problems may say once,
    naming the other examples that meet it (``rulewright check``)."""


# The exit code of a command that failed inside Rulewright itself (sysexits' EX_SOFTWARE), kept
# apart from 1 (the book has problems) and 2 (the command line was wrong: argparse's code).
INTERNAL_FAILURE = 70


def internal_failure(error: BaseException, doing: str) -> str:
    """One plain paragraph for a failure of Rulewright itself (not of the book or of a game):
    what it was doing, where in its code it failed, and where to report it."""
    frames = traceback.extract_tb(error.__traceback__)
    at = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return (f"Rulewright itself failed while {doing} ({type(error).__name__}: {error}{at}). This is a bug in "
            "Rulewright, not in your rulebook. Please report it to Rulewright's maintainers on its issue "
            "tracker, with this message and the page or command that caused it.")


class Rules(dict):
    """The rules a book declares, by ID, each with where it is declared (a ``Where``), and the IDs
    they had before they were renamed (``renamed``: old ID -> new, from each rule's ``:formerly:``)."""

    def __init__(self, places, renamed: dict[str, str] | None = None):
        super().__init__(places)
        self.renamed = dict(renamed or {})


def rule_hint(rule: str, known) -> str:
    """What to say of ``rule``, which the book does not declare: the rule it was renamed to, when
    ``known`` (``Rules``) knows, else the declared IDs nearest it."""
    renamed = renamed_to(rule, known)
    if renamed:
        return f"It was renamed {renamed!r} (the ':formerly:' of that rule): write the new ID."
    return did_you_mean(rule, known)


def renamed_to(rule: str, known) -> str | None:
    """The ID of the rule that was called ``rule`` before it was renamed, if ``known`` says."""
    return _renamed(known).get(rule)


def _renamed(known) -> dict[str, str]:
    """Old ID -> new, from ``known``: ``Rules``, or the rules by ID with what the scanner or the
    build keeps of each (its ``formerly``)."""
    if hasattr(known, "renamed"):
        return known.renamed
    if not isinstance(known, dict):
        return {}
    old = {rule: getattr(info, "formerly", None) or (info.get("formerly") if isinstance(info, dict) else None)
           for rule, info in known.items()}
    return {formerly: rule for rule, formerly in old.items() if formerly}
