"""Sybil integration: every ``{example}`` in the rulebook becomes a pytest test named by its ID.

The parser only finds examples, with the one scanner (``rulewright.book.scanner``); running one is
``rulewright.scenario.evaluate`` through the store of results (``rulewright.store.cache``), the same
call the Sphinx directive makes. What the scanner finds
wrong with a page (a fence never closed, a ``{rule}`` without an ID, an ID used twice, a refused
Python block) becomes a failing test at its line, so nothing on a page passes unnoticed.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest
from sybil import Document, Example, Region, Sybil
from sybil.example import SybilFailure
from sybil.integration import pytest as sybil_pytest
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

from rulewright.book import scanner
from rulewright.book import config, source
from rulewright.ci import report as ci_report
from rulewright.ci.report import Mark
from rulewright.book.diagrams import DrawerFailed, draw_all, first_said
from rulewright.checks import levels
from rulewright.checks.words import word_problems
from rulewright.game import legibility
from rulewright.play import claims
from rulewright.problems import ExampleProblem, internal_failure
from rulewright.scenario import start
from rulewright.store import outcome as outcomes
from rulewright.testing.reports import Said, cannot_be_played, collected_pages


class ExampleParser:
    """Finds ``{example}`` directives; each region's ``parsed`` is the ``ExampleDecl``, or the
    ``ExampleProblem`` the page has at that line."""

    def __init__(self, root=None) -> None:
        self.root = root

    def __call__(self, document: Document):
        page = (scanner.page_in_book(document.text, document.path, self.root) if self.root is not None
                else scanner.read_page(document.text, document.path))
        spans = []
        for decl in page.examples:
            spans.append(decl.span)
            yield Region(*decl.span, decl, evaluate_example)
        for claim in page.claims:  # a book's {balance} claims, checked by simulated play
            spans.append(claim.span)
            yield Region(*claim.span, claim, evaluate_claim)
        problems = [(problem.where.line, problem) for problem in page.problems]
        if self.root is not None:  # the page's words: its glossary terms and cross-references
            problems += word_problems(self.root).get(str(document.path), [])
        by_line: dict[int, list[ExampleProblem]] = {}
        for line, problem in problems:
            by_line.setdefault(line, []).append(problem)
        inside: dict[int, list[ExampleProblem]] = {}  # the page's problems inside each shared position
        for line, found in sorted(by_line.items()):
            start = _offset(document.text, line)
            if any(a <= start < b for a, b in spans):
                continue  # inside an example: that example reports its own problems
            position = next((n for n, decl in enumerate(page.positions) if decl.span[0] <= start < decl.span[1]), None)
            if position is not None:
                inside.setdefault(position, []).extend(found)
                continue
            end = document.text.find("\n", start)
            yield Region(start, end if end >= 0 else len(document.text), found, report_problem)
        for n, decl in enumerate(page.positions):  # each shared position read and set up: its problems at its lines
            yield Region(*decl.span, PositionTest(decl, inside.get(n, [])), evaluate_position)


@dataclass
class PositionTest:
    """A ``{position}`` as a test: the scanner's reading of it, and the page's problems that lie
    inside it (its name used twice), said by its test."""

    decl: scanner.PositionDecl
    problems: list[ExampleProblem]


def evaluate_position(example: Example) -> str | None:
    """Sybil evaluator of a ``{position}``: ``None`` when it is read and its game sets it up, else its
    problem at its line (as ``rulewright check`` and the build say it), so that the test of its page
    says it even when no example starts from it, and an example that does is not blamed for it."""
    test: PositionTest = example.parsed
    found = list(test.problems)
    try:
        start(test.decl.parse())
    except ExampleProblem as problem:
        if problem.cause is not None:
            skip_for_its_cause(problem)
        found.append(problem)
    except Exception as error:  # a failure of Rulewright itself, said plainly at the position
        text = internal_failure(error, f"setting up the position {test.decl.name}")
        ci_report.notice(Mark(str(test.decl.where.path), test.decl.where.line, "Rulewright failed", text))
        return f"{test.decl.where}: " + text
    failing = levels.warned(found)
    for problem in failing:
        ci_report.notice(Mark.of(problem))
    return "\n".join(map(str, failing)) or None


def evaluate_claim(example: Example) -> str | None:
    """Sybil evaluator of a ``{balance}`` claim: ``None`` when the simulated games bear it out,
    else what was claimed and what was found, at the claim's line."""
    decl = example.parsed
    try:
        finding = claims.check(decl)
    except ExampleProblem as problem:
        if problem.cause is not None:
            skip_for_its_cause(problem)
        ci_report.notice(Mark.of(problem))
        return str(problem)
    except Exception as error:  # a failure of Rulewright itself, said plainly at the claim
        text = internal_failure(error, "checking the balance claim")
        ci_report.notice(Mark(str(decl.where.path), decl.where.line, "Rulewright failed", text))
        return f"{decl.where}: " + text
    if finding.ok:
        return None
    text = claims.failure_text(decl, finding)
    ci_report.notice(Mark(str(decl.where.path), decl.where.line, "Balance claim does not hold", text))
    return text


def skip_for_its_cause(problem: ExampleProblem) -> None:
    """A test stopped by a problem said at its own place (``problem.cause``) is skipped, naming it: a
    game that cannot be loaded is said at the end of the run (``plugin.pytest_sessionfinish``); a
    shared position that cannot be read, by the test of the page it is on. When that page is not
    tested in this run (``pytest`` on another page), the test is not skipped: the caller fails it
    with the position's problem, so that no run passes over it."""
    cause = problem.cause
    if not str(cause.path).endswith(".md"):
        pytest.skip(cannot_be_played(cause))
    if Path(cause.path).resolve() in collected_pages():
        pytest.skip(f"the shared position it starts from has a problem: see {cause}, said by that position's test")


def _offset(text: str, line: int) -> int:
    position = 0
    for _ in range(line - 1):
        position = text.index("\n", position) + 1
    return position


def report_problem(example: Example) -> str | None:
    """The problems the page has at this line: a failure, in their words; what a check newer than
    the book's check level found is advice instead (a ``CheckAdvice`` warning at its line)."""
    failing = levels.warned(example.parsed)
    for problem in failing:
        ci_report.notice(Mark.of(problem))
    return "\n".join(map(str, failing)) or None


class PendingExampleHolds(UserWarning):
    """An example marked ':status: pending' now holds: the mark should be removed."""


class DiagramHardToRead(UserWarning):
    """An example's diagram has a label or line too faint to read, or labels drawn over each
    other (``rulewright.game.legibility``): a warning at the example, for the game's diagram code."""


CONTRAST = "diagram-contrast"  # the check's code name (rulewright.checks.levels)


def _check_legibility(result, svgs: list[str]) -> None:
    where = result.scenario.where
    for n, svg in enumerate(svgs):
        # (':diagram: both' draws two: say which, as the book captions them)
        name = "the diagram" + ((" before the moves", " after the moves")[n] if len(svgs) == 2 else "")
        found = [problem.removeprefix(name + ": ") for problem in legibility.problems(svg, name, drawn_by_the_build=False)]
        if levels.is_advice(CONTRAST):  # a check newer than the book's level: its findings are advice
            faint = [problem for problem in found if " contrast " in problem]
            found = [problem for problem in found if problem not in faint]
            if faint:
                levels.warn(ExampleProblem(where, f"{name} has a label or line too faint to read: " + "; ".join(faint)
                                           + ". Change the game's diagram code (colours from rulewright.dot: "
                                           "readable(), ink_on(), MUTED).", check=CONTRAST))
        if found:
            more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
            colours = any("contrast" in problem for problem in found)  # (the colours' advice for a colour's problem)
            _warn_at(where, DiagramHardToRead(f"{where}: {name} is hard to read: " + "; ".join(found[:3]) + more
                                              + ". Change the game's diagram code" + (
                                                  " (colours from rulewright.dot: readable(), ink_on(), MUTED)"
                                                  if colours else "") + "."))


def _warn_at(where, warning: Warning) -> None:
    """A warning at the example's own file and line: pytest's summary then shows the example's
    line of the page under it, not the line of Rulewright's code that warned."""
    warnings.warn_explicit(warning, type(warning), str(where.path), int(where.line or 1))


def evaluate_example(example: Example) -> str | None:
    """Sybil evaluator: ``None`` when the example holds and its diagrams draw, else the
    plain-words report. What the example came to is decided once for every channel
    (``rulewright.store.outcome``): a pending example that does not hold yet is reported as pending
    (pytest's xfail, with the reason); one that holds is passed with a warning to remove the mark;
    one stopped by a problem said at its own place is skipped, naming it."""
    decl: scanner.ExampleDecl = example.parsed
    try:
        scenario = decl.parse()
    except ExampleProblem as problem:
        decided = outcomes.of_problem(problem, decl.where)
    else:
        decided = outcomes.decide(scenario, scanner.declared_rules())
    _decided.append(decided)
    kind = decided.kind
    if kind is outcomes.Kind.STOPPED:  # its game cannot be loaded, or its shared position read: said once
        skip_for_its_cause(decided.problem)
    if kind in (outcomes.Kind.HOLDS, outcomes.Kind.READY):
        try:
            _check_legibility(decided.result, draw_all(decided.result))  # the same drawing as the book build
        except ExampleProblem as problem:
            if isinstance(problem, DrawerFailed):  # one bug of the diagram code: said at the first example it stops
                before = first_said(problem.site, problem.where)
                if before is not None:
                    pytest.skip(f"its diagram meets the bug in the game's diagram code said at {before}")
            ci_report.notice(Mark.of(problem))
            return str(problem)
    if kind is outcomes.Kind.PENDING:
        pytest.xfail("pending: " + decided.text)
    if kind is outcomes.Kind.READY:
        ci_report.notice(ci_report.ready_mark(decided.result))
        _warn_at(decided.where, PendingExampleHolds(decided.text))
    if not decided.fails and kind is not outcomes.Kind.STOPPED:
        return None
    if kind is outcomes.Kind.FAILS:
        ci_report.notice(ci_report.failure_mark(decided.result, decided.text))
    elif kind is outcomes.Kind.INTERNAL:
        ci_report.notice(Mark(str(decided.where.path), decided.where.line, "Rulewright failed", decided.text))
    else:
        for problem in decided.problems:
            ci_report.notice(Mark.of(problem))
    return decided.text


_decided: list = []  # the outcome of the example a test just played (plugin.pytest_runtest_makereport takes it)


def take_decided():
    """The outcome the test that just ran decided (``rulewright.store.outcome.Outcome``), or None."""
    taken = _decided[-1] if _decided else None
    _decided.clear()
    return taken


class RulebookSybil(Sybil):
    """Names each example's test by its ``:id:``, so inserting a paragraph renames nothing and
    ``pytest -k <id>`` runs one example."""

    def identify(self, example: Example) -> str:
        if isinstance(example.parsed, scanner.ExampleDecl) and example.parsed.id:
            return example.parsed.id
        if isinstance(example.parsed, PositionTest):
            return f"position-{example.parsed.decl.name or example.parsed.decl.where.line}"
        if isinstance(example.parsed, list) and example.parsed and isinstance(example.parsed[0], ExampleProblem):
            return f"line-{example.document.text.count(chr(10), 0, example.start) + 1}"
        return super().identify(example)

    def pytest(self):
        """The pytest collector, whose items report a failing example in Rulewright's words only:
        the report (which names its file, line and example) without Sybil's "Example at ... did
        not evaluate as expected" wrapper or its "SybilFailure" line, headed by the example's ID."""
        return pytest_collector(self)


def pytest_collector(sybil: Sybil):
    """``pytest_collect_file`` for ``sybil``'s pages, with ``RulebookItem`` for their examples."""
    class RulebookItem(sybil_pytest.SybilItem):
        """One example (or one problem of a page) as a test, reported once, in Rulewright's words."""

        def reportinfo(self):
            what = f"example {self.name}" if isinstance(self.example.parsed, scanner.ExampleDecl) else self.name
            return self.example.path, self.example.line, f"{self.path.name}, {what}"

        def repr_failure(self, excinfo, style=None):
            if isinstance(excinfo.value, SybilFailure):  # the report names its file, line and example
                return Said(excinfo.value.result)  # (not a text: pytest's summary line would repeat it)
            return super().repr_failure(excinfo, style)

    class RulebookPage(sybil_pytest.SybilFile):
        def collect(self):
            document = sybil.parse(self.path)
            self.documents.append(document)
            for example in document.examples():
                yield RulebookItem.from_parent(self, sybil=sybil, example=example)

    def pytest_collect_file(file_path, parent):
        if sybil.should_parse(file_path):
            return RulebookPage.from_parent(parent, path=file_path, sybils=[sybil])
        return None

    return pytest_collect_file


def rulebook_sybil(path=None) -> RulebookSybil:
    """Sybil for every Markdown page under ``path`` (the project's rulebook by default). With
    ``python-blocks = "refuse"`` Python blocks are not run: the scanner reports them instead."""
    project = config.current()
    path = path if path is not None else project.rulebook
    parsers = [ExampleParser(path), SkipParser()]
    if project.python_blocks != "refuse":
        parsers.insert(1, PythonCodeBlockParser())
    # (a page that is not UTF-8 is read all the same: the scanner names its encoding at its line)
    return RulebookSybil(parsers=parsers, patterns=["*.md"], path=str(path), encoding=source.TOLERANT)
