"""The pytest side of ``rulewright.ci.report``: registered by the pytest plugin only under a CI host
(GitHub Actions or GitLab CI) and only in the process that reports (not in a pytest-xdist worker).

Each test's report carries the marks its test noticed (a failing example at its first failing
expectation, a malformed page, each problem of the whole-book checks); a failing test that noticed
none (a plain Python test) is marked at its own line. At the end they are published once each, and
the GitHub job summary gets the examples that fail and the pending ones that now hold.
"""
from __future__ import annotations

from pathlib import Path

from rulewright.ci import report as ci_report
from rulewright.ci.report import Mark

MARKS = "rulewright-marks"


class HostedReport:
    def __init__(self, config) -> None:
        self.root = Path(config.rootpath)
        self.failing: list[Mark] = []
        self.ready: list[Mark] = []
        self.examples = {"hold": 0, "fail": 0, "pending": 0}
        self.other_failures = 0

    def pytest_runtest_logreport(self, report) -> None:
        marks = [Mark(**data) for name, value in report.user_properties if name == MARKS for data in value]
        is_example = report.nodeid.partition("::")[0].endswith(".md") and not any(
            name == "rulewright-position" for name, _ in report.user_properties)  # (testing.plugin.POSITION)
        if report.when == "call" and is_example:
            kind = ("pending" if getattr(report, "wasxfail", None) is not None else
                    "fail" if report.failed else "hold" if report.passed else None)
            if kind:
                self.examples[kind] += 1
        self.ready += [mark for mark in marks if mark.level != "error"]
        if not report.failed:
            return
        errors = [mark for mark in marks if mark.level == "error"]
        if not errors:
            if not is_example:
                self.other_failures += 1
            errors = [self._test_mark(report)]
        self.failing += errors

    def _test_mark(self, report) -> Mark:
        path, line, name = report.location
        text = report.longreprtext.strip()
        return Mark(str(self.root / path), (line or 0) + 1, f"{name} failed" + ("" if report.when == "call"
                                                                                 else f" ({report.when})"),
                    text[-2000:] or "the test failed")

    def add_problems(self, problems) -> None:
        """Problems the run found outside any test (a game that cannot be loaded), each at its line."""
        self.failing += [Mark.of(problem) for problem in problems]

    def pytest_terminal_summary(self, terminalreporter) -> None:
        ci_report.publish(self.failing + self.ready, write=terminalreporter.write_line)
        counts = self.examples
        text = (f"{sum(counts.values())} rulebook examples played: {counts['hold']} hold, {counts['fail']} fail, "
                f"{counts['pending']} pending." + (f" {self.other_failures} other "
                                                   f"test{'' if self.other_failures == 1 else 's'} failed."
                                                   if self.other_failures else ""))
        ci_report.write_summary("Rulebook examples and tests (pytest)", text, self.failing, self.ready)
