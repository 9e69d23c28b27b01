"""The rulebook as data: which rules it declares and which examples it holds, with their lines.

This is the one scanner of pages. It reads a page with the Markdown parser MyST itself uses (the
same fences Sphinx renders: backtick, tilde and ``:::`` colon fences, nested inside other
directives such as ``{designer-note}``, in lists and quotes) and splits each directive's options
from its body with MyST's own option reader, so the tests, ``rulewright check`` and the Sphinx
build agree on what the book contains. What cannot be read is a problem at its line, never a
silent skip: a fence left open, a ``{rule}`` without an ID, an example ID used twice, a blank line
that turns an example's options into its body, a misspelt directive name, a Python block in a
project that refuses them.
"""
from __future__ import annotations

import contextlib
import copy
import difflib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from docutils.parsers.rst import directives
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.directives import is_option_line, parse_directive_text
from myst_parser.parsers.mdit import create_md_parser
from sybil import Document
from sybil.parsers.myst import PythonCodeBlockParser
import yaml

from rulewright import scenario
from rulewright.book import config
from rulewright.book import registry
from rulewright.book import source
from rulewright.problems import ExampleProblem, Rules, Where

RULE_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9][a-z0-9-]*)+$")
EXAMPLE_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


OUR_DIRECTIVES = ("example", "rule", "designer-note", "rule-index", "glossary-page", "engine-coverage", "position",
                  "balance", "readings")
# Directives whose body is text, not Markdown: an example shown inside one is display.
LITERAL_DIRECTIVES = ("code-block", "code", "sourcecode", "code-cell", "literalinclude", "math", "raw",
                      "graphviz", "eval-rst", "csv-table", "mermaid")


class AnyOption(dict):
    """A directive's option spec that lets every option through to the directive, so that an
    unknown or misspelt one is reported by Rulewright in plain words (with a did-you-mean) rather
    than dropped with MyST's generic warning."""

    def __missing__(self, key):
        return directives.unchanged

    def __bool__(self) -> bool:  # MyST reads options only when a directive has some
        return True


EXAMPLE_OPTIONS = AnyOption({
    "id": directives.unchanged,
    "rules": directives.unchanged,
    "diagram": directives.unchanged,
    "show-source": directives.flag,
    "as": directives.unchanged,  # the player whose view the example's expectations read
    "reveals": directives.unchanged,  # the hidden values the example is about revealing (view paths)
})


class _DirectiveShape:
    """What MyST's option reader needs to know about a directive (the Sphinx directives share it)."""

    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = AnyOption()


class _ExampleShape(_DirectiveShape):
    option_spec = EXAMPLE_OPTIONS


@dataclass
class RuleDecl:
    id: str
    title: str
    where: Where
    text: str = ""          # the rule's body, as written
    formerly: str = ""      # ':formerly: old.id': the ID the rule had before it was renamed


# A body's top-level ``game:`` line written plainly: a name, quoted or not, and maybe a comment.
_GAME_LINE = re.compile(r"""^game:[ \t]*((['"]?)[\w.\-]+\2)[ \t]*(?:#.*)?$""", re.MULTILINE)


@dataclass
class ExampleDecl:
    """An example as found in the text. ``body_line`` is the line of its first YAML line;
    ``problem``, when set, is why the example cannot be read at all (it is reported instead of
    running it)."""

    title: str
    options: dict
    body: str
    where: Where
    body_line: int
    span: tuple[int, int] = (0, 0)  # character positions in the document, for Sybil
    problem: ExampleProblem | None = None
    option_lines: dict[str, int] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.options.get("id", "") or "").strip()

    @property
    def named_rules(self) -> list[str]:
        """The rules its ``:rules:`` option names, read from the option alone (``scenario.rule_ids``)."""
        return scenario.rule_ids(self.options)

    def game_name(self) -> str | None:
        """The game the example names, read quickly: from its ``game:`` line when that is written
        plainly at the top of the body (``game: bus``, ``game: "1870"``; the name YAML reads there,
        even when something else in the example is wrong), else from the example read whole (None
        when it cannot be read). The whole reading of every example took a tenth of a second of
        each build, which only wants to know the games the book plays."""
        plain = _GAME_LINE.search(self.body) if self.problem is None else None
        if plain is not None and len(_GAME_LINE.findall(self.body)) == 1:
            value = yaml.safe_load(plain.group(1))  # as the example's YAML reads it: game: 1870 is a number
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return str(value)
        try:
            parsed = self.parse()
        except ExampleProblem:
            return None
        return parsed.game_name

    @property
    def id_where(self) -> Where:
        """Where its ``:id:`` is written (where an ID's problems are reported)."""
        return self.where.at(self.option_lines.get("id", self.where.line))

    def parse(self, positions=None) -> scenario.Scenario:
        """The example, read; it may start from the shared positions of its book (``positions``, or
        else every ``{position}`` of the book the page is in, read when first asked for)."""
        if self.problem is not None:  # a fresh exception each time: no traceback piles up on the stored one
            raise ExampleProblem(self.problem.where, self.problem.message)
        if positions is None:
            positions = BookPositions(self.where.path)
        return scenario.parse(self.body, Where(self.where.path, self.body_line, self.id or None),
                              self.title, self.options, directive_line=self.where.line, positions=positions,
                              option_lines=self.option_lines)


@dataclass
class PositionDecl:
    """A ``{position}`` block as found in the text: a named starting point shared by examples."""

    title: str
    options: dict
    body: str
    where: Where
    body_line: int
    span: tuple[int, int] = (0, 0)  # character positions in the document, for Sybil
    option_lines: dict[str, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.options.get("name", "")).strip()

    def parse(self) -> scenario.Position:
        return scenario.parse_position(self.body, Where(self.where.path, self.body_line), self.title,
                                       self.options, directive_line=self.where.line, option_lines=self.option_lines,
                                       positions=BookPositions(self.where.path))


@dataclass
class ClaimDecl:
    """A ``{balance}`` block as the scanner finds it: a claim about play, checked by
    ``rulewright.play.claims``."""

    text: str
    options: dict
    body: str
    where: Where
    option_lines: dict = field(default_factory=dict)
    span: tuple[int, int] = (0, 0)

    def at(self, option: str) -> Where:
        return Where(self.where.path, self.option_lines.get(option, self.where.line))


@dataclass
class Page:
    """One page as the scanner read it. ``problems`` are the page's own (not an example's: those
    are raised by ``ExampleDecl.parse``)."""

    path: str
    text: str
    rules: list[RuleDecl] = field(default_factory=list)
    examples: list[ExampleDecl] = field(default_factory=list)
    problems: list[ExampleProblem] = field(default_factory=list)
    positions: list[PositionDecl] = field(default_factory=list)
    claims: list[ClaimDecl] = field(default_factory=list)  # ``{balance}`` claims
    directives: list[tuple[str, int]] = field(default_factory=list)  # (name, line): ``directive_names``


class Positions(dict):
    """A book's shared positions by name, and (``unreadable``) the problem of each ``{position}``
    whose name is known but whose body cannot be read: an example starting from one meets that
    problem, said at the position's own line, not "there is no shared position called ..."."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.unreadable: dict[str, ExampleProblem] = {}


@dataclass
class Book:
    rules: dict[str, RuleDecl] = field(default_factory=dict)
    examples: list[ExampleDecl] = field(default_factory=list)
    problems: list[ExampleProblem] = field(default_factory=list)
    pages: dict[str, Page] = field(default_factory=dict)
    positions: Positions = field(default_factory=Positions)


@lru_cache(maxsize=1)
def _markdown():
    # colon_fence is always on here: a ``:::{example}`` is then run wherever it renders.
    return create_md_parser(MdParserConfig(enable_extensions={"colon_fence", "deflist"}), RendererHTML)


DIRECTIVE_INFO = re.compile(r"^\{([^}]*)\}[ \t]*(.*)$")


def read_page(text: str, path: str) -> Page:
    """Every rule and example on one page, and the page's problems."""
    page = Page(str(path), text)
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    _read_blocks(page, text, 1, starts, len(lines))
    seen: dict[str, Where] = {}
    for example in page.examples:
        if example.id and not EXAMPLE_ID.match(example.id) and example.problem is None:
            example.problem = ExampleProblem(example.id_where,
                                             f"{example.id!r} is not a valid example ID: use lowercase letters, "
                                             f"digits and dashes, e.g. {source.id_from(example.id)!r}."
                                             + _characters(example.id))
        if example.id and example.id in seen and example.problem is None:
            example.problem = duplicate_example(example.id, example.id_where, seen[example.id])
        seen.setdefault(example.id, example.id_where)  # (a second use points at the first's ':id:' line)
    page.problems.extend(misspelt_directives(page))
    page.problems.extend(front_matter_problems(text, str(path)))
    if config.current().python_blocks == "refuse":
        page.problems.extend(python_blocks_refused(text, path))
    page.problems.extend(changes_without_version(page))
    page.problems.sort(key=lambda p: p.where.line)
    return page


INDENTED_DIRECTIVE = re.compile(r"^\s*(`{3,}|~{3,}|:{3,})\{([^}]*)\}")


def _read_blocks(page: Page, text: str, first_line: int, starts: list[int], total: int,
                 parent: tuple[str, str, int] | None = None) -> None:
    """Read the directives in ``text``, whose first line is line ``first_line`` of the page;
    ``parent`` is the (name, fence, line) of the directive they are inside, if any."""
    source_lines = text.splitlines()
    for token in _markdown().parse(text):
        if token.type == "code_block" and token.map is not None:
            _indented(page, token, first_line)
            continue
        if token.type not in ("fence", "colon_fence") or token.map is None:
            continue
        match = DIRECTIVE_INFO.match(token.info.strip())
        if not match:
            continue
        name, argument = match.group(1).strip(), match.group(2).strip()
        line = first_line + token.map[0]
        page.directives.append((name, line))
        last = first_line + token.map[1] - 1  # the closing fence's line, when there is one
        where = Where(page.path, line)
        unclosed = not _closes(source_lines[token.map[1] - 1] if token.map[1] - 1 < len(source_lines) else "",
                               token.markup) or token.map[1] - token.map[0] < 2
        span = (starts[line - 1], starts[min(last, total)])
        if name == "example":
            page.examples.append(_example(page, token, argument, where, span, unclosed, parent))
            continue
        if unclosed:
            page.problems.append(_words_after_closing(token, name, where) or ExampleProblem(
                where, f"The {{{name}}} block that opens here with {token.markup!r} is never closed, so everything "
                f"after it to the end of the page is read as its text. Add a line with {token.markup} where it ends."))
        if name in LITERAL_DIRECTIVES:
            continue
        parsed = parse_directive_text(_DirectiveShape, argument, token.content, line=line)
        if name == "rule":
            _rule(page, parsed, argument, where, token.content)
        if name == "balance":
            page.claims.append(ClaimDecl(argument, dict(parsed.options), "\n".join(parsed.body), where,
                                         option_lines(token.content.splitlines(), line + 1), span))
            continue
        if name == "position":
            page.positions.append(PositionDecl(argument, dict(parsed.options), "\n".join(parsed.body), where,
                                               line + 1 + parsed.body_offset, span,
                                               option_lines(token.content.splitlines(), line + 1)))
            if parsed.body:  # read as Markdown by directive_names too
                page.directives.extend(directive_names("\n".join(parsed.body) + "\n", line + 1 + parsed.body_offset))
            continue
        body_line = line + 1 + parsed.body_offset
        if parsed.body:
            _read_blocks(page, "\n".join(parsed.body) + "\n", body_line, starts, total, (name, token.markup, line))


def _indented(page: Page, token, first_line: int) -> None:
    """A directive indented four spaces is, to Markdown, code shown as it is: never run, never
    checked. Ours are named at their line."""
    for index, text in enumerate(token.content.splitlines()):
        match = INDENTED_DIRECTIVE.match(text)
        if match and match.group(2).strip() in OUR_DIRECTIVES:
            name = match.group(2).strip()
            page.problems.append(ExampleProblem(Where(page.path, first_line + token.map[0] + index),
                                                f"This {{{name}}} is indented by four spaces or more, so Markdown "
                                                "shows it as a block of code: it is never "
                                                f"{'played' if name == 'example' else 'read'} or checked. Remove the "
                                                "indentation, so that its fence starts at the start of the line."))


def _characters(text: str) -> str:
    """A sentence naming a look-alike character in ``text``, if it holds one."""
    said = source.lookalike(text)
    return f" It has {said}." if said else ""


def _words_after_closing(token, name: str, where: Where) -> ExampleProblem | None:
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


def _closes(line: str, markup: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and stripped[0] == markup[0] and set(stripped) == {markup[0]} \
        and len(stripped) >= len(markup)


RULE_OPTIONS = ("title", "formerly")


def _rule(page: Page, parsed, argument: str, where: Where, content: str) -> None:
    lines = option_lines(content.splitlines(), where.line + 1)
    for unknown in parsed.options:
        if unknown not in RULE_OPTIONS:
            page.problems.append(ExampleProblem(where.at(lines.get(unknown, where.line)),
                                                f"The rule option ':{unknown}:' is unknown. "
                                                + "".join(f"Did you mean ':{close}:'? " for close in
                                                          difflib.get_close_matches(str(unknown), RULE_OPTIONS, 1, 0.6))
                                                + "A rule has two options: :title:, its heading (e.g. ':title: "
                                                "Moving a piece'), and :formerly:, the ID it had before it was "
                                                "renamed."))
    if not argument:
        page.problems.append(ExampleProblem(where, "This {rule} has no ID. Write the rule's ID right after "
                                            "{rule} on the same line, e.g. '```{rule} mb.expand.first-link'."))
        return
    if not RULE_ID.match(argument):
        page.problems.append(ExampleProblem(where, f"{argument!r} is not a valid rule ID. A rule ID is lowercase "
                                            "words joined by dots, e.g. 'mb.expand.first-link'." + _characters(argument)))
        return
    title = parsed.options.get("title", "")
    if not "".join(parsed.body).strip():
        page.problems.append(ExampleProblem(where, f"The rule {argument} has no text: a rule is its title and the "
                                            "rule itself in words. Write the rule under its ':title:' line, "
                                            "before the closing fence."))
    page.rules.append(RuleDecl(argument, str(title), where, "\n".join(parsed.body).strip(),
                               str(parsed.options.get("formerly", "") or "").strip()))


def _example(page: Page, token, argument: str, where: Where, span, unclosed: bool,
             parent: tuple[str, str, int] | None = None) -> ExampleDecl:
    parsed = parse_directive_text(_ExampleShape, argument, token.content, line=where.line)
    body_line = where.line + 1 + parsed.body_offset
    decl = ExampleDecl(argument, dict(parsed.options), "\n".join(parsed.body), where, body_line, span)
    content = token.content.splitlines()
    if content and content[0].startswith("---"):
        _yaml_options(decl, content)
    else:
        decl.option_lines = option_lines(content, where.line + 1)
    if decl.problem is not None:
        return decl
    if unclosed and parent is not None and parent[1][0] == token.markup[0] and len(parent[1]) <= len(token.markup):
        longer = parent[1][0] * (len(token.markup) + 1)
        decl.problem = ExampleProblem(where, f"This example is inside the {{{parent[0]}}} that opens at line "
                                      f"{parent[2]}, and both fences are {token.markup}: the example's closing "
                                      f"{token.markup} ends the {{{parent[0]}}} instead. Open and close the "
                                      f"{{{parent[0]}}} with a longer fence, {longer} ({len(longer)} "
                                      f"{'backticks' if longer[0] == '`' else 'characters'}), or move the example "
                                      f"after the {{{parent[0]}}}'s closing fence.")
    elif unclosed:
        decl.problem = _words_after_closing(token, "example", where) or ExampleProblem(
            where, f"This example's fence {token.markup!r} is never closed, so the rest of the page is read as its "
            f"YAML. Add a line with {token.markup} right after its 'expect:' section.")
    elif parsed.warnings:
        warning = parsed.warnings[0]
        decl.problem = ExampleProblem(where.at(warning.lineno or where.line),
                                      f"The example's options cannot be read ({warning.msg}). Write each option "
                                      "on its own line as ':name: value' right under the example's title, or "
                                      "between two '---' lines as 'name: value'.")
    first = next((i for i, text in enumerate(parsed.body) if text.strip()), None)
    if decl.problem is None and not parsed.options and parsed.blank_line_removed and first is not None \
            and is_option_line(parsed.body[first]):
        decl.problem = ExampleProblem(where.at(where.line + 1),
                                      "A blank line separates the example's title from its options, so "
                                      f"'{parsed.body[first].strip()}' and the lines after it are read as the "
                                      "example's body. Remove the blank line: the options go right under the "
                                      "title.")
    return decl


OPTION_LINE = re.compile(r"^\s*:([\w-]+):")


def option_lines(content: list[str], first_line: int) -> dict[str, int]:
    """The line of each ``:name: value`` option at the top of a directive whose first content
    line is ``first_line``."""
    lines: dict[str, int] = {}
    for index, text in enumerate(content):
        option = OPTION_LINE.match(text)
        if not is_option_line(text) or not option:
            break
        lines.setdefault(option.group(1), first_line + index)
    return lines


def _yaml_options(decl: ExampleDecl, content: list[str]) -> None:
    """Options written between ``---`` lines are YAML: read them as YAML, with their lines, so a
    slip is named at its line (and ``rules: [a, b]`` means two rules)."""
    end = next((i for i in range(1, len(content)) if content[i].startswith("---")), len(content))
    where = decl.where
    try:
        data, lines = source.load("\n".join(content[1:end]), where.at(where.line + 2))
    except ExampleProblem as problem:
        decl.problem = ExampleProblem(problem.where, problem.message.replace(
            "The example is not valid YAML", "The example's options between the '---' lines are not valid YAML"))
        return
    if data is None:
        return
    if not isinstance(data, dict):
        decl.problem = ExampleProblem(where.at(where.line + 2), "The example's options between the '---' lines "
                                      "must be 'name: value' lines, e.g. 'id: mb-first-link'.")
        return
    decl.options = {str(k): " ".join(map(str, v)) if isinstance(v, list) else ("" if v is None else str(v))
                    for k, v in data.items()}
    decl.option_lines = {str(k): lines.line(k) for k in data}


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


def changes_without_version(page: Page) -> list[ExampleProblem]:
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


def misspelt_directives(page: Page) -> list[ExampleProblem]:
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


def directive_names(text: str, first_line: int = 1):
    """(name, line) of every directive MyST would run, nested ones included (a block shown as code
    is not one)."""
    for name, line, _, _ in _directives(text, first_line):
        yield name, line


def directive_bodies(text: str, wanted: str, first_line: int = 1):
    """(body, line of its first line) of every ``wanted`` directive MyST would run, its options
    left out: what the directive reads as its content."""
    for name, _, body, line in _directives(text, first_line):
        if name == wanted:
            yield body, line


def _directives(text: str, first_line: int):
    for token in _markdown().parse(text):
        if token.type in ("fence", "colon_fence") and token.map is not None:
            match = DIRECTIVE_INFO.match(token.info.strip())
            if not match:
                continue
            name = match.group(1).strip()
            try:
                parsed = parse_directive_text(_DirectiveShape, match.group(2).strip(), token.content)
                body, offset = parsed.body, parsed.body_offset
            except Exception:  # noqa: BLE001 - options MyST cannot read: the directive says so itself
                body, offset = [], 0
            body_line = first_line + token.map[0] + 1 + offset
            yield name, first_line + token.map[0], "\n".join(body) + "\n", body_line
            if name not in LITERAL_DIRECTIVES and name != "example" and body:
                yield from _directives("\n".join(body) + "\n", body_line)


# The older entry points, on a Sybil document.

def rules_in(document: Document) -> list[RuleDecl]:
    return read_page(document.text, document.path).rules


def examples_in(document: Document) -> list[ExampleDecl]:
    return read_page(document.text, document.path).examples


def scan(root: Path | None = None) -> Book:
    """Every rule and example under ``root``, and the problems found on the way: each page's own,
    rule IDs of the wrong shape or declared twice, example IDs malformed or used twice."""
    root = Path(root) if root is not None else config.current().rulebook
    book = Book()
    seen_examples: dict[str, Where] = {}
    for path in sorted(root.rglob("*.md")):
        page = _read_file(path)
        book.pages[str(path)] = page
        book.problems.extend(page.problems)
        for rule in page.rules:
            if rule.id in book.rules:
                book.problems.append(ExampleProblem(rule.where, f"The rule {rule.id!r} is declared twice; the other "
                                                    f"declaration is at {book.rules[rule.id].where}. Rule IDs must "
                                                    "be unique."))
            else:
                book.rules[rule.id] = rule
        for decl in page.positions:
            try:
                position = decl.parse()
            except ExampleProblem as problem:
                book.problems.append(problem)
                if decl.name:
                    book.positions.unreadable.setdefault(decl.name, problem)
                continue
            if position.name in book.positions:  # the page's own problem too: testing one page says it
                twice = duplicate_position(position, book.positions[position.name])
                book.problems.append(twice)
                page.problems.append(twice)
            else:
                book.positions[position.name] = position
        for example in page.examples:
            book.examples.append(example)
            if not example.id or example.problem is not None:
                continue  # parse() reports it at the example's own line
            if example.id in seen_examples:
                example.problem = duplicate_example(example.id, example.id_where, seen_examples[example.id])
            else:
                seen_examples[example.id] = example.id_where
    return book


def duplicate_example(example_id: str, where: Where, other: Where) -> ExampleProblem:
    """The one message for an example ID used twice, at the second one's ':id:' line."""
    return ExampleProblem(where, f"The example ID {example_id!r} is used twice; the other is at {other}. Give "
                                 "each example its own ID.")


def duplicate_position(position: scenario.Position, other: scenario.Position) -> ExampleProblem:
    """The one message for a shared position's name used twice, at the second one."""
    return ExampleProblem(position.where, f"The position name {position.name!r} is used twice; the other is at "
                                          f"{other.where}. Shared positions are named across the whole book: give "
                                          "each its own name.")


def _read_file(path: Path) -> Page:
    text, encoding = source.read_text(path)  # (a page not UTF-8 is still read, and its encoding named)
    page = copy.deepcopy(_read_text(text, str(path), config.current().python_blocks))
    if encoding is not None:
        page.problems.insert(0, encoding)
    return page


@lru_cache(maxsize=1024)
def _read_text(text: str, path: str, python_blocks: str) -> Page:
    """A page as read once per process for each text it has had (``scan`` changes what it returns,
    so it has a copy): a build forked from a process that scanned the book
    (``rulewright.sphinx.warm``) reads again only the pages changed since."""
    return read_page(text, path)


def page_in_book(text: str, path: str, root: Path) -> Page:
    """The page as part of the book under ``root`` (so an example ID used on another page is
    reported), or on its own when it is not in that book or has changed since. (A page that is not
    UTF-8 is read by each channel as ``source.TOLERANT`` reads it: the scanner's page, with the
    problem of its encoding.)"""
    path = str(path)
    if Path(path).resolve().is_relative_to(Path(root).resolve()):
        stamp = pages_stamp(Path(root))
        page = scan_cached(Path(root), stamp).pages.get(path)
        if page is not None and page.text == text:
            return page
    return read_page(text, path)


# While a Sphinx build reads the book, the pages it reads are the book (it reads each once, and a
# page saved meanwhile is read by the next build): the stamp is taken once per book for the whole
# reading (``hold_pages``), not once for every example it plays.
_held: dict[str, tuple] | None = None


def hold_pages() -> None:
    global _held
    _held = {}


def release_pages() -> None:
    global _held
    _held = None


def pages_stamp(root: Path) -> tuple:
    """Each page under ``root`` with the time it was last changed: the key of the caches below,
    taken with ``os.walk`` (twice as quick as ``Path.rglob``; like it, it does not follow a linked
    folder)."""
    if _held is not None:
        if str(root) not in _held:
            _held[str(root)] = _stamp(root)
        return _held[str(root)]
    return _stamp(root)


def _stamp(root: Path) -> tuple:
    found = []
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".md"):
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):  # a broken link: not a page
                    found.append((path, os.stat(path).st_mtime_ns))
    return tuple(sorted(found))


@lru_cache(maxsize=4)
def scan_cached(root: Path, stamp: tuple) -> Book:
    return scan(root)


def declared_rules(root: Path | None = None) -> Rules:
    """The rule IDs the book declares (cached: the tests ask once per process)."""
    return _declared_rules(Path(root) if root is not None else config.current().rulebook)


@lru_cache(maxsize=None)
def _declared_rules(root: Path) -> Rules:
    return declared(scan(root))


def declared_now(srcdir: Path | str | None = None) -> Rules:
    """The rules the book declares as its pages are now (the scanner's reading of every page, kept
    while they are unchanged): for a process that lives through edits (the build, ``make serve``).
    ``srcdir``: the folder a build reads. Inside the project's rulebook (the book, or a part of
    it) the book is the rulebook, as ``rulewright check`` reads it; a folder outside it is built as
    a book of its own (no ``[tool.rulewright]`` names it)."""
    root = config.current().rulebook
    if srcdir is not None:
        folder = Path(srcdir).resolve()
        if folder != root and root not in folder.parents:
            root = folder
    return declared(scan_cached(root, pages_stamp(root)))


def declared(book: "Book") -> Rules:
    """The rules ``book`` declares, where, and what each was called before it was renamed."""
    return Rules({rule.id: rule.where for rule in book.rules.values()},
                 {rule.formerly: rule.id for rule in book.rules.values() if rule.formerly})


def rule_games(root: Path | None = None) -> dict[str, frozenset[str]]:
    """The games each rule is for: the games the examples in its chapter (the folder of the page
    declaring it) play. Cached until a page of the book changes."""
    root = Path(root) if root is not None else config.current().rulebook
    stamp = pages_stamp(root)
    return _rule_games(root, stamp)


@lru_cache(maxsize=4)
def _rule_games(root: Path, stamp: tuple) -> dict[str, frozenset[str]]:
    found = scan_cached(root, stamp)
    by_folder: dict[str, set[str]] = {}
    for decl in found.examples:
        game = decl.game_name()
        if game and _is_game(game):  # (a misspelt game is no game of the chapter)
            by_folder.setdefault(str(Path(decl.where.path).parent), set()).add(game)
    return {rule_id: frozenset(by_folder.get(str(Path(rule.where.path).parent), ()))
            for rule_id, rule in found.rules.items()}


def other_game_rules(s: scenario.Scenario, games: dict[str, frozenset[str]]) -> list[ExampleProblem]:
    """A problem for each rule the example names that belongs to another game than the one it
    plays (a rule ID copied with an example from another chapter), at the line naming it. An
    example of a game that does not exist has no such problem: its game is its problem."""
    return [ExampleProblem(where, f"The rule {rule!r} is a rule of {' and '.join(sorted(games[rule]))} (the "
                                  f"examples of its chapter play {'it' if len(games[rule]) == 1 else 'them'}), but "
                                  f"this example plays {s.game_name}. Name a rule of {s.game_name} here, or fix "
                                  "the example's 'game:'.")
            for rule, where in scenario.rule_places(s)
            if "game" in s.data and games.get(rule) and s.game_name not in games[rule] and _is_game(s.game_name)]


def _is_game(name: str) -> bool:
    """Whether a game called ``name`` is registered: an example naming none (a misspelt 'game:') is
    said so at its 'game:' line when played ("There is no game called ..."), not blamed for the
    rules it names."""
    return name in registry.known()


def positions_for(page: str | Path) -> dict[str, scenario.Position]:
    """The shared positions an example on ``page`` may start from: every ``{position}`` in its
    book (the project's rulebook when the page is in it, else the page's own folder). Cached
    until a page of that book changes."""
    page = Path(page).resolve()
    root = config.current().rulebook.resolve()
    if not page.is_relative_to(root):
        root = page.parent
    stamp = pages_stamp(root)
    return scan_cached(root, stamp).positions


class BookPositions(Mapping):
    """The shared positions of the book ``page`` is in (``positions_for``), read only when an
    example first asks for one, so reading an example costs no scan of its book."""

    def __init__(self, page: str | Path) -> None:
        self.page, self._found = page, None

    def _positions(self) -> dict[str, scenario.Position]:
        if self._found is None:
            self._found = positions_for(self.page)
        return self._found

    def __getitem__(self, name: str) -> scenario.Position:
        return self._positions()[name]

    @property
    def unreadable(self) -> dict[str, ExampleProblem]:
        return getattr(self._positions(), "unreadable", {})

    def __iter__(self):
        return iter(self._positions())

    def __len__(self) -> int:
        return len(self._positions())
