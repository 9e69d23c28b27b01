"""``rulewright check``: the whole-book checks, then every example played."""
from __future__ import annotations

import sys
import time

from rulewright import book as book_module
from rulewright.cache import evaluate
from rulewright.checks import check
from rulewright.problems import ExampleProblem, internal_failure

NAME = "check"
HELP = "check rules, examples and engine refusals against each other, and play every example"


PROGRESS_EVERY = 10.0  # seconds between the words `check` says about a long run


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
    started = said = time.monotonic()
    for count, decl in enumerate(book.examples):
        if time.monotonic() - said >= PROGRESS_EVERY:  # a long run says how far it has got
            said = time.monotonic()
            print(f"  ... {count} of {len(book.examples)} examples played ({int(said - started)} s)", file=sys.stderr,
                  flush=True)
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
        except Exception as error:  # one example Rulewright fails on must not stop the check of the others
            failing += 1
            print(f"{decl.where}: " + internal_failure(error, f"playing the example {decl.id}"))
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
    print(f"The rulebook is sound: {len(book.rules)} rules, {len(book.examples)} examples. Every example holds"
          + (f" but {len(notes)} marked pending." if notes else "."))
    return 0
