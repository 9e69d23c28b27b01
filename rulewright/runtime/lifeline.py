"""A helper process forked by a build ends with the build, however the build is stopped.

The build forks helpers (the measuring fork, the drawing processes, the builds of ``make rulebook``
forked by a warm process). Stopped from outside (a CI job's time limit, an editor's stop button,
``kill``), a parent ends without telling them, and a helper left running would go on using a core.

``forker()`` is taken in the parent before it forks; ``tie_to(*that)`` is the first thing the
helper does. On Linux the kernel sends the helper SIGKILL when the parent ends
(``PR_SET_PDEATHSIG``); elsewhere, or where the fork was made by a thread other than the main one
(the kernel ties a child to the *thread* that forked it, which may end long before the process), a
daemon thread of the helper watches its parent and ends the helper once it is gone.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

WATCH_EVERY = 0.5  # seconds between two looks at the parent, where the kernel cannot tie them
_PR_SET_PDEATHSIG = 1


def forker() -> tuple[int, bool]:
    """Who forks: this process's ID, and whether the forking is done by its main thread."""
    return os.getpid(), threading.current_thread() is threading.main_thread()


def tie(parent: tuple[int, bool]) -> None:
    """``tie_to`` for a ``forker()`` value passed whole (an executor's ``initargs``)."""
    tie_to(*parent)


def tie_to(parent: int, from_main_thread: bool = True) -> None:
    """End this process when the process ``parent`` ends (call it first thing in a fork)."""
    if not (from_main_thread and _kernel_tie()):
        threading.Thread(target=_watch, args=(parent,), name="rulewright-lifeline", daemon=True).start()
    if os.getppid() != parent:  # the parent ended before the tie was made
        os._exit(1)


def _kernel_tie() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # (the C library is already loaded: no search for it)
        return libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(1)
