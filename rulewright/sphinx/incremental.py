"""Incremental builds that match a clean build, and the report every build ends with.

Sphinx re-reads only the pages whose text changed. Two things make that wrong for a rulebook, and
are mended here with Sphinx's own environment events:

- A page's examples depend on their game's code and data, not only on the page's text: each page
  remembers the fingerprint of the games its examples play (and of the toolchain), and
  ``env-get-outdated`` has it re-read when one changed.
- Rule and example numbers, rule references and the rule index depend on the whole book: once the
  changed pages are read, ``env-get-updated`` compares the book-wide picture (every number, every
  rule and example with its result) with the one the last build wrote into the same output folder
  (a small file there), and has every page that shows any of it written again when it changed.

A third thing is Rulewright's own way of building: each edition's builds share one folder of read
pages (doctrees). ``make rulebook`` reads an edition once (Sphinx's ``dummy`` builder), then writes
its HTML and its PDF from those pages. So a build may find pages read by another one since it last
wrote them: ``builder-inited`` has it write a page whose read copy is newer than the written file,
and every page showing the book-wide picture when that picture is not the one it wrote
(``written_after_read``). A build that reads nothing leaves the shared folder as it is (Sphinx's
environment is not saved again), so two such builds may run at once.

At the end of every build (``build-finished``), the whole-book checks run on what the build
recorded (``rulewright.checks.book.book_problems``, the same checks ``rulewright check`` and the tests
make), and every failing example is listed with its file, line, ID and page: a build whose pages
were read earlier still says what fails.
"""
from __future__ import annotations

import hashlib
import json
import logging as python_logging
import sys
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.build_phase import BuildPhase
from sphinx.util.logging import get_node_location

from rulewright.book import scanner
from rulewright.checks import levels, phrase_names, records as game_records, typed_figures, words
from rulewright.store import cache
from rulewright.checks.book import (ExampleRecord, book_problems, meant_rule, phrase_file_problems,
                                    shown_without_words, stale_mentions, unused_position)
from rulewright.checks.project import project_problems
from rulewright.problems import ExampleProblem, Rules, Where, display_path
from rulewright.sphinx.domain import WARNED
from rulewright.sphinx.editions import list_said_elsewhere, reported_elsewhere, strict
from rulewright.sphinx.nodes import (clarifications_node, example_node, exampleref_node, rule_index_node, rule_number,
                                     ruleref_node)
from rulewright.sphinx.numbering import numbers
from rulewright.store.outcome import Kind, listing

logger = logging.getLogger(__name__)

# (page -> the anchors of the glossary terms' first uses on it, ``term_index``; page -> the warnings
# it gave when it was read, ``remember_warnings``: tables of the domain's data, kept per page)


def remember_warnings(app) -> None:
    """``builder-inited``: each warning given while a page is read is kept with the page
    (``WARNED``), and said again by every later build that does not read the page again
    (``say_warnings_again``). Sphinx reads only the pages that changed, so a build that failed on
    a warning (an option misspelt, a diagram the game could not draw, a malformed quick-reference
    step) would otherwise pass the second time, the page unchanged and nothing said."""
    handler = _Remember(app)
    sphinx_logs = python_logging.getLogger("sphinx")  # (every Sphinx logger's records reach it)
    sphinx_logs.addHandler(handler)
    app.connect("build-finished", lambda *_: sphinx_logs.removeHandler(handler), priority=900)


class _Remember(python_logging.Handler):
    def __init__(self, app):
        super().__init__(python_logging.WARNING)
        self.app = app

    def emit(self, record) -> None:
        if self.app.phase != BuildPhase.READING:  # (a page's writing says its own again when it is written)
            return
        env = self.app.env
        try:
            reading = env.docname  # the page being read, if one is
        except (KeyError, AttributeError):
            return
        if not reading:
            return

        location = getattr(record, "location", None)
        if isinstance(location, nodes.Node):
            location = get_node_location(location)
        elif isinstance(location, tuple):
            location = f"{env.doc2path(location[0])}:{location[1]}" if location[1] else str(env.doc2path(location[0]))
        data(env).setdefault(WARNED, {}).setdefault(reading, []).append(
            (record.getMessage(), location, getattr(record, "type", None), getattr(record, "subtype", None)))


def say_warnings_again(app, exception) -> None:
    """``build-finished``: the warnings the pages this build did not read gave when they were read
    (``remember_warnings``); in ``make rulebook``, by the build that lists the pending examples."""
    if exception is not None or list_said_elsewhere(app.builder):
        return
    read_now = getattr(app, "rulewright_read", set())
    for docname, warned in sorted(data(app.env).get(WARNED, {}).items()):
        if docname in read_now or docname not in app.env.all_docs:
            continue
        for message, location, kind, subtype in warned:
            logger.warning(message, location=location, type=kind, subtype=subtype)


def written_after_read(app) -> None:
    """``builder-inited``: a page read by another build sharing the doctrees since this output
    folder was written is written again, and so is every page showing the book-wide picture when
    that picture is not the one this folder's pages were written with."""
    builder = app.builder
    if not hasattr(builder, "get_outfilename"):
        return
    outdated = builder.get_outdated_docs

    def outdated_or_read_since():
        found = outdated()
        if isinstance(found, str):  # this builder writes every page anyway
            return found
        found = list(found)
        if _written_picture(app) != picture(app.env):
            found += [docname for docname in shows_book(app.env) if docname not in found]
        chosen = set(found)
        for docname in sorted(app.env.found_docs - chosen):
            try:
                read = (Path(app.doctreedir) / f"{docname}.doctree").stat().st_mtime
                written = Path(builder.get_outfilename(docname)).stat().st_mtime
            except OSError:
                continue  # never read or never written: Sphinx's own rules decide
            if read > written:
                found.append(docname)
        return found

    builder.get_outdated_docs = outdated_or_read_since


def data(env) -> dict:
    return env.domaindata.setdefault("rulewright", {})


def fingerprints(games) -> dict[str, str]:
    """What a page's examples depend on besides its text: each game's code and data, the toolchain."""
    out = {"": cache.digest(cache.TOOLCHAIN)}
    for game in sorted(set(games)):
        out[game] = cache.game_fingerprint(game)
    return out


def position_digest(page: str, name: str) -> str:
    """A hash of the shared position ``name`` as the example on ``page`` would find it."""
    position = scanner.positions_for(page).get(name)
    if position is None:
        return "missing"
    whole = [position.data, str(position.where), position.title]
    return hashlib.sha256(cache.canonical_json(whole).encode()).hexdigest()


def uses_game(env, name: str) -> None:
    """A directive of the page being read shows what the game ``name`` says of itself (its
    settings, its phrases, its events): the page is read again when the game changes, as a page of
    its examples is."""
    env.temp_data.setdefault(GAMES_SHOWN, set()).add(str(name))


GAMES_SHOWN = "rulewright_games_shown"


def record_page(app, doctree) -> None:
    """``doctree-read``: note the games this page's examples play or its directives show, and
    whether the page shows anything that depends on the whole book (numbers, rule references, the
    rule index)."""
    env = app.env
    examples = data(env).get("examples", {})
    here = [info for info in examples.values() if info["docname"] == env.docname]
    games = [info["game"] for info in here if info.get("game")] + sorted(env.temp_data.get(GAMES_SHOWN, ()))
    positions = {name: digest for info in here for name, digest in (info.get("positions") or {}).items()}
    shows_book = any(True for _ in doctree.findall(
        lambda n: isinstance(n, (rule_number, ruleref_node, exampleref_node, rule_index_node, example_node,
                                 clarifications_node))))
    data(env).setdefault("pages", {})[env.docname] = {"games": fingerprints(games), "shows_book": shows_book,
                                                      "positions": positions}


def outdated(app, env, added, changed, removed) -> list[str]:
    """``env-get-outdated``: pages whose games (or the toolchain), or the shared positions their
    examples start from, changed since they were read."""
    again = []
    named_now = _undeclared_now(data(env).get("examples", {}), env.srcdir)
    for docname, page in data(env).get("pages", {}).items():
        if docname in changed or docname in removed:
            continue
        if docname in named_now:  # a rule one of its examples names was declared, or is no longer
            again.append(docname)
            continue
        games = [g for g in page["games"] if g]
        path = str(env.doc2path(docname))
        if fingerprints(games) != page["games"] or any(
                position_digest(path, name) != digest for name, digest in page.get("positions", {}).items()):
            again.append(docname)
    return again


def _undeclared_now(examples: dict, srcdir) -> set[str]:
    """The pages with an example whose rules not declared are not those it was read with: a rule it
    names was declared since (on another page), or is no longer (renamed): what it came to changed
    (``rulewright.store.outcome``: an example naming a rule the book does not declare is not played)."""
    if not examples:
        return set()
    declared = scanner.declared_now(srcdir)
    return {info["docname"] for info in examples.values() if info.get("kind", "example") == "example"
            and "undeclared" in info and sorted({rule for rule in (info.get("rules") or info.get("named_rules") or ())
                                                 if rule not in declared}) != list(info["undeclared"])}


def picture(env) -> str:
    """Everything book-wide a page can show: numbers, rules, examples and their results, the
    titles of the pages the rule index names, and the glossaries' terms."""
    book = data(env)
    rules, examples = book.get("rules", {}), book.get("examples", {})
    pages = sorted({info["docname"] for info in rules.values()} | {info["docname"] for info in examples.values()})
    whole = {
        "numbers": numbers(env),
        "rules": rules,
        "examples": {k: {f: v for f, v in info.items() if f not in ("report",)} for k, info in examples.items()},
        "titles": {d: env.titles[d].astext() for d in pages if d in env.titles},
        "glossaries": {folder: cache.files_digest(Path(info["path"])) if Path(info["path"]).is_file() else ""
                       for folder, info in book.get("glossaries", {}).items()},  # the terms pages link to
    }
    return hashlib.sha256(json.dumps(whole, sort_keys=True, default=repr).encode()).hexdigest()


PICTURE = ".rulewright-picture"  # in an output folder: the book-wide picture its pages hold


def _written_picture(app) -> str | None:
    try:
        return (Path(app.outdir) / PICTURE).read_text(encoding="utf-8")
    except OSError:
        return None


def shows_book(env) -> list[str]:
    """The pages that show part of the book-wide picture, and those a glossary's terms link from."""
    book = data(env)
    folders = [Path(folder) for folder in book.get("glossaries", {})]
    return sorted(d for d, page in book.get("pages", {}).items() if d in env.found_docs and (
        page.get("shows_book") or any(f in Path(env.doc2path(d)).parents for f in folders)))


def note_reading(app, env, docnames) -> None:
    """``env-before-read-docs``: whether this build reads any page itself."""
    app.rulewright_reads = bool(docnames)
    app.rulewright_read = set(docnames)


def dependents(app, env) -> list[str]:
    """``env-get-updated`` (after Sphinx has numbered the sections): when this build read pages
    and the book-wide picture is not the one this output folder's pages hold, every page that
    shows part of it is written again. A build that read nothing settled that before
    (``written_after_read``) and names no page here, so Sphinx does not save the shared
    environment again."""
    if not getattr(app, "rulewright_reads", False) or _written_picture(app) == picture(env):
        return []
    return shows_book(env)


def remember_picture(app, exception) -> None:
    """``build-finished``: the picture this output folder's pages now hold."""
    if exception is None and Path(app.outdir).is_dir():
        (Path(app.outdir) / PICTURE).write_text(picture(app.env), encoding="utf-8")


def finish(app, exception) -> None:
    """``build-finished``: the whole-book checks and the list of failing examples."""
    if exception is not None:
        return

    env = app.env
    book = data(env)
    declared = book.get("rules", {})
    rules = Rules({rule_id: Where(str(env.doc2path(info["docname"])), info["lineno"])
                   for rule_id, info in declared.items()},
                  {info["formerly"]: rule_id for rule_id, info in declared.items() if info.get("formerly")})
    records, by_verdict = [], {"failed": [], "pending": [], "ready": []}
    for example_id, info in sorted(book.get("examples", {}).items(), key=lambda item: _place(env, item[1])):
        where = Where(str(env.doc2path(info["docname"])), info["lineno"], example_id)
        if not info.get("broken"):
            places = tuple((rule, where.at(line)) for rule, line in info["rule_places"])
            records.append(ExampleRecord(example_id, where, places, tuple(info.get("refused") or ()),
                                         info.get("game")))
        by_verdict.get(info.get("verdict", "failed"), []).append((where, info))

    unread = {rule for info in book.get("examples", {}).values() if info.get("broken")
              for rule in info.get("named_rules", ())}
    unread |= {meant for info in book.get("examples", {}).values() for rule in info.get("undeclared", ())
               if (meant := meant_rule(rule, rules))}  # (said at the example that names it: no knock-on)
    games = {info["game"] for info in book.get("examples", {}).values() if info.get("game")}

    typed, typed_advice = _typed_figures(app)

    scenarios = _scenarios(app)
    found, book_advice = levels.split(
        project_problems() + phrase_file_problems(games) + book_problems(rules, records, unread=unread)
        + stale_mentions(Path(app.srcdir), rules, book.get("examples", {}))
        + game_records.problems(Path(app.srcdir)) + _unused_positions(app) + _page_advice(app) + typed
        + phrase_names.problems(games, lambda: scenarios) + _designer_only_links(app)
        # what the examples show without words, as check finds it (each example's own mistakes are said at it)
        + shown_without_words(scenarios, examples_said=True,
                              each_example_said=app.config.rulewright_edition == "player"))
    for problem in found:
        logger.warning(problem.message, location=f"{problem.where.path}:{problem.where.line}",
                       type="rulewright", subtype="book")
    # An example stopped by a problem said at its own place (a game that cannot be loaded, said above;
    # a shared position that cannot be read, said at the position) could not be played: it is not
    # said again, nor counted among those that do not hold (rulewright.store.outcome: STOPPED).
    def kind_of(info) -> Kind:
        if "outcome" in info:
            return Kind(info["outcome"])
        return Kind.BROKEN if info.get("broken") else {"ok": Kind.HOLDS, "pending": Kind.PENDING,
                                                       "ready": Kind.READY}.get(info.get("verdict"), Kind.FAILS)

    unplayed = [(where, info) for where, info in by_verdict["failed"] if kind_of(info) is Kind.STOPPED]
    failing = by_verdict["failed"] = [(where, info) for where, info in by_verdict["failed"]
                                      if kind_of(info) is not Kind.STOPPED]
    is_strict = strict(app.config)
    if is_strict:
        for where, info in failing:
            logger.warning(_at_its_place(info["report"], where), location=f"{where.path}:{where.line}",
                           type="rulewright", subtype="example")
    # The list every channel ends with (its examples at their own lines), then what else fails: a
    # shared position or a balance claim, at its place.
    examples = [(kind_of(info), Where(where.path, info.get("example_line", where.line), where.example),
                 _page_title(env, info)) for where, info in by_verdict["failed"] + by_verdict["pending"]
                + by_verdict["ready"] + unplayed if info.get("kind", "example") == "example"]
    lines = listing(examples, positions_stopped=sum(1 for _, info in unplayed if info.get("kind") == "position"))
    others = [(where, info) for where, info in failing if info.get("kind", "example") != "example"]
    if others:
        one = len(others) == 1
        lines.append(f"{len(others)} shared position{'' if one else 's'} or balance claim{'' if one else 's'} "
                     f"{'does' if one else 'do'} not hold:")
        lines += [f"  {display_path(where.path)}:{where.line}  {where.example}  {_page_title(env, info)}"
                  for where, info in others]
    if failing and not is_strict:
        lines += [""] + [info["report"] for _, info in failing]

    if lines and not reported_elsewhere(app.config) and not list_said_elsewhere(app.builder):
        print("\n".join(lines), file=sys.stderr)
    advice = [tuple(said) for info in book.get("examples", {}).values() for said in info.get("advice", ())]
    advice += [(problem.check, str(problem)) for problem in typed_advice + book_advice]
    advice += getattr(app, "_rulewright_player_words_advice", [])  # (editions.player_only: what this edition prints)
    if advice and not list_said_elsewhere(app.builder):  # (the player's edition finds it: never a build error)
        print("\n".join(levels.said_together(advice) + [levels.counted(len(advice))]), file=sys.stderr)


def _page_title(env, info) -> str:
    title = env.titles[info["docname"]].astext() if info["docname"] in env.titles else info["docname"]
    return f"(page '{title}')"


def _typed_figures(app) -> tuple[list, list]:
    """The problems of the numbers typed in the book's text (``rulewright.checks.typed_figures``),
    as ``rulewright check`` finds them, and apart from them its advice (a book at an older check
    level); read by the designer's edition, which has every page. The report of every figure is
    written beside the build, ``typed-figures.txt``."""
    if app.config.rulewright_edition == "player":
        return [], []

    book = scanner.scan(Path(app.srcdir))
    scenarios = []
    for decl in book.examples:
        try:
            scenarios.append(decl.parse())
        except ExampleProblem:
            continue  # (said at its example)
    found = typed_figures.check(book, scenarios)
    try:
        Path(app.outdir).mkdir(parents=True, exist_ok=True)
        (Path(app.outdir) / "typed-figures.txt").write_text(typed_figures.report(typed_figures.last()) + "\n",
                                                            encoding="utf-8")
    except OSError:
        pass  # (the report is a convenience; the problems are said below)
    return levels.split(found)


def _designer_only_links(app) -> list:
    """Each reference the player's edition prints to a rule, an example or a page only the
    designer's edition has, at its line (``rulewright.checks.words.designer_only_target``): said in
    both editions alike, as ``rulewright check`` and the page's test say it (the player's edition
    does not also say the reference leads to nothing: ``rules._unknown``)."""
    root = Path(app.srcdir)
    book = scanner.scan_cached(root, scanner.pages_stamp(root))
    return words.designer_only_links(root, book.rules, {example.id: example for example in book.examples})


def _scenarios(app) -> list:
    """The book's examples as the scanner reads them (those that can be read), for the checks that
    look at the positions they reach (``rulewright.checks.phrase_names``), as ``rulewright check``
    gives them."""
    root = Path(app.srcdir)
    found = []
    for decl in scanner.scan_cached(root, scanner.pages_stamp(root)).examples:
        try:
            found.append(decl.parse())
        except ExampleProblem:
            continue  # (its own problem, said at its line)
    return found


def _page_advice(app) -> list:
    """What checks newer than the book's check level find in the book's pages themselves (an
    ``edition:`` naming none) and in its glossaries (a term defined twice): the pages' reading
    (``examples.read_page``) and the words check (``glossary.check_words``) leave it to be said
    here, once, with the rest of the advice, whichever pages this build read."""

    root = Path(app.srcdir)
    return [problem for problem in scanner.scan_cached(root, scanner.pages_stamp(root)).problems + words.check_terms(root)
            if levels.is_advice(problem)]


def _unused_positions(app) -> list:
    """Each shared position of the book no example starts from, as ``rulewright check`` says it (in
    the designer's edition, which has every page: the player's leaves out examples that may use one)."""
    if app.config.rulewright_edition == "player":
        return []

    root = Path(app.srcdir)
    declared = scanner.scan_cached(root, scanner.pages_stamp(root)).positions
    recorded = data(app.env).get("examples", {})
    used = {str(name) for info in recorded.values() for name in (info.get("positions") or {})}
    unset = {key.removeprefix("position ") for key, info in recorded.items() if info.get("kind") == "position"}
    return [unused_position(name, position.where) for name, position in declared.items()
            if name not in used and name not in unset]  # (one that cannot be set up says so itself)


def _at_its_place(report: str, where: Where) -> str:
    """A report as its warning says it: Sphinx prints the file and line before it, so the place it
    opens with (``rules.md, line 187, example x: ...``) is left out, its example's ID kept."""
    place = str(Where(where.path, where.line))
    return next((report[len(place) + 2:] for joint in (", ", ": ") if report.startswith(place + joint)), report)


def _place(env, info):
    return str(env.doc2path(info["docname"])), info["lineno"]


