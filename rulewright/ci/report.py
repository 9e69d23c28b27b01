"""What a hosted CI shows of the rulebook's problems, besides the plain terminal text.

Under GitHub Actions (``GITHUB_ACTIONS=true``) every failing example, malformed page and check
problem is also printed as a workflow command, ``::error file=...,line=...,title=...::...``, at its
file (relative to the repository, ``GITHUB_WORKSPACE``) and line, so it is marked on the changed
line of a pull request; the job summary (``$GITHUB_STEP_SUMMARY``) gets a table of them. Under
GitLab CI (``GITLAB_CI=true``) they go into a Code Quality report (``gl-code-quality-report.json``
in the project's folder, or the file ``RULEWRIGHT_CODE_QUALITY`` names), which GitLab shows on the
merge request's changed lines. Anywhere else nothing here prints or writes anything.

The pytest plugin, ``rulewright check`` and the Sphinx build all report through ``publish``; a
problem two of them find in one job is marked once (the key is its file and its words, not the
line, since the build places a failing example at its start and pytest at its first failing
expectation): the keys published are kept beside the job (``$RUNNER_TEMP``) or in the report.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows runners: no lock, the rare duplicate is harmless
    fcntl = None

CODE_QUALITY = "gl-code-quality-report.json"
LEDGER = "rulewright-annotations.txt"
LEVELS = ("error", "warning", "notice")
# The start of a message that says where it is ("rulebook/rules.md, line 12, example x: ..."):
# the same problem is keyed alike whether or not its words start with it.
_WHERE_PREFIX = re.compile(r"^[^\n]*?, line \d+(, example [^\n:]+)?: ")


@dataclass(frozen=True)
class Mark:
    """One problem to mark: its file and line, a short title and the full message."""

    path: str
    line: int
    title: str
    message: str
    level: str = "error"

    @classmethod
    def of(cls, problem, title: str | None = None, level: str = "error") -> "Mark":
        """The mark of an ``ExampleProblem`` (or anything with ``where`` and ``message``)."""
        where = problem.where
        return cls(str(where.path), int(where.line or 1), title or problem_title(where), problem.message, level)

    def key(self) -> str:
        words = _WHERE_PREFIX.sub("", self.message.strip(), count=1)
        return f"{repository_path(self.path)}\0{words}"


def problem_title(where) -> str:
    return f"Example {where.example}" if getattr(where, "example", None) else "Rulebook problem"


def host() -> str | None:
    """'github', 'gitlab' or None (a terminal, or a CI this module does not know)."""
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    if os.environ.get("GITLAB_CI") == "true":
        return "gitlab"
    return None


def repository_root() -> Path:
    root = os.environ.get("GITHUB_WORKSPACE") or os.environ.get("CI_PROJECT_DIR")
    return Path(root) if root else Path.cwd()


def repository_path(path: str) -> str:
    """``path`` relative to the repository's root, with forward slashes (as both hosts want)."""
    absolute = Path(path) if Path(path).is_absolute() else Path.cwd() / path
    try:
        return absolute.resolve().relative_to(repository_root().resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def escape_data(text: str) -> str:
    """A workflow command's message: '%', CR and LF are written as %25, %0D and %0A."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: as a message, and ':' and ',' too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_command(mark: Mark) -> str:
    properties = f"file={escape_property(repository_path(mark.path))},line={mark.line}"
    return f"::{mark.level} {properties},title={escape_property(mark.title)}::{escape_data(mark.message)}"


def code_quality_entry(mark: Mark) -> dict:
    return {"type": "issue", "check_name": "rulewright", "description": f"{mark.title}: {mark.message}",
            "categories": ["Bug Risk"], "severity": "major" if mark.level == "error" else "info",
            "fingerprint": hashlib.sha256(mark.key().encode("utf-8")).hexdigest(),
            "location": {"path": repository_path(mark.path), "lines": {"begin": mark.line}}}


_published: set[str] = set()


def publish(marks, write=None) -> list[Mark]:
    """Mark each problem for the CI host running this (nothing outside CI), each once per job;
    returns the marks published now. ``write`` prints one line (standard output by default)."""
    where = host()
    if where is None:
        return []
    fresh, seen = [], set(_published)
    for mark in marks:
        if mark.key() not in seen:
            seen.add(mark.key())
            fresh.append(mark)
    if where == "github":
        fresh = _first_in_job(fresh)
        for mark in fresh:
            (write or _print)(github_command(mark))
    else:
        fresh = _add_to_code_quality(fresh)
    _published.update(mark.key() for mark in fresh)
    return fresh


def _print(line: str) -> None:
    print(line, flush=True)


def _first_in_job(marks: list[Mark]) -> list[Mark]:
    """Those of ``marks`` no other process of this job has published (its ledger in $RUNNER_TEMP)."""
    folder = os.environ.get("RUNNER_TEMP")
    if not folder or not marks:
        return marks
    with _locked(Path(folder) / LEDGER) as ledger:
        known = set(ledger.read().split("\n\n"))
        fresh = [mark for mark in marks if _ledger_key(mark) not in known]
        ledger.write("".join(_ledger_key(mark) + "\n\n" for mark in fresh))
    return fresh


def _ledger_key(mark: Mark) -> str:
    return hashlib.sha256(mark.key().encode("utf-8")).hexdigest()


def code_quality_path() -> Path:
    named = os.environ.get("RULEWRIGHT_CODE_QUALITY")
    return Path(named) if named else repository_root() / CODE_QUALITY


def _add_to_code_quality(marks: list[Mark]) -> list[Mark]:
    path = code_quality_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path) as report:
        text = report.read().strip()
        try:
            entries = json.loads(text) if text else []
        except ValueError:
            entries = []
        known = {entry.get("fingerprint") for entry in entries if isinstance(entry, dict)}
        fresh = [mark for mark in marks if code_quality_entry(mark)["fingerprint"] not in known]
        entries += [code_quality_entry(mark) for mark in fresh]
        report.seek(0)
        report.truncate()
        report.write(json.dumps(entries, indent=1, ensure_ascii=False) + "\n")
    return fresh


@contextlib.contextmanager
def _locked(path: Path):
    """``path`` opened for reading and appending, locked against the other processes of the job
    (the build reads both editions at once; pytest and the build may share a job)."""
    with open(path, "a+", encoding="utf-8") as handle:
        if fcntl:
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            handle.seek(0)
            yield handle
            handle.flush()
        finally:
            if fcntl:
                fcntl.flock(handle, fcntl.LOCK_UN)


def write_summary(heading: str, counts: str, failing: list[Mark], ready: list[Mark] = ()) -> bool:
    """Add a section to the GitHub job summary: what was run, each failing example or problem at
    its file and line, and each pending example that now holds. False when there is no summary."""
    target = os.environ.get("GITHUB_STEP_SUMMARY") if host() == "github" else None
    if not target:
        return False
    lines = [f"### {heading}", "", counts, ""]
    for title, marks in (("Failing examples and problems", failing),
                         ("Pending examples that now hold (remove `:status: pending`)", ready)):
        if marks:
            lines += [f"**{title}**", "", "| Where | What | Message |", "| --- | --- | --- |"]
            lines += [f"| `{repository_path(m.path)}:{m.line}` | {_cell(m.title)} | {_cell(m.message)} |"
                      for m in marks]
            lines.append("")
    with open(target, "a", encoding="utf-8") as summary:
        summary.write("\n".join(lines) + "\n")
    return True


def _cell(text: str) -> str:
    first = _WHERE_PREFIX.sub("", text.strip(), count=1)
    return first.replace("|", "\\|").replace("\n", "<br>")


def as_data(mark: Mark) -> dict:
    """A mark as plain data (it travels from a pytest-xdist worker in a test report)."""
    return asdict(mark)


def failure_mark(result, message: str) -> Mark:
    """A failing example's mark, at its first failing expectation (or the move play stopped at),
    else at the example itself."""
    s = result.scenario
    failed = [check.line for check in result.checks if not check.ok and check.line]
    stopped = [step.line for step in result.run.steps if step.refusal is not None and step.line] if result.stopped else []
    line = (failed or stopped or [s.where.line])[0]
    return Mark(str(s.where.path), int(line or 1), f"Example {s.id} does not hold" if s.id else "Example does not hold",
                message)


def ready_mark(result) -> Mark:
    s = result.scenario
    return Mark(str(s.where.path), int(s.where.line or 1), f"Example {s.id} now holds: remove ':status: pending'",
                result.pending_note(), "warning")


# Marks noticed while a test runs, for the pytest plugin to carry in that test's report.
_noticed: list[Mark] = []


def notice(mark: Mark) -> None:
    if host() is not None:
        _noticed.append(mark)


def take_noticed() -> list[Mark]:
    taken = list(_noticed)
    _noticed.clear()
    return taken
