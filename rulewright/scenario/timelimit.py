"""A time limit for each example, and a word while a long one runs.

A designer's engine will sometimes loop, or have a ``view`` or ``legal_actions`` so slow that an
example seems to hang. Every tool plays examples through the one evaluator
(``rulewright.scenario.evaluate``), which plays each example inside ``limited``:

- a watchdog thread (one per process, for every example being played) wakes every second; once
  an example has run ``PROGRESS`` seconds it writes a line naming the example and what it is
  doing (which step, and which of the game's methods is running), and again every ``PROGRESS``
  seconds;
- at the limit it stops the example by raising ``TimeUp`` in the thread playing it (CPython's
  ``PyThreadState_SetAsyncExc``: the exception arrives between two Python instructions of the
  engine, wherever it is), and the example fails with a plain message naming it, its line, and
  what it was doing.

This works the same under pytest and its xdist workers, ``rulewright check`` and the Sphinx build,
in any thread and on any platform (no signals, which only the main thread of a Unix process may
use). Its limits: an engine stuck inside one long call into C code (a ``time.sleep``, a huge
arithmetic) is stopped when that call returns; an engine that catches ``BaseException`` swallows
the stop once, so it is repeated every second.

The limit is ``time-limit`` (seconds) under ``[tool.rulewright]`` in ``pyproject.toml``, default
``DEFAULT``; ``RULEWRIGHT_TIME_LIMIT`` in the environment overrides it, and ``0`` turns it off.
"""
from __future__ import annotations

import ctypes
import os
import sys
import threading
import time
from contextlib import contextmanager

from rulewright.book import config
from rulewright.problems import ExampleProblem, Where, display_path

DEFAULT = 60.0  # seconds: the slowest example of this book takes about one
PROGRESS = 10.0  # seconds between the words said about a long example
TICK = 1.0  # how often the watchdog looks
TOOLCHAIN = os.path.dirname(os.path.abspath(__file__))
ENGINE_METHODS = ("view", "legal_actions", "apply", "parse_action", "new_state", "resolve_settings", "invariants")

#: Where the words about a long example go; the pytest plugin points it past pytest's capture.
stream = None


class TimeUp(BaseException):
    """Raised in the thread playing an example whose time is up (a ``BaseException``, so that an
    engine's ``except Exception`` does not swallow it)."""


class TimeLimitReached(ExampleProblem):
    """The example was stopped at the time limit (never kept in the store of results: another
    limit, or a faster machine, may let it finish)."""


def limit() -> float:
    """The time limit in seconds (0: none): ``RULEWRIGHT_TIME_LIMIT``, else the project's."""
    given = os.environ.get("RULEWRIGHT_TIME_LIMIT", "").strip()
    if given:
        try:
            return max(float(given), 0.0)
        except ValueError:
            raise ExampleProblem(Where("RULEWRIGHT_TIME_LIMIT", 1), f"RULEWRIGHT_TIME_LIMIT is {given!r}; it is a "
                                 "number of seconds, such as 60, or 0 for no limit.") from None
    return getattr(config.current(), "time_limit", DEFAULT)


class _Watch:
    def __init__(self, where: Where, seconds: float) -> None:
        self.where, self.seconds = where, seconds
        self.doing = "setting up the position"
        self.thread = threading.get_ident()
        self.started = time.monotonic()
        self.finished = False
        self.lock = threading.Lock()
        self.fired = False
        self.said = 0  # how many times the example has been said to be still playing

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def activity(self) -> str:
        """What the example is doing, and which method of the game is running, if one is."""
        frame = sys._current_frames().get(self.thread)
        method = None
        while frame is not None:
            if frame.f_code.co_name in ENGINE_METHODS and not frame.f_code.co_filename.startswith(TOOLCHAIN):
                method = f"the game's {frame.f_code.co_name} ({display_path(frame.f_code.co_filename)}, line " \
                         f"{frame.f_lineno})"
                break
            frame = frame.f_back
        return self.doing + (f", in {method}" if method else "")


_local = threading.local()


def doing(what: str) -> None:
    """Say what the example being played is doing now (named if it runs long)."""
    watch = getattr(_local, "watch", None)
    if watch is not None:
        watch.doing = what


def _say(text: str) -> None:
    out = stream or sys.stderr
    try:
        out.write(text + "\n")
        out.flush()
    except (OSError, ValueError):
        pass


# One watchdog thread per process looks at every example being played (one per thread that plays):
# starting a thread for each example cost a build of this book seconds, each start waiting for its
# turn at the interpreter while other threads (the diagrams drawn ahead) ran.
_watches: set[_Watch] = set()
_watching = threading.Lock()
_watchdog_of: list = []  # the watchdog thread and the process it belongs to (a fork has none)


def _watchdog() -> None:
    while True:
        time.sleep(TICK)
        with _watching:
            watches = list(_watches)
        for watch in watches:
            _look_at(watch)


def _look_at(watch: _Watch) -> None:
    if watch.finished:
        return
    elapsed = watch.elapsed()
    if watch.seconds and elapsed >= watch.seconds:  # repeated each tick until the stop lands
        with watch.lock:
            if watch.finished:
                return
            if not watch.fired:
                watch.fired = watch.activity()
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(watch.thread), ctypes.py_object(TimeUp))
        return
    if elapsed >= PROGRESS * (watch.said + 1):
        watch.said += 1
        stop = (f" It is stopped after {watch.seconds:g} s (time-limit under [tool.rulewright])." if watch.seconds
                else "")
        _say(f"{watch.where}: still playing after {int(elapsed)} s: {watch.activity()}.{stop}")


def _watch(watch: _Watch) -> None:
    with _watching:
        _watches.add(watch)
        if not (_watchdog_of and _watchdog_of[1] == os.getpid() and _watchdog_of[0].is_alive()):
            guard = threading.Thread(target=_watchdog, name="rulewright-time-limit", daemon=True)
            guard.start()
            _watchdog_of[:] = [guard, os.getpid()]


@contextmanager
def limited(where: Where):
    """Play the example at ``where`` (its ID in ``where.example``) within the time limit."""
    if getattr(_local, "watch", None) is not None:  # already inside a limited example
        yield
        return
    watch = _Watch(where, limit())
    _local.watch = watch
    _watch(watch)
    try:
        yield
    except TimeUp:
        raise TimeLimitReached(where, f"The example was stopped after {watch.seconds:g} seconds while "
                             f"{watch.fired or watch.doing}. The game's code takes too long here: most often a loop "
                             "that never ends, or a 'view' or 'legal_actions' that is very slow. If the example is "
                             "simply long, raise time-limit under [tool.rulewright] in pyproject.toml (seconds; "
                             "RULEWRIGHT_TIME_LIMIT overrides it).") from None
    finally:
        with _watching:
            _watches.discard(watch)
        with watch.lock:
            watch.finished = True
            if watch.fired:  # a stop raised too late to land: take it back before it lands elsewhere
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(watch.thread), None)
        _local.watch = None
