"""Fewer runs of Python's cycle collector while a whole book is built, played or measured.

A build keeps millions of small objects for its whole length: every page's document tree, every
example's states and result, Sphinx's environment. With Python's default thresholds (700, 10, 10)
the collector looks through all of them again and again as they pile up: in a clean build of this
repository's designer's HTML, 18 full collections took 3.4 s of 15 s (2026-11-27, measured with
``gc.callbacks``). With the thresholds below it ran about 30 young collections and no other, in
under a second, and the largest process grew from 168 MB to 178 MB.

What was alive before (the imports, the configuration; for a PDF inside a build, the pages read)
is frozen, so no collection looks at it. Nothing is left uncollected for good: the policy ends with
the build (``restore``), and the thresholds go back to what they were. Calls nest: each ``fewer``
freezes what lives then, and only the outermost ``restore`` unfreezes.
"""
from __future__ import annotations

import atexit
import contextlib
import gc

# A build: young collections only, each after 50,000 new objects. The older generations were
# collected every million objects, and each such collection looked through the half a million
# objects of the pages read since the last one (0.7 s each, once or twice a clean build); left to
# the end of the build, the largest process stayed at 178 MB.
THRESHOLDS = (50_000, 1000, 1000)
# Laying out a PDF (WeasyPrint) makes far more short-lived cycles: there the older generations are
# still collected, every million and every hundred million objects.
PRINTING = (50_000, 20, 100)
_before: list[tuple[int, int, int]] = []


def fewer(thresholds: tuple[int, int, int] = THRESHOLDS) -> None:
    """From now on, the collector runs as ``thresholds`` say, and leaves alone what lives now."""
    _before.append(gc.get_threshold())
    gc.freeze()
    gc.set_threshold(*thresholds)


def restore() -> None:
    """Undo the last ``fewer`` (nothing when none is in force)."""
    if not _before:
        return
    gc.set_threshold(*_before.pop())
    if not _before:
        # Everything, frozen or made since, goes to the oldest generation: the next young collection
        # would otherwise look through all the build made since its last one (0.7 s at the end of
        # a clean build of this book), and what is garbage among it waits for a full collection.
        gc.freeze()
        gc.unfreeze()


@contextlib.contextmanager
def fewer_collections(thresholds: tuple[int, int, int] = THRESHOLDS):
    """``fewer`` for the length of a ``with`` block."""
    fewer(thresholds)
    try:
        yield
    finally:
        restore()


def no_last_collection() -> None:
    """At this process's exit, let Python leave the objects where they are instead of collecting
    them all once more: after ``sphinx-build`` the final collection over a built book's pages took
    0.5 to 1.2 s (everything still alive is frozen when the exit begins, and a frozen object is not
    looked at). Only the exit changes: registered once, it runs after everything the program does.
    What only a collection would have finalized (a file left open inside a reference cycle) is not
    finalized at exit: Sphinx and Rulewright close their files themselves, and exit handlers
    registered before this one (coverage's, logging's) still run after it."""
    if not _exit_registered:
        atexit.register(gc.freeze)
        _exit_registered.append(True)


_exit_registered: list[bool] = []
