"""What the player's edition must not show: the designer's and the programmer's words.

The player's edition has the rules and their examples in the game's words. These patterns find
what belongs to the designer's edition instead: the engine's names (state paths such as
``companies.LMR.income``, the glossaries' "In the engine" lines, the games' setting identifiers
such as ``plurality_ties``), the example format (``setup:``, ``expect:``, ``:diagram:``), the
shared positions' names (``mb-late-ann-lnwr``), the test's language ("seed", "rules engine",
"rule ID") and the pages and tools for designers (``rulewright check``, the authoring guide, the
designer's notes the edition leaves out). Since check level 0.5 (the check ``player-words``) also
the glossaries' lists of words to avoid, the examples' test wording ("No moves: ..."), sentences
about how an example is written, a game record's numbers, the rules' IDs and any text set in
monospace (notation); a book at an older level gets these as advice.

One list, used three times: the Sphinx build of the player's edition reports each find at its
source file and line (``rulewright.sphinx.editions.player_only``; a build error, as ``make
rulebook`` builds with ``-W``), in the pages as printed, the text the examples make included;
``rulewright check`` and each page's test report those in the prose a page itself writes, before any
build, in the same words (``rulewright.checks.words.player_word_problems``); and the tests read the
built HTML and PDF with it (tests/test_print.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rulewright.book import config, registry, scanner
from rulewright.game import InputError


@dataclass(frozen=True)
class Pattern:
    what: str       # what it is, in a sentence's words
    regex: re.Pattern
    fix: str        # what to do about it
    check: str | None = None  # the check level's name for a pattern added after the first release


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

# What the first patterns let through, found by a production editor's reading of the printed book:
# registered as the check 'player-words' (rulewright.checks.levels), so that a book written for an
# older check level gets it as advice at its line and is not turned red by an upgrade.
PLAYER_WORDS = "player-words"
LATER = (
    Pattern("the glossary's list of words to avoid", re.compile(r"(?<![\w-])Not: (?=[a-z])|\(except in: "),
            "That list is for the book's writers: leave it to the designer's edition (the glossary page does).",
            PLAYER_WORDS),
    Pattern("the test's wording", re.compile(r"\bNo moves\b|\bthe outcome describes\b|\bdraws of one particular "
                                             r"game\b|\bhowever they fall\b|\bthe play below is one game(?:'|’)s\b"),
            "Say it as a player would, or leave it to the designer's edition.", PLAYER_WORDS),
    Pattern("a sentence about writing the book's examples",
            re.compile(r"\b(?:an?|the|this|each|every) example (?:can|could|may|might|must|need(?:s)?|should|"
                       r"is written|writes)\b|\bby (?:writing|listing) (?:it|them|that)\b", re.I),
            "Leave how an example is written to the designer's edition (```{only} designer```).", PLAYER_WORDS),
    Pattern("a game record's numbers", re.compile(r"\bgames? (?:no\.? ?|#)?\d{5,}|\((?:the record(?:'|’)s )?actions? "
                                                  r"\d+|\bthe record(?:'|’)s (?:moves?|actions?)\b|\bmoves? \d+ "
                                                  r"(?:to \d+ )?of the record\b", re.I),
            "Where an example was cut from is for the book's writers: leave the record's game, move and action "
            "numbers to the designer's edition (the example's source, or ```{only} designer```).", PLAYER_WORDS),
)
MONOSPACE = Pattern("notation in monospace", re.compile(r"(?!)"),
                    "Say it in words (a move: its words under 'moves:' in the game's phrases.yaml), or leave the "
                    "notation to the designer's edition.", PLAYER_WORDS)  # (found by its node, not its words)

PRESETS = Pattern("a preset's name", re.compile(r"(?<!stock )\bpresets?\b", re.I),
                  "Say where the example starts in the game's words (presets: in the game's phrases.yaml), or "
                  "leave it to the designer's edition.")  # ("stock preset": a phrase 1870's glossary allows)

DESIGNER_NOTES = Pattern("a designer's note this edition leaves out",
                         re.compile(r"\bdesigner(?:'|’)s notes?\b", re.I),
                         "Say the point here, or leave the sentence to the designer's edition "
                         "(```{only} designer```).")


def patterns(positions=(), games=None, notes: bool = False, rules=()) -> list[Pattern]:
    """The patterns for a book with these shared ``positions`` (their names, or a mapping of each
    name to its position), ``games`` (all registered games by default) and ``rules`` (the IDs it
    declares); ``notes`` when the player's edition keeps the designer's notes. A position whose title
    says its name ("The opening position", named ``opening``) has a name that is a word of the
    rules': it is not looked for."""
    found = list(FIXED) + list(LATER) + [PRESETS] + ([] if notes else [DESIGNER_NOTES])
    rules = [rule for rule in rules if "." in rule]  # (an ID without a dot could be a word of the rules)
    if rules:
        found.append(Pattern("a rule's ID", re.compile(rf"(?<![\w.-])(?:{'|'.join(sorted(map(re.escape, rules), key=len, reverse=True))})(?![\w-]|\.\w)"),
                             "The player's edition names a rule by its title and page: link it with "
                             "{ruleref}, which prints that, rather than typing its ID.", PLAYER_WORDS))
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


def said(pattern: Pattern, words: str) -> str:
    """The one message for ``words`` the player's edition would print that ``pattern`` finds: the
    build's, ``rulewright check``'s and a page's test's."""
    return f"The player's edition would print {words!r}, {pattern.what}. {pattern.fix}"


def book_patterns(project=None, scan=None) -> list[Pattern]:
    """The patterns for the active project's book (``scan``: as the scanner has read it already)."""
    project = project or config.current()
    scan = scan if scan is not None else scanner.scan(project.rulebook)
    return patterns(scan.positions, notes=project.player_notes, rules=scan.rules)
