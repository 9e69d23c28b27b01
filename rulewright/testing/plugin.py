"""The pytest plugin (registered through the ``pytest11`` entry point, so a project needs no
``conftest.py``): every ``{example}`` in the project's rulebook becomes a test named by its ID.

The project is found from pytest's rootdir (its ``pyproject.toml`` and ``[tool.rulewright]``).
Under pytest-xdist a rulebook page's items stay on one worker, since ``python`` blocks on a page
build on each other; every other test is spread on its own.

The plugin is loaded in every pytest session of an environment Rulewright is installed in, rulebook
or not, so it imports the rest of the toolchain inside the hooks that a rulebook project runs (ruff's
PLC0415 is off for this file in pyproject.toml for that reason).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulewright.book import config as project_config, registry
from rulewright.game import did_you_mean
from rulewright.scenario import timelimit
from rulewright.problems import ExampleProblem, Where
from rulewright.testing import reports
from rulewright.testing.reports import Said, cannot_be_played


def _past_capture(config: pytest.Config) -> None:
    """Words about a long example reach the terminal past pytest's capture: a copy of the standard
    error taken in a rulebook project's session only (pytest's capture starts after the configuring
    of plugins), handed back at its end (``pytest_unconfigure``), since pytest may run inside pytest."""
    config.stash[_STREAM_BEFORE] = timelimit.stream
    try:
        timelimit.stream = os.fdopen(os.dup(2), "w", encoding="utf-8", errors="replace")
    except OSError:
        return
    config.add_cleanup(_close_stream(timelimit.stream))


def _close_stream(stream):
    def close() -> None:
        stream.close()
    return close


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("rulewright").addoption(
        "--rule", action="append", default=[], metavar="RULE-ID",
        help="run only the rulebook examples that show this rule (may be given more than once)")


def example_rules(item) -> list[str]:
    """The rule IDs a collected rulebook example shows (and the one it expects a refusal by)."""
    from rulewright.book import scanner

    example = getattr(item, "example", None)
    decl = getattr(example, "parsed", None)
    if not isinstance(decl, scanner.ExampleDecl):
        return []
    try:
        return decl.parse().named_rules()
    except ExampleProblem:  # the test itself reports it; its :rules: option still counts
        return str(decl.options.get("rules", "")).replace(",", " ").split()


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list) -> None:
    """Each example's test carries its rule IDs as keywords (``-k mb.expand.first-link``);
    ``--rule`` keeps only the examples that show the rules named. A page's glossaries come with it."""
    _with_their_glossaries(session, items)
    wanted = config.getoption("rule", default=[]) or []
    if wanted and config.stash.get(_PROJECT, None) is not None:
        from rulewright.book import scanner

        declared = scanner.declared_rules()
        for rule in wanted:
            if rule not in declared:
                raise pytest.UsageError(f"--rule {rule}: there is no rule with that ID in the rulebook. "
                                        f"{did_you_mean(rule, declared)}")
    keep, drop = [], []
    for item in items:
        rules = example_rules(item)
        for rule in rules:
            item.extra_keyword_matches.add(rule)
        (keep if not wanted or set(rules) & set(wanted) else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _with_their_glossaries(session: pytest.Session, items: list) -> None:
    """A page tested without its chapter's glossary (``pytest rulebook/some-page.md``) brings the
    glossary's test along: the words the page is held to are checked with it."""
    config = session.config
    project = config.stash.get(_PROJECT, None)
    if project is None:
        return
    from rulewright.checks.words import chapter_glossaries
    from rulewright.testing.glossaries import GlossaryFile, GlossaryItem

    collected = {Path(item.path).resolve() for item in items if isinstance(item, GlossaryItem)}
    pages = config.stash.get(_PAGES, set())  # (a page with nothing to test is collected all the same)
    wanted = sorted({glossary for page in pages for glossary in chapter_glossaries(page, project.rulebook)
                     if glossary.resolve() not in collected})
    if not wanted:
        return
    for glossary in wanted:
        items.extend(GlossaryFile.from_parent(session, path=glossary).collect())


def pytest_configure(config: pytest.Config) -> None:
    try:
        project = project_config.load(config.rootpath)
    except ExampleProblem as problem:
        raise pytest.UsageError(str(problem)) from None
    config.stash[_PREVIOUS] = project_config._current
    project.activate()
    if project.rulebook.is_dir():  # (a session of another project, with Rulewright installed, is left as it is)
        _past_capture(config)
    from rulewright.testing.sybil_parser import rulebook_sybil

    config.stash[_PROJECT] = project
    config.stash[_COLLECT] = rulebook_sybil(project.rulebook).pytest()
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(OutcomeList(), "rulewright-outcomes")
    from rulewright.book.diagrams import forget_said

    forget_said()  # (a bug of a game's diagram code is said once in each run: sybil_parser.evaluate_example)
    from rulewright.ci import report as ci_report

    if ci_report.host() is not None and not hasattr(config, "workerinput"):
        from rulewright.ci.plugin import HostedReport

        config.pluginmanager.register(HostedReport(config), "rulewright-hosted-ci")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Under a CI host, what a test noticed (each failing example or problem at its line) travels
    in its report, from a pytest-xdist worker too, to be marked once by ``HostedReport``. An example
    skipped (its game cannot be loaded) is named at its own line, not at the line of Rulewright that
    skipped it."""
    from rulewright.ci import report as ci_report

    report = yield
    from rulewright.book.scanner import ExampleDecl
    from rulewright.checks.book import BookProblems

    decl = getattr(getattr(item, "example", None), "parsed", None)
    if report.skipped and isinstance(report.longrepr, tuple) and not hasattr(report, "wasxfail") \
            and isinstance(decl, ExampleDecl):
        report.longrepr = (str(item.path), decl.where.line, report.longrepr[2])

    if call.excinfo is not None and isinstance(call.excinfo.value, BookProblems):
        report.longrepr = Said(str(call.excinfo.value))  # the problems in their words, no traceback
    if isinstance(report.longrepr, Said):  # a pytest-xdist worker sends it as text: see pytest_runtest_logreport
        report.user_properties = [*report.user_properties, (SAID, True)]
    from rulewright.testing.sybil_parser import PositionTest, take_decided

    decided = take_decided() if call.when == "call" else None
    if decided is not None:  # what the example came to, for the list the run ends with (OutcomeList)
        where = decided.where
        report.user_properties = [*report.user_properties,
                                  (OUTCOME, (decided.kind.value, str(where.path), where.line, where.example))]
    if isinstance(decl, PositionTest):  # a shared position's test: no example played (ci.plugin counts them)
        report.user_properties = [*report.user_properties, (POSITION, True)]
    marks = ci_report.take_noticed()
    if marks:
        from rulewright.ci.plugin import MARKS

        report.user_properties = [*report.user_properties, (MARKS, [ci_report.as_data(m) for m in marks])]
    return report


def pytest_runtest_logreport(report) -> None:
    """A failure said in Rulewright's words comes back from a pytest-xdist worker as plain text,
    which pytest's one-line summary (and, on CI, the whole message) would repeat: it is said as
    before, once."""
    if isinstance(report.longrepr, str) and any(name == SAID for name, _ in report.user_properties):
    
        report.longrepr = Said(report.longrepr)


SAID = "rulewright-said"
POSITION = "rulewright-position"
OUTCOME = "rulewright-outcome"


class OutcomeList:
    """The list the run ends with, as ``rulewright check`` and the build end theirs
    (``rulewright.store.outcome.listing``): each example that could not be played, does not hold,
    is pending or now holds, at its place, from each test's report (a pytest-xdist worker's too)."""

    def __init__(self) -> None:
        self.found: dict[tuple, tuple] = {}

    def pytest_runtest_logreport(self, report) -> None:
        for name, value in report.user_properties:
            if name == OUTCOME:
                kind, path, line, example = value
                self.found[(path, line)] = (kind, path, line, example)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        from rulewright.store.outcome import Kind, listing

        lines = listing([(Kind(kind), Where(path, line, example), "")
                         for kind, path, line, example in sorted(self.found.values(), key=lambda v: (v[1], v[2]))])
        if lines:
            terminalreporter.write("\n")
            for line in lines:
                terminalreporter.write_line(line)


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """A test module that imports a game that cannot be loaded (a project's ``tests/test_game.py``
    does) is not a second problem, with a traceback: the game's one problem is said at the end of
    the run (``pytest_sessionfinish``), and the module is skipped, as the game's examples are."""
    report = yield
    call = getattr(report, "call", None)
    if report.failed and call is not None and call.excinfo is not None \
            and collector.config.stash.get(_PROJECT, None) is not None:
        failure = _game_failure_behind(call.excinfo.value)
        if failure is not None:
            report.outcome = "skipped"
            report.longrepr = (str(collector.path), None, "Skipped: " + cannot_be_played(failure.place))
    return report


def _game_failure_behind(error: BaseException):
    """The ``GameNotLoaded`` of the project's game that ``error`` is, or None."""
    for name in project_config.current().games:
        failure = registry.load_failure(name)
        if failure is not None and failure.place is not None and failure.is_behind(error):
            return failure
    return None


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A game that cannot be loaded fails the run at its place (its data file's line, else its line
    in pyproject.toml), even when no page plays it: said once, by the main process, while the
    examples and tests that need the game are skipped."""
    config = session.config
    if hasattr(config, "workerinput") or config.stash.get(_PROJECT, None) is None:
        return
    from rulewright.checks.project import project_problems
    from rulewright.checks import levels

    problems = levels.warned(project_problems())  # (what a newer check finds: advice, as everywhere)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and problems:
        reporter.write("\n")  # (after the progress of the tests, on a line of its own)
        for problem in problems:
            reporter.write_line(str(problem), red=True)
        # In the closing count too, which would read like a pass ("1 passed, 22 skipped"):
        # "1 passed, 22 skipped, 1 game not loaded".
        # ("1 problem of the project" for one that is not a game's: a 'changes-since' naming no version)
        games = [problem for problem in problems if "changes-since" not in problem.message]
        if games:
            reporter.stats.setdefault("game not loaded" if len(games) == 1 else "games not loaded", []).extend(games)
        if len(games) != len(problems):
            reporter.stats.setdefault("problem of the project", []).extend(p for p in problems if p not in games)
    hosted = config.pluginmanager.get_plugin("rulewright-hosted-ci")
    if hosted is not None:  # under a CI host, marked at its line too
        hosted.add_problems(problems)
    if problems and session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    """Hand back the project that was active before (pytest may run inside pytest)."""
    if _PREVIOUS in config.stash:
        project_config._current = config.stash[_PREVIOUS]
    if _STREAM_BEFORE in config.stash:
        timelimit.stream = config.stash[_STREAM_BEFORE]


_PROJECT = pytest.StashKey[project_config.Project]()
_PREVIOUS = pytest.StashKey[object]()
_STREAM_BEFORE = pytest.StashKey[object]()
_COLLECT = pytest.StashKey[object]()
_PAGES = pytest.StashKey[set]()  # the rulebook's pages collected (whose glossaries are tested with them)


def pytest_collection_finish(session: pytest.Session) -> None:
    from rulewright.testing.sybil_parser import PositionTest

    reports.tested.clear()
    reports.tested.update(Path(item.path).resolve() for item in session.items
                   if isinstance(getattr(getattr(item, "example", None), "parsed", None), PositionTest))


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    project = parent.config.stash.get(_PROJECT, None)
    if project is None or not file_path.is_relative_to(project.rulebook):
        return None
    if file_path.suffix != ".md":
        from rulewright.checks.records import is_record
        from rulewright.checks.words import GLOSSARY_FILE

        if file_path.name == GLOSSARY_FILE:  # a chapter's glossary: a test of its own
            from rulewright.testing.glossaries import GlossaryFile

            return GlossaryFile.from_parent(parent, path=file_path)

        if file_path.suffix in (".yaml", ".yml") and is_record(file_path):  # a game record: a test of its own
            from rulewright.testing.records import RecordFile

            return RecordFile.from_parent(parent, path=file_path)
        return None
    parent.config.stash.setdefault(_PAGES, set()).add(file_path)
    return parent.config.stash[_COLLECT](file_path, parent)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class PageScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path, _, _ = nodeid.partition("::")
            return path if path.endswith(".md") else nodeid

    return PageScheduling(config, log)
