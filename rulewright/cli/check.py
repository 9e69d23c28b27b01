"""``rulewright check``: the whole-book checks, then every example played."""
from __future__ import annotations

from rulewright import book as book_module
from rulewright.cache import evaluate
from rulewright.checks import check
from rulewright.problems import ExampleProblem

NAME = "check"
HELP = "check rules, examples and engine refusals against each other, and play every example"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    from rulewright import config
    from rulewright.scenario import failure_text, verdict

    problems = check()
    for problem in problems:
        print(problem)
    book = book_module.scan()
    failing = 0
    notes = []
    known = frozenset(book.rules)
    pending_is_error = config.current().pending == "error"
    reported = {str(problem) for problem in problems}
    for decl in book.examples:
        try:
            scenario = decl.parse()
        except ExampleProblem:
            continue  # the checks above reported it
        try:
            result = evaluate(scenario, known_rules=known)
        except ExampleProblem as problem:  # found in play: a setup or move the engine cannot take
            if str(problem) not in reported:
                failing += 1
                print(problem)
            continue
        outcome = verdict(result, pending_is_error)
        if outcome == "failed":
            failing += 1
            print(failure_text(result, pending_is_error))
        elif outcome in ("pending", "ready"):
            notes.append(result.pending_note())
    for note in notes:
        print(note)
    if problems or failing:
        print(f"\n{len(problems)} problem(s) found; {failing} of {len(book.examples)} examples do not hold.")
        return 1
    print(f"The rulebook is sound: {_count(len(book.rules), 'rule')}, {_count(len(book.examples), 'example')}. "
          "Every example holds" + (f" but {len(notes)} marked pending." if notes else "."))
    return 0


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"
