"""What playing one example came to, decided once for every channel: the pytest plugin
(``rulewright.testing``), ``rulewright check`` and the book's build (``rulewright.sphinx``) each call
``decide`` and differ only in how they show the ``Outcome`` it returns.

The kinds, and what every channel does with each:

- ``HOLDS``: played, every expectation held. Passes; nothing said.
- ``FAILS``: played, and something did not turn out as expected. Fails; its report is said at the example.
- ``PENDING``: marked ``:status: pending`` and not holding yet. Passes; said as pending.
- ``READY``: marked pending but holding now: the mark should go. Passes; said as a note.
- ``BROKEN``: a mistake in the example itself (its setup, a move, a value of the wrong kind), found
  in reading or in play. Fails; the problem is said at its line; "could not be played".
- ``UNDECLARED``: it names a rule the book does not declare (a typo, a rule renamed). Not played
  (what it shows cannot be verified against a rule that does not exist). Fails; said once, at the
  line that names the rule; "could not be played".
- ``INTERNAL``: code failed while it was played: the game's (a bug in its engine) or Rulewright's.
  Fails; said once at the example in plain words naming the file and line of the code, never a
  traceback; "could not be played".
- ``STOPPED``: stopped by a problem said once at its own place (``ExampleProblem.cause``: a game that
  cannot be loaded, a shared position that cannot be read). That problem fails the run where it is
  said; the example is not said again, only counted as kept from being played.
"""
from __future__ import annotations

import os
import traceback
from collections.abc import Collection
from dataclasses import dataclass, field
from enum import Enum
import sysconfig

from rulewright.book import config
from rulewright.book.phrases import count
from rulewright.problems import ExampleProblem, Where, display_path, internal_failure
from rulewright.scenario import Result, Scenario, failure_text, unknown_rules, verdict
from rulewright.store import cache


class Kind(Enum):
    HOLDS = "holds"
    FAILS = "fails"
    PENDING = "pending"
    READY = "ready"
    BROKEN = "broken"
    UNDECLARED = "undeclared"
    INTERNAL = "internal"
    STOPPED = "stopped"


FAILING = frozenset({Kind.FAILS, Kind.BROKEN, Kind.UNDECLARED, Kind.INTERNAL})
NOT_PLAYED = frozenset({Kind.BROKEN, Kind.UNDECLARED, Kind.INTERNAL})  # "could not be played"
# The verdict's words (``scenario.results.verdict``) for the kinds of an example that was played.
_OF_VERDICT = {"ok": Kind.HOLDS, "failed": Kind.FAILS, "pending": Kind.PENDING, "ready": Kind.READY}


@dataclass
class Outcome:
    """How one example came out. ``text`` is what is said of it at its line (its report, its
    problem, its note; "" for one that holds, and for one ``STOPPED``, whose cause is said at its
    own place); ``where`` is the example's own place (its directive's line)."""

    kind: Kind
    where: Where
    text: str = ""
    result: Result | None = None
    problems: list[ExampleProblem] = field(default_factory=list)
    undeclared: list[str] = field(default_factory=list)  # the rules it names that the book does not declare

    @property
    def fails(self) -> bool:
        """Whether the example fails the run by itself (``STOPPED``: its cause fails it, said once)."""
        return self.kind in FAILING

    @property
    def played(self) -> bool:
        return self.result is not None

    @property
    def problem(self) -> ExampleProblem | None:
        return self.problems[0] if self.problems else None

    @property
    def verdict(self) -> str:
        """The verdict's words the build's pages and records use: 'ok', 'failed', 'pending', 'ready'."""
        return {Kind.HOLDS: "ok", Kind.PENDING: "pending", Kind.READY: "ready"}.get(self.kind, "failed")


def decide(scenario: Scenario, known_rules: Collection[str], pending_is_error: bool | None = None) -> Outcome:
    """Play ``scenario`` (through the store of results) and say what it came to. ``known_rules``: the
    rule IDs the book declares (``scanner.declared_rules``), every channel the same."""
    where = Where(scenario.where.path, scenario.where.line, scenario.id or None)
    undeclared = unknown_rules(scenario, known_rules)
    if undeclared:
        return Outcome(Kind.UNDECLARED, where, "\n".join(map(str, undeclared)), problems=undeclared,
                       undeclared=sorted({rule for rule in scenario.named_rules() if rule not in known_rules}))
    try:
        result = cache.evaluate(scenario)
    except ExampleProblem as problem:
        return of_problem(problem, where)
    except Exception as error:  # noqa: BLE001 - one example the code fails on must not stop the others
        return internal(error, where)
    return of_result(result, pending_is_error)


def of_problem(problem: ExampleProblem, where: Where) -> Outcome:
    """The outcome of an example stopped by ``problem``: its own (``BROKEN``), or a problem said at
    its own place (``STOPPED``). Also for an example that cannot be read at all."""
    return Outcome(Kind.STOPPED if problem.cause is not None else Kind.BROKEN, where, str(problem), problems=[problem])


def of_result(result: Result, pending_is_error: bool | None = None) -> Outcome:
    if pending_is_error is None:
        pending_is_error = config.current().pending == "error"
    s = result.scenario
    where = Where(s.where.path, s.where.line, s.id or None)
    kind = _OF_VERDICT[verdict(result, pending_is_error)]
    text = (failure_text(result, pending_is_error) if kind is Kind.FAILS
            else result.pending_note() if kind in (Kind.PENDING, Kind.READY) else "")
    return Outcome(kind, where, text, result)


def internal(error: BaseException, where: Where, doing: str | None = None) -> Outcome:
    """An example whose playing failed in code (``error``, an exception no reading of the example
    turned into a problem): said at the example, naming the line of code that failed."""
    doing = doing or (f"playing the example {where.example}" if where.example else "playing this example")
    problem = ExampleProblem(where, code_failure(error, doing))
    return Outcome(Kind.INTERNAL, where, str(problem), problems=[problem])


RULEWRIGHT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the rulewright package


def code_failure(error: BaseException, doing: str) -> str:
    """The words for code that failed: the game's code when the last line that ran outside
    Python's own library is not Rulewright's (a bug in the game's engine or diagram code), else
    Rulewright's (``problems.internal_failure``)."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if not _standard(frame.filename)]
    if not frames or os.path.abspath(frames[-1].filename).startswith(RULEWRIGHT + os.sep):
        return internal_failure(error, doing)
    frame = frames[-1]
    return (f"The game's code failed while {doing} ({type(error).__name__}: {error}, at "
            f"{display_path(frame.filename)}:{frame.lineno}). This is a mistake in the game's code at that line, not "
            "in your example: mend the code there, or give this example's ID to whoever writes the engine.")


def _standard(filename: str) -> bool:
    """Whether ``filename`` is Python's own library."""
    path = os.path.abspath(filename)
    return filename.startswith("<") or any(path.startswith(os.path.abspath(sysconfig.get_paths()[name]) + os.sep)
                                           for name in ("stdlib", "platstdlib"))


# ------------------------------------------------------------------ how every channel lists them

HEADINGS = {  # each group of the list every channel ends with, in order
    "not played": "{n} example{s} of the rulebook could not be played:",
    "fails": "{n} example{s} of the rulebook {do} not hold:",
    "pending": "{n} example{s} {are} pending (marked ':status: pending'):",
    "ready": "{n} example{s} marked pending now hold{s1}: remove ':status: pending' from:",
}


def group(kind: Kind) -> str | None:
    """The group of the list ``kind`` is listed in (None: not listed)."""
    if kind in NOT_PLAYED:
        return "not played"
    return {Kind.FAILS: "fails", Kind.PENDING: "pending", Kind.READY: "ready"}.get(kind)


def listing(outcomes: list[tuple[Kind, Where, str]], positions_stopped: int = 0) -> list[str]:
    """The list every channel ends with: each example that could not be played, does not hold, is
    pending or now holds, by group, at its place (``path:line  ID``, then what the channel adds:
    the build its page's title), and how many examples (and shared positions, ``positions_stopped``)
    a problem said at its own place kept from being played. ``outcomes``: (kind, the example's
    place, what the channel adds after its ID)."""
    lines = []
    for name, heading in HEADINGS.items():
        found = [(where, more) for kind, where, more in outcomes if group(kind) == name]
        if not found:
            continue
        one = len(found) == 1
        lines.append(heading.format(n=len(found), s="" if one else "s", do="does" if one else "do",
                                    are="is" if one else "are", s1="s" if one else ""))
        lines += [f"  {display_path(where.path)}:{where.line}  {where.example or '(no ID)'}" + (f"  {more}" if more else "")
                  for where, more in found]
    stopped = sum(1 for kind, _, _ in outcomes if kind is Kind.STOPPED)
    if stopped or positions_stopped:
        kept_from = " and ".join(count(n, what) for n, what in ((stopped, "example"), (positions_stopped, "shared position"))
                                 if n)
        lines.append(f"{kept_from} could not be {'played' if stopped else 'set up'} because of the problem above.")
    return lines
