"""The live preview's rebuilds without the start-up: ``python -m rulewright.sphinx.warm ARGS`` runs
sphinx-autobuild with ``ARGS``, each rebuild in a fork of a process that has already imported Sphinx,
MyST and Rulewright.

sphinx-autobuild starts a new ``python -m sphinx build`` for every save; most of a small book's
rebuild is that process importing Sphinx, its extensions and Rulewright (about two thirds, by a
profile). Here those are imported once, and each rebuild is a fork that runs Sphinx's own command
line in the already-warm interpreter. What a rebuild must see fresh still is:

- the book and the games: no game's code is imported before the fork (the parent imports only the
  toolchain), so a fork imports each game as a new process would, with its latest code and data;
- the pages: those read here (``read_ahead``) are found read, by their text, so a changed page is
  read afresh and the others are not read again;
- the toolchain: when Rulewright's own code or an installed package changed since the preview
  started, the rebuild is a new process, as sphinx-autobuild would start it.

Without ``os.fork`` (Windows) every rebuild is a new process.
"""
from __future__ import annotations

import gc
import importlib
import os
from pathlib import Path
import signal
import subprocess
import sys
import traceback

from sphinx.cmd.build import main as build_main
from sphinx_autobuild import __main__ as autobuild, build

from rulewright.book import config, scanner
from rulewright.checks import words
from rulewright.runtime import lifeline
from rulewright.store import built

WARM = ("sphinx.cmd.build", "sphinx.application", "sphinx.builders.html", "sphinx.builders.dummy",
        "sphinx.ext.graphviz", "sphinx.ext.autodoc", "sphinx.search.en", "myst_parser", "myst_parser.parsers.sphinx_",
        "myst_parser.mdit_to_docutils.sphinx_", "alabaster", "jinja2", "pygments.lexers.data",
        "pygments.formatters.html", "rulewright.sphinx", "rulewright.scenario", "rulewright.book.scanner", "yaml")


def toolchain() -> list:
    """What a warm process must share with a new one: Rulewright's code and the installed packages."""
    return [built.tree_digest(built.TOOLCHAIN).hexdigest(), built.installed()]


def is_sphinx_build(command) -> bool:
    return list(command[:4]) == [sys.executable, "-m", "sphinx", "build"]


def forked(args: list[str]) -> int:
    """Sphinx's command line with ``args`` in a fork of this process; its exit code."""
    return finished(started(args))


def started(args: list[str]) -> int:
    """A fork of this process running Sphinx's command line with ``args``; its process ID."""
    sys.stdout.flush()
    sys.stderr.flush()
    parent = lifeline.forker()
    pid = os.fork()
    if pid == 0:  # the build: stopped by Ctrl-C or SIGTERM as a new process would be
        code = 1
        lifeline.tie_to(*parent)  # (and ended with the warm process, however that is stopped)
        # What the warm process made (its imports, the pages read ahead) is left out of the build's
        # cycle collections: never garbage, and a collection writing to it would unshare its memory.
        gc.freeze()
        try:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            code = build_main(args)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    return pid


def finished(pid: int) -> int:
    """The exit code of the fork ``pid``, once it has ended."""
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


class Runner:
    """Stands in for the ``subprocess`` module in ``sphinx_autobuild.build``: a Sphinx build runs in
    a fork while the toolchain is the one imported, everything else as before."""

    CalledProcessError = subprocess.CalledProcessError

    def __init__(self):
        self.started_with = toolchain()

    def run(self, command, check=False, **options):
        if not (hasattr(os, "fork") and is_sphinx_build(command) and not options) or toolchain() != self.started_with:
            return subprocess.run(command, check=check, **options)
        code = forked(list(command[3:]))
        if check and code:
            raise subprocess.CalledProcessError(code, command)
        return subprocess.CompletedProcess(command, code)


def warm_up(names=WARM) -> None:
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # an optional piece missing: the fork imports what it needs
            pass


def read_ahead(source=None) -> None:
    """Every page of the book read here once, as each build reads them all (the scanner, the
    terminology and stale-mention checks): a fork finds them read and reads only the pages changed
    since (both keep what they read by the page's text)."""

    active = config._current  # each build activates its project itself, as a new process would
    try:
        root = Path(source) if source is not None else config.current().rulebook
        for path in sorted(root.rglob("*.md")):
            scanner.read_file(path)
            words.page_pieces(path)
    except Exception:  # a page the builds will report on: they read it themselves
        pass
    finally:
        config._current = active


def main(argv: list[str]) -> None:
    warm_up()
    read_ahead()

    build.subprocess = Runner()
    autobuild.main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
