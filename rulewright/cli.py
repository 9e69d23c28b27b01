"""The ``rulewright`` command, for designers working on the rulebook.

    rulewright check                  the whole-book checks, then every example played
    rulewright run <example-id>       play one example and say whether it holds, step by step
    rulewright run <rule-id>          play every example that shows the rule
    rulewright run <id> --changes     also list every part of the state the moves changed
    rulewright accept <id>... | --failing [--dry-run]
                                      rewrite failing examples' expected values to what the engine did
    rulewright diagram <example-id> [-o file.png|file.svg] [--when before|after]
    rulewright list                   every example and shared position with its file and line
    rulewright coverage [--rules] [--json file]   which engine code no example reaches
    rulewright serve [--port 8000]    live preview: serve the book and rebuild it on every save
    rulewright new <folder> [--title T] [--game NAME]
                                      a new rulebook project with a starter game
    rulewright --version
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from rulewright import book as book_module
from rulewright.checks import check
from rulewright.cache import evaluate
from rulewright.problems import ExampleProblem, internal_failure
from rulewright.scenario import seed_range, show


def _find(example_id: str) -> book_module.ExampleDecl:
    book = book_module.scan()
    for decl in book.examples:
        if decl.id == example_id:
            return decl
    from rulewright.game import did_you_mean

    raise SystemExit(f"There is no example with the ID {example_id!r} in the rulebook. "
                     f"{did_you_mean(example_id, [d.id for d in book.examples])}")


PROGRESS_EVERY = 10.0  # seconds between the words `check` says about a long run


def cmd_check(args) -> int:
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


def _selected(ids: list[str]) -> list[book_module.ExampleDecl]:
    """The examples named by ``ids``: an example ID names one, a rule ID every example showing it."""
    book = book_module.scan()
    chosen: list[book_module.ExampleDecl] = []
    for wanted in ids:
        if wanted in book.rules:
            showing = [d for d in book.examples if wanted in _named_rules(d)]
            if not showing:
                raise SystemExit(f"No example shows the rule {wanted}.")
            chosen += [d for d in showing if d not in chosen]
        elif any(d.id == wanted for d in book.examples):
            chosen += [d for d in book.examples if d.id == wanted and d not in chosen]
        else:
            from rulewright.game import did_you_mean

            raise SystemExit(f"There is no example or rule with the ID {wanted!r} in the rulebook. "
                             f"{did_you_mean(wanted, [d.id for d in book.examples] + list(book.rules))}")
    return chosen


def _named_rules(decl) -> list[str]:
    try:
        return decl.parse().named_rules()
    except ExampleProblem:
        return str(decl.options.get("rules", "")).replace(",", " ").split()


def cmd_run(args) -> int:
    status = 0
    for decl in _selected([args.example_id]):
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


def changes_text(result) -> str:
    """Every place in the state whose value the moves changed, before and after, as paths an
    ``expect:`` can name."""
    game = result.run.game
    before, after = leaves(game.view(result.run.before)), leaves(game.view(result.run.after))
    def shown(side: dict, path: str) -> str:
        if path in side:
            return show(side[path])
        if any(other.startswith(path + ".") for other in side):  # a value on one side, a table on the other
            return "(a table: its entries are listed here)"
        return "(not there)"

    lines = []
    for path in sorted(set(before) | set(after)):
        if before.get(path, shown) != after.get(path, shown):
            lines.append(f"    {path}: {shown(before, path)} -> {shown(after, path)}")
    head = f"  What the moves changed ({len(lines)} place{'s' if len(lines) != 1 else ''}):"
    return "\n".join([head] + lines) if lines else "  The moves changed nothing in the state."


def leaves(view, prefix: str = "") -> dict:
    """The view as ``{"dotted.path": value}``; lists of plain values stay whole, as one would expect them."""
    out = {}
    if isinstance(view, dict):  # an empty mapping has no places; what fills it shows as new places
        for key, value in view.items():
            out.update(leaves(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(view, (list, tuple)) and any(isinstance(v, (dict, list, tuple)) for v in view):
        for index, value in enumerate(view):
            out.update(leaves(value, f"{prefix}.{index}" if prefix else str(index)))
    else:
        out[prefix] = list(view) if isinstance(view, tuple) else view
    return out


def cmd_accept(args) -> int:
    from rulewright.accept import CannotAccept, accept, refusal_reason

    if not args.ids and not args.failing:
        raise SystemExit("Name the examples to accept (their IDs, or a rule ID for all that show it), or say --failing.")
    decls = _selected(args.ids) if args.ids else book_module.scan().examples
    accepted = refused = 0
    for decl in decls:
        try:
            result, problem = evaluate(decl.parse()), None
        except ExampleProblem as error:
            result, problem = None, error
        if problem is None and result.ok:
            if args.ids:
                print(f"{decl.id}: already holds; nothing to accept.")
            continue
        try:
            if problem is not None:
                raise CannotAccept(refusal_reason(decl, None, problem))
            change = accept(decl, result)
        except CannotAccept as why:
            refused += 1
            print(why)
            continue
        print(change.diff(), end="")
        if not args.dry_run:
            change.write()
        accepted += 1
        print(f"{decl.id}: {'would accept' if args.dry_run else 'accepted'} "
              + "; ".join(change.changed))
    if not accepted and not refused and not args.ids:  # named examples each said so above
        print("Nothing to accept: every example holds.")
    return 1 if refused else 0


DIAGRAM_FORMATS = ("png", "svg", "jpg", "jpeg")


def cmd_diagram(args) -> int:
    from rulewright.diagrams import draw, render

    fmt = Path(args.output).suffix.lstrip(".").lower() or "png" if args.output else None
    if fmt is not None and fmt not in DIAGRAM_FORMATS:
        raise SystemExit(f"{args.output}: a diagram can be written as a .png, .svg or .jpg file (the file name's "
                         f"ending chooses), not .{fmt}. The whole book as a PDF comes from 'make rulebook'.")
    decl = _find(args.example_id)
    try:
        scenario = decl.parse()
        result = evaluate(scenario)
        when = args.when or ("before" if scenario.diagram == "before" else "after")
        code = draw(result.run, when, scenario.diagram_options)
        if not args.output:
            print(code)
            return 0
        render(code, scenario.where, fmt, args.output)
    except ExampleProblem as problem:
        print(problem)
        return 1
    print(f"Wrote {args.output}")
    return 0


def serve_command(host: str = "127.0.0.1", port: int = 8000, edition: str = "designer") -> list[str]:
    """sphinx-autobuild on the project's book, in one edition: it rebuilds on saving a page, and on
    saving the code or data of any game the book plays (their folders are watched too)."""
    from rulewright import config
    from rulewright.checks import game_sources

    project = config.current()
    confdir = project.root if (project.root / "conf.py").is_file() else project.rulebook
    games = set()
    for decl in book_module.scan().examples:
        try:
            games.add(decl.parse().game_name)
        except ExampleProblem:
            pass
    watched = sorted({str(p if p.is_dir() else p.parent) for p in game_sources(games)})
    out = project.root / "_build" / ("html" if edition == "designer" else f"html-{edition}")
    command = [sys.executable, "-m", "sphinx_autobuild", "-q", "-t", edition, "-c", str(confdir),
               str(project.rulebook), str(out), "--host", host, "--port", str(port),
               "--re-ignore", r"(__pycache__|\.pyc$|_build)"]
    for folder in watched:
        command += ["--watch", folder]
    return command


def cmd_serve(args) -> int:
    import os
    import subprocess

    command = serve_command(args.host, args.port, args.edition)
    print(f"Serving the {args.edition}'s edition at http://{args.host}:{args.port}/ ; it is rebuilt each time you save a page "
          "or a game's code or data. Failing examples are shown on their pages and listed here. Stop with Ctrl-C.")
    try:  # a failing example must not stop the preview: it is shown, not fatal
        return subprocess.run(command, env={**os.environ, "RULEWRIGHT_STRICT": "0"}).returncode
    except KeyboardInterrupt:
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
          f"  make rulebook   # builds the player's and the designer's edition, HTML and PDF, in "
          f"{folder}/_build/\n"
          f"  make serve      # a live preview while you write\n"
          f"Then read rulebook/authoring.md, and replace the starter game in {names.package}/ with yours.")
    return 0


def _require_rulebook() -> None:
    """Run outside a project, every command would find no examples and say only that; say why."""
    from rulewright import config

    project = config.current()
    if not project.rulebook.is_dir():
        raise SystemExit(f"There is no rulebook here: the folder {project.rulebook} does not exist. Run rulewright "
                         "in your project's folder (the one holding its pyproject.toml), or name the book's folder "
                         "with rulebook = \"...\" under [tool.rulewright] in pyproject.toml.")


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
    sub.add_parser("check", help="check rules, examples and engine refusals against each other, and play "
                                 "every example").set_defaults(
        func=cmd_check)
    run = sub.add_parser("run", help="play one example, or every example that shows a rule")
    run.add_argument("example_id", metavar="ID", help="an example ID or a rule ID")
    run.add_argument("--changes", action="store_true", help="list every part of the state the moves changed")
    run.set_defaults(func=cmd_run)
    accept_cmd = sub.add_parser("accept", help="rewrite failing examples' expected values to what the engine did")
    accept_cmd.add_argument("ids", nargs="*", metavar="ID", help="example IDs (or rule IDs)")
    accept_cmd.add_argument("--failing", action="store_true", help="every failing example")
    accept_cmd.add_argument("--dry-run", action="store_true", help="print the changes without writing them")
    accept_cmd.set_defaults(func=cmd_accept)
    diagram = sub.add_parser("diagram", help="draw one example's diagram")
    diagram.add_argument("example_id")
    diagram.add_argument("-o", "--output", help="a .png or .svg file (default: print the DOT source)")
    diagram.add_argument("--when", choices=("before", "after"))
    diagram.set_defaults(func=cmd_diagram)
    sub.add_parser("list", help="list every example and shared position").set_defaults(func=cmd_list)
    from rulewright import engine_coverage

    coverage = sub.add_parser("coverage", help="play every example under coverage: which engine lines and refusals "
                              "no example reaches, and what each rule's examples exercise")
    engine_coverage.add_arguments(coverage)
    coverage.set_defaults(func=engine_coverage.run)
    serve = sub.add_parser("serve", help="live preview: serve the book and rebuild it on every save")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--edition", choices=("designer", "player"), default="designer",
                       help="which edition to preview (default: the designer's, with IDs and verification marks)")
    serve.set_defaults(func=cmd_serve)
    args = parser.parse_args(argv)
    try:
        if args.command != "new":
            _require_rulebook()
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
