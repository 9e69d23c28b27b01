"""Each game record in the rulebook is a test of its own under pytest (``rulewright.checks.records``
says what is wrong with one): a record that cannot be read or played fails with the problem at its
line, in the words ``rulewright check`` and the build use, never with a traceback."""
from __future__ import annotations

import pytest

from rulewright.checks import levels
from rulewright.checks.records import record_problems
from rulewright.ci import report as ci_report
from rulewright.ci.report import Mark
from rulewright.testing.reports import Said


class RecordFile(pytest.File):
    def collect(self):
        yield RecordItem.from_parent(self, name=self.path.stem)


class RecordItem(pytest.Item):
    """The record played to its end: it passes when every move is played and every checkpoint holds."""

    def runtest(self) -> None:
        found = levels.warned(record_problems(self.path))  # (advice: a book at a level before records were checked)
        if found:
            for problem in found:
                ci_report.notice(Mark.of(problem))
            raise RecordProblems("\n".join(map(str, found)))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RecordProblems):
            return Said(str(excinfo.value))
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"{self.path.name}, the record"


class RecordProblems(Exception):
    """The problems of one record, said as they are."""
