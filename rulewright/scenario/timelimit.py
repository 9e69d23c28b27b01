"""A time limit for each example, and a word while a long one runs.

A designer's engine will sometimes loop, or have a ``view`` or ``legal_actions`` so slow that an
example seems to hang. Every tool plays examples through the one evaluator
(``rulewright.scenario.evaluate``), which plays each example inside ``limited``:

- a watchdog thread wakes every few seconds; once an example has run ``PROGRESS`` seconds it
  writes a line naming the example and what it is doing (which step, and which of the game's
  methods is running), and again every ``PROGRESS`` seconds;
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
    from rulewright.book import config

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
        self.finished = threading.Event()
        self.lock = threading.Lock()
        self.fired = False

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


def _watchdog(watch: _Watch) -> None:
    said = 0
    while not watch.finished.wait(TICK):
        elapsed = watch.elapsed()
        if watch.seconds and elapsed >= watch.seconds:
            with watch.lock:
                if watch.finished.is_set():
                    return
                if not watch.fired:
                    watch.fired = watch.activity()
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(watch.thread), ctypes.py_object(TimeUp))
            continue
        if elapsed >= PROGRESS * (said + 1):
            said += 1
            stop = (f" It is stopped after {watch.seconds:g} s (time-limit under [tool.rulewright])." if watch.seconds
                    else "")
            _say(f"{watch.where}: still playing after {int(elapsed)} s: {watch.activity()}.{stop}")


@contextmanager
def limited(where: Where):
    """Play the example at ``where`` (its ID in ``where.example``) within the time limit."""
    if getattr(_local, "watch", None) is not None:  # already inside a limited example
        yield
        return
    watch = _Watch(where, limit())
    _local.watch = watch
    guard = threading.Thread(target=_watchdog, args=(watch,), name="rulewright-time-limit", daemon=True)
    guard.start()
    try:
        yield
    except TimeUp:
        raise TimeLimitReached(where, f"The example was stopped after {watch.seconds:g} seconds while "
                             f"{watch.fired or watch.doing}. The game's code takes too long here: most often a loop "
                             "that never ends, or a 'view' or 'legal_actions' that is very slow. If the example is "
                             "simply long, raise time-limit under [tool.rulewright] in pyproject.toml (seconds; "
                             "RULEWRIGHT_TIME_LIMIT overrides it).") from None
    finally:
        with watch.lock:
            watch.finished.set()
            if watch.fired:  # a stop raised too late to land: take it back before it lands elsewhere
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(watch.thread), None)
        _local.watch = None
