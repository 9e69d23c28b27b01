"""``rulewright upgrade``: take the book to a newer check level (``rulewright.checks.levels``).

It says what each check added since the book's level is for, writes the new level into
``[tool.rulewright]`` in ``pyproject.toml`` (what needs no judgement), and lists at its file and
line everything those checks find, which from then on counts as a problem: words only the
designer can write. ``--dry-run`` only lists; ``--to LEVEL`` stops at an earlier level.
"""
from __future__ import annotations

import re
from pathlib import Path
import warnings

from rulewright.book import config, diagrams, scanner
from rulewright.book.phrases import count
from rulewright.checks import levels
from rulewright.checks.book import check_with_advice
from rulewright.problems import ExampleProblem, display_path
from rulewright.store.cache import evaluate

NAME = "upgrade"
HELP = "raise the book's check level to this release's: say what the newer checks are for and list what they find"


def add_arguments(parser) -> None:
    parser.add_argument("--to", metavar="LEVEL", choices=levels.LEVELS, default=levels.CURRENT,
                        help=f"the level to go to (default {levels.CURRENT}, this release's)")
    parser.add_argument("--dry-run", action="store_true",
                        help="list what the newer checks find without changing pyproject.toml")


def run(args) -> int:
    project = config.current()
    level, target = levels.project_level(), args.to
    if levels.key(target) <= levels.key(level):
        print(f"The book is at check level {level} already"
              + (f", above {target}: nothing to do." if target != level else ": nothing to do."))
        return 0
    newer = {name: check for name, check in levels.CHECKS.items()
             if levels.key(level) < levels.key(check.level) <= levels.key(target)}
    print(f"From check level {level} to {target}: "
          + (f"{count(len(newer), 'check')} start to count." if newer else "no check starts to count."))
    for name, check in newer.items():
        print(f"  '{name}' (level {check.level}): {check.why}.")
    found = [problem for problem in findings(level) if problem.check in newer]
    if args.dry_run:
        print(_listed(found, "would be"))
        return 0
    if project.pyproject is None:
        raise SystemExit("There is no pyproject.toml here: run rulewright upgrade in the project's folder.")
    line = write_level(project.pyproject, target)
    print(f"Wrote check-level = \"{target}\" in {_shown(project.pyproject)}, line {line}.")
    print(_listed(found, "is now"))
    if found:
        print(f"To stay at level {level} until they are mended, set check-level = \"{level}\" again.")
    return 0


def findings(level: str) -> list:
    """What the checks newer than ``level`` find in the book, each at its file and line: the
    whole-book checks' advice, and each faint label of the examples' diagrams."""

    from rulewright.game import legibility  # noqa: PLC0415 - start-up: rulewright --help

    _, found = check_with_advice()
    found = [problem for problem in found if levels.key(levels.CHECKS[problem.check].level) > levels.key(level)]
    book = scanner.scan()
    for decl in book.examples:
        try:
            result = evaluate(decl.parse(), known_rules=None)
            if not result.ok:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pictures = diagrams.draw_all(result)
        except Exception:  # noqa: BLE001 - an example that cannot be played or drawn is `rulewright check`'s to say
            continue
        for n, svg in enumerate(pictures):
            faint = [said for said in legibility.problems(svg, "its diagram", drawn_by_the_build=False)
                     if " contrast " in said]
            if faint:
                found.append(ExampleProblem(result.scenario.where, "; ".join(faint) + ". Change the game's diagram "
                                            "code (colours from rulewright.dot: readable(), ink_on(), MUTED).",
                                            check="diagram-contrast"))
    return found


def _listed(found: list, now: str) -> str:
    if not found:
        return "The newer checks find nothing to mend: the book stays green."

    return "\n".join([f"{count(len(found), 'thing')} to mend, which {now} a problem (each needs your words):",
                      *(f"  [{problem.check}] {problem}" for problem in found)])


def _shown(path: Path) -> str:
    return display_path(str(path))


TABLE = re.compile(r"^\s*\[\s*tool\s*\.\s*rulewright\s*\]\s*(#.*)?$")
LEVEL_LINE = re.compile(r"^\s*[\"']?check-level[\"']?\s*=")


def write_level(pyproject: Path, level: str) -> int:
    """Set ``check-level`` in the file's ``[tool.rulewright]`` table, keeping every other line as
    it is (comments too); add the table when there is none. Returns the line written."""
    lines = pyproject.read_text(encoding="utf-8").splitlines(keepends=True)
    written = f'check-level = "{level}"\n'
    start = next((n for n, line in enumerate(lines) if TABLE.match(line)), None)
    if start is None:
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        lines += ["\n", "[tool.rulewright]\n", written]
        at = len(lines) - 1
    else:
        end = next((n for n in range(start + 1, len(lines)) if lines[n].lstrip().startswith("[")), len(lines))
        at = next((n for n in range(start + 1, end) if LEVEL_LINE.match(lines[n])), None)
        if at is not None:
            lines[at] = written
        else:
            at = start + 1
            lines.insert(at, written)
    pyproject.write_text("".join(lines), encoding="utf-8")
    return at + 1
