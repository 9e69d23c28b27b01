"""The rules, examples, shared positions and {balance} claims a page declares, with their lines;
the book they make (``scan``), kept while its pages are unchanged; and the shared positions an
example starts from, read from its book when it first asks for one. (The declarations and the book
are one piece: an example reads its book's positions, and the book is read from its pages.)"""
from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from myst_parser.parsers.directives import is_option_line, parse_directive_text
from sybil import Document
import yaml

from rulewright import scenario
from rulewright.book import config, source
from rulewright.book.scanner.directives import (DIRECTIVE_INFO, INDENTED_DIRECTIVE, LITERAL_DIRECTIVES, OUR_DIRECTIVES,
                                                DirectiveShape, ExampleShape, closes, directive_names, markdown,
                                                option_lines)
from rulewright.book.scanner.page_checks import (changes_without_version, characters, duplicate_example,
                                                 duplicate_position, front_matter_problems, misspelt_directives,
                                                 python_blocks_refused, words_after_closing)
from rulewright.book.scanner.stamps import pages_stamp
from rulewright.problems import ExampleProblem, Rules, Where

RULE_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9][a-z0-9-]*)+$")
EXAMPLE_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


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
                                             + characters(example.id))
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


def _read_blocks(page: Page, text: str, first_line: int, starts: list[int], total: int,
                 parent: tuple[str, str, int] | None = None) -> None:
    """Read the directives in ``text``, whose first line is line ``first_line`` of the page;
    ``parent`` is the (name, fence, line) of the directive they are inside, if any."""
    source_lines = text.splitlines()
    for token in markdown().parse(text):
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
        unclosed = not closes(source_lines[token.map[1] - 1] if token.map[1] - 1 < len(source_lines) else "",
                               token.markup) or token.map[1] - token.map[0] < 2
        span = (starts[line - 1], starts[min(last, total)])
        if name == "example":
            page.examples.append(_example(page, token, argument, where, span, unclosed, parent))
            continue
        if unclosed:
            page.problems.append(words_after_closing(token, name, where) or ExampleProblem(
                where, f"The {{{name}}} block that opens here with {token.markup!r} is never closed, so everything "
                f"after it to the end of the page is read as its text. Add a line with {token.markup} where it ends."))
        if name in LITERAL_DIRECTIVES:
            continue
        parsed = parse_directive_text(DirectiveShape, argument, token.content, line=line)
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
                                            "words joined by dots, e.g. 'mb.expand.first-link'." + characters(argument)))
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
    parsed = parse_directive_text(ExampleShape, argument, token.content, line=where.line)
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
        decl.problem = words_after_closing(token, "example", where) or ExampleProblem(
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
        page = read_file(path)
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


def read_file(path: Path) -> Page:
    """The page in the file at ``path``, read once per process for each text it has had (a copy: ``scan``
    changes what it is given)."""
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
