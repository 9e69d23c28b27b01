"""Where games come from: the one registry every part of Rulewright asks.

A game is found by the name examples write (``game: bus``) in two places, checked in this order:

1. the project's own ``[tool.rulewright.games]`` table in ``pyproject.toml``, for a game that
   lives in the book's repository (``bus = "engine.games.bus:GAME"``);
2. the ``rulewright.games`` entry-point group, for a game installed with pip. A game package
   declares it in its own ``pyproject.toml``::

       [project.entry-points."rulewright.games"]
       my-game = "my_game:GAME"

Each target is a ``rulewright.game.Game`` instance (or a class, which is instantiated). Games are
imported only when first asked for, so one broken game cannot stop the others.

Importers of other programs' game records (``rulewright.game.Importer``, for ``rulewright replay
--from FORMAT``) are found the same way, by format name: ``[tool.rulewright.importers]``, then the
``rulewright.importers`` entry-point group.
"""
from __future__ import annotations

import importlib
import traceback
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path

from rulewright.book import config
from rulewright.game import Game, Importer, InputError, did_you_mean
from rulewright.problems import display_path

ENTRY_POINT_GROUP = "rulewright.games"
IMPORTER_GROUP = "rulewright.importers"

_extra: dict[str, str] = {}  # register(): games added at run time (tests, plugins)
_loaded: dict[str, Game] = {}


def register(name: str, target: str) -> None:
    """Add a game by name at run time, e.g. ``register("toy", "tests.toy_game:GAME")``."""
    _extra[name] = target
    _loaded.pop(name, None)


@lru_cache(maxsize=1)
def installed() -> dict[str, str]:
    """The games installed with pip, by name (read once per process: every example asks)."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def targets() -> dict[str, str]:
    """Every known game name and its ``module:object``; the project's own table wins over an
    installed game of the same name."""
    return {**installed(), **config.current().games, **_extra}


def game_names() -> list[str]:
    return sorted(targets())


def get_game(name: str) -> Game:
    """The ``Game`` for ``name``, or an ``InputError`` that says how games are registered."""
    known = targets()
    if name not in known:
        project = config.current()
        table = display_path(str(project.pyproject or project.root / "pyproject.toml"))
        hint = did_you_mean(name, known) if known else "No game is registered yet."
        raise InputError(
            f"There is no game called {name!r}. {hint} A game is registered in {table}, under "
            f"[tool.rulewright.games], as a line such as: {name} = \"my_game:GAME\" (its Python package and "
            f"the Game object in it); or it is installed with pip from a package that declares it under the "
            f"{ENTRY_POINT_GROUP!r} entry point.", "game")
    target = known[name]
    if _loaded.get(name) is not None and getattr(_loaded[name], "_rulewright_target", None) == target:
        return _loaded[name]
    game = load(target, name, _registered_where(name))
    game._rulewright_target = target
    _loaded[name] = game
    return game


def game_folder(name: str) -> Path:
    """Where the code of the game called ``name`` is: the package its registration names (with its
    rules, data and refusals), or the one module file when it names a plain module. The results
    store hashes it, the whole-book checks read its refusals, ``make serve`` watches it."""
    get_game(name)
    module = importlib.import_module(targets()[name].partition(":")[0])
    path = Path(module.__file__).resolve()
    return path.parent if hasattr(module, "__path__") else path


def _registered_where(name: str) -> str:
    if name in _extra:
        return "at run time with rulewright.book.registry.register()"
    project = config.current()
    if name in project.games:
        return f"in {display_path(str(project.pyproject))} under [tool.rulewright.games]"
    return f"by an installed package, under the {ENTRY_POINT_GROUP!r} entry point"


def load(target: str, name: str = "", where: str = "") -> Game:
    """Import ``module:object`` and return the game it names."""
    registered = f"The game {name!r} is registered as {target!r}{' ' + where if where else ''}"
    obj = _import(target, "GAME", registered, "the game's code")
    if isinstance(obj, type) and issubclass(obj, Game):
        obj = obj()
    if not isinstance(obj, Game):
        raise InputError(f"{registered}, which is not a rulewright.game.Game: it should name an instance of "
                         "your Game subclass, such as GAME = MyGame() in the package's __init__.py.", "game")
    return obj


def _import(target: str, default: str, registered: str, code: str):
    module_name, _, attribute = target.partition(":")
    try:
        obj = importlib.import_module(module_name)
        for part in (attribute or default).split("."):
            obj = getattr(obj, part)
    except Exception as error:  # a game that fails to import is reported, not a traceback
        raise InputError(f"{registered}, but it cannot be loaded: {_failure(error)}. Check the package and "
                         f"object names there, and {code}.", "game") from None
    return obj


def importer_targets() -> dict[str, str]:
    """Every known record format and its ``module:object``; the project's table wins."""
    installed_here = {ep.name: ep.value for ep in entry_points(group=IMPORTER_GROUP)}
    return {**installed_here, **config.current().importers}


def get_importer(format_name: str) -> Importer:
    """The ``Importer`` for a record format, or an ``InputError`` that says how they are registered."""
    known = importer_targets()
    if format_name not in known:
        project = config.current()
        table = display_path(str(project.pyproject or project.root / "pyproject.toml"))
        hint = (did_you_mean(format_name, known) + " The formats are: " + ", ".join(sorted(known)) + "."
                if known else "No importer of other programs' records is registered.")
        raise InputError(f"There is no importer for records of the format {format_name!r}. {hint} An importer is "
                         f"registered in {table}, under [tool.rulewright.importers], as a line such as "
                         f"\"{format_name}\" = \"my_game.importer:IMPORTER\"; or it is installed with pip from a "
                         f"package that declares it under the {IMPORTER_GROUP!r} entry point.")
    target = known[format_name]
    obj = _import(target, "IMPORTER", f"The importer {format_name!r} is registered as {target!r}", "the importer's code")
    if isinstance(obj, type) and issubclass(obj, Importer):
        obj = obj()
    if not isinstance(obj, Importer):
        raise InputError(f"The importer {format_name!r} is registered as {target!r}, which is not a "
                         "rulewright.game.Importer: it should name an instance of your Importer subclass.")
    return obj


def _failure(error: Exception) -> str:
    """What went wrong importing a game, with the file and line when it is in the game's code."""
    if isinstance(error, SyntaxError) and error.filename:
        return f"{display_path(error.filename)}, line {error.lineno}: {error.msg}"
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if "importlib" not in f.filename]
    at = f" ({display_path(own[-1].filename)}, line {own[-1].lineno})" if own else ""
    return f"{type(error).__name__}: {error}{at}"


def project_problems() -> list:
    """Each game of the project's ``[tool.rulewright.games]`` that cannot be loaded, at its line in
    ``pyproject.toml``: a broken entry is reported even when no page plays that game."""
    from rulewright.problems import ExampleProblem, Where

    project = config.current()
    problems = []
    for name in project.games:
        try:
            get_game(name)
        except InputError as error:
            problems.append(ExampleProblem(Where(str(project.pyproject), config.game_line(project.pyproject, name)),
                                           error.message))
    return problems


def game_sources(names) -> list[Path]:
    """The package folders (or module files) of the games called ``names``: where their refusals
    are written."""
    folders = []
    for name in sorted(set(names)):
        try:
            folder = game_folder(name)
        except InputError:
            continue  # the example naming it reports the unknown game
        if folder not in folders:
            folders.append(folder)
    return folders


def python_files(*roots: Path) -> list[Path]:
    """The Python files of ``roots``: a game's package folder, or a game written as one module."""
    return sorted(p for root in map(Path, roots) for p in ([root] if root.is_file() else root.rglob("*.py")))
