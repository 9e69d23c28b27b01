"""Two editions from one source: the player's edition and the designer's edition.

``sphinx-build -t player`` builds the player's edition: the rules, numbered, and their examples as
a reader needs them (setup in words, the moves, what happened, the diagram), without rule IDs
(not even as a link's tooltip), verification marks, designer's notes (``player-notes = true`` in
``[tool.rulewright]`` keeps the notes) or the pages' Markdown sources. ``-t designer``, or no
tag, builds the designer's edition: everything, with each example's ID, the rules it shows, its
status and the verification summary.

A page for designers only says so in its front matter, and the player's edition leaves it out::

    ---
    edition: designer
    ---

Both tags can be used in the pages too (``{only} player``).
"""
from __future__ import annotations

import datetime
import logging as python_logging
import os
from pathlib import Path
import subprocess

from docutils import nodes
from sphinx import addnodes
from sphinx.util import docname_join, logging

from rulewright.book import config
from rulewright.book.source import TOLERANT, page_edition  # (the scanner's and the checks' too: read without Sphinx)
from rulewright.checks import levels, player_words as checks
from rulewright.sphinx.nodes import REPORTED

logger = logging.getLogger(__name__)

EDITIONS = ("player", "designer")


def cover(sphinx_config, project) -> None:
    """``config-inited``: the printed book's cover says which edition it is, of when (the day of the
    project's last commit, so the same sources print the same cover; today outside git) and since
    which version its change bars run; neither cover advertises the tools the book was made with.
    A project's own ``html_context["cover_meta_data"]`` in conf.py wins."""
    done = subprocess.run(["git", "-C", str(project.root), "log", "-1", "--format=%cs"], capture_output=True,
                          text=True)
    try:
        day = datetime.date.fromisoformat(done.stdout.strip())
    except ValueError:  # not a git repository, or no commit yet
        day = datetime.date.today()
    words = [f"The {sphinx_config.rulewright_edition}'s edition", f"{day.day} {day:%B %Y}"]
    if project.changes_since:
        words.append(f"changes since {project.changes_since} marked in the margin")
    context = dict(sphinx_config.html_context or {})
    context.setdefault("cover_meta_data", " · ".join(words))
    sphinx_config.html_context = context
    sphinx_config.html_show_sphinx = False


REPORTED_BY = "RULEWRIGHT_REPORTED_BY"
# The builder whose build says a diagram Graphviz cannot draw, where two builds of one edition
# write the same pictures side by side (make rulebook: its HTML and its PDF): the other leaves it out.
PICTURES_SAID_BY = "RULEWRIGHT_PICTURES_SAID_BY"


# The builder whose build lists the examples that are pending (or now hold while marked so), where
# one edition is read, then written as HTML and as PDF, in one run (make rulebook: its reading).
LIST_SAID_BY = "RULEWRIGHT_LIST_SAID_BY"


def pictures_said_elsewhere(builder) -> bool:
    """Whether another build of this edition says the diagrams that cannot be drawn (``PICTURES_SAID_BY``)."""
    return _said_elsewhere(PICTURES_SAID_BY, builder)


def list_said_elsewhere(builder) -> bool:
    """Whether another build of this edition lists the pending examples (``LIST_SAID_BY``)."""
    return _said_elsewhere(LIST_SAID_BY, builder)


def _said_elsewhere(variable: str, builder) -> bool:
    said_by = os.environ.get(variable, "")
    return bool(said_by) and said_by != builder.name


def reported_elsewhere(sphinx_config) -> bool:
    """Whether the book's problems are said by the other edition's build running beside this one
    (``RULEWRIGHT_REPORTED_BY=designer``, as ``make rulebook`` reads both editions at once): then
    this build says only what is its own (what the player's edition would print wrongly), so a
    failing example is reported once, not once per edition. The other build still fails on it."""
    said_by = os.environ.get(REPORTED_BY, "")
    return said_by in EDITIONS and said_by != sphinx_config.rulewright_edition


class _OwnWarningsOnly(python_logging.Filter):
    def filter(self, record) -> bool:
        return record.levelno < python_logging.WARNING or getattr(record, "subtype", None) == "player-only"


def quiet_if_reported_elsewhere(app, sphinx_config) -> None:
    """``config-inited`` (after ``choose``): leave the book's problems to the other edition's build
    (until this build ends: Sphinx may run again in the same process)."""
    if not reported_elsewhere(sphinx_config):
        return
    quiet = _OwnWarningsOnly()
    loggers = [python_logging.getLogger(name) for name in list(python_logging.Logger.manager.loggerDict)
               if name.startswith("sphinx.rulewright.")]
    for logger_ in loggers:
        logger_.addFilter(quiet)
    app.connect("build-finished", lambda *_: [logger_.removeFilter(quiet) for logger_ in loggers], priority=900)


def choose(app, sphinx_config, project) -> None:
    """``config-inited``: the edition from the build's tags; in the player's edition, leave out the
    pages marked ``edition: designer``."""
    chosen = [e for e in EDITIONS if app.tags.has(e)]
    if len(chosen) > 1:
        logger.warning("Both -t player and -t designer were given; building the designer's edition.")
    edition = "player" if chosen == ["player"] else "designer"
    app.tags.add(edition)
    sphinx_config.rulewright_edition = edition
    if sphinx_config.rulewright_player_notes is None:
        sphinx_config.rulewright_player_notes = project.player_notes
    app._rulewright_left_out = set()
    if edition == "player":
        srcdir = Path(app.srcdir)
        suffixes = list(sphinx_config.source_suffix) if isinstance(sphinx_config.source_suffix, dict) else [".md"]
        for page in sorted(srcdir.rglob("*.md")):
            if page_edition(page) == "designer":
                # Under every source suffix: Sphinx names a page it did not read by the first one.
                docname = page.relative_to(srcdir).with_suffix("").as_posix()
                app._rulewright_left_out.add(docname)
                sphinx_config.exclude_patterns.extend(docname + suffix for suffix in dict.fromkeys(suffixes + [".md"]))
        # The toctrees and links name those pages; leaving them out is the point, not a mistake.
        # ({doc} links keep their words, see link_to_left_out_page; a Markdown link to a page left
        # out is kept as text by MyST. The designer's edition has every page, and its build still
        # reports every broken link.)
        sphinx_config.suppress_warnings = list(sphinx_config.suppress_warnings) + ["toc.excluded",
                                                                                 "myst.xref_missing"]
        # Sphinx copies each page's Markdown into the HTML (_sources/, "Show source"): the source has
        # the IDs, the designer's notes and the example's text as written. Not for players.
        sphinx_config.html_copy_source = False
        sphinx_config.html_show_sourcelink = False


def drop_empty_toctrees(app, doctree) -> None:
    """``doctree-read``: a toctree whose pages are all left out of this edition goes, caption and
    all."""
    for toctree in list(doctree.findall(addnodes.toctree)):
        if not toctree["entries"]:
            wrapper = toctree.parent
            if isinstance(wrapper, nodes.compound) and len(wrapper.children) == 1:
                wrapper.parent.remove(wrapper)
            else:
                toctree.parent.remove(toctree)


def link_to_left_out_page(app, env, node, contnode):
    """``missing-reference``: a link to a page this edition leaves out keeps its words, unlinked,
    instead of failing the build."""
    left_out = getattr(app, "_rulewright_left_out", set())
    if node.get("reftype") != "doc" or not left_out:
        return None
    target = node.get("reftarget", "")
    docname = target[1:] if target.startswith("/") else docname_join(node.get("refdoc", ""), target)
    return contnode if docname in left_out else None


def player_only(app, doctree, docname) -> None:
    """``doctree-resolved``, in the player's edition (HTML and PDF): each designer's word the page
    would print (``rulewright.checks.player_words``) is a warning at its source file and line, a build
    error under ``-W`` as ``make rulebook`` builds."""
    if app.config.rulewright_edition != "player":
        return


    found = getattr(app, "_rulewright_player_only", None)
    if found is None:
        found = app._rulewright_player_only = checks.book_patterns()
    advice = app.__dict__.setdefault("_rulewright_player_words_advice", [])  # (said at the end: incremental.finish)
    reported = set()
    for text in doctree.findall(nodes.Text):
        if _reported(text):
            continue  # a mistake reported where it is (rulewright.sphinx.nodes.REPORTED)
        finds = checks.found_in(str(text), found)
        if isinstance(text.parent, (nodes.literal, nodes.literal_block)) and str(text).strip() \
                and not _in_play(text):  # (a move without words is the check move-words', once a game has them)
            finds.append((checks.MONOSPACE, str(text)[:60]))  # notation, in the printed book's monospace
        for pattern, words in finds:
            where = _source_line(text, words)  # (None: the page, with no line to name)
            if (where, words) in reported:
                continue
            reported.add((where, words))
            said = checks.said(pattern, words)
            if pattern.check and levels.is_advice(pattern.check):
                advice.append((pattern.check, f"{where or app.env.doc2path(docname)}: {said}"))
            else:  # (Sphinx names a page given by its docname; given its path, it named "page.md.md")
                logger.warning(said, location=where or docname, type="rulewright", subtype="player-only")


def _in_play(node) -> bool:
    """Whether ``node`` is in the moves of an example (its "Play" part)."""
    while node is not None:
        if isinstance(node, nodes.Element) and "rw-part-play" in node["classes"]:
            return True
        node = node.parent
    return False


def _reported(node) -> bool:
    """Whether ``node`` is inside text left as written where its mistake was reported."""
    while node is not None:
        if isinstance(node, nodes.Element) and REPORTED in node["classes"]:
            return True
        node = node.parent
    return False


def _source_line(node, words: str = "") -> str | None:
    """``file:line`` of the source that made ``node``: the nearest element that knows its line (an
    example's or a position's box knows its directive's); in a paragraph of several lines, the
    line of the source ``words`` are written on. None when no element above it knows its line."""
    while node is not None:
        if getattr(node, "source", None) and getattr(node, "line", None):
            return f"{node.source}:{_line_of(node.source, node.line, words)}"
        node = node.parent
    return None


def _line_of(path: str, line: int, words: str, reach: int = 30) -> int:
    """The first line from ``line`` on (within ``reach`` lines) of the file ``path`` that has
    ``words``; ``line`` when none has (words the directive made, such as a setup row)."""
    try:
        lines = Path(path).read_text(encoding=TOLERANT).splitlines()
    except OSError:
        return line
    return next((n + 1 for n in range(line - 1, min(len(lines), line - 1 + reach)) if words and words in lines[n]),
                line)


def edition(sphinx_config) -> str:
    """"player" or "designer": which edition this build makes (``sphinx-build -t player``)."""
    return sphinx_config.rulewright_edition or "designer"


def strict(sphinx_config) -> bool:
    """Strict (a failing example is a build error): conf.py's ``rulewright_strict``, else the
    project's ``strict``; ``RULEWRIGHT_STRICT=1`` or ``0`` in the environment overrides both."""
    return config.strict_from_env(bool(sphinx_config.rulewright_strict))
