"""``rulewright accept``: rewrite failing examples' expected values to what the engine did (an
example marked pending is not failing: it says what the engine should do, and is left as it is)."""
from __future__ import annotations

import io

from rulewright.book import scanner
from rulewright.book.phrases import count
from rulewright.store.cache import evaluate
from rulewright.cli.select import selected
from rulewright.problems import ExampleProblem

NAME = "accept"
HELP = "rewrite failing examples' expected values to what the engine did"


def add_arguments(parser) -> None:
    parser.add_argument("ids", nargs="*", metavar="ID", help="example IDs (or rule IDs)")
    parser.add_argument("--failing", action="store_true", help="every failing example")
    parser.add_argument("--dry-run", action="store_true", help="print the changes without writing them")


def run(args) -> int:
    from rulewright.book.accept import CannotAccept, accept, refusal_reason  # noqa: PLC0415 - start-up: rulewright --help

    if not args.ids and not args.failing:
        raise SystemExit("Name the examples to accept (their IDs, or a rule ID for all that show it), or say --failing.")
    decls = selected(args.ids) if args.ids else scanner.scan().examples
    accepted = refused = pending = 0
    said: dict[int, str] = {}  # what is said of each example, in the book's order
    # Each page is rewritten from its last example up, so that lines an earlier rewrite adds or
    # takes out (an event no longer expected) never move an example not yet rewritten.
    order = sorted(range(len(decls)), key=lambda n: (decls[n].where.path, -decls[n].body_line))
    for number in order:
        decl = decls[number]
        out = io.StringIO()
        said[number] = out
        try:
            result, problem = evaluate(decl.parse()), None
        except ExampleProblem as error:
            result, problem = None, error
        if problem is None and result.ok:
            if args.ids:
                print(f"{decl.id}: already holds; nothing to accept.", file=out)
            continue
        if problem is None and result.pending:  # not a failure: what the engine should do, not what it does
            pending += 1
            if args.ids:
                print(f"{result.pending_note()} Accepting would write what the engine does now instead of what "
                      "the rules say; remove ':status: pending' first if the engine is right.", file=out)
            continue
        try:
            if problem is not None:
                raise CannotAccept(refusal_reason(decl, None, problem))
            change = accept(decl, result)
        except CannotAccept as why:
            refused += 1
            print(why, file=out)
            continue
        if change is None:
            continue
        print(change.diff(), end="", file=out)
        if not args.dry_run:
            change.write()
        accepted += 1
        print(f"{decl.id}: {'would accept' if args.dry_run else 'accepted'} "
              + "; ".join(change.changed), file=out)
    for number in sorted(said):
        print(said[number].getvalue(), end="")
    if not accepted and not refused and not args.ids:  # named examples each said so above
        print("Nothing to accept: every example holds" + (f", but {count(pending, 'example')} marked pending, "
                                                           "left as written." if pending else "."))
    return 1 if refused else 0
