"""``{engine-coverage}``: the designer's page saying which engine code no example reaches.

The figures are measured when the page is read, by playing every example under coverage in a
process of its own (``rulewright.checks.coverage``), and put in the page when it is written, so
they are never stale: the page depends on every game's code and data and every page of the book,
and Sphinx reads it again when any of them changes. The
report is kept in the project's store under a hash of what it depends on (the examples and shared
positions as written, each game's code and data, the toolchain), so the second edition's build, an
unchanged rebuild and a rebuild after an edit of the prose alone reuse it.

Measuring takes seconds (every example played under coverage), so it starts as soon as Sphinx
knows it will read the page (``start_early``), in its own process beside the reading of the other
pages. The page read holds a placeholder (``report_node``, a kind of ``deferred.set_aside``), which
collects the report when the page is written, so neither the reading nor the writing of the other
pages waits for the measurement (in this repository's clean build it ends while the first pages
are written). The
measurement keeps each example's result in the store as it plays it, so the reading of the other
pages finds them played.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulewright.book import scanner
from rulewright.store import cache
from rulewright.checks import coverage as engine_coverage
from rulewright.book import registry
from rulewright.book.phrases import count
from rulewright.sphinx import deferred, incremental, tables
from rulewright.sphinx.nodes import ruleref_node

logger = logging.getLogger(__name__)
TOP = 10


def _inputs(root: Path) -> str:
    """Everything the report depends on, as one text for the store's key: the examples and shared
    positions as they are written, in the book's order (not the prose around them, nor the lines
    they stand on: an edit of a page's words is not measured again), each game's code and data,
    and the Python that runs them (the toolchain is in every key of the store)."""
    games = registry.targets()
    # (The scan is the one the measurement's fork then finds in memory, not made again there under
    # coverage; the key is the examples' text, not the pages' times.)
    found = scanner.scan_cached(root, scanner.pages_stamp(root))
    written = {"examples": [[decl.title, decl.options, decl.body] for decl in found.examples],
               "positions": [[decl.title, decl.options, decl.body] for page in found.pages.values()
                             for decl in page.positions]}
    return json.dumps({"book": cache.canonical_json(written), "python": sys.version, "games": games,
                       "code": {name: cache.game_fingerprint(name) for name in sorted(games)}}, sort_keys=True)


# Measurements started before their page is read, by the store's content (their ``_inputs``).
_started: dict[str, object] = {}
# The ``_inputs`` of the book being read by this build, by its folder (start_early to the page).
_read_now: dict[Path, str] = {}
NAME = "engine-coverage"


def _shows_report(path: Path) -> bool:
    text = path.read_text(encoding="utf-8", errors="replace")
    # The scanner's reading of the page (MyST's own), only for pages that name the directive at all.
    return "{" + NAME + "}" in text and any(name == NAME for name, _ in scanner.directive_names(text))


def start_early(app, env, docnames) -> None:
    """``env-before-read-docs``: when a page about to be read shows the report and the store holds
    none for today's book and games, start measuring now (``rulewright.checks.coverage.start``:
    in a fork of this process, where it can), and have Sphinx read the pages that show it last
    (Sphinx reads ``docnames`` in its order), so the report is ready when they are read. (It ran at
    a lower priority than the reading once; now that the reading takes the examples' results from
    it, it runs at the same.)"""
    showing = [name for name in docnames if _shows_report(Path(env.doc2path(name)))]
    if not showing:
        return
    root = Path(env.srcdir)
    inputs = _read_now[root] = _inputs(root)  # (the page reads them once more when its turn comes: see run)
    if inputs not in _started and not cache.is_kept("engine-coverage", inputs):
        _started[inputs] = engine_coverage.start(root, cwd=Path(app.confdir))
        docnames[:] = _reading_order(env, docnames, showing)


def _reading_order(env, docnames: list[str], showing: list[str]) -> list[str]:
    """The pages as this build reads them while the measurement plays the examples: first the
    pages without an example (the API reference, the glossaries, the guides), then those with
    examples, as they were, and last the pages that show the report. The measurement plays every
    example and keeps its result, in the book's order; the pages without one give it a head start,
    so the reading finds the first examples played instead of playing them a second time. (The
    order of reading changes nothing in the book: its numbers follow the table of contents.)"""
    found = scanner.scan_cached(Path(env.srcdir), scanner.pages_stamp(Path(env.srcdir)))
    playing = {str(Path(page.path).resolve()) for page in found.pages.values() if page.examples or page.positions}
    rest = [name for name in docnames if name not in showing]
    plays = {name: str(Path(env.doc2path(name)).resolve()) in playing for name in rest}
    return [name for name in rest if not plays[name]] + [name for name in rest if plays[name]] + showing


# Measurements whose report was read, still at work on what they do after it.
_reported: list = []
# The measurements whose page this build read: their report is wanted, even by a build that writes
# no page (``make rulebook``'s reading), which keeps it in the store for the builds that write.
_wanted: set[str] = set()


def stop_unused(app, exception) -> None:
    """``build-finished``: a measurement whose page was read and not yet written (a build that
    only reads) is waited for and its report kept; one whose page was not read after all (the
    build stopped first) is stopped, not left running; one that gave its report is waited for."""
    _read_now.clear()
    for inputs in list(_started):
        if inputs in _wanted and exception is None:
            try:
                cache.kept("engine-coverage", inputs, lambda: _measure(Path(app.srcdir), Path(app.confdir), inputs))
            except RuntimeError:
                pass  # said by the build that writes the page, which measures again
    while _started:
        _started.popitem()[1].stop()
    _wanted.clear()
    while _reported:
        _reported.pop().finish()


def _measure(root: Path, project: Path, inputs: str) -> dict:
    started = _started.pop(inputs, None)
    if started is not None:
        _reported.append(started)
        return started.report()
    return engine_coverage.measure_in_fresh_process(root, cwd=project)


class report_node(deferred.set_aside):
    """Where the report goes (``inputs``: what it is measured from), made when the page is written
    (``deferred.PutBack``, which walks each page for what was set aside): the reading of the other
    pages does not wait for the measurement."""

    def made(self) -> list[nodes.Node]:
        return _report(self)


class EngineCoverageDirective(SphinxDirective):
    has_content = False

    def run(self):
        root, project = Path(self.env.srcdir), Path(self.env.app.confdir)
        # What the book's examples were when this build started reading (start_early): the scan of
        # every page, a tenth of a second, is not made twice in one build.
        inputs = _read_now.pop(root, None) or _inputs(root)
        _wanted.add(inputs)
        for page in root.rglob("*.md"):
            self.env.note_dependency(str(page))
        for game in registry.targets():  # (read again when a game's code or data changes)
            incremental.uses_game(self.env, game)
        placeholder = report_node(inputs=inputs, root=str(root), project=str(project))
        self.set_source_info(placeholder)
        return [placeholder]


def _report(placeholder: report_node) -> list[nodes.Node]:
    inputs, root, project = placeholder["inputs"], Path(placeholder["root"]), Path(placeholder["project"])
    try:
        report = cache.kept("engine-coverage", inputs, lambda: _measure(root, project, inputs))
    except RuntimeError as error:
        logger.warning(f"The engine coverage could not be measured: {error}. Run 'rulewright coverage' "
                       "to see why.", location=placeholder)
        return [nodes.paragraph(text="The engine coverage could not be measured for this build.")]
    out = []
    for game, info in report["games"].items():
        out += _game(game, info)
    return out


def _game(game, info):
    section = [nodes.rubric(text=f"{game}: {info['percent']}% of the engine reached")]
    examples = info["examples"]
    section.append(nodes.paragraph(text=(
        f"The book's {count(examples, 'example')} of {game} "
        f"{'reaches' if examples == 1 else 'reach'} {info['reached']} of the engine's "
        f"{count(info['statements'], 'line')}.")))
    if info["unreached_refusals"]:
        section.append(nodes.paragraph(text=(
            "Places where the engine refuses a move that no example reaches (the rule may be shown "
            "refused elsewhere, by another path through the code):")))
        section.append(_table(["Rule", "Where the engine refuses"],
                              [[ruleref_node(rule_id=site["rule"], rawtext=site["rule"]),
                                f"{site['file']}, line {site['line']}"]
                               for site in info["unreached_refusals"]], (30, 70)))
    else:
        section.append(nodes.paragraph(text="Every refusal the engine can make is reached by an example."))
    if info["unreached_functions"]:
        section.append(nodes.paragraph(text="The largest pieces of engine code no example reaches:"))
        section.append(_table(["Where", "Function", "Lines not reached"],
                              [[f"{f['file']}, line {f['line']}", f["function"],
                                f"{f['lines']}" + (" (never called)" if f["never"] else "")]
                               for f in info["unreached_functions"][:TOP]], (45, 35, 20)))
    rows = []
    for rule_id, names in info["rules"].items():
        rows.append([ruleref_node(rule_id=rule_id, rawtext=rule_id),
                     ", ".join(engine_coverage.function_names(names)) or engine_coverage.NOTHING_ELSE])
    common = info.get("common", [])
    if rows and common:
        most = engine_coverage.reached_by_most(info)
        section.append(nodes.paragraph(text=(
            f"What each rule's examples exercise, leaving out the "
            f"{count(len(common), 'engine function')} that {most} "
            f"{'reaches' if examples == 1 else 'reach'} (they are listed under the table):")))
        section.append(_table(["Rule", "Engine functions"], rows, (20, 80)))
        section.append(nodes.paragraph(text=(
            f"Left out above, reached by {most}: {', '.join(engine_coverage.function_names(common))}.")))
    elif rows:
        section.append(nodes.paragraph(text="What each rule's examples exercise:"))
        section.append(_table(["Rule", "Engine functions"], rows, (20, 80)))
    return section


def _table(head, rows, widths):
    table, body = tables.table(widths, head=head, classes=["rw-coverage"])
    for cells in rows:
        body += tables.row([c if isinstance(c, nodes.Node) else str(c) for c in cells])
    return table
