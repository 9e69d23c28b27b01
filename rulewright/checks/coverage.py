"""Which engine code the book's examples reach: ``rulewright coverage`` and the designer's page.

Every example is played under coverage.py, each in its own coverage context (its ID), so the
report can say, per game, which engine lines and which refusal sites no example ever reaches
(where the text and the code can silently disagree), and, per rule, which engine functions its
examples exercise. The game's diagram drawer is left out: it draws the book, it is not the rules.

Run it in a fresh process (the command and the build both do): lines run when the engine is
imported count only if coverage is already on by then.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

NOT_RULES = {"diagram.py"}
COMMON_SHARE = 0.9  # functions reached by this share of a game's examples are plumbing, not a rule's own


@dataclass(frozen=True)
class Function:
    name: str
    first: int
    last: int


def functions(path: Path) -> list[Function]:
    """Every function and method in a file, with its lines (innermost first when nested)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    found.append(Function(name, child.lineno, child.end_lineno or child.lineno))
                walk(child, name + ".")
            else:
                walk(child, prefix)

    walk(tree, "")
    return sorted(found, key=lambda f: f.last - f.first)


def _function_at(table: list[Function], line: int) -> str | None:
    return next((f.name for f in table if f.first <= line <= f.last), None)


def _ranges(lines: list[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for line in sorted(lines):
        if out and line == out[-1][1] + 1:
            out[-1][1] = line
        else:
            out.append([line, line])
    return out


def measure(rulebook: Path | None = None) -> dict:
    """Play every example of the book under coverage and return the report as plain data."""
    import coverage

    from rulewright.book.registry import targets
    from rulewright.runtime import collector

    # Only the games' own code is measured (the report reads nothing else; the toolchain's playing,
    # reading and checking are not recorded: 3.7 s became 3.35 s for this repository's book). Named
    # by module, so that no game is imported before the measuring starts (its module-level lines
    # would go unseen).
    games = sorted({target.partition(":")[0] for target in targets().values()})
    cov = coverage.Coverage(data_file=None, branch=False, config_file=False, source_pkgs=games)
    cov.start()
    try:
        collector.fewer()  # every example's states are kept to the end: see rulewright.runtime.collector
        from rulewright.book import scanner as book_module
        from rulewright.book.registry import game_sources
        from rulewright.checks.book import refusal_sites
        from rulewright.problems import ExampleProblem
        from rulewright.scenario import play

        book = book_module.scan(rulebook)
        played = []
        for decl in book.examples:
            try:
                scenario = decl.parse()
            except ExampleProblem:
                continue  # `rulewright check` reports it
            cov.switch_context(scenario.id)
            try:
                play(scenario)
            except ExampleProblem:
                pass
            played.append(scenario)
        cov.switch_context("")
    finally:
        collector.restore()
        cov.stop()
    data = cov.get_data()
    report: dict = {"games": {}}
    by_game: dict[str, list] = {}
    for scenario in played:
        by_game.setdefault(scenario.game_name, []).append(scenario)
    for game_name, scenarios in sorted(by_game.items()):
        folders = game_sources([game_name])
        if not folders:
            continue
        report["games"][game_name] = _game_report(cov, data, folders, scenarios, refusal_sites(*folders)[0])
    return report


def _game_report(cov, data, folders, scenarios, sites) -> dict:
    from rulewright.book.registry import python_files

    files: dict[str, dict] = {}
    reached_by: dict[str, set[str]] = {}
    statements = reached = 0
    unreached_functions = []
    executed_lines: dict[str, set[int]] = {}

    for path in [p for p in python_files(*folders) if p.name not in NOT_RULES]:
        _, lines, _, missing, _ = cov.analysis2(str(path))
        table = functions(path)
        name = _relative(path)
        files[name] = {"statements": len(lines), "missing": _ranges(missing)}
        statements += len(lines)
        reached += len(lines) - len(missing)
        executed_lines[str(path)] = set(lines) - set(missing)
        contexts = data.contexts_by_lineno(str(path))
        for line, ids in contexts.items():
            function = _function_at(table, line)
            if function:
                for example_id in ids:
                    if example_id:
                        reached_by.setdefault(example_id, set()).add(f"{name}:{function}")
        counts: dict[str, list[int]] = {}
        for line in missing:
            function = _function_at(table, line)
            if function:
                counts.setdefault(function, []).append(line)
        for function, lines_missing in counts.items():
            whole = next(f for f in table if f.name == function)
            unreached_functions.append({"file": name, "function": function, "line": min(lines_missing),
                                        "lines": len(lines_missing),
                                        "never": all(line not in executed_lines[str(path)]
                                                     for line in range(whole.first, whole.last + 1))})
    unreached_functions.sort(key=lambda f: (-f["lines"], f["file"], f["line"]))
    common = _common(reached_by, len(scenarios))
    rules: dict[str, set[str]] = {}
    for scenario in scenarios:
        for rule_id in scenario.named_rules():
            rules.setdefault(rule_id, set()).update(reached_by.get(scenario.id, set()) - common)
    unreached_refusals = [{"rule": s.rule, "file": _relative(Path(s.where.path)), "line": s.where.line}
                          for s in sites if s.where.line not in executed_lines.get(s.where.path, set())
                          and Path(s.where.path).name not in NOT_RULES]
    return {"statements": statements, "reached": reached,
            "percent": round(100 * reached / statements, 1) if statements else 100.0,
            "examples": len(scenarios), "files": files, "unreached_functions": unreached_functions,
            "unreached_refusals": unreached_refusals, "common": sorted(common),
            "rules": {rule_id: sorted(names) for rule_id, names in sorted(rules.items())}}


def _common(reached_by: dict[str, set[str]], examples: int) -> set[str]:
    counts: dict[str, int] = {}
    for names in reached_by.values():
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return {name for name, count in counts.items() if examples and count >= COMMON_SHARE * examples}


def _relative(path: Path) -> str:
    from rulewright.problems import display_path

    return display_path(str(path))


def measure_in_fresh_process(rulebook: Path | None = None, cwd: Path | None = None) -> dict:
    """``measure`` in a new Python process, so the engine is imported with coverage already on."""
    return outcome(start_in_fresh_process(rulebook, cwd))


def start_in_fresh_process(rulebook: Path | None = None, cwd: Path | None = None, niceness: int = 0):
    """Start ``measure_in_fresh_process`` and return at once; ``outcome`` waits for the report.
    ``niceness``: how much lower than this process's the measuring's priority is (where the
    system has priorities)."""
    import subprocess

    args = [sys.executable, "-m", "rulewright.checks.coverage", "--json", "-"]
    if rulebook is not None:
        args += ["--rulebook", str(rulebook)]
    if niceness:
        args += ["--niceness", str(niceness)]  # lowered by the measuring process itself (no preexec_fn)
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)


def outcome(process) -> dict:
    """The report of a measurement started by ``start_in_fresh_process`` (a ``RuntimeError`` with
    the last line it printed when it failed)."""
    out, err = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(err.strip().splitlines()[-1] if err.strip() else "no output")
    return json.loads(out)


def text(report: dict, rules: bool = False, top: int = 12) -> str:
    """The report in words, for the terminal."""
    out = []
    for game, info in report["games"].items():
        out.append(f"{game}: the book's {info['examples']} examples reach {info['reached']} of "
                   f"{info['statements']} engine lines ({info['percent']}%).")
        for site in info["unreached_refusals"]:
            out.append(f"  refusal never shown: {site['rule']} at {site['file']}, line {site['line']}")
        if info["unreached_functions"]:
            out.append("  largest unreached code:")
            for f in info["unreached_functions"][:top]:
                what = "never called" if f["never"] else f"{f['lines']} lines not reached"
                out.append(f"    {f['file']}, line {f['line']}: {f['function']} ({what})")
        if rules:
            for rule_id, names in info["rules"].items():
                out.append(f"  {rule_id}: {', '.join(n.split(':')[1] for n in names) or '(shared code only)'}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulewright coverage",
                                     description="Which engine code the book's examples reach.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


def add_arguments(parser) -> None:
    parser.add_argument("--json", metavar="FILE", help="write the full report as JSON ('-' for the terminal)")
    parser.add_argument("--rules", action="store_true", help="also list, per rule, the engine functions "
                        "its examples exercise")
    parser.add_argument("--rulebook", help=argparse.SUPPRESS)
    parser.add_argument("--niceness", type=int, default=0, help=argparse.SUPPRESS)


def run(args) -> int:
    if args.niceness and hasattr(os, "nice"):
        os.nice(args.niceness)
    if args.rulebook is None:
        from rulewright.book import config

        config.current()  # find the project (and its games) before coverage starts
    report = measure(Path(args.rulebook) if args.rulebook else None)
    if args.json == "-":
        print(json.dumps(report, indent=1))
        return 0
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(text(report, rules=args.rules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
