"""What the player's edition must not show: the designer's and the programmer's words.

The player's edition has the rules and their examples in the game's words. These patterns find
what belongs to the designer's edition instead: the engine's names (state paths such as
``companies.LMR.income``, the glossaries' "In the engine" lines, the games' setting identifiers
such as ``plurality_ties``), the example format (``setup:``, ``expect:``, ``:diagram:``), the
shared positions' names (``mb-late-ann-lnwr``), the test's language ("seed", "rules engine",
"rule ID") and the pages and tools for designers (``rulewright check``, the authoring guide, the
designer's notes the edition leaves out).

One list, used twice: the Sphinx build of the player's edition reports each find at its source
file and line (``rulewright.sphinx.editions.player_only``; a build error, as ``make rulebook``
builds with ``-W``), and the tests read the built HTML and PDF with it (tests/test_print.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rulewright.book import registry
from rulewright.game import InputError


@dataclass(frozen=True)
class Pattern:
    what: str       # what it is, in a sentence's words
    regex: re.Pattern
    fix: str        # what to do about it


_KEYS = "setup|do|expect|settings|seeds?|draws|preset|events|refused|between|from|at-least|at-most|one-of|contains"

FIXED = (
    Pattern("a line naming the engine's view", re.compile(r"\bIn the engine\b"),
            "Leave it to the designer's edition."),
    Pattern("a state path of the engine", re.compile(r"(?<![\w/])[a-z][a-z_]{2,}(?:\.(?:\*|[A-Za-z0-9_]+))*\.\*?"
                                                      r"[a-z][a-z_]{2,}\b(?!\.\w)"),
            "Say it as the game's phrases do (paths: in phrases.yaml), or leave it to the designer's edition."),
    # a key at the start of a text or after a bracket or quote (``setup: {...}``, "from: x"), or
    # before a mapping or list; not a colon in a sentence ("each shown refused: one token")
    Pattern("the example format", re.compile(rf"(?:(?:^|(?<=[{{(“\"‘`]))\s*(?:{_KEYS}):\s|(?<![\w-])(?:{_KEYS}):\s*[{{\[])",
                                             re.M),
            "Write the example's setup and outcome in words (the directive does), or leave the notation to the "
            "designer's edition."),
    Pattern("a directive option", re.compile(r":(?:diagram|rules|name|status|id|show-source|reveals):"),
            "Leave the notation to the designer's edition."),
    Pattern("a tool for designers", re.compile(r"\brulewright\b|/authoring\b|\bauthoring guide\b|\.ya?ml\b"),
            "Leave it to the designer's edition (inside ```{only} designer``` or on a page marked "
            "'edition: designer')."),
    Pattern("the test's language", re.compile(r"\b(?:random )?seed(?:s|ed)?\b|\bplayed (?:once|on the rules engine|by "
                                              r"the rules engine)|\brules engine\b|\bevery expectation\b|"
                                              r"\b(?:rule|example|event) IDs?\b|\bthe engine\b|\bexample(?:'|’)s setup\b", re.I),
            "Say it as a player would (\"whatever the draws\"), or leave it to the designer's edition."),
)

PRESETS = Pattern("a preset's name", re.compile(r"(?<!stock )\bpresets?\b", re.I),
                  "Say where the example starts in the game's words (presets: in the game's phrases.yaml), or "
                  "leave it to the designer's edition.")  # ("stock preset": a phrase 1870's glossary allows)

DESIGNER_NOTES = Pattern("a designer's note this edition leaves out",
                         re.compile(r"\bdesigner(?:'|’)s notes?\b", re.I),
                         "Say the point here, or leave the sentence to the designer's edition "
                         "(```{only} designer```).")


def patterns(positions=(), games=None, notes: bool = False) -> list[Pattern]:
    """The patterns for a book with these shared ``positions`` (their names, or a mapping of each
    name to its position) and ``games`` (all registered games by default); ``notes`` when the
    player's edition keeps the designer's notes. A position whose title says its name ("The opening
    position", named ``opening``) has a name that is a word of the rules': it is not looked for."""
    found = list(FIXED) + [PRESETS] + ([] if notes else [DESIGNER_NOTES])
    titles = {name: getattr(position, "title", "") or "" for name, position in positions.items()} \
        if isinstance(positions, dict) else {}
    positions = [name for name in positions
                 if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", titles.get(name, ""), re.I)]
    if positions:
        found.append(Pattern("a shared position's name", _words(positions),
                             "The directive names a shared position by its title in the player's edition; say "
                             "it in words here too."))
    settings = set()
    for name in registry.game_names() if games is None else games:
        try:
            settings.update(s for s in registry.get_game(name).settings if "_" in s or "-" in s)
        except InputError:
            continue
    if settings:
        spaced = {s.replace("_", " ").replace("-", " ") + " =" for s in settings}
        found.append(Pattern("a setting's name in the engine", _words(settings | spaced),
                             "Say the choice in the rules' words (settings: in the game's phrases.yaml), as the "
                             "setup table does."))
    return found


def _words(names) -> re.Pattern:
    alternatives = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def found_in(text: str, found: list[Pattern]) -> list[tuple[Pattern, str]]:
    """Each designer's word in ``text``: the pattern it breaks and the words. The report of a game
    that cannot be loaded, which its examples' boxes show, has none: it is that one problem, said at
    its own place (``rulewright.book.registry.GameNotLoaded``), not words of the page."""
    if any(said in text for said in registry.load_failures()):
        return []
    return [(pattern, match.group(0)) for pattern in found for match in pattern.regex.finditer(text)]


def book_patterns(project=None) -> list[Pattern]:
    """The patterns for the active project's book."""
    from rulewright.book import scanner as book
    from rulewright.book import config

    project = project or config.current()
    return patterns(book.scan(project.rulebook).positions, notes=project.player_notes)
