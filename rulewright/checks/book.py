"""Whole-book checks that tie the text, the examples and the engine together.

- every rule ID the engine can refuse with is declared in the book;
- every such refusal is shown by at least one example that expects it;
- every declared rule is shown by at least one example;
- every rule ID an example names is declared;
- rule and example IDs are well formed and unique, and every example can at least be read;
- every state path an example checks and every event the engine can emit or an example expects
  has words in its game's phrases (``Game.phrases``), so the printed book never shows engine
  internals and its wording cannot drift from the engine.
- every shared position sets up and is used by some example;
- the prose keeps to each chapter's glossary, and every cross-reference leads somewhere
  (rulewright/checks/words.py);
- no page names, in its inline code or its shell commands, a rule ID or an example ID the book
  no longer has (what goes stale silently when a game's rules are replaced: a command table's
  ``rulewright run <example>``, an index page's "such as ``game.take.limit``").

Refusals are found by reading the engine's source: each ``Refusal("<rule-id>", ...)`` names its
rule as a string literal, which is also what lets a newcomer find a rule's code in one search.
"""
from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from pathlib import Path

from rulewright.book import quick_reference, scanner
from rulewright.book import config
from rulewright.book import phrases
from rulewright.book import registry
from rulewright.book.registry import data_files, game_sources, get_game, python_files
from rulewright.checks import (engine_source, figures, levels, narration, phrase_names, project,
                               records as game_records, typed_figures, words)
from rulewright.ci import report as ci_report
from rulewright.game import InputError, did_you_mean
from rulewright.game.refusal import nearest
from rulewright.game.values import written
from rulewright.problems import ExampleProblem, Where, display_path, renamed_to, rule_hint
from rulewright.scenario import (Position, checked_paths, dealt_paths, expected_events, position_chain, rule_places,
                                 start, undeclared_rule)
from rulewright.scenario import SPECIAL_EXPECT
from rulewright.scenario.checking import not_in_catalogue
from rulewright.scenario.comparing import flatten
from rulewright.store.cache import evaluate



DATA_REFUSALS = "data-refusals"  # the check's code name (rulewright.checks.levels)


@dataclass(frozen=True)
class RefusalSite:
    rule: str
    where: Where
    in_data: bool = False  # a phase of the game's YAML data, not a call in its code


def refusal_sites(*roots: Path) -> tuple[list[RefusalSite], list[ExampleProblem]]:
    """Every ``Refusal(...)`` (and kit call that refuses) in the Python files under ``roots``, and
    the calls whose rule ID is not a literal (from each file's one reading, ``engine_source.read``);
    then every refusal written as data in their YAML files (a phase's ``rule:``,
    ``engine_source.data_refusals``)."""
    sites, problems = [], []
    for path in python_files(*roots):
        for rule, line in engine_source.read(path).refusals:
            where = Where(str(path), line)
            if rule is not None:
                sites.append(RefusalSite(rule, where))
            else:
                problems.append(ExampleProblem(where, "This refusal does not name its rule ID as a plain string. "
                                               "Write Refusal(\"game.section.rule\", \"...\") so the rule can be "
                                               "found and checked."))
    for path in data_files(*roots):
        sites += [RefusalSite(rule, Where(str(path), line), True) for rule, line in engine_source.data_refusals(path)]
    return sites, problems


@dataclass(frozen=True)
class ExampleRecord:
    """What the whole-book checks need of one example, from the text (``check``) or from the
    Sphinx build's records: its ID, where, the rules it names (each with where it names it), the
    rule it expects a refusal by, and its game."""

    id: str
    where: Where
    rule_places: tuple[tuple[str, Where], ...]
    refused: tuple[str, ...]
    game: str | None

    @classmethod
    def of(cls, s) -> "ExampleRecord":
        return cls(s.id, s.where, tuple(rule_places(s)), tuple(s.refused_rules()), s.game_name)


def quick_reference_problems(book, rules) -> list[ExampleProblem]:
    """Each ``{quick-reference}`` of the book checked as the build reads it
    (``rulewright.book.quick_reference``), and each rule its steps name that the book does not declare."""
    found = []
    for page in book.pages.values():
        if any(name == quick_reference.NAME for name, _ in page.directives):
            for body, line in scanner.directive_bodies(page.text, quick_reference.NAME):
                found += quick_reference.problems(body, Where(page.path, line), rules)
    return found


def check(rulebook: Path | None = None, *engines: Path, besides_pages: bool = False) -> list[ExampleProblem]:
    """All problems found, each naming its file and line; an empty list means the book is sound.
    The engine side is the code in ``engines``, by default every game the book's examples play,
    wherever it is installed.

    ``besides_pages``: only what no page's own test under pytest reports (a page's problems, its
    words and references, an example that cannot be read or names an undeclared rule, a game that
    cannot be loaded), so that ``make test`` says each problem once.

    What checks newer than the book's check level find is not among them: it is advice, said as a
    warning (``rulewright.checks.levels.CheckAdvice``: pytest lists and counts it, never failing)."""
    problems, advice = check_with_advice(rulebook, *engines, besides_pages=besides_pages)
    return levels.warned(problems + advice)


def check_with_advice(rulebook: Path | None = None, *engines: Path, besides_pages: bool = False,
                      playing: Collection = ()) -> tuple[list[ExampleProblem], list[ExampleProblem]]:
    """``check``'s problems, and apart from them the advice: what the checks newer than the book's
    check level find (``rulewright.checks.levels``). ``playing``: the examples (the scanner's
    ``ExampleDecl``) the caller plays and whose outcome it says (``rulewright.store.outcome``): what
    is wrong with one of them that its outcome says (it cannot be read, it names a rule the book
    does not declare) is left to it, as under pytest (``besides_pages``) each example's test says it."""
    rulebook = Path(rulebook) if rulebook is not None else config.current().rulebook
    book = scanner.scan(rulebook)
    problems = [] if besides_pages else project.project_problems() + list(book.problems)
    if not besides_pages:  # (under pytest, each record is a test of its own: rulewright.testing.records)
        problems += game_records.problems(rulebook)
        problems += words.book_word_problems(rulebook, book)
    scenarios, unread, its_own = [], set(), set()  # its_own: the examples whose outcome says their problems
    played = {_place(decl) for decl in playing}
    for decl in book.examples:
        try:
            scenarios.append(decl.parse())
        except ExampleProblem as problem:
            unread.update(decl.named_rules)
            if not besides_pages and _place(decl) not in played:
                problems.append(problem)
        else:
            if besides_pages or _place(decl) in played:
                its_own.add(id(scenarios[-1]))
    problems += _position_problems(book, scenarios, set_up=not besides_pages)  # (each position's own test sets it up)
    rules = scanner.declared(book)
    problems += stale_mentions(rulebook, rules, {example.id for example in book.examples})
    problems += quick_reference_problems(book, rules)  # (no page's test under pytest reads them)
    problems += figures.figure_problems(book)  # (nor them)
    records = [ExampleRecord.of(s) for s in scenarios]
    # An undeclared rule of an example whose outcome says it is said there (and the rule it was meant
    # to be counts as shown and refused, as book_problems counts it: no knock-on message).
    said = [id(s) in its_own for s in scenarios]
    unread |= {meant for r, own in zip(records, said) if own for rule, _ in r.rule_places if rule not in rules
               if (meant := meant_rule(rule, rules))}
    records = [replace(r, rule_places=tuple(p for p in r.rule_places if p[0] in rules)) if own else r
               for r, own in zip(records, said)]
    problems += book_problems(rules, records, engines, unread) + phrase_problems(scenarios, besides_pages)
    problems += phrase_names.problems({s.game_name for s in scenarios if s.game_name}, scenarios)
    played = narration.played(scenarios)
    problems += narration.check(book, scenarios, played)  # what the book says about play (checks/levels.py: advice
    # for a book written for a level before these checks)
    problems += typed_figures.check(book, scenarios, played)  # the numbers typed beside the game's words
    problems = once(problems)
    if besides_pages:  # a game that cannot be loaded is said once by the test run itself (rulewright.testing)
        problems = [problem for problem in problems if problem.cause is None]
    problems, advice = levels.split(problems)
    for problem in problems:  # under a CI host, each is marked at its line if the test calling this fails
        ci_report.notice(ci_report.Mark.of(problem))
    return problems, advice


def _place(decl) -> tuple[str, int]:
    return str(decl.where.path), decl.where.line


def once(problems: list[ExampleProblem]) -> list[ExampleProblem]:
    """``problems`` with each said once: the examples and shared positions of a game that cannot be
    loaded all meet its one problem (``rulewright.book.registry.GameNotLoaded``)."""
    said: dict[str, ExampleProblem] = {}
    for problem in problems:
        said.setdefault(str(problem), problem)
    return list(said.values())


class BookProblems(Exception):
    """The whole-book checks' problems, raised by the test that runs them (``raise
    BookProblems(problems)``): pytest reports them once, in these words (the count, then each at
    its line), without a traceback, and its summary line does not repeat them."""

    def __init__(self, problems: list[ExampleProblem]) -> None:
        many = len(problems) != 1
        super().__init__("\n".join([f"The whole-book checks found {len(problems)} problem{'s' if many else ''}:",
                                    *(f"  {problem}" for problem in problems)]))
        self.problems = problems


def book_problems(rules: dict[str, Where], examples: list[ExampleRecord],
                  engines: tuple[Path, ...] = (), unread: set[str] = frozenset()) -> list[ExampleProblem]:
    """The checks that tie rules, examples and the engines' refusals together; the Sphinx build,
    ``rulewright check`` and ``make test`` all call this one function. ``rules`` maps each
    declared rule ID to where it is declared; ``unread``, the rules that examples which cannot be
    read name (what they show is not known until they are mended, and their own problem says so:
    not also that the rule has no example, or that no example shows its refusal)."""
    problems: list[ExampleProblem] = []
    sites, site_problems = refusal_sites(*(engines or game_sources(e.game for e in examples if e.game)))
    problems += site_problems

    shown: set[str] = set(unread)
    refused_in_examples: set[str] = set(unread)
    for example in examples:
        problems += [undeclared_rule(rule, where, rules) for rule, where in example.rule_places if rule not in rules]
        shown.update(rule for rule, _ in example.rule_places)
        refused_in_examples.update(example.refused)
        # A rule misspelt or renamed where the example names it is said once, there: the rule it
        # was meant to be is not also said to have no example, or no example of its refusal.
        undeclared = {rule for rule, _ in example.rule_places if rule not in rules}
        if undeclared:
            meant = {rule: meant_rule(rule, rules) for rule in undeclared}
            shown.update(filter(None, meant.values()))
            refused_in_examples.update(filter(None, (meant.get(rule) for rule in example.refused)))

    problems += renamed_but_kept(rules)
    unplayable = None
    for rule_id, where in rules.items():
        if rule_id not in shown:
            if unplayable is None:
                unplayable = rules_of_unloadable_games()
            if rule_id in unplayable:
                continue  # its examples cannot be played: the game's one problem says why
            problems.append(ExampleProblem(where, f"The rule {rule_id} has no example. Add an example that "
                                           "shows it and name the rule in its ':rules:' option."))

    reported: set[str] = set()
    for site in sites:
        if site.rule in reported:
            continue
        who, check = ("The game's data (a phase, which refuses the moves it does not allow)", DATA_REFUSALS) \
            if site.in_data else ("The engine", None)
        if site.rule not in rules:
            reported.add(site.rule)
            problems.append(ExampleProblem(site.where, f"{who} refuses with rule {site.rule!r}, which the "
                                           "rulebook does not declare. " + (rule_hint(site.rule, rules)
                                           if renamed_to(site.rule, rules) else "Declare it with a rule directive in "
                                           "the chapter, or cite the right rule here."), check=check))
        elif site.rule not in refused_in_examples:
            reported.add(site.rule)
            problems.append(ExampleProblem(rules[site.rule], f"{who} can refuse an action by rule {site.rule} "
                                           f"({site.where}), but no example shows that refusal. Add an example "
                                           f"whose expect says 'refused: {site.rule}'.", check=check))
    return problems


RENAMED_KEPT = "formerly-still-declared"  # the check's code name (rulewright.checks.levels)


def renamed_but_kept(rules) -> list[ExampleProblem]:
    """A rule whose ``:formerly:`` names a rule the book still declares: the old ID cannot lead to
    the new one (a refusal or an example citing it means the old rule), so one of them is stale.
    Said at the ``:formerly:`` line."""
    renamed = getattr(rules, "renamed", {}) or {}
    problems = []
    for old, new in renamed.items():
        if old in rules and new in rules and old != new:
            where = rules[new]
            problems.append(ExampleProblem(where.at(_option_line(where, "formerly")), (
                f"The rule {new} says it was formerly {old} (':formerly: {old}'), but the book still declares "
                f"the rule {old} ({rules[old]}). An ID renamed is gone: remove the old rule (or give it an ID "
                "of its own), or remove this ':formerly:' line."), check=RENAMED_KEPT))
    return problems


def _option_line(where: Where, option: str, reach: int = 12) -> int:
    """The line of the directive option ``:option:`` in the few lines from ``where`` (its
    directive's first line), else that first line."""
    try:
        lines = Path(where.path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return where.line
    for number in range(where.line, min(len(lines), where.line + reach) + 1):
        if lines[number - 1].lstrip().startswith(f":{option}:"):
            return number
    return where.line


def rules_of_unloadable_games() -> set[str]:
    """The rules of a game that cannot be loaded (the rules of a chapter whose examples play it,
    ``rule_games``): its examples cannot be played, so none shows a rule; that is the game's one
    problem, not one more for each of its rules."""
    games = scanner.rule_games()
    broken = {game for played in games.values() for game in played if registry.load_failure(game) is not None}
    return {rule for rule, played in games.items() if played & broken} if broken else set()


# Commands whose next word is an example's ID, and a rule ID's shape: its game's prefix and at
# least two more parts (``mb.expand.first-link``), so that a file name such as ``bus.py`` is not one.
EXAMPLE_COMMANDS = re.compile(r"(?:pytest\b[^`\n]*?\s-k|rulewright\s+(?:run|diagram|accept))\s+([A-Za-z0-9][\w.-]*)")
RULE_COMMAND = re.compile(r"--rule[\s=]+([A-Za-z0-9][\w.-]*)")
FILE_ENDINGS = ("py", "md", "yaml", "yml", "toml", "txt", "json", "svg", "png", "pdf", "html", "csv")
RULE_SHAPE = re.compile(r"(?<![\w./-])([a-z][a-z0-9]*)((?:\.[a-z0-9][a-z0-9-]*){2,})(?![\w/-]|\.\w)")


def stale_mentions(root: Path, rules, examples) -> list[ExampleProblem]:
    """Rule IDs and example IDs named in the pages' inline code and shell commands that the book
    does not have: a page that still names the rules of a game since replaced. A rule ID is
    recognised by the prefix of the book's own rules (``game.`` in ``game.take.limit``), an example
    ID by the command it follows (``rulewright run``, ``pytest -k``) and its first word, one that
    begins the book's own rule or example IDs (so a page may show the commands of another
    project, such as ``dragon-race-first-turn``)."""
    prefixes = {rule.split(".")[0] for rule in rules}
    first_words = prefixes | {str(example).split("-")[0] for example in examples}
    problems = []
    for path in sorted(Path(root).rglob("*.md")):
        for piece in words.page_pieces(path):
            if piece.kind != "code":
                continue
            where = Where(str(path), piece.line)
            named = [(m.group(1), m.start()) for m in RULE_COMMAND.finditer(piece.text)]
            named += [(m.group(1) + m.group(2), m.start()) for m in RULE_SHAPE.finditer(piece.text)
                      if m.group(1) in prefixes and m.group(2).rsplit(".", 1)[1] not in FILE_ENDINGS]
            for rule, at in dict(named).items():
                if rule not in rules:
                    problems.append(ExampleProblem(where.at(piece.line + piece.text.count("\n", 0, at)), (
                        f"'{rule}' reads as a rule ID, but the book declares no such rule (was it renamed, or the "
                        f"game replaced?). {did_you_mean(rule, rules)} Name a rule the book declares, or write the "
                        "text without it.").replace("  ", " ")))
            for match in EXAMPLE_COMMANDS.finditer(piece.text):
                example = match.group(1)
                if example not in examples and example not in rules and example.split("-")[0] in first_words:
                    problems.append(ExampleProblem(where.at(piece.line + piece.text.count("\n", 0, match.start())), (
                        f"'{match.group(0).strip()}' names the example '{example}', which the book does not have "
                        f"(was it renamed, or the game replaced?). {did_you_mean(example, examples)} Name an "
                        "example the book has: its ':id:'.").replace("  ", " ")))
    return problems


def event_sites(*roots: Path) -> list[tuple[str, Where]]:
    """Every ``Event("<name>", ...)`` with its name written out, in the Python files under ``roots``."""
    return [(name, where) for name, where, _, _ in _event_calls(roots)]


def secret_event_sites(*roots: Path) -> list[tuple[str, Where]]:
    """Those of ``event_sites`` that say who sees their details (``seen_by=``): events that need an
    ``unseen:`` sentence for everyone else."""
    return [(name, where) for name, where, secret, _ in _event_calls(roots) if secret]


def _event_calls(roots) -> list[tuple[str, Where, bool, tuple[str, ...] | None]]:
    """Each event call's name, place, whether it says who sees it and its details' names (None when
    the call does not write them out), from each file's one reading: every build checks the
    events, ``phrase_file_problems``."""
    return [(name, Where(str(path), line), secret, details)
            for path in python_files(*roots) for name, line, secret, details in engine_source.read(path).events]


def phrase_file_problems(game_names) -> list[ExampleProblem]:
    """The mistakes in each of these games' phrase files, each at its line (its pages print no
    phrases of that game until they are mended), or else each event the engine can
    emit that the file does not list (``_catalogue_problems``); what the book's build says every
    time, as ``rulewright check`` does."""
    problems = []
    for name, game in registry.phrased_games(game_names):
        mistakes = phrase_file_mistakes(game)
        problems += mistakes or _catalogue_problems(name, phrases.for_game(game))
    return problems


def meant_rule(rule: str, rules) -> str | None:
    """The declared rule an undeclared ``rule`` stands for: the one it was renamed to, or the only
    one near it (``did_you_mean``'s one suggestion, and a close one: none when two are as near)."""
    renamed = renamed_to(rule, rules)
    if renamed:
        return renamed
    near = nearest(rule, rules, cutoff=0.8)
    return near[0] if len(near) == 1 else None


def _emitted(game_name: str) -> set[str]:
    """The events the game's code can emit, by name."""
    return {event for event, _ in event_sites(*game_sources([game_name]))}


def _catalogue_problems(game_name: str, said_by) -> list[ExampleProblem]:
    """Each event the game's code (its package, or its module: ``game_sources``, where its
    refusals are read too) can emit that its phrases do not list (the book would print
    "'discarded' happens"), and each event told to some players only that has no sentence for the
    others; at the line of the code that emits it."""
    folders = game_sources([game_name])
    problems, reported = [], set()
    for event, where in event_sites(*folders):
        if event not in said_by.events and event not in reported:
            reported.add(event)
            problems.append(ExampleProblem(where, f"The engine can emit the event {event!r}, which the game's "
                                           f"phrases ({display_path(said_by.source)}) do not list. Add it under 'events:' "
                                           "with the sentence the book prints when it happens."))
    problems += _detail_problems(folders, said_by, reported)
    for event, where in secret_event_sites(*folders):
        if event in said_by.events and event not in said_by.unseen and event not in reported:
            reported.add(event)
            problems.append(ExampleProblem(where, f"The event {event!r} says who sees its details (seen_by), "
                                           f"but the game's phrases ({display_path(said_by.source)}) give no sentence "
                                           "for everyone else. Write it as {say: \"...\", unseen: \"...\"} under "
                                           f"'events:', e.g. unseen: \"{{player}} draws a card.\", so the player's "
                                           "edition does not print what its reader cannot see."))
    return problems


def _detail_problems(folders, said_by, reported: set) -> list[ExampleProblem]:
    """Each event sentence naming a detail no ``Event`` call of that name gives (the book would
    print the event's bare name instead of the sentence), at the sentence's line; only for events
    whose every call writes its details out."""
    details: dict[str, set[str] | None] = {}
    first: dict[str, Where] = {}
    for event, where, _, given in _event_calls(folders):
        first.setdefault(event, where)
        known = details.get(event, set())
        details[event] = None if given is None or known is None else known | set(given)
    problems = []
    for event, known in details.items():
        if known is None or event in reported:
            continue
        for form, sentence in (("say", said_by.events.get(event)), ("then", said_by.then.get(event)),
                               ("unseen", said_by.unseen.get(event))):
            named = [name for name in phrases.fields(_STATE_REFERENCE.sub("", sentence or ""))
                     if re.split(r"[.\[]", name)[0] not in known]
            if named:
                reported.add(event)
                has = (f"the details {phrases.words(sorted(known))}" if len(known) > 1 else
                       f"the detail {next(iter(known))}" if known else "no details")
                problems.append(ExampleProblem(
                    said_by.where(event) or Where(said_by.source, 1),
                    f"The sentence of the event {event!r} names {{{named[0]}}}, but the engine's {event!r} "
                    f"events have {has} ({display_path(first[event].path)}, line {first[event].line}), so "
                    f"the book would print the event's name instead. Write "
                    + ("one of those" if known else "the sentence without it")
                    + (" in the sentence" if form == "say" else f" in its '{form}:'")
                    + f", or have the engine give the event a detail {named[0]!r}."))
                break
    return problems


_STATE_REFERENCE = re.compile(r"\{(?:before|after|verb):[^{}]+\}")  # a figure of the position, or a verb: not a detail


def phrase_file_mistakes(game) -> list[ExampleProblem]:
    """The mistakes in the game's phrase file, each at its line (all of them: mended together)."""
    if getattr(game, "phrases", None) is None:
        return []
    try:
        phrases.for_game(game)
    except phrases.PhraseError as error:
        found = []
        for mistake in [error, *error.others]:
            where = mistake.where or Where(str(phrases.path_of(game) or game.phrases), 1)
            said = mistake.message.removeprefix(f"{where}: ")
            found.append(ExampleProblem(where, said[:1].upper() + said[1:]))  # (a sentence, as every other problem)
        return found
    return []


def phrase_problems(scenarios, examples_said: bool = False) -> list[ExampleProblem]:
    """Paths and events the book would show with no words for them in the game's phrases.
    ``examples_said``: the examples' own tests say an expected event the catalogue lacks."""
    return (phrase_file_problems({s.game_name for s in scenarios if s.game_name})
            + shown_without_words(scenarios, examples_said))


def shown_without_words(scenarios, examples_said: bool = False, each_example_said: bool = False) -> list[ExampleProblem]:
    """What the examples show that the game's phrases (read without a mistake) have no words for:
    state paths, settings, presets and engine values, moves. The build calls it as ``rulewright
    check`` does, besides the phrase files' own problems (``phrase_file_problems``), each said
    once. ``each_example_said``: the player's build says the presets and values at each example as
    it reads it (``rulewright.sphinx.wording``); moves without words are said here in every channel,
    one problem a kind of move, in the same words."""
    problems: list[ExampleProblem] = []
    games = {}
    for scenario in scenarios:
        try:
            games.setdefault(scenario.game_name, registry.get_game(scenario.game_name))
        except InputError:
            continue
    # a game that declares no phrases shows its paths and events as the engine names them; one whose
    # phrase file has a mistake, in the engine's words until it is mended (that mistake is said)
    said = {name: phrases.for_game(game) for name, game in games.items()  # (read once: for_game keeps it)
            if game.phrases is not None and not phrase_file_mistakes(game)}
    unsaid: dict[str, list[tuple[str, Where]]] = {}  # by game: each path without words, where the book shows it
    unsaid_moves: dict[str, list[tuple[str, Where]]] = {}  # by game: each move without words, and its line
    unsaid_setup: dict[str, list[tuple[str, Where]]] = {}  # by game: each setup key printed by its engine name
    shown: dict[str, Position] = {}  # the shared positions the examples start from, by name
    unreadable = _ProblemLines()
    for scenario in scenarios:
        for name in position_chain(scenario)[0]:
            position = (getattr(scenario, "positions", None) or {}).get(name)
            if position is not None:
                shown.setdefault(name, position)
    for setting_up in [*scenarios, *shown.values()]:
        said_by = said.get(setting_up.game_name)
        if said_by is not None and not words.designer_only(setting_up.where.path, setting_up.where.line):
            unsaid_setup.setdefault(setting_up.game_name, []).extend(
                (key, setting_up.where.at(line)) for key, line in setup_paths(setting_up, said_by)
                if not unreadable.at(setting_up, line))
    for scenario in scenarios:
        said_by = said.get(scenario.game_name)
        if said_by is None:
            continue
        for key, line in checked_paths(scenario) + dealt_paths(scenario):
            if said_by.path(key) is None and not unreadable.at(scenario, line):
                unsaid.setdefault(scenario.game_name, []).append((key, scenario.where.at(line)))
        if not each_example_said:
            problems += engine_words(scenario, said_by)
        unsaid_moves.setdefault(scenario.game_name, []).extend(moves_without_words(scenario, said_by))
        if not examples_said:  # (its example's test says it when it did not happen: checking.not_in_catalogue)
            for event, line in expected_events(scenario):
                unknown = not_in_catalogue(games[scenario.game_name], event)
                if unknown is not None and event not in _emitted(scenario.game_name):  # (else said at
                    # the engine's line, _catalogue_problems: the phrase is missing, not the example misspelt)
                    problems.append(ExampleProblem(scenario.where.at(line), unknown))
        given = scenario.data.get("settings")
        for name, value in (given.items() if isinstance(given, dict) else ()):
            if said_by.setting(name, value) is None and _a_choice(scenario.game_name, name, value):
                value = written(value)  # (a setting the game has no such choice for is the example's own problem)
                problems.append(found_by(PHRASE_WORDS, scenario.problem(
                    f"The book has no words for the setting {name}: {value}. Add them under 'settings:' in "
                    f"{display_path(said_by.source)} (e.g. {name}: {{{value}: \"the rule as this choice reads it\"}}), "
                    "so the player's edition can say it in the rules' words.", "settings", name)))
    for name, found in unsaid.items():
        problems += _unsaid_paths(found, display_path(said[name].source))
    for name, found in unsaid_moves.items():
        problems += _unsaid_moves(found, display_path(said[name].source))
    for name, found in unsaid_setup.items():
        problems += _unsaid_paths(found, display_path(said[name].source), setup=True)
    return problems


def setup_paths(s, said: phrases.Phrases) -> list[tuple[str, int]]:
    """The setup keys an example or a shared position writes that the player's edition would print
    by the engine's name ("Next train: 4"), with their lines: a key the game's phrases give no
    'setup:' words, whose value is neither a path with words ('next', as "Whose turn it is") nor a
    mapping that mirrors the view's paths, each with words (``players: {cat: {cash: 30}}`` as
    "Cat's cash"). A mapping's paths are named one by one, so one pattern under 'paths:' mends
    them. An entry left as the position has it (``ann: {}``) prints nothing and needs no words.
    (The setup table reads each key so: ``rulewright.sphinx.setup_text.describe_setup``.)"""
    setup = s.data.get("setup")
    found: list[tuple[str, int]] = []
    for key, value in (setup.items() if isinstance(setup, dict) else ()):
        if key in ("preset", "from") or str(key) in said.setup:
            continue
        if isinstance(value, dict) and value:
            found += [(".".join(map(str, path)), s.lines.line("setup", *yaml_path))
                      for path, yaml_path, leaf in flatten({key: value})
                      if leaf != {} and said.setup_path(".".join(map(str, path))) is None]
        elif not isinstance(value, dict) and said.path(str(key)) is None:
            found.append((str(key), s.lines.line("setup", key)))
    return found


# The code names of checks added after the first release (their levels: rulewright.checks.levels).
# Every move the book shows has words (``moves:`` in the phrase file): a book whose phrase file has
# no ``moves:`` section yet prints its moves as the notation.
MOVE_WORDS = "move-words"
# Every preset, setting and engine value an example uses has words in the game's phrases.
PHRASE_WORDS = "phrase-words"
# Every setup key an example or a position the player's edition prints writes has words in them.
SETUP_WORDS = "setup-words"


def found_by(check_name: str, problem: ExampleProblem) -> ExampleProblem:
    """``problem``, marked as found by the check ``check_name`` (rulewright.checks.levels)."""
    problem.check = check_name
    return problem


def moves_without_words(scenario, said_by) -> list[tuple[str, Where]]:
    """Each move of the example (as the game writes it back, ``Action.notation()``) that no pattern
    of the game's ``moves:`` phrases fits, with its line: the player's edition cannot say it in
    the players' words. Only for a phrase file with a ``moves:`` section (check ``move-words``)."""
    if not said_by.has_moves or said_by.unreadable:
        return []
    try:
        result = evaluate(scenario)
    except Exception:  # noqa: BLE001 - an example that cannot be played is said by its own check
        return []
    return [(step.action.notation(), scenario.where.at(step.line)) for step in result.run.steps
            if step.action is not None and said_by.move(step.action.notation(), step.actor) is None]


def _unsaid_moves(found: list[tuple[str, Where]], source: str) -> list[ExampleProblem]:
    """One problem for each kind of move without words (its first word: 'lay', 'buy'), at the first
    place the book shows one, with a pattern to start from."""
    kinds: dict[str, list[tuple[str, Where]]] = {}
    for notation, where in found:
        kinds.setdefault(notation.split(" ")[0].lower(), []).append((notation, where))
    problems = []
    for places in kinds.values():
        notations = list(dict.fromkeys(notation for notation, _ in places))
        sample = move_pattern(notations[0])
        said = ", ".join(f"'{n}'" for n in notations[:3]) + (f" and {len(notations) - 3} more" if len(notations) > 3
                                                            else "")
        problems.append(ExampleProblem(places[0][1], check=MOVE_WORDS, message=f"The book has no words for the move{'s' if len(notations) > 1 else ''} "
                                       f"{said}. Add a pattern for {'them' if len(notations) > 1 else 'it'} under "
                                       f"'moves:' in {source}, with the words that vary in braces, e.g. "
                                       f"\"{sample}\": \"{{actor}} ... .\", so the player's edition says the move in "
                                       "the players' words." + _also([where for _, where in places])))
    return problems


def move_pattern(notation: str) -> str:
    """A pattern to start from for ``notation``: its words in lower case kept, the others (names,
    numbers, codes) made placeholders ("lay 5 on C18" -> "lay {a} on {b}")."""
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    return " ".join(word if word.isalpha() and word.islower() else f"{{{next(letters, 'z')}}}"
                    for word in notation.split())


def _unsaid_paths(found: list[tuple[str, Where]], source: str, setup: bool = False) -> list[ExampleProblem]:
    """One problem for each missing phrase, at the first place the book shows its path: a path
    shown by several examples is one phrase to write, and paths that differ in one part only
    ('supply.pears', 'supply.plums'; 'players.ann.name', 'players.bob.name') are one pattern
    ('supply.*', 'players.*.name'), the last part taken first where a path fits two. ``setup``:
    the paths are keys an example's setup writes (check ``setup-words``), whose words may also go
    under 'setup:'."""
    def patterns(key: str) -> list[tuple[str, int]]:  # the key with one part a *, the last part first
        parts = key.split(".")  # (a setup's first part is its key: words for each key, never for "*")
        return [(".".join(parts[:i] + ["*"] + parts[i + 1:]), i) for i in reversed(range(int(setup), len(parts)))]

    sharing: dict[str, set[str]] = {}
    for key, _ in found:
        for pattern, _ in patterns(key):
            sharing.setdefault(pattern, set()).add(key)
    families: dict[tuple[str, int], list[tuple[str, Where]]] = {}
    for key, where in found:
        pattern, place = max(patterns(key), key=lambda p: len(sharing[p[0]]), default=(key, -1))  # (the first,
        families.setdefault((pattern, place) if len(sharing.get(pattern, ())) > 1 else (key, -1),  # the last part,
                            []).append((key, where))  # on a tie)
    problems = []
    for (pattern, place), places in families.items():
        keys = list(dict.fromkeys(key for key, _ in places))
        wheres = [where for _, where in places]
        if setup:
            problems.append(found_by(SETUP_WORDS, ExampleProblem(wheres[0], _setup_words_wanted(
                keys, pattern if len(keys) > 1 else keys[0], place, source) + _also(wheres))))
        elif len(keys) == 1:
            problems.append(ExampleProblem(wheres[0], f"The book has no words for the state path '{keys[0]}'. Add a "
                                           f"pattern for it under 'paths:' in {source} (e.g. {keys[0]}: \"what it is in "
                                           "words\"; write * for a part of the path that varies, and {1} in the words "
                                           "for what the * in place 1 stands for, counting from 0)." + _also(wheres)))
        else:
            sample = ", ".join(f"'{key}'" for key in keys[:-1]) + f" and '{keys[-1]}'"
            problems.append(ExampleProblem(wheres[0], f"The book has no words for the state paths {sample}. Add one "
                                           f"pattern for them under 'paths:' in {source}: {pattern}: \"... {{{place}}} "
                                           f"...\", where {{{place}}} is what the * stands for ({keys[0].split('.')[place]}, "
                                           f"...)." + _also(wheres)))
    return problems


def _setup_words_wanted(keys: list[str], pattern: str, place: int, source: str) -> str:
    """What to write for setup keys printed by the engine's name: words under 'setup:' (a key, or a
    pattern of paths into its mapping), or under 'paths:' where the setup writes a path of the view."""
    named = (f"the setup key '{keys[0]}'" if len(keys) == 1 and "." not in keys[0] else
             f"the setup's '{keys[0]}'" if len(keys) == 1 else
             "the setup's " + ", ".join(f"'{key}'" for key in keys[:-1]) + f" and '{keys[-1]}'")
    example = (f"{pattern}: \"what it is in words\"" if "*" not in pattern else
               f"\"{pattern}\": \"... {{{place}}} ...\", where {{{place}}} is what the * stands for "
               f"({keys[0].split('.')[place]}, ...)")
    return (f"The book has no words for {named}: the player's edition would print "
            f"'{keys[0]}' as the engine names it in the example's setup. Add words for it under 'setup:' in {source} "
            f"({example}); where the setup writes a path of the game's view, words under 'paths:' serve both.")


def _also(wheres: list[Where]) -> str:
    """The other places a missing phrase shows, each once: " (The book shows it also at line 80,
    line 12 of rules.md.)"."""
    others = list(dict.fromkeys((w.path, w.line) for w in wheres[1:] if (w.path, w.line) != (wheres[0].path, wheres[0].line)))
    if not others:
        return ""
    said = [f"line {line}" + ("" if path == wheres[0].path else f" of {display_path(path)}") for path, line in others[:5]]
    more = f" and {len(others) - 5} more" if len(others) > 5 else ""
    return f" (The book shows it also at {', '.join(said)}{more}.)"


def _is_preset(game_name: str, preset) -> bool:
    """Whether the game has this preset: a misspelt one is the evaluation's to name ("Did you mean
    'standard'?"), not a preset to give words to."""
    try:
        return str(preset) in {str(name) for name in (get_game(game_name).presets or {})}
    except Exception:  # the game cannot be loaded: that is reported once, elsewhere
        return False


def engine_words(scenario, said_by) -> list[ExampleProblem]:
    """A preset the example starts from, and an engine word it expects as a value ("deck-empty"),
    that the game's phrases give no words for: the player's edition would print the engine's name."""
    problems = []
    setup = scenario.data.get("setup")
    preset = setup.get("preset") if isinstance(setup, dict) else None
    if preset is not None and said_by.preset(preset) is None and _is_preset(scenario.game_name, preset):
        problems.append(found_by(PHRASE_WORDS, scenario.problem(
            f"The book has no words for the preset '{preset}'. Add them under 'presets:' in "
            f"{display_path(said_by.source)} (e.g. {preset}: \"the position it sets up, as a player says it\"), so "
            "the player's edition says where the example starts in the game's words.", "setup", "preset")))
    for at, block in scenario.expect_blocks():
        for _, yaml_path, value in flatten({k: v for k, v in block.items() if k not in SPECIAL_EXPECT}):
            for word in dict.fromkeys(said_by.unsaid(value)):
                problems.append(ExampleProblem(scenario.where.at(scenario.lines.line(*at, *yaml_path)), check=PHRASE_WORDS,
                                               message=f"The book has no words for the engine's value '{word}'. Add them "
                                               f"under 'values:' in {display_path(said_by.source)} (e.g. {word}: \"what it means, "
                                               "as a player says it\"), so the player's edition does not print the "
                                               "engine's name."))
    return problems


def _a_choice(game_name: str, name: str, value) -> bool:
    """Whether ``value`` is a choice the game offers for its setting ``name``."""
    try:
        setting = registry.get_game(game_name).settings.get(name)
    except InputError:
        return False
    return setting is not None and setting.offers(value)


class _ProblemLines:
    """The line at which playing each example (or setting up each position) reports a problem, if
    any, worked out once for each: a state path that does not exist is named there once, with a
    did-you-mean, not also as a path the phrases lack."""

    def __init__(self) -> None:
        self._lines: dict[int, tuple[object, int | None]] = {}  # by id: the example (kept alive), its line

    def at(self, scenario, line: int) -> bool:
        """Whether ``scenario`` reports its problem at ``line``."""
        if id(scenario) not in self._lines:
            self._lines[id(scenario)] = (scenario, _problem_line(scenario))
        return self._lines[id(scenario)][1] == line


def _problem_line(scenario) -> int | None:
    """The line at which playing the example (or setting up the position) reports a problem, or None."""
    try:
        start(scenario) if isinstance(scenario, Position) else evaluate(scenario)  # (a position is set up)
    except ExampleProblem as problem:
        return problem.where.line
    except Exception:  # noqa: BLE001 - playing reports its own failures; here it only decides a message
        return None
    return None


def _position_problems(book, scenarios, set_up: bool = True) -> list[ExampleProblem]:
    """Each shared position must set up on its game's engine (``set_up``: under pytest, each
    position's own test sets it up) and be used by some example."""
    problems = []
    used = {str((s.data.get("setup") or {}).get("from")) for s in [*scenarios, *book.positions.values()]}
    for position in book.positions.values():
        try:
            if set_up:
                start(position)
        except ExampleProblem as problem:
            problems.append(problem)
            continue
        if position.name not in used:
            problems.append(unused_position(position.name, position.where))
    return problems


def unused_position(name: str, where: Where) -> ExampleProblem:
    """The one message for a shared position no example starts from (``check``, the tests, the build)."""
    return ExampleProblem(where, f"The position {name!r} is used by no example. Start an example from it "
                                 f"('setup: {{from: {name}}}') or remove it.")
