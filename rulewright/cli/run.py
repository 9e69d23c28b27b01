"""``rulewright run ID``: play one example (or every example of a rule) step by step."""
from __future__ import annotations

from rulewright import book as book_module
from rulewright.cache import evaluate
from rulewright.cli.select import selected
from rulewright.problems import ExampleProblem
from rulewright.scenario import seed_range, show
from rulewright.scenario.changes import changes_text

NAME = "run"
HELP = "play one example, or every example that shows a rule"


def add_arguments(parser) -> None:
    parser.add_argument("example_id", metavar="ID", help="an example ID or a rule ID")
    parser.add_argument("--changes", action="store_true", help="list every part of the state the moves changed")


def run(args) -> int:
    status = 0
    for decl in selected([args.example_id]):
        status |= _run_one(decl, args.changes)
    return status


def _run_one(decl, changes: bool) -> int:
    try:
        result = evaluate(decl.parse(), known_rules=book_module.declared_rules())
    except ExampleProblem as problem:
        print(problem)
        return 1
    for step in result.run.steps:
        outcome = (f"refused by {step.refusal.rule}: {step.refusal.reason}" if step.refusal
                   else "; ".join(map(str, step.events)) or "done")
        print(f"  {step.index}. {step} -> {outcome}")
        for check in step.checks:
            print(f"       {'ok' if check.ok else 'FAILS'}: {check.key} {show(check.expected)}")
    if changes:
        print(changes_text(result))
    if result.ok:
        seeds = f", for each of the seeds {seed_range(result.seeds)}" if result.seeds else ""
        print(f"{decl.id}: holds ({len(result.checks)} expectation{'' if len(result.checks) == 1 else 's'}{seeds}).")
        return 0
    print(result.report())
    return 1
