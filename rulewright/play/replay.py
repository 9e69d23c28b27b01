"""Playing a record to its end with the one evaluator, and saying how it went.

``replay(record)`` plays every move and holds every checkpoint. ``Replay.report()`` is either
"N moves played, all K checkpoints hold" or the first move the engine refused or the first
checkpoint that failed: its move number and line in the record, expected against actual in plain
words, and a paste-ready ``{example}`` reproducing exactly that, cut from the position just before.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulewright.play import cut
from rulewright.play.record import Record
from rulewright.problems import ExampleProblem, Where, display_path
from rulewright.scenario import Check, Result, evaluate
from rulewright.scenario.results import sentence
from rulewright.scenario.vocabulary import show


@dataclass
class Replay:
    record: Record
    result: Result

    @property
    def ok(self) -> bool:
        return self.result.ok and not self.record.stopped

    @property
    def played(self) -> int:
        """How many moves were played and accepted."""
        return sum(1 for step in self.result.run.steps if step.refusal is None)

    def final_values(self) -> list[tuple[str, object, object]]:
        """The record's result: the ``players.<name>.<key>`` expectations of its final checkpoint
        (each player's value, as an importer writes it), as rows of ``(key, the engine's value,
        the record's value)``, the engine's read from the position the replay reached (the end,
        or where it stopped)."""
        wanted = self.record.scenario.expect or self.record.unchecked
        if not isinstance(wanted, dict):
            return []
        wanted = {k: v for k, v in wanted.items() if str(k).startswith("players.")}
        run = self.result.run
        view = run.view_of(run.after)
        rows = []
        for key, expected in wanted.items():
            value = view
            for part in str(key).split("."):
                value = value.get(part, "?") if isinstance(value, dict) else "?"
            rows.append((str(key), value, expected))
        return rows

    def values_table(self) -> str:
        """``final_values`` in plain lines: the engine's value beside the record's, one a line."""
        rows = self.final_values()
        if not rows:
            return ""
        width = max(len(key) for key, _, _ in rows)
        lines = ["Final values (the engine's, the record's):"]
        lines += [f"  {key.ljust(width)}  {show(mine):>8}  {show(theirs):>8}" + ("" if mine == theirs else "  DIFFERENT")
                  for key, mine, theirs in rows]
        return "\n".join(lines)

    def tally(self) -> dict[str, int]:
        """How many moves of each kind were played and accepted, by the move's first word (for
        1870: ``lay``, ``token``, ``run``...), the most frequent first."""
        counts = Counter(step.text.split()[0] for step in self.result.run.steps
                         if step.refusal is None and step.text.strip())
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def tally_line(self) -> str:
        counts = self.tally()
        return "Moves accepted, by their first word: " + ", ".join(f"{n} {w}" for w, n in counts.items()) + "." \
            if counts else ""

    def refused(self):
        """The move the engine refused where the record plays it, or ``None``."""
        steps = self.result.run.steps
        return steps[-1] if self.result.stopped and steps and steps[-1].refusal else None

    def first_failing_check(self) -> Check | None:
        failing = [c for c in self.result.checks if not c.ok]
        return min(failing, key=lambda c: len(self.result.run.steps) + 1 if c.step is None else c.step,
                   default=None)

    def problem(self):
        """What is wrong with the record, as one problem at its line (as ``rulewright check``, the
        tests and the build say it), or ``None``: the first move the engine refuses, else the first
        checkpoint that does not hold. (``report`` says the same with an example reproducing it.)"""
        record = self.record
        total = record.move_count()
        refused, check = self.refused(), self.first_failing_check()
        again = f" 'rulewright replay {display_path(record.path)}' prints an example that reproduces it."
        if refused is not None and (check is None or check.step is None or check.step >= refused.index):
            comment = record.comment_at(refused.line)
            return ExampleProblem(Where(record.path, refused.line), sentence(
                f"Move {refused.index} of {total}, '{refused}'" + (f" ({comment})" if comment else "")
                + f", was refused by rule {refused.refusal.rule}: {refused.refusal.reason}")
                + " A record is what was played: mend the move (or the ones before it)." + again)
        if check is None:
            return None
        step = check.step if check.step is not None else len(self.result.run.steps)
        return ExampleProblem(Where(record.path, check.line), sentence(
            f"The checkpoint after move {step} of {total} does not hold: {check.key} was expected to be "
            f"{show(check.expected)}, but {check.note or 'it is ' + show(check.actual)}") + again)

    def report(self) -> str:
        record, run = self.record, self.result.run
        total, checkpoints = record.move_count(), record.checkpoint_count()
        refused, check = self.refused(), self.first_failing_check()
        if refused is None and check is None:
            lines = [f"{record.path}: {total} move{'s' if total != 1 else ''} played, "
                     + ("no checkpoints to check." if not checkpoints else "the one checkpoint holds."
                        if checkpoints == 1 else f"all {checkpoints} checkpoints hold.")]
            if record.stopped:
                lines.append(f"But the record stops short of the game's end: {record.stopped}"
                             + (f". Its final checkpoint ({len(record.unchecked)} expectation"
                                f"{'s' if len(record.unchecked) != 1 else ''}) was not checked."
                                if record.unchecked else ""))
            return "\n".join(lines)
        if refused is not None and (check is None or check.step is None or check.step >= refused.index):
            comment = record.comment_at(refused.line)
            lines = [f"{record.path}, line {refused.line}: move {refused.index} of {total}, '{refused}'"
                     + (f" ({comment})" if comment else "")
                     + sentence(f", was refused by rule {refused.refusal.rule}: {refused.refusal.reason}"),
                     f"  {refused.index - 1} move{'s' if refused.index != 2 else ''} before it were played.",
                     "  To reproduce it as an example (the position just before, the move, the refusal):", ""]
            lines += ["    " + line for line in cut.failing_example(record, self.result, refused.index).splitlines()]
            return "\n".join(lines)
        step = check.step if check.step is not None else len(run.steps)
        comment = record.comment_at(check.line)
        lines = [f"{record.path}, line {check.line}" + (f" ({comment})" if comment else "")
                 + f": the checkpoint after move {step} of {total} does not hold: "
                 + sentence(f"{check.key} was expected to be {show(check.expected)}, but "
                            f"{check.note or 'it is ' + show(check.actual)}")]
        others = [c for c in self.result.checks if not c.ok and c is not check and c.step == check.step]
        for other in others:
            lines.append(sentence(f"  Also {other.key} (line {other.line}): expected {show(other.expected)}, but "
                                  f"{other.note or 'it is ' + show(other.actual)}"))
        if step:
            lines += ["  To reproduce it as an example (the position before that move, the move, the checkpoint):", ""]
            lines += ["    " + line for line in cut.failing_example(record, self.result, step).splitlines()]
        return "\n".join(lines)


def replay(record: Record, keep_states: bool = False) -> Replay:
    """Play ``record`` to its end (or to the move the engine refuses). Raises ``ExampleProblem``
    for a record that cannot be played at all: a move the game cannot read, a setup it refuses.
    ``keep_states`` keeps the state after every move (to cut examples); without it the moves are
    played on one state, and again with every state kept only if something fails."""
    result = evaluate(record.scenario, fast=not keep_states)
    if not result.ok and not keep_states:  # played again, keeping every state, to say what happened and cut an example
        result = evaluate(record.scenario)
    return Replay(record, result)
