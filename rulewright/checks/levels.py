"""Check levels: a check added in a later release never turns an older green book red.

A project says which release's checks it was written for, in ``pyproject.toml``::

    [tool.rulewright]
    check-level = "0.5"

``rulewright new`` writes today's level; a project without one is at the oldest level, ``OLDEST``
(the first release's). A check registered below at a level above the book's reports what it finds
as **advice**: said once, plainly, with its fix, counted in the summary, and never failing, in
``make test`` (a pytest warning, ``CheckAdvice``), ``rulewright check`` and the strict book build
alike. ``rulewright upgrade`` raises the level, once the designer is ready, and lists what the
newer checks then ask for.

**Registering a new check** is one line in ``CHECKS``: its code name, the level it arrives at
(``CURRENT``, the release being made) and, in a designer's words, what it is for. The code that
finds a problem names its check (``ExampleProblem(where, message, check="my-check")``); the three
channels ask ``is_advice(problem)`` (or ``split(problems)``) before failing on it. Precedents: Rust
editions, ruff's rule selection, Sphinx's ``needs_sphinx``.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass

from rulewright.book import config
from rulewright.releases import CURRENT, KEY, LEVELS, OLDEST  # one level a release (see there)

__all__ = ["CHECKS", "CURRENT", "Check", "KEY", "LEVELS", "OLDEST", "is_advice", "key", "project_level", "split"]


@dataclass(frozen=True)
class Check:
    level: str  # the release whose books it checks: a book at an older level gets its findings as advice
    why: str  # what it is for, in a designer's words (rulewright upgrade says it)


# Every check added after the first release, by code name, with its level: ONE LINE EACH.
CHECKS = {
    "phrase-words": Check("0.3", "every preset, setting and engine value an example uses has words in the game's "
                                 "phrases.yaml, so the player's edition never prints an engine name"),
    "diagram-contrast": Check("0.3", "every label of a diagram has at least 4.5:1 contrast with what it is printed "
                                     "on, so every reader can read it (the WCAG minimum for text)"),
    "move-words": Check("0.5", "once phrases.yaml has 'moves:', every move the book shows has words there, so the "
                               "player's edition says it as a sentence, not as the notation"),
    "narration": Check("0.5", "every sentence the book prints about a move, and every value the prose after an "
                              "example states for a part of the position, is what the example's play bears out"),
    "lead-in": Check("0.5", "every value the prose just before an example states for a part of the position "
                            "(\"Ann holds a 5\", \"Bob has $30\") is what the example starts from"),
    "example-sequence": Check("0.5", "an example whose text says it goes on from the one just before it (\"Then "
                                     "Bob ...\") starts where that one ended, or the text says it starts afresh"),
    "typed-figures": Check("0.5", "every number typed in the rules, tables and notes beside a word the game's phrases "
                                  "know (\"4 food\", \"$30\") that names a part of the game's data or of an example's "
                                  "position is the game's value (rulewright check --figures lists the rest)"),
    "sentence-words": Check("0.5", "every sentence made from the game's phrases reads right: no word twice, no part "
                                   "whose value is 0 said, a verb that agrees with a list of players, a capital first"),
    "game-records": Check("0.5", "every game record in the rulebook folder (a 'records' folder, or a file with 'game:' "
                                 "and 'moves:') reads, plays every move and holds every checkpoint, so a record "
                                 "cut short or mistyped is found at its line"),
    "edition-name": Check("0.5", "an 'edition:' in a page's front matter names one of the book's two editions, "
                                 "'player' or 'designer', so a designer's page is never printed for players by a typo"),
    "phrase-names": Check("0.5", "every state path, preset, setting and choice the game's phrases.yaml gives words "
                                 "for is one the game has, so a misspelt name is found at its line, not as words "
                                 "missing wherever the book shows the real one"),
    "term-twice": Check("0.5", "no word of a glossary is defined twice, as two terms or as a term and another's "
                               "form, whatever the case of its letters"),
    "designer-only-links": Check("0.5", "no reference the player's edition prints leads to a rule, an example or a "
                                        "page only the designer's edition has"),
    "hidden-in-pictures": Check("0.5", "no diagram the player's edition prints shows a card or other value hidden from "
                                       "the example's reader (its ':as:' player, or the whole table): the game's "
                                       "diagram code draws what that reader sees"),
    "data-refusals": Check("0.5", "a phase written in the game's data (a YAML file), which refuses the moves it does "
                                  "not allow, cites a rule the book declares and some example shows refused, as a "
                                  "refusal in the engine's code must"),
    "player-words": Check("0.5", "the player's edition prints none of the words meant for the book's writers: no "
                                 "glossary list of words to avoid, no test wording ('No moves: ...'), no sentence on how "
                                 "an example is written, no game record's numbers, no rule ID and no notation in monospace; "
                                 "and rulewright check and make test say the designer's words in a page's own prose "
                                 "as the player's build does"),
    "setup-words": Check("0.5", "every setup key an example or a shared position shows players has words in the "
                                "game's phrases.yaml (under 'setup:' or 'paths:'), so the player's edition never "
                                "prints a setup row by the engine's name (\"Next train\", \"Operated\")"),
    "changes-version": Check("0.5", "a page with a {changes} block has a version to compare with ('changes-since' "
                                    "in [tool.rulewright]), so its list of what changed is never silently empty"),
    "formerly-still-declared": Check("0.5", "a rule's ':formerly:' names an ID the book no longer declares, so an old "
                                            "ID leads to one rule only"),
}


def key(level: str) -> tuple[int, ...]:
    return tuple(int(part) for part in level.split("."))


def project_level() -> str:
    """The check level of the active project (``OLDEST`` when it says none)."""
    return getattr(config.current(), "check_level", None) or OLDEST


def is_advice(problem_or_check, level: str | None = None) -> bool:
    """Whether a problem (or a check's code name) is advice for a book at ``level`` (the project's
    by default): its check arrived at a later level than the book's."""
    name = problem_or_check if isinstance(problem_or_check, str) else getattr(problem_or_check, "check", None)
    registered = CHECKS.get(name) if name else None
    return registered is not None and key(registered.level) > key(level or project_level())


def split(problems: list, level: str | None = None) -> tuple[list, list]:
    """``problems`` parted into those that fail the book and those that are advice at ``level``."""
    level = level or project_level()
    failing = [problem for problem in problems if not is_advice(problem, level)]
    return failing, [problem for problem in problems if is_advice(problem, level)]


def preface(name: str, level: str | None = None) -> str:
    """The words that begin a piece of advice from the check ``name``."""
    return (f"Advice from the check '{name}', new at level {CHECKS[name].level} (this book is at check level "
            f"{level or project_level()}, so it does not fail): ")


def afterword() -> str:
    return (f" When you are ready, run 'rulewright upgrade' to take the book to level {CURRENT}, where this "
            "becomes a problem.")


def said_together(advice: list[tuple[str, str]], level: str | None = None) -> list[str]:
    """Advice as ``rulewright check`` and the book's build say it: a head saying why it does not
    fail the book, then, under each check and what it is for, each finding (already at its line)."""
    if not advice:
        return []
    level = level or project_level()
    many = len(advice) != 1
    lines = [f"Advice: this book is written for check level {level}, and checks added since then found "
             f"{len(advice)} thing{'s' if many else ''} to mend. {'They do' if many else 'It does'} not fail the book; "
             f"'rulewright upgrade' takes it to level {CURRENT}, where {'they count as problems' if many else 'it counts as a problem'}."]
    by_check: dict[str, list[str]] = {}
    for name, said in advice:
        by_check.setdefault(name, []).append(said)
    for name, found in by_check.items():
        lines.append(f"  Check '{name}' (new at level {CHECKS[name].level}): {CHECKS[name].why}.")
        lines += [f"    {said}" for said in dict.fromkeys(found)]
    return lines


def counted(number: int, level: str | None = None) -> str:
    """The summary's words for ``number`` pieces of advice."""
    return (f"{number} piece{'s' if number != 1 else ''} of advice from checks newer than the book's level "
            f"{level or project_level()} (see above; 'rulewright upgrade').")


class CheckAdvice(UserWarning):
    """What a check newer than the book's check level found: advice, never a failure (see
    ``rulewright.checks.levels``). Under pytest it is a warning at the book's file and line."""


def warned(problems: list, level: str | None = None) -> list:
    """The problems that fail the book, once what is advice at ``level`` (the project's by default)
    has been said as ``CheckAdvice`` warnings: how every test under pytest (a page's, a record's, a
    glossary's, the whole book's) takes what a check found."""
    failing, advice = split(problems, level)
    for problem in advice:
        warn(problem, level)
    return failing


def warn(problem, level: str | None = None) -> None:
    """Say ``problem`` as advice through Python's warnings, at its own file and line (pytest lists
    each once in its warnings summary and counts them in its last line)."""
    said = preface(problem.check, level) + problem.message + afterword()  # (the warning names the file and line)
    warnings.warn_explicit(CheckAdvice(said), CheckAdvice, str(problem.where.path), int(problem.where.line or 1))
