"""Which engine code the book's examples reach: ``rulewright coverage`` and the designer's page.

Every example is checked under coverage.py as ``rulewright check`` and the build check it (the one
evaluator, ``rulewright.scenario.evaluate``: every seed played, every expectation held against the
game's view), each in its own coverage context (its ID), so the report can say, per game, which
engine lines and which refusal sites no example ever reaches (where the text and the code can
silently disagree), and, per rule, which engine functions its examples exercise besides those
nearly every example runs. The game's diagram drawer is left out: it draws the book, it is not the
rules.

Run it where no game is imported yet (``rulewright coverage`` runs it in a fresh process, the build
in a fork of itself taken before any game is imported: ``start``): lines run when the engine is
imported count only if coverage is already on by then. It keeps each example's result in the
store, as the store's evaluator would.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
from dataclasses import dataclass
import inspect
import multiprocessing
from pathlib import Path
import subprocess
import threading

from rulewright.book import config, scanner
from rulewright.book.phrases import count
from rulewright.book.registry import game_sources, get_game, python_files, targets
from rulewright.checks import book, engine_source, words
from rulewright.checks.book import refusal_sites
from rulewright.problems import ExampleProblem, display_path
from rulewright.runtime import collector, lifeline
from rulewright.scenario import evaluate
from rulewright.store import cache

NOT_RULES = {"diagram.py"}
COMMON_SHARE = 0.9  # functions reached by this share of a game's examples are plumbing, not a rule's own


def common_at_least(examples: int) -> int:
    """How many of a game's ``examples`` must reach a function for it to count as common."""
    return math.ceil(round(COMMON_SHARE * examples, 6))  # (rounded: 0.9 * 10 must need 9, not 10)


@dataclass(frozen=True)
class Function:
    name: str
    first: int
    last: int
    body: int = 0  # the first line of its body: the lines above it run when the function is defined, not called


def functions(path: Path, text: str | None = None) -> list[Function]:
    """Every function and method in a file, with its lines (innermost first when nested)."""
    return [Function(*function) for function in engine_source.read(path, text).functions]


def _reading(cov, path: Path) -> tuple[set[int], dict[int, int], list[Function]]:
    """What a file's text alone says: its statements as coverage.py counts them (the lines
    ``analysis2`` reports), the first line of the statement each other line belongs to (a statement
    written over several lines is reached at its first), and its functions. Kept in the store by the
    text (as the refusals are, ``refusal_sites``): reading an engine's files took 0.7 s of each
    measurement of this repository's book, and a measurement now reads again only the files that
    changed."""
    import coverage  # noqa: PLC0415 - start-up: rulewright --help


    text = path.read_text(encoding="utf-8")
    key = f"{coverage.__version__}\0{text}"  # (the toolchain's own code is in every key of the store)
    statements, moved, table = cache.kept("coverage-reading", key, lambda: _read_statically(cov, path, text))
    return set(statements), moved, [Function(*f) for f in table]


def _read_statically(cov, path: Path, text: str) -> tuple[list[int], dict[int, int], list[tuple]]:
    from coverage.python import PythonFileReporter  # noqa: PLC0415 - start-up: rulewright --help; what ``Coverage.analysis2`` reads a file with

    reporter = PythonFileReporter(str(path), coverage=cov)
    moved = {}
    for line in range(1, text.count("\n") + 2):
        first = min(reporter.translate_lines([line]))
        if first != line:
            moved[line] = first
    return (sorted(reporter.lines()), moved,
            [(f.name, f.first, f.last, f.body) for f in functions(path, text)])


def _function_at(table: list[Function], line: int) -> str | None:
    """The innermost function whose body ``line`` is in. A ``def`` line runs when its module is
    imported (or its enclosing function runs), which is no call: counted as the function's, it made
    every function of a game look reached by the example that first imported it."""
    return next((f.name for f in table if f.body <= line <= f.last), None)


def _ranges(lines: list[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for line in sorted(lines):
        if out and line == out[-1][1] + 1:
            out[-1][1] = line
        else:
            out.append([line, line])
    return out


def measure(rulebook: Path | None = None) -> dict:
    """Check every example of the book under coverage, as ``rulewright check`` and the build do, and
    return the report as plain data."""
    import coverage  # noqa: PLC0415 - start-up: rulewright --help


    # Only the games' own code is measured (the report reads nothing else; the toolchain's playing,
    # reading and checking are not recorded: 3.7 s became 3.35 s for this repository's book). Named
    # by module, so that no game is imported before the measuring starts (its module-level lines
    # would go unseen).
    games = sorted({target.partition(":")[0] for target in targets().values()})
    root = Path(rulebook if rulebook is not None else config.current().rulebook).resolve()

    # The book as the examples' shared positions are read from it (``positions_for``), so the
    # pages are scanned once for both; and each example read, before the measuring starts (reading
    # imports no game, and the toolchain's own code runs slower while coverage is on).
    book = scanner.scan_cached(root, scanner.pages_stamp(root))
    scenarios = []
    for decl in book.examples:
        try:
            scenarios.append(decl.parse())
        except ExampleProblem:
            continue  # `rulewright check` reports it
    cov = coverage.Coverage(data_file=None, branch=False, config_file=False, source_pkgs=games)
    cov.start()
    try:
        collector.fewer()  # every example's states are kept to the end: see rulewright.runtime.collector
        checked, loaded = [], set()
        for scenario in scenarios:
            if scenario.game_name not in loaded:  # what runs when a game is imported is no example's
                loaded.add(scenario.game_name)
                cov.switch_context("")
                try:
                    get_game(scenario.game_name)
                except Exception:
                    pass  # the example says why
            cov.switch_context(scenario.id)
            try:
                # The one evaluator, as every tool runs it: each seed played, and each expectation
                # held against the game's view (reading the view is engine code too). Not the
                # store's: a result kept from before would run nothing. What it gives is kept in
                # the store, as the store's evaluator would keep it: the build that started this
                # measurement then reads it there instead of playing the example again.
                cache.keep(scenario, evaluate(scenario))
            except ExampleProblem as problem:
                cache.keep(scenario, problem)  # `rulewright check` reports it; what ran until then counts
            except Exception:  # (as in `rulewright check`, one failing example does not stop the others)
                pass
            checked.append(scenario)
        cov.switch_context("")
    finally:
        collector.restore()
        cov.stop()
    data = cov.get_data()
    report: dict = {"games": {}}
    by_game: dict[str, list] = {}
    for scenario in checked:
        by_game.setdefault(scenario.game_name, []).append(scenario)
    for game_name, scenarios in sorted(by_game.items()):
        folders = game_sources([game_name])
        if not folders:
            continue
        report["games"][game_name] = _game_report(cov, data, folders, scenarios, refusal_sites(*folders)[0],
                                                  _drawer(game_name))
    return report


def _drawer(game_name: str) -> tuple[str, str] | None:
    """The file and first line of the game's diagram drawer (``Game.diagram``) when it is not in a
    ``diagram.py`` of its own: it draws the book, it is not the rules, and the examples are checked
    here without their pictures."""

    try:
        drawer = inspect.unwrap(get_game(game_name).diagram)
        code = drawer.__code__
    except Exception:  # noqa: BLE001 - no drawer, or not a plain function: nothing to leave out
        return None
    return str(Path(code.co_filename).resolve()), drawer.__qualname__.replace(".<locals>", "")


def _game_report(cov, data, folders, scenarios, sites, drawer: tuple[str, str] | None = None) -> dict:
    files: dict[str, dict] = {}
    reached_by: dict[str, set[str]] = {}
    statements = reached = 0
    unreached_functions = []
    executed_lines: dict[str, set[int]] = {}

    for path in [p for p in python_files(*folders) if p.name not in NOT_RULES]:
        lines, moved, table = _reading(cov, path)
        if drawer is not None and drawer[0] == str(path.resolve()):  # the drawer's lines are not the rules'
            drawn = next((f for f in table if f.name == drawer[1]), None)
            if drawn is not None:
                lines = lines - set(range(drawn.first, drawn.last + 1))
                table = [f for f in table if not drawn.first <= f.first <= drawn.last]
        executed = {moved.get(line, line) for line in data.lines(str(path)) or ()} & lines
        missing = sorted(lines - executed)  # as ``cov.analysis2`` says, without reading the file again
        name = _relative(path)
        files[name] = {"statements": len(lines), "missing": _ranges(missing)}
        statements += len(lines)
        reached += len(executed)
        executed_lines[str(path)] = executed
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
                                                     for line in range(whole.body, whole.last + 1))})
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
            "common_at_least": common_at_least(len(scenarios)),
            "rules": {rule_id: sorted(names) for rule_id, names in sorted(rules.items())}}


def _common(reached_by: dict[str, set[str]], examples: int) -> set[str]:
    counts: dict[str, int] = {}
    for names in reached_by.values():
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return {name for name, count in counts.items() if examples and count >= common_at_least(examples)}


def _relative(path: Path) -> str:
    return display_path(str(path))


def measure_in_fresh_process(rulebook: Path | None = None, cwd: Path | None = None) -> dict:
    """``measure`` in a new Python process, so the engine is imported with coverage already on."""
    return _FreshProcess(rulebook, cwd).report()


class Measuring:
    """A measurement running beside the caller (``start``): ``report()`` waits for its report (a
    ``RuntimeError`` with the last thing it said when it failed), ``stop()`` ends it unfinished,
    and ``finish()``, after the report, waits for what it does after it (``_measure_into``)."""

    def report(self) -> dict:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        pass


class _FreshProcess(Measuring):
    def __init__(self, rulebook: Path | None, cwd: Path | None):
        args = [sys.executable, "-m", "rulewright.checks.coverage", "--json", "-"]
        if rulebook is not None:
            args += ["--rulebook", str(rulebook)]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)

    def report(self) -> dict:
        out, err = self.process.communicate()
        if self.process.returncode != 0:
            raise RuntimeError(err.strip().splitlines()[-1] if err.strip() else "no output")
        return json.loads(out)

    def stop(self) -> None:
        self.process.kill()
        self.process.communicate()  # reaped, and its pipes closed


class _Fork(Measuring):
    def __init__(self, rulebook: Path | None):
        context = multiprocessing.get_context("fork")
        self.receiving, sending = context.Pipe(duplex=False)
        for stream in (sys.stdout, sys.stderr):  # what this process has yet to print is not printed twice
            stream.flush()
        self.process = context.Process(target=_measure_into, args=(rulebook, sending, lifeline.forker()), daemon=True,
                                       name="rulewright-coverage")
        self.process.start()
        self.parent = os.getpid()  # (a build with -j reads the report in a fork of its own, which cannot reap it)
        sending.close()  # (the fork holds its own end: the reading end sees the fork's end close)

    def report(self) -> dict:
        try:
            kind, value = self.receiving.recv()
        except EOFError:
            kind, value = "error", "the measuring process ended without a report"
            self._reap()
        finally:
            self.receiving.close()
        if kind == "error":
            raise RuntimeError(value)
        return value  # (the fork goes on a little: see _measure_into; ``finish`` waits for it)

    def finish(self) -> None:
        self._reap()

    def stop(self) -> None:
        if os.getpid() == self.parent:
            self.process.kill()
        self._reap()
        self.receiving.close()

    def _reap(self) -> None:
        if os.getpid() == self.parent:  # only the process that started it can (multiprocessing's rule)
            self.process.join()


def _measure_into(rulebook: Path | None, sending, parent: tuple[int, bool]) -> None:
    lifeline.tie(parent)  # (the build stopped from outside ends its measuring too)
    try:
        sending.send(("report", measure(rulebook)))
    except BaseException as error:  # noqa: BLE001 - said to the process waiting for the report
        sending.send(("error", f"{type(error).__name__}: {error}"))
        return
    finally:
        sending.close()
    with contextlib.suppress(AttributeError, OSError):  # (its work is wanted last: when the build ends)
        os.nice(19)
    _check_ahead(rulebook)


def _check_ahead(rulebook: Path | None) -> None:
    """With the report sent, the fork does the reading the build's closing checks do, while the
    build writes its pages: it checks the book's words (``words.check_terms``) and reads the events
    each game's code emits (``book.phrase_file_problems``) and each page's pieces (read by
    ``book.stale_mentions``). All of it is kept in the store, where the build then finds it (half
    a second of this repository's clean build). What the checks find is the build's to say."""
    try:
        root = Path(rulebook if rulebook is not None else config.current().rulebook)
        words.check_terms(root)
        book.phrase_file_problems(targets())
        for page in sorted(root.rglob("*.md")):
            words.page_pieces(page)
    except Exception:  # noqa: BLE001 - the build checks them again, and says what went wrong
        pass


def start(rulebook: Path | None = None, cwd: Path | None = None) -> Measuring:
    """Start measuring the book beside this process and return at once.

    Where it can, the measurement runs in a fork of this process, which has the toolchain imported,
    the project found and the book's pages scanned: it plays its first example at once, where a new
    Python process took a second to start and read everything again, and what it keeps in the store
    (``measure`` keeps every example's result) is keyed exactly as this process keys it, so the
    reading of the pages finds each example played. A fresh process (in ``cwd``) measures instead
    when a game is imported here already (lines run on import would go unseen), when this process
    runs other threads (a fork copies the calling one alone), or where a fork is not safe or not
    there (macOS, Windows).
    """

    games = {target.partition(":")[0] for target in targets().values()}
    imported = any(name == game or name.startswith(game + ".") for name in sys.modules for game in games)
    # (macOS: its system libraries may start threads of their own, and Python holds a fork there unsafe)
    if hasattr(os, "fork") and sys.platform != "darwin" and threading.active_count() == 1 and not imported:
        return _Fork(rulebook)
    return _FreshProcess(rulebook, cwd)


def reached_by_most(info: dict) -> str:
    """Which examples reach a function for it to be left out of the per-rule list, in words."""
    examples, at_least = info["examples"], info.get("common_at_least", common_at_least(info["examples"]))
    if examples == 1:
        return "the game's only example"
    if at_least >= examples:
        return f"all {examples} examples"
    return f"at least {at_least} of the {examples} examples"


def function_names(names: list[str]) -> list[str]:
    """``file:function`` names as the report prints them: the function alone, with its file's name
    when two files have a function of that name."""
    bare = [name.split(":", 1)[1] for name in names]
    return [f"{short} ({Path(name.split(':', 1)[0]).name})" if bare.count(short) > 1 else short
            for name, short in zip(names, bare)]


NOTHING_ELSE = "(nothing besides the functions nearly every example reaches)"


def text(report: dict, rules: bool = False, top: int = 12) -> str:
    """The report in words, for the terminal."""
    out = []
    for game, info in report["games"].items():
        examples = info["examples"]
        out.append(f"{game}: the book's {count(examples, 'example')} {'reaches' if examples == 1 else 'reach'} "
                   f"{info['reached']} of {count(info['statements'], 'engine line')} ({info['percent']}%).")
        for site in info["unreached_refusals"]:
            out.append(f"  refusal never shown: {site['rule']} at {site['file']}, line {site['line']}")
        if info["unreached_functions"]:
            out.append("  largest unreached code:")
            for f in info["unreached_functions"][:top]:
                what = "never called" if f["never"] else f"{count(f['lines'], 'line')} not reached"
                out.append(f"    {f['file']}, line {f['line']}: {f['function']} ({what})")
        if rules and info["rules"]:
            common = info.get("common", [])
            if common:
                out.append(f"  engine functions each rule's examples reach, leaving out the "
                           f"{count(len(common), 'function')} that {reached_by_most(info)} "
                           f"{'reaches' if examples == 1 else 'reach'} (listed after the rules):")
            else:
                out.append("  engine functions each rule's examples reach:")
            for rule_id, names in info["rules"].items():
                out.append(f"    {rule_id}: {', '.join(function_names(names)) or NOTHING_ELSE}")
            if common:
                out.append(f"  left out above, reached by {reached_by_most(info)}: "
                           f"{', '.join(function_names(common))}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulewright coverage",
                                     description="Which engine code the book's examples reach.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


def add_arguments(parser) -> None:
    parser.add_argument("--json", metavar="FILE", help="write the full report as JSON ('-' for the terminal)")
    parser.add_argument("--rules", action="store_true", help="also list, per rule, the engine functions "
                        "its examples exercise (leaving out, and listing apart, those nearly every example reaches)")
    parser.add_argument("--rulebook", help=argparse.SUPPRESS)


def run(args) -> int:
    if args.rulebook is None:
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
