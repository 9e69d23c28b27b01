"""The rulebook as data: which rules it declares and which examples it holds, with their lines.

The same Sybil lexers that find examples for the tests find them here, so the checks, the tests
and the Sphinx build agree on what the book contains.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from sybil import Document
from sybil.parsers.myst.lexers import DirectiveLexer

from rulewright import config, scenario
from rulewright.problems import ExampleProblem, Where

RULE_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9][a-z0-9-]*)+$")
EXAMPLE_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")

rule_lexer = DirectiveLexer(directive="rule")
example_lexer = DirectiveLexer(directive="example")
position_lexer = DirectiveLexer(directive="position")


@dataclass
class RuleDecl:
    id: str
    title: str
    where: Where


@dataclass
class ExampleDecl:
    """An example as found in the text. ``body_line`` is the line of its first YAML line."""

    title: str
    options: dict
    body: str
    where: Where
    body_line: int
    span: tuple[int, int] = (0, 0)  # character positions in the document, for Sybil

    @property
    def id(self) -> str:
        return str(self.options.get("id", "")).strip()

    def parse(self, positions=None) -> scenario.Scenario:
        return scenario.parse(self.body, Where(self.where.path, self.body_line, self.id or None),
                              self.title, self.options, directive_line=self.where.line, positions=positions)


@dataclass
class PositionDecl:
    """A ``{position}`` block as found in the text: a named starting point shared by examples."""

    title: str
    options: dict
    body: str
    where: Where
    body_line: int

    @property
    def name(self) -> str:
        return str(self.options.get("name", "")).strip()

    def parse(self) -> scenario.Position:
        return scenario.parse_position(self.body, Where(self.where.path, self.body_line), self.title,
                                       self.options, directive_line=self.where.line)


@dataclass
class Book:
    rules: dict[str, RuleDecl] = field(default_factory=dict)
    examples: list[ExampleDecl] = field(default_factory=list)
    problems: list[ExampleProblem] = field(default_factory=list)
    positions: dict[str, scenario.Position] = field(default_factory=dict)


def _line(document: Document, position: int) -> int:
    return document.text.count("\n", 0, position) + 1


FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})(.*)$")


def top_level_fences(text: str) -> set[int]:
    """Character positions of the fences that open blocks at the top level of the page. A
    directive shown inside a longer code fence (as the authoring guide shows its examples) starts
    elsewhere, so it is display, not a declaration."""
    starts, open_fence, position = set(), None, 0
    for line in text.splitlines(keepends=True):
        match = FENCE.match(line.rstrip("\n"))
        if match:
            fence = match.group(1)
            if open_fence is None:
                open_fence = fence
                starts.add(position + len(line) - len(line.lstrip(" \t")))
            elif fence[0] == open_fence[0] and len(fence) >= len(open_fence) and not match.group(2).strip():
                open_fence = None
        position += len(line)
    return starts


def _top_level(lexer, document: Document):
    starts = top_level_fences(document.text)
    return [region for region in lexer(document) if region.start in starts]


def rules_in(document: Document) -> list[RuleDecl]:
    out = []
    for region in _top_level(rule_lexer, document):
        rule_id = region.lexemes["arguments"].strip()
        title = region.lexemes["options"].get("title", "")
        out.append(RuleDecl(rule_id, str(title), Where(document.path, _line(document, region.start))))
    return out


def examples_in(document: Document) -> list[ExampleDecl]:
    out = []
    for region in _top_level(example_lexer, document):
        line = _line(document, region.start)
        body = region.lexemes["source"]
        # The character offset is exact; Sybil's line_offset does not count the option lines.
        body_line = _line(document, region.start + body.offset)
        example = ExampleDecl(region.lexemes["arguments"].strip(), dict(region.lexemes["options"]),
                              str(body), Where(document.path, line), body_line, (region.start, region.end))
        out.append(example)
    return out


def positions_in(document: Document) -> list[PositionDecl]:
    out = []
    for region in _top_level(position_lexer, document):
        body = region.lexemes["source"]
        out.append(PositionDecl(region.lexemes["arguments"].strip(), dict(region.lexemes["options"]), str(body),
                                Where(document.path, _line(document, region.start)),
                                _line(document, region.start + body.offset)))
    return out


OUR_DIRECTIVES = ("example", "rule", "designer-note", "rule-index", "glossary-page", "position")
DIRECTIVE_NAME = re.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,})\{([^}]*)\}", re.MULTILINE)


def misspelt_directives(document: Document) -> list[ExampleProblem]:
    """A misspelt ``{exmaple}`` would be skipped by the tests without a word: name it instead."""
    problems = []
    starts = top_level_fences(document.text)
    for match in DIRECTIVE_NAME.finditer(document.text):
        name = match.group(1).strip()
        if match.start() in starts and name not in OUR_DIRECTIVES:
            close = difflib.get_close_matches(name, OUR_DIRECTIVES, n=1, cutoff=0.75)
            if close:
                problems.append(ExampleProblem(Where(document.path, _line(document, match.start())),
                                               f"'{{{name}}}' is not a directive Rulewright knows. Did you mean "
                                               f"'{{{close[0]}}}'? As written, this block is not checked at all."))
    return problems


def scan(root: Path | None = None) -> Book:
    """Every rule and example under ``root``, and the problems found on the way: rule IDs of the
    wrong shape or declared twice, example IDs missing, malformed or used twice, and misspelt
    directive names that would hide an example from the tests."""
    root = Path(root) if root is not None else config.current().rulebook
    book = Book()
    seen_examples: dict[str, Where] = {}
    for path in sorted(root.rglob("*.md")):
        document = Document(path.read_text(encoding="utf-8"), str(path))
        book.problems.extend(misspelt_directives(document))
        for rule in rules_in(document):
            if not RULE_ID.match(rule.id):
                book.problems.append(ExampleProblem(rule.where, f"{rule.id!r} is not a valid rule ID. A rule ID is "
                                                    "lowercase words joined by dots, e.g. 'mb.expand.first-link'."))
            elif rule.id in book.rules:
                book.problems.append(ExampleProblem(rule.where, f"The rule {rule.id!r} is declared twice; the other "
                                                    f"declaration is at {book.rules[rule.id].where}. Rule IDs must "
                                                    "be unique."))
            else:
                book.rules[rule.id] = rule
        for decl in positions_in(document):
            try:
                position = decl.parse()
            except ExampleProblem as problem:
                book.problems.append(problem)
                continue
            if position.name in book.positions:
                book.problems.append(ExampleProblem(position.where, f"The position name {position.name!r} is "
                                                    f"used twice; the other is at "
                                                    f"{book.positions[position.name].where}. Shared positions are "
                                                    "named across the whole book: give each its own name."))
            else:
                book.positions[position.name] = position
        for example in examples_in(document):
            book.examples.append(example)
            if not example.id:
                continue  # parse() reports the missing ID at the example's own line
            if not EXAMPLE_ID.match(example.id):
                book.problems.append(ExampleProblem(example.where, f"{example.id!r} is not a valid example ID: use "
                                                    "lowercase letters, digits and dashes, e.g. 'mb-first-link'."))
            elif example.id in seen_examples:
                book.problems.append(ExampleProblem(example.where, f"The example ID {example.id!r} is used twice; "
                                                    f"the other is at {seen_examples[example.id]}. Give each "
                                                    "example its own ID."))
            else:
                seen_examples[example.id] = example.where
    return book


def declared_rules(root: Path | None = None) -> frozenset[str]:
    """The rule IDs the book declares (cached: the tests ask once per process)."""
    return _declared_rules(Path(root) if root is not None else config.current().rulebook)


@lru_cache(maxsize=None)
def _declared_rules(root: Path) -> frozenset[str]:
    return frozenset(scan(root).rules)


def positions_for(page: str | Path) -> dict[str, scenario.Position]:
    """The shared positions an example on ``page`` may start from: every ``{position}`` in its
    book (the project's rulebook when the page is in it, else the page's own folder). Cached
    until a page of that book changes."""
    page = Path(page).resolve()
    root = config.current().rulebook.resolve()
    if not page.is_relative_to(root):
        root = page.parent
    stamp = tuple((str(p), p.stat().st_mtime_ns) for p in sorted(root.rglob("*.md")))
    return _positions(root, stamp)


@lru_cache(maxsize=8)
def _positions(root: Path, stamp: tuple) -> dict[str, scenario.Position]:
    return scan(root).positions
