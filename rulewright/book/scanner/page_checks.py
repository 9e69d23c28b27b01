"""A page's own problems, said in a designer's words at their line: an edition the front matter
does not know, a {changes} block with no version to compare with, a Python block in a project that
refuses them, a misspelt directive, an ID or a position name used twice, a fence that does not close."""
from __future__ import annotations

import difflib

from sybil import Document
from sybil.parsers.myst import PythonCodeBlockParser

from rulewright import scenario
from rulewright.book import config, source
from rulewright.book.scanner.directives import OUR_DIRECTIVES
from rulewright.problems import ExampleProblem, Where

def characters(text: str) -> str:
    """A sentence naming a look-alike character in ``text``, if it holds one."""
    said = source.lookalike(text)
    return f" It has {said}." if said else ""


def words_after_closing(token, name: str, where: Where) -> ExampleProblem | None:
    """The problem of a block that is not closed because the line meant to close it has words
    after its fence (```` ``` see below ````): Markdown closes a fence only with the fence alone. Said at
    that line; ``None`` when no such line is in the block."""
    fence = token.markup
    for index, text in enumerate(token.content.splitlines()):
        stripped = text.strip()
        run = len(stripped) - len(stripped.lstrip(fence[0]))
        words = stripped[run:]
        if run >= len(fence) and len(text) - len(text.lstrip()) < 4 and words[:1].isspace() \
                and not words.strip().startswith("{"):
            return ExampleProblem(where.at(where.line + 1 + index),
                                  f"This line is meant to close the {{{name}}} that opens at line {where.line}, but it "
                                  f"has words after its {stripped[:run]} ({words.strip()!r}), and a fence with words "
                                  f"after it does not close a block: the {{{name}}} runs on to the end of the page. "
                                  f"Leave {stripped[:run]} alone on this line and put the words on the next one.")
    return None



EDITIONS = ("player", "designer")  # what a page's front matter may name as its edition (``edition: designer``)
EDITION_NAME = "edition-name"  # the check's code name (rulewright.checks.levels: advice below level 0.5)


def front_matter_problems(text: str, path: str) -> list[ExampleProblem]:
    """An ``edition:`` in the page's front matter that names no edition: the page would be in both
    editions, the player's too, when it was meant for one."""
    edition, line = source.front_matter_value(text, "edition")
    if edition is None or str(edition) in EDITIONS:
        return []
    close = difflib.get_close_matches(str(edition).lower(), EDITIONS, n=1, cutoff=0.5)
    return [ExampleProblem(Where(path, line), f"'edition: {edition}' names no edition of the book: there are two, "
                                              "'player' and 'designer'. "
                                              + (f"Did you mean 'edition: {close[0]}'? " if close else "")
                                              + "As written, the page is in both editions, the player's too. Write "
                                              "'edition: designer' for a page for designers only, or remove the line.", check=EDITION_NAME)]


CHANGES_VERSION = "changes-version"  # the check's code name (rulewright.checks.levels: advice below level 0.5)


def changes_without_version(page) -> list[ExampleProblem]:
    """A ``{changes}`` block while ``[tool.rulewright]`` names no version to compare with
    (``changes-since``): its list of what changed would be empty, and the player's edition would
    print nothing where it belongs."""
    if config.current().changes_since:
        return []
    return [ExampleProblem(Where(page.path, line), "This {changes} block lists what changed since an earlier version "
                                                   "of the book, but pyproject.toml names none, so the list is empty "
                                                   "(the player's edition prints nothing here). Name the version to "
                                                   "compare with under [tool.rulewright], e.g. 'changes-since = "
                                                   "\"v1.0\"' (a tag or commit of the project's git repository), or "
                                                   "remove the block.", check=CHANGES_VERSION)
            for name, line in page.directives if name == "changes"]


def python_blocks_refused(text: str, path: str) -> list[ExampleProblem]:
    """Every Python block Sybil would run on this page (visible or an ``invisible-code-block``
    comment), refused: the project said ``python-blocks = "refuse"``."""
    document = Document(text, str(path))
    problems = []
    for region in PythonCodeBlockParser()(document):
        line = text.count("\n", 0, region.start) + 1
        problems.append(ExampleProblem(Where(str(path), line),
                                       "This Python block would run as code when the book is tested, and this "
                                       "project refuses Python blocks (python-blocks = \"refuse\" in "
                                       "[tool.rulewright] in pyproject.toml). Remove the block, show it as "
                                       "```text, or set python-blocks = \"allow\" if you trust every page."))
    return problems


def misspelt_directives(page) -> list[ExampleProblem]:
    """A misspelt ``{exmaple}`` would be skipped by the tests without a word: name it instead."""
    problems = []
    for name, line in page.directives:  # found while the page was read: directive_names(page.text)
        if name not in OUR_DIRECTIVES:
            close = difflib.get_close_matches(name, OUR_DIRECTIVES, n=1, cutoff=0.75)
            if close:
                problems.append(ExampleProblem(Where(page.path, line),
                                               f"'{{{name}}}' is not a directive Rulewright knows. Did you mean "
                                               f"'{{{close[0]}}}'? As written, this block is not checked at all."))
    return problems


def duplicate_example(example_id: str, where: Where, other: Where) -> ExampleProblem:
    """The one message for an example ID used twice, at the second one's ':id:' line."""
    return ExampleProblem(where, f"The example ID {example_id!r} is used twice; the other is at {other}. Give "
                                 "each example its own ID.")


def duplicate_position(position: scenario.Position, other: scenario.Position) -> ExampleProblem:
    """The one message for a shared position's name used twice, at the second one."""
    return ExampleProblem(position.where, f"The position name {position.name!r} is used twice; the other is at "
                                          f"{other.where}. Shared positions are named across the whole book: give "
                                          "each its own name.")
