"""The rules changed since a named version, for the book itself: its *Changes* page and the change
bars on changed rules (``[tool.rulewright] changes-since = "v1.0"``). Only the text is compared
here, which takes a moment; which examples now play differently is ``rulewright changes``'s job,
since it plays both versions' examples on both engines."""
from __future__ import annotations

import shutil
from dataclasses import dataclass

from rulewright.book import config
from rulewright.history import compare, outcomes, versions


@dataclass
class Since:
    changes: compare.Changes
    date: str  # the day the version compared with was made

    def changed(self, rule_id: str) -> bool:
        """Whether the rule is new or reworded since that version (renamed with new words counts)."""
        return rule_id in self.changes.reworded or rule_id in self.changes.added


def rules_since(project, revision: str) -> Since:
    """The book of ``project`` compared, rule by rule, with its book at ``revision``."""
    repository = versions.git_root(project.root)
    folder = versions.unpack(repository, revision)
    try:
        old_root = versions.project_in(folder, project.root, repository)
        old = outcomes.read(config.load(old_root).rulebook)
        new = outcomes.read(project.rulebook)
        empty = {"examples": {}}
        changes = compare.compare(versions.describe(repository, revision), "this edition", old, new, empty, empty)
        return Since(changes, versions.date(repository, revision))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
