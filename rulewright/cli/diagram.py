"""``rulewright diagram ID``: draw one example's diagram."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from rulewright.book.diagrams import draw, render
from rulewright.store.cache import evaluate
from rulewright.cli.select import find
from rulewright.problems import ExampleProblem

NAME = "diagram"
HELP = "draw one example's diagram"
DIAGRAM_FORMATS = ("png", "svg", "jpg", "jpeg")


def add_arguments(parser) -> None:
    parser.add_argument("example_id")
    parser.add_argument("-o", "--output", help="a .png or .svg file (default: print the DOT source)")
    parser.add_argument("--when", choices=("before", "after"))
    parser.add_argument("--edition", choices=("designer", "player"), default="designer",
                        help="as that edition draws it: an example told for nobody shows hidden things marked in "
                             "the designer's edition, face down in the player's (default: designer)")


def run(args) -> int:
    fmt = Path(args.output).suffix.lstrip(".").lower() or "png" if args.output else None
    if fmt is not None and fmt not in DIAGRAM_FORMATS:
        raise SystemExit(f"{args.output}: a diagram can be written as a .png, .svg or .jpg file (the file name's "
                         f"ending chooses), not .{fmt}. The whole book as a PDF comes from 'make rulebook'.")
    decl = find(args.example_id)
    try:
        scenario = decl.parse()
        result = evaluate(scenario)
        when = args.when or ("before" if scenario.diagram == "before" else "after")
        run = dataclasses.replace(result.run, shows_hidden=args.edition == "designer")
        code = draw(run, when, scenario.diagram_options, None if args.when else scenario.diagram_step)
        if not args.output:
            print(code)
            return 0
        render(code, scenario.where, fmt, args.output)
    except ExampleProblem as problem:
        print(problem)
        return 1
    print(f"Wrote {args.output}")
    return 0
