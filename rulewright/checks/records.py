"""The book's game records (``rulewright.play.record``): each one read and played to its end, and
what is wrong with it said as problems at its lines, the same in every channel (``rulewright
check``, a test of its own under pytest, the Sphinx build's warnings).

A record is a YAML file in the rulebook's folder that is in a folder named ``records`` or that
reads as one (a top-level ``game:`` line and a ``moves:``, ``record:`` or ``do:`` line), so a
record that cannot be read at all (cut short, a tab in it) is still found and named. A record
that plays to a move the engine refuses, or to a checkpoint that does not hold, cannot be what
happened in play: it is a problem at that move's or that checkpoint's line. A record an importer
marked as stopping short (``record: {stopped: ...}``) is not one: it says so itself.
"""
from __future__ import annotations

import re
from pathlib import Path

from rulewright.play.record import read
from rulewright.play.replay import replay
from rulewright.problems import ExampleProblem, Where, internal_failure

CHECK = "game-records"  # the check's code name (rulewright.checks.levels: advice below level 0.5)
SUFFIXES = (".yaml", ".yml")
FOLDER = "records"
NOT_RECORDS = ("glossary.yaml", "glossary.yml")  # a chapter's glossary (rulewright.checks.words)
_GAME = re.compile(r"^game[ \t]*:", re.M)
_MOVES = re.compile(r"^(moves|record|do)[ \t]*:", re.M)


def is_record(path: Path) -> bool:
    """Whether the YAML file at ``path`` (in a rulebook) is a game record."""
    path = Path(path)
    if path.suffix not in SUFFIXES or path.name in NOT_RECORDS:
        return False
    if FOLDER in path.parent.parts:
        return True
    text = path.read_bytes().decode("utf-8", errors="replace")
    return bool(_GAME.search(text) and _MOVES.search(text))


def record_files(root: Path) -> list[Path]:
    """Every game record under the rulebook folder ``root``, in order."""
    root = Path(root)
    if not root.is_dir():
        return []
    return sorted(path for suffix in SUFFIXES for path in root.rglob(f"*{suffix}")
                  if path.is_file() and is_record(path))


def record_problems(path: Path) -> list[ExampleProblem]:
    """What is wrong with the record at ``path``, each problem at its line; empty when it reads,
    plays every move and holds every checkpoint."""
    try:
        outcome = replay(read(str(path)))
    except ExampleProblem as problem:
        return [_found(problem)]
    except Exception as error:  # noqa: BLE001 - a failure of Rulewright itself, said at the record
        return [ExampleProblem(Where(str(path), 1), internal_failure(error, f"playing the record {path}"))]
    problem = outcome.problem()
    return [_found(problem)] if problem is not None else []


def _found(problem: ExampleProblem) -> ExampleProblem:
    """``problem``, as this check found it: the records were read by no check before level 0.5, so
    what a book at an older level gets is advice. A game that cannot be loaded is not the record's
    problem but the game's, said and failing as ever."""
    if problem.cause is not None or problem.check is not None:
        return problem
    return ExampleProblem(problem.where, problem.message, check=CHECK)


def problems(root: Path) -> list[ExampleProblem]:
    """The problems of every record under the rulebook folder ``root``."""
    found: list[ExampleProblem] = []
    for path in record_files(root):
        found += record_problems(path)
    return found
