"""The pytest plugin (registered through the ``pytest11`` entry point, so a project needs no
``conftest.py``): every ``{example}`` in the project's rulebook becomes a test named by its ID.

The project is found from pytest's rootdir (its ``pyproject.toml`` and ``[tool.rulewright]``).
Under pytest-xdist a rulebook page's items stay on one worker, since ``python`` blocks on a page
build on each other; every other test is spread on its own.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulewright.book import config as project_config
from rulewright.scenario import timelimit
from rulewright.problems import ExampleProblem

try:  # words about a long example reach the terminal past pytest's capture (which starts after this import)
    timelimit.stream = os.fdopen(os.dup(2), "w", encoding="utf-8", errors="replace")
except OSError:
    pass


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("rulewright").addoption(
        "--rule", action="append", default=[], metavar="RULE-ID",
        help="run only the rulebook examples that show this rule (may be given more than once)")


def example_rules(item) -> list[str]:
    """The rule IDs a collected rulebook example shows (and the one it expects a refusal by)."""
    from rulewright.book import scanner as book

    example = getattr(item, "example", None)
    decl = getattr(example, "parsed", None)
    if not isinstance(decl, book.ExampleDecl):
        return []
    try:
        return decl.parse().named_rules()
    except ExampleProblem:  # the test itself reports it; its :rules: option still counts
        return str(decl.options.get("rules", "")).replace(",", " ").split()


def pytest_collection_modifyitems(config: pytest.Config, items: list) -> None:
    """Each example's test carries its rule IDs as keywords (``-k mb.expand.first-link``);
    ``--rule`` keeps only the examples that show the rules named."""
    wanted = config.getoption("rule", default=[]) or []
    if wanted and config.stash.get(_PROJECT, None) is not None:
        from rulewright.book import scanner as book
        from rulewright.game import did_you_mean

        declared = book.declared_rules()
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


def pytest_configure(config: pytest.Config) -> None:
    try:
        project = project_config.load(config.rootpath)
    except ExampleProblem as problem:
        raise pytest.UsageError(str(problem)) from None
    config.stash[_PREVIOUS] = project_config._current
    project.activate()
    from rulewright.testing.sybil_parser import rulebook_sybil

    config.stash[_PROJECT] = project
    config.stash[_COLLECT] = rulebook_sybil(project.rulebook).pytest()
    from rulewright.ci import report as ci_report

    if ci_report.host() is not None and not hasattr(config, "workerinput"):
        from rulewright.ci.plugin import HostedReport

        config.pluginmanager.register(HostedReport(config), "rulewright-hosted-ci")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Under a CI host, what a test noticed (each failing example or problem at its line) travels
    in its report, from a pytest-xdist worker too, to be marked once by ``HostedReport``."""
    from rulewright.ci import report as ci_report

    report = yield
    from rulewright.checks.book import BookProblems
    from rulewright.testing.sybil_parser import Said

    if call.excinfo is not None and isinstance(call.excinfo.value, BookProblems):
        report.longrepr = Said(str(call.excinfo.value))  # the problems in their words, no traceback
    if isinstance(report.longrepr, Said):  # a pytest-xdist worker sends it as text: see pytest_runtest_logreport
        report.user_properties = [*report.user_properties, (SAID, True)]
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
        from rulewright.testing.sybil_parser import Said

        report.longrepr = Said(report.longrepr)


SAID = "rulewright-said"


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A game in ``[tool.rulewright.games]`` that cannot be loaded fails the run at its line in
    pyproject.toml, even when no page plays it (said once, by the main process)."""
    config = session.config
    if hasattr(config, "workerinput") or config.stash.get(_PROJECT, None) is None:
        return
    from rulewright.book.registry import project_problems

    problems = project_problems()
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    for problem in problems:
        if reporter is not None:
            reporter.write_line(str(problem), red=True)
    if problems and session.exitstatus == 0:
        session.exitstatus = 1


def pytest_unconfigure(config: pytest.Config) -> None:
    """Hand back the project that was active before (pytest may run inside pytest)."""
    if _PREVIOUS in config.stash:
        project_config._current = config.stash[_PREVIOUS]


_PROJECT = pytest.StashKey[project_config.Project]()
_PREVIOUS = pytest.StashKey[object]()
_COLLECT = pytest.StashKey[object]()


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    project = parent.config.stash.get(_PROJECT, None)
    if project is None or file_path.suffix != ".md" or not file_path.is_relative_to(project.rulebook):
        return None
    return parent.config.stash[_COLLECT](file_path, parent)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class PageScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path, _, _ = nodeid.partition("::")
            return path if path.endswith(".md") else nodeid

    return PageScheduling(config, log)
