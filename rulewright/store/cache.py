"""One evaluation per example per build: results kept on disk, keyed by content.

An example's result depends on nothing but its own text (as parsed, with its file and lines, which
the messages name), its game's code and data, the toolchain's code and the project's settings. The
key is a hash of all of them, so a result is reused only while every one is unchanged: never a
stale pass. The HTML and PDF builds (both editions), the ``rulewright`` command and the pytest
plugin share the one store, ``_build/rulewright-cache/`` in the project (``RULEWRIGHT_CACHE`` names
another folder, or ``off`` turns the store off).

A result that cannot be kept (an engine whose states do not pickle) is simply computed every time.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import pickle
import sys
import tempfile
import threading
from collections.abc import Collection, Mapping
from functools import lru_cache
from pathlib import Path

from rulewright.book import config
from rulewright.book import registry
from rulewright.book import scanner
from rulewright.game import InputError
from rulewright.problems import ExampleProblem
from rulewright.scenario.timelimit import TimeLimitReached
from rulewright.scenario import (Result, Scenario, evaluate as evaluate_now, find_position, position_chain,
                                 unknown_rules)

TOOLCHAIN = Path(__file__).resolve().parent.parent  # the whole rulewright package: a result depends on all of it
FORMAT = 2  # bump when what is stored changes shape


def folder() -> Path | None:
    """Where results are kept, or None when the store is off."""
    chosen = os.environ.get("RULEWRIGHT_CACHE", "")
    if chosen.lower() in ("off", "0", "no", "false"):
        return None
    return Path(chosen) if chosen else config.current().root / "_build" / "rulewright-cache"


def files_digest(root: Path) -> str:
    """A hash of every file under ``root`` (a folder or one file), by relative name and content."""
    root = Path(root)
    digest = hashlib.sha256()
    paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file()
                                                 and "__pycache__" not in p.parts and p.suffix != ".pyc")
    for path in paths:
        digest.update(str(path.relative_to(root) if path != root else path.name).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


@lru_cache(maxsize=64)
def digest(root: Path) -> str:
    """``files_digest``, once per process: each build (``make serve`` starts a new one for every
    rebuild) and each test run sees the code as it was when it started."""
    return files_digest(root)


def game_fingerprint(name: str) -> str:
    """A hash of the code and data of the game called ``name`` (its package folder), or of the name
    alone when no such game is registered (the example then reports the unknown game)."""
    return _game_fingerprint(name, registry.targets().get(name, ""))


@lru_cache(maxsize=None)
def _game_fingerprint(name: str, target: str) -> str:  # once per process, like ``digest``
    try:
        game_folder = registry.game_folder(name)
    except InputError:
        return "unknown:" + name
    return digest(game_folder)


def _kept_path(kind: str, content: str) -> Path | None:
    store = folder()
    if store is None:
        return None
    k = hashlib.sha256(f"{FORMAT}\0{digest(TOOLCHAIN)}\0{kind}\0{content}".encode()).hexdigest()
    return store / kind / (k + ".pickle")


def is_kept(kind: str, content: str) -> bool:
    """Whether ``kept(kind, content, ...)`` would find its value without computing it."""
    path = _kept_path(kind, content)
    return path is not None and _read(path) is not None


def kept(kind: str, content: str, compute):
    """``compute()``, kept in the store under a hash of ``kind``, ``content`` and the toolchain's
    code: for work that depends on a file's text alone (reading an engine file's refusals)."""
    path = _kept_path(kind, content)
    if path is None:
        return compute()
    value = _read(path)
    if value is None:
        value = compute()
        _write(path, value)
    return value


def key(s: Scenario) -> str:
    """The content key of one example: everything its result depends on. The example itself is
    taken as a whole, every field of the parsed ``Scenario`` (its body, its lines, and every option:
    ``:as:``, ``:reveals:``, ``:status:``...), never a list of the fields someone remembered: an
    option added later is in the key by being in the example. Of the book's shared positions only
    the one it starts from counts (as a whole too), or, when that one is missing, the names there are
    (the message lists them)."""
    project = config.current()
    example = {field.name: getattr(s, field.name) for field in dataclasses.fields(s)}
    example["positions"] = _start(s)
    parts = {
        "format": FORMAT,
        "python": sys.version,
        "toolchain": digest(TOOLCHAIN),
        "game": game_fingerprint(s.game_name) if "game" in s.data else "",
        "target": registry.targets().get(s.game_name, "") if "game" in s.data else "",
        "games": project.games,
        "time_limit": project.time_limit,
        "example": plain(example),
    }
    return hashlib.sha256(canonical_json(parts).encode()).hexdigest()


def _start(s: Scenario):
    """The shared position ``s`` starts from (``setup: {from: name}``), or what stands in for it."""
    setup = s.data.get("setup")
    if not (isinstance(setup, dict) and "from" in setup):
        return None
    try:
        chain = [find_position(s, name) for name in position_chain(s)[0]]  # (maybe declared on another page)
        return chain[0] if len(chain) == 1 else chain
    except ExampleProblem:  # the names there are (the message lists them), or the one that cannot be read
        return {"missing": sorted(str(name) for name in (s.positions or {})),
                "unreadable": {name: str(problem) for name, problem in getattr(s.positions, "unreadable", {}).items()}}


def plain(value):
    """``value`` as plain data for a key: a dataclass (an example, a position, a place, a map of
    lines) as the type's name and each of its fields, a mapping as its pairs in their order, a set
    sorted, a path as text. Anything
    else is kept by its ``repr``, which can only make the key differ more often (a stored result
    is then played again), never match a changed value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"__type__": type(value).__qualname__,
                **{field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)}}
    if isinstance(value, Mapping):
        return {"__mapping__": [[plain(k), plain(v)] for k, v in value.items()]}  # in order: it may matter
    if isinstance(value, (set, frozenset)):
        return sorted((plain(item) for item in value), key=canonical_json)
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, Path):
        return str(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return f"{type(value).__qualname__}:{value!r}"


def canonical_json(value) -> str:
    """``value`` as JSON with its keys in order, whatever they are: YAML allows keys of mixed kinds
    in one mapping (``{1: a, b: c}``), which ``json.dumps(sort_keys=True)`` cannot order."""
    def plain(item):
        if isinstance(item, dict):
            return {(k if isinstance(k, str) else f"{type(k).__name__}:{k!r}"): plain(v) for k, v in item.items()}
        if isinstance(item, (list, tuple)):
            return [plain(v) for v in item]
        return item
    return json.dumps(plain(value), sort_keys=True, default=repr)


# How many examples were really played in this process (the tests and the benchmark read it).
played = 0


def evaluate(s: Scenario, known_rules: Collection[str] | None = None) -> Result:
    """``scenario.evaluate`` through the store: the stored result when one was kept for the same
    content, else the example is played and its result (or its problem) kept."""
    global played
    if known_rules is not None:
        problems = unknown_rules(s, known_rules)
        if problems:
            raise problems[0]
    problems = scanner.other_game_rules(s, scanner.rule_games())  # (which game each rule of the book is for)
    if problems:
        raise problems[0]
    path = _result_path(s)
    if path is not None:
        kept = _read(path)
        if kept is not None:
            outcome, value = kept
            if outcome == "problem":
                raise value
            value.scenario = value.run.scenario = s
            value.run.game = registry.get_game(s.game_name)
            return value
    played += 1
    try:
        result = evaluate_now(s)
    except ExampleProblem as problem:
        _keep(path, problem)
        raise
    _keep(path, result)
    return result


def _result_path(s: Scenario) -> Path | None:
    store = folder()
    return store / "results" / (key(s) + ".pickle") if store is not None else None  # one folder: the disk makes it once


def keep(s: Scenario, outcome: Result | ExampleProblem) -> None:
    """Keep what playing ``s`` with ``scenario.evaluate`` gave (its result, or the problem it raised)
    as ``evaluate`` would have kept it, unless it is kept already: for a tool that plays every
    example itself (the coverage measurement), so that the reading of the pages finds it played."""
    path = _result_path(s)
    if path is not None and not path.is_file():
        _keep(path, outcome)


def _keep(path: Path | None, outcome: Result | ExampleProblem) -> None:
    if path is None or isinstance(outcome, TimeLimitReached):  # a stop depends on the limit and the machine
        return
    if isinstance(outcome, ExampleProblem):
        _write(path, ("problem", outcome))
        return
    s, game = outcome.scenario, outcome.run.game
    outcome.scenario = outcome.run.scenario = outcome.run.game = None
    try:
        _write(path, ("result", outcome))  # the game is found again by name, not stored
    finally:
        outcome.scenario = outcome.run.scenario = s
        outcome.run.game = game


def _read(path: Path):
    try:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    except FileNotFoundError:
        return None
    except Exception:  # a damaged or outdated entry is played again and overwritten
        return None


def _write(path: Path, value) -> None:
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return  # this engine's states cannot be kept; the example is played each time
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = _temporary(path)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)  # atomic: parallel test workers never read half a file
    except OSError:
        return


def _temporary(path: Path) -> tuple[int, str]:
    """A new file beside ``path`` that no other process or thread writes: named by this process
    and thread (``tempfile.mkstemp``'s random names cost a fifth of the coverage measurement's
    keeping, run under coverage), or ``mkstemp``'s when one such is left from a process that died."""
    temporary = f"{path}.{os.getpid()}-{threading.get_ident()}.tmp"
    try:
        return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), temporary
    except FileExistsError:
        return tempfile.mkstemp(dir=path.parent, suffix=".tmp")
