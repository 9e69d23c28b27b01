"""``rulewright check``: the whole-book checks, then every example played and its diagrams drawn
(each DOT source once: one Graphviz has drawn is kept by its text, so a pre-commit hook draws only
what changed)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
import sys
import time

from rulewright.book import config, diagrams, scanner
from rulewright.book.phrases import count
from rulewright.checks import levels, typed_figures
from rulewright.checks.book import check_with_advice
from rulewright.ci import report as ci_report
from rulewright.ci.report import Mark
from rulewright.problems import ExampleProblem, InShared
from rulewright.store import cache, outcome as outcomes
from rulewright.store.outcome import Kind

NAME = "check"
HELP = "check rules, examples and engine refusals against each other, and play every example"


PROGRESS_EVERY = 10.0  # seconds between the words `check` says about a long run


def add_arguments(parser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="play only the examples on these pages (the whole-book checks still run); a file "
                             "that is not a page of the book (a game's code or data) plays them all. This is how "
                             "the pre-commit hook calls it, with the files a commit changes")
    parser.add_argument("--figures", action="store_true",
                        help="list every number typed in the text beside a word the game's phrases know: those "
                             "checked against the game, and those it could tie to nothing (trusted as typed)")


def run(args) -> int:
    book = scanner.scan()
    examples = _examples_on(book, getattr(args, "files", None) or [])
    # (what is wrong with an example played here, its outcome says: not also the whole-book checks)
    problems, advice = check_with_advice(playing=examples)
    for problem in problems:
        print(problem)

    if getattr(args, "figures", False):
        print(typed_figures.report(typed_figures.last()))
        return 1 if problems else 0
    figures_said = typed_figures.summary(typed_figures.last())
    said_advice = advice_said(advice)
    if said_advice:
        print(said_advice)
    marks = [Mark.of(problem) for problem in problems]
    ready = []
    failing = unplayed = unreadable = unplayable = 0
    pictures: list = []  # (where, DOT source) of each diagram the examples that hold ask for
    same: dict[str, list[str]] = {}  # a mistake in a shared preset -> the other examples that met it too
    stopped: dict[str, list[str]] = {}  # a bug of a game's diagram code -> the other examples it stops drawing
    notes = []
    decided = []  # (kind, place, "") of each example, for the list the check ends with (outcome.listing)
    known = scanner.declared(book)
    pending_is_error = config.current().pending == "error"
    started = said = time.monotonic()
    for so_far, decl in enumerate(examples):
        if time.monotonic() - said >= PROGRESS_EVERY:  # a long run says how far it has got
            said = time.monotonic()
            print(f"  ... {so_far} of {count(len(examples), 'example')} played ({int(said - started)} s)", file=sys.stderr,
                  flush=True)
        try:
            scenario = decl.parse()
        except ExampleProblem as problem:
            outcome = outcomes.of_problem(problem, decl.where)
            unreadable += outcome.kind is Kind.BROKEN
        else:
            outcome = outcomes.decide(scenario, known, pending_is_error)
            unplayable += outcome.kind in outcomes.NOT_PLAYED
        decided.append((outcome.kind, outcome.where, ""))
        if outcome.kind is Kind.STOPPED:  # the problem said above (a game that cannot be loaded) stops it
            unplayed += 1
            continue
        if outcome.kind in outcomes.NOT_PLAYED:
            marks += ([Mark(str(outcome.where.path), int(outcome.where.line or 1), f"Example {decl.id}", outcome.text)]
                      if outcome.kind is Kind.INTERNAL else [Mark.of(problem) for problem in outcome.problems])
            problem = outcome.problem
            if isinstance(problem, InShared) and problem.message in same:  # one mistake many examples meet: said once
                same[problem.message].append(decl.id)
                continue
            if isinstance(problem, InShared):
                same[problem.message] = []
            print(outcome.text)
            continue
        result = outcome.result
        if outcome.kind is not Kind.FAILS:
            try:  # a drawer that fails is found here, not first by the build
                pictures += [(result.scenario.where, code) for code in diagrams.sources(result)]
            except ExampleProblem as problem:
                if isinstance(problem, diagrams.DrawerFailed):  # one bug of the diagram code: said once
                    if problem.site in stopped:
                        stopped[problem.site].append(decl.id)
                        continue
                    stopped[problem.site] = []
                else:
                    failing += 1
                print(problem)
                marks.append(Mark.of(problem))
                continue
        if outcome.kind is Kind.FAILS:
            failing += 1
            print(outcome.text)
            marks.append(ci_report.failure_mark(result, outcome.text))
        elif outcome.kind in (Kind.PENDING, Kind.READY):
            notes.append(outcome.text)
            if outcome.kind is Kind.READY:
                ready.append(ci_report.ready_mark(result))
    for problem in _undrawable(pictures):
        failing += 1
        print(problem)
        marks.append(Mark.of(problem))
    for also in same.values():
        if also:
            print(f"The same problem in {count(len(also), 'more example')}: {', '.join(also)}.")
    for also in stopped.values():
        if also:
            print(f"The same bug in the diagram code stops the diagrams of {count(len(also), 'more example')}: "
                  f"{', '.join(also)}.")
    for note in notes:
        print(note)
    listed = outcomes.listing(decided)
    if listed:
        print("\n" + "\n".join(listed))
    if figures_said:
        print(figures_said)
    ci_report.publish(marks + ready)
    played = (f"{len(examples)} of {count(len(book.examples), 'example')} (those on the pages named)"
              if len(examples) != len(book.examples) else count(len(book.examples), "example"))
    others = len(problems)  # the book's problems (an example played says its own: check_with_advice)
    of = (f"the {count(len(examples), 'example')} played (those on the pages named)"
          if len(examples) != len(book.examples) else count(len(book.examples), "example"))
    verdict_said = _verdict(others, unreadable, failing, of, unplayed,
                            bugs=len(stopped), undrawn=len(stopped) + sum(map(len, stopped.values())),
                            unplayable=unplayable)
    advised = f" {advice_count(advice)}" if advice else ""
    ci_report.write_summary("Rulebook check", f"{verdict_said} {len(notes)} marked pending.{advised}", marks, ready)
    if problems or failing or stopped or unplayable or unreadable:
        print(f"\n{verdict_said}{advised}")
        return 1
    print(f"The rulebook is sound: {count(len(book.rules), 'rule')}, {played}. Every example"
          + (" played" if len(examples) != len(book.examples) else "") + " holds"
          + (f" but {len(notes)} marked pending." if notes else ".") + advised)
    return 0


def advice_said(advice: list) -> str:
    """The advice of the checks newer than the book's check level, each once, under a head that
    says why it does not fail the book (``rulewright.checks.levels``); "" when there is none."""
    return "\n".join(["", *levels.said_together([(problem.check, str(problem)) for problem in advice])]) if advice else ""


def advice_count(advice: list) -> str:
    """The summary's words for the advice."""
    return levels.counted(len(advice))


def _examples_on(book, files: list[str]) -> list:
    """The examples to play: those on the pages among ``files``, or all of them when no files are
    named or one of them is not Markdown (a change to a game's code or data can change
    any example; the store of results plays again only those it changes)."""
    if not files:
        return list(book.examples)

    rulebook = config.current().rulebook.resolve()
    named = [Path(name).resolve() for name in files]
    if any(path.suffix != ".md" for path in named):
        return list(book.examples)
    pages = {path for path in named if path.is_relative_to(rulebook)}  # other Markdown (a README) plays none
    return [decl for decl in book.examples if Path(decl.where.path).resolve() in pages]


def _undrawable(pictures: list) -> list[ExampleProblem]:
    """The diagrams Graphviz cannot read, each at its example (as the build would say it). A DOT
    source Graphviz once drew is kept in the store by its text, so a check after an edit draws only
    the pictures that changed; the rest are drawn two at a time."""

    program = diagrams.dot_program()

    def drawn(item):
        where, code = item
        try:
            cache.kept("drawable", f"{program}\0{code}", lambda: bool(diagrams.render(code, where)))
        except ExampleProblem as problem:
            return problem
        return None

    with ThreadPoolExecutor(max_workers=2) as pool:
        found = [problem for problem in pool.map(drawn, pictures) if problem is not None]
    first = {}  # one problem an example (its 'before' and 'after' pictures are the same code's)
    for problem in found:
        first.setdefault(str(problem.where), problem)
    return list(first.values())


def _verdict(others: int, unreadable: int, failing: int, of: str, unplayed: int = 0, bugs: int = 0,
             undrawn: int = 0, unplayable: int = 0) -> str:
    """The check's last sentence: "1 problem found: 1 of 4 examples does not hold." (``others``:
    problems of the book that are not an example failing or unreadable, such as a rule without one;
    ``unplayed``: examples that one of those problems kept from being played; ``unplayable``: examples
    whose own setup or moves could not be played (as the build lists them); ``bugs`` of the games'
    diagram code, which stop the diagrams of ``undrawn`` examples that hold)."""
    def do(number: int) -> str:
        return "does" if number == 1 else "do"

    said = []
    if unreadable and failing:
        said.append(f"of {of}, {unreadable} could not be read and {failing} {do(failing)} not hold")
    elif unreadable:
        said.append(f"{unreadable} of {of} could not be read")
    elif failing:
        said.append(f"{failing} of {of} {do(failing)} not hold")
    if unplayable:
        said.append(f"{unplayable} of {of} could not be played")
    if others:
        said.append(f"{count(others, 'other problem')} above" if said else
                    "see above" + ("" if unplayed else "; every example played holds"))
    if unplayed:
        said.append(f"{unplayed} of {of} could not be played because of " + ("it" if others == 1 else "them"))
    if bugs:
        said.append(("a bug" if bugs == 1 else f"{bugs} bugs") + " in the diagram code stop"
                    + ("s" if bugs == 1 else "") + f" the diagrams of {undrawn} of {of}")
    total = others + unreadable + failing + bugs + unplayable
    if not total:
        return "No problem found."
    return f"{count(total, 'problem')} found: {', and '.join(said)}."


