"""The ``rulewright`` command, for designers working on the rulebook.

    rulewright check                  the whole-book checks (rules, examples, engine refusals)
    rulewright run <example-id>       play one example and say whether it holds, step by step
    rulewright diagram <example-id> [-o file.png|file.svg] [--when before|after]
    rulewright list                   every example and shared position with its file and line
    rulewright new <folder> [--title T] [--game NAME]
                                      a new rulebook project with a starter game
    rulewright --version
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rulewright import book as book_module
from rulewright.checks import check
from rulewright.problems import ExampleProblem, internal_failure
from rulewright.scenario import evaluate, seed_range, show


def _find(example_id: str) -> book_module.ExampleDecl:
    book = book_module.scan()
    for decl in book.examples:
        if decl.id == example_id:
            return decl
    from rulewright.game import did_you_mean

    raise SystemExit(f"There is no example with the ID {example_id!r} in the rulebook. "
                     f"{did_you_mean(example_id, [d.id for d in book.examples])}")


def cmd_check(args) -> int:
    problems = check()
    for problem in problems:
        print(problem)
    book = book_module.scan()
    if problems:
        print(f"\n{len(problems)} problem(s) found.")
        return 1
    print(f"The rulebook is sound: {len(book.rules)} rules, {len(book.examples)} examples.")
    return 0


def cmd_run(args) -> int:
    decl = _find(args.example_id)
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
    if result.ok:
        seeds = f", for each of the seeds {seed_range(result.seeds)}" if result.seeds else ""
        print(f"{decl.id}: holds ({len(result.checks)} expectations{seeds}).")
        return 0
    print(result.report())
    return 1


def cmd_diagram(args) -> int:
    from rulewright.diagrams import draw, render

    decl = _find(args.example_id)
    try:
        scenario = decl.parse()
        result = evaluate(scenario)
        when = args.when or ("before" if scenario.diagram == "before" else "after")
        code = draw(result.run, when, scenario.diagram_options)
        if not args.output:
            print(code)
            return 0
        render(code, scenario.where, Path(args.output).suffix.lstrip(".") or "png", args.output)
    except ExampleProblem as problem:
        print(problem)
        return 1
    print(f"Wrote {args.output}")
    return 0


def cmd_list(args) -> int:
    book = book_module.scan()
    for decl in book.examples:
        print(f"{decl.id or '(no id)'}\t{decl.where}")
    for position in book.positions.values():
        print(f"position {position.name}\t{position.where}")
    return 0


def cmd_new(args) -> int:
    from rulewright import scaffold

    folder = Path(args.folder)
    default_title = folder.resolve().name.replace("-", " ").replace("_", " ").title()
    title, game = args.title, args.game
    if sys.stdin.isatty() and not os.environ.get("CI"):
        title = title or input(f"The game's title [{default_title}]: ").strip() or default_title
        suggested = scaffold.game_name_from(title)
        game = game or input(f"Its short name, as examples write 'game: ...' [{suggested}]: ").strip() or suggested
    title = title or default_title
    names = scaffold.Names(title=title, game=game or scaffold.game_name_from(title))
    try:
        scaffold.create(folder, names)
    except scaffold.ScaffoldError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"Created the rulebook project for {names.title!r} (game: {names.game}) in {folder}.\n"
          f"Next:\n  cd {folder}\n  make test       # plays every example\n"
          f"  make rulebook   # builds {folder}/_build/html/index.html and the PDF\n"
          f"Then read rulebook/authoring.md, and replace the starter game in {names.package}/ with yours.")
    return 0


def main(argv: list[str] | None = None) -> int:
    from rulewright.scaffold import rulewright_version

    parser = argparse.ArgumentParser(prog="rulewright", description="Check and explore the rulebook.")
    parser.add_argument("--version", action="version", version=f"rulewright {rulewright_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="create a new rulebook project with a small starter game")
    new.add_argument("folder", help="a new or empty folder for the project")
    new.add_argument("--title", help="the game's title, e.g. 'Dragon Race'")
    new.add_argument("--game", help="the game's short name, as examples write it: 'game: dragon-race'")
    new.set_defaults(func=cmd_new)
    sub.add_parser("check", help="check rules, examples and engine refusals against each other").set_defaults(
        func=cmd_check)
    run = sub.add_parser("run", help="play one example")
    run.add_argument("example_id")
    run.set_defaults(func=cmd_run)
    diagram = sub.add_parser("diagram", help="draw one example's diagram")
    diagram.add_argument("example_id")
    diagram.add_argument("-o", "--output", help="a .png or .svg file (default: print the DOT source)")
    diagram.add_argument("--when", choices=("before", "after"))
    diagram.set_defaults(func=cmd_diagram)
    sub.add_parser("list", help="list every example and shared position").set_defaults(func=cmd_list)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ExampleProblem as problem:  # e.g. a pyproject.toml Rulewright cannot read
        print(problem)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # no traceback reaches a designer: one paragraph, once
        print(internal_failure(error, f"running 'rulewright {args.command}'"), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
