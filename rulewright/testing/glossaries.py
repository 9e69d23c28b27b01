"""Each chapter's glossary is a test of its own under pytest (``rulewright.checks.words.glossary_problems``
says what is wrong with one, at its lines, in the words ``rulewright check`` and the build use). It
runs whenever a page of its chapter does, so that ``pytest rulebook/some-page.md`` checks the words
that page is held to as well (``rulewright.testing.plugin.pytest_collection_modifyitems``)."""
from __future__ import annotations

import pytest

from rulewright.book import config
from rulewright.checks import levels
from rulewright.checks.words import glossary_problems
from rulewright.ci import report as ci_report
from rulewright.ci.report import Mark
from rulewright.problems import display_path
from rulewright.testing.reports import Said


class GlossaryFile(pytest.File):
    def collect(self):
        yield GlossaryItem.from_parent(self, name="glossary")


class GlossaryItem(pytest.Item):
    """The glossary read and held to its chapter: it passes when it has no problem of its own."""

    def runtest(self) -> None:
        found = levels.warned(glossary_problems(self.path, config.current().rulebook))
        if found:
            for problem in found:
                ci_report.notice(Mark.of(problem))
            raise GlossaryProblems("\n".join(map(str, found)))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, GlossaryProblems):
            return Said(str(excinfo.value))
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"{display_path(str(self.path))}, the glossary"


class GlossaryProblems(Exception):
    """The problems of one glossary, said as they are."""
