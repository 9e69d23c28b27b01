"""Finding what a command names: an example by its ID, or every example showing a rule."""
from __future__ import annotations

from rulewright.book import scanner
from rulewright.game import did_you_mean
from rulewright.problems import ExampleProblem


def find(example_id: str) -> scanner.ExampleDecl:
    book = scanner.scan()
    for decl in book.examples:
        if decl.id == example_id:
            return decl
    raise SystemExit(f"There is no example with the ID {example_id!r} in the rulebook. "
                     f"{did_you_mean(example_id, [d.id for d in book.examples])}")


def selected(ids: list[str]) -> list[scanner.ExampleDecl]:
    """The examples named by ``ids``: an example ID names one, a rule ID every example showing it."""
    book = scanner.scan()
    chosen: list[scanner.ExampleDecl] = []
    for wanted in ids:
        if wanted in book.rules:
            showing = [d for d in book.examples if wanted in named_rules(d)]
            if not showing:
                raise SystemExit(f"No example shows the rule {wanted}.")
            chosen += [d for d in showing if d not in chosen]
        elif any(d.id == wanted for d in book.examples):
            chosen += [d for d in book.examples if d.id == wanted and d not in chosen]
        else:
            raise SystemExit(f"There is no example or rule with the ID {wanted!r} in the rulebook. "
                             f"{did_you_mean(wanted, [d.id for d in book.examples] + list(book.rules))}")
    return chosen


def named_rules(decl) -> list[str]:
    try:
        return decl.parse().named_rules()
    except ExampleProblem:
        return str(decl.options.get("rules", "")).replace(",", " ").split()
