"""Fewer runs of Python's cycle collector while a whole book is built, played or measured.

A build keeps millions of small objects for its whole length: every page's document tree, every
example's states and result, Sphinx's environment. With Python's default thresholds (700, 10, 10)
the collector looks through all of them again and again as they pile up: in a clean build of this
repository's designer's HTML, 18 full collections took 3.4 s of 15 s (2026-11-27, measured with
``gc.callbacks``). With the thresholds below it ran 32 young collections and no full one, in 0.8 s,
and the largest process grew from 168 MB to 200 MB.

What was alive before (the imports, the configuration; for a PDF inside a build, the pages read)
is frozen, so no collection looks at it. Nothing is left uncollected for good: the policy ends with
the build (``restore``), and the thresholds go back to what they were. Calls nest: each ``fewer``
freezes what lives then, and only the outermost ``restore`` unfreezes.
"""
from __future__ import annotations

import atexit
import contextlib
import gc

THRESHOLDS = (50_000, 20, 100)
_before: list[tuple[int, int, int]] = []


def fewer() -> None:
    """From now on, the collector runs as ``THRESHOLDS`` say, and leaves alone what lives now."""
    _before.append(gc.get_threshold())
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


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
def fewer_collections():
    """``fewer`` for the length of a ``with`` block."""
    fewer()
    try:
        yield
    finally:
        restore()


def no_last_collection() -> None:
    """At this process's exit, let Python leave the objects where they are instead of collecting
    them all once more: after ``sphinx-build`` the final collection over a built book's pages took
    0.5 to 1.2 s (everything still alive is frozen when the exit begins, and a frozen object is not
    looked at). Only the exit changes: registered once, it runs after everything the program does,
    and the files and logs are flushed by their own exit handlers as before."""
    if not _exit_registered:
        atexit.register(gc.freeze)
        _exit_registered.append(True)


_exit_registered: list[bool] = []
