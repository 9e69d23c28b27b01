"""Where games come from: the one registry every part of Rulewright asks.

A game is found by the name examples write (``game: bus``) in two places, checked in this order:

1. the project's own ``[tool.rulewright.games]`` table in ``pyproject.toml``, for a game that
   lives in the book's repository (``bus = "engine.games.bus:GAME"``);
2. the ``rulewright.games`` entry-point group, for a game installed with pip. A game package
   declares it in its own ``pyproject.toml``::

       [project.entry-points."rulewright.games"]
       my-game = "my_game:GAME"

Below both, the games that ship with Rulewright (``BUILT_IN``): ``rulewright-demo``, the small game
the authoring guide of every new project plays its live examples on, so the guide does not depend
on the project's own game. A project's table or an installed game of the same name wins.

Each target is a ``rulewright.game.Game`` instance (or a class, which is instantiated). Games are
imported only when first asked for, so one broken game cannot stop the others.

Importers of other programs' game records (``rulewright.game.Importer``, for ``rulewright replay
--from FORMAT``) are found the same way, by format name: ``[tool.rulewright.importers]``, then the
``rulewright.importers`` entry-point group.
"""
from __future__ import annotations

import importlib
import importlib.util
import sysconfig
import traceback
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path

import rulewright
from rulewright.book import config
from rulewright.game import DataFileError, Game, Importer, InputError, did_you_mean
from rulewright.problems import Cause, ExampleProblem, Where, display_path

ENTRY_POINT_GROUP = "rulewright.games"
IMPORTER_GROUP = "rulewright.importers"

BUILT_IN = {"rulewright-demo": "rulewright.demo:GAME"}
_extra: dict[str, str] = {}  # register(): games added at run time (tests, plugins)
_loaded: dict[str, Game] = {}
# Games that could not be loaded, with what was tried (the target, in which project): tried once per
# process, so that every example of a broken game meets the same one problem, quickly.
_failed: dict[str, tuple[tuple, "GameNotLoaded"]] = {}


class GameNotLoaded(InputError):
    """A game that cannot be loaded: importing it, or making its ``Game``, failed. It is one
    problem, said at its own place (``place``): the line of the game's data file at fault
    (``rulewright.game.data_file``), else the game's line in ``pyproject.toml``; its ``message`` is a
    ``Cause``, so each example that plays the game meets that one problem rather than another
    (``rulewright.problems``). A game registered elsewhere (installed, or at run time) with no data
    file at fault has no place: each example says it at its own line."""

    def __init__(self, message: str, place: Where | None = None, origin: str = "") -> None:
        super().__init__(Cause(message, place) if place is not None else message, "game")
        self.place = place
        self.origin = origin  # the error that stopped the game, as Python says it (to know it again)
        self.args = (f"{place}: {message}" if place is not None else message,)

    def problem(self) -> ExampleProblem | None:
        """The problem at its place, or None when it has none."""
        return ExampleProblem(self.place, self.message) if self.place is not None else None

    def is_behind(self, error: BaseException) -> bool:
        """Whether ``error`` (or what it was raised from) is the error that stops this game: a test
        module that imports the game fails with it too."""
        return bool(self.origin) and any(_said(e) == self.origin for e in _chain(error))

    def __reduce__(self):
        return type(self), (str(self.message), self.place, self.origin)


def register(name: str, target: str) -> None:
    """Add a game by name at run time, e.g. ``register("toy", "tests.toy_game:GAME")``."""
    _extra[name] = target
    _loaded.pop(name, None)
    _failed.pop(name, None)


@lru_cache(maxsize=1)
def installed() -> dict[str, str]:
    """The games installed with pip, by name (read once per process: every example asks)."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def targets() -> dict[str, str]:
    """Every known game name and its ``module:object``; the project's own table wins over an
    installed game of the same name."""
    return {**installed(), **config.current().games, **_extra}


def known() -> dict[str, str]:
    """Every game an example may name: ``targets()`` and, below them, the games Rulewright ships
    (``BUILT_IN``; not the project's own, so lists of the project's games leave them out)."""
    return {**BUILT_IN, **targets()}


def game_names() -> list[str]:
    return sorted(targets())


def get_game(name: str) -> Game:
    """The ``Game`` for ``name``, or an ``InputError`` that says how games are registered (a
    ``GameNotLoaded`` when the game's code or data fails: tried once per process)."""
    names = known()
    if name not in names:
        project = config.current()
        table = display_path(str(project.pyproject or project.root / "pyproject.toml"))
        hint = did_you_mean(name, targets()) if targets() else "No game is registered yet."
        raise InputError(
            f"There is no game called {name!r}. {hint} A game is registered in {table}, under "
            f"[tool.rulewright.games], as a line such as: {name} = \"my_game:GAME\" (its Python package and "
            f"the Game object in it); or it is installed with pip from a package that declares it under the "
            f"{ENTRY_POINT_GROUP!r} entry point.", "game")
    target = names[name]
    if _loaded.get(name) is not None and getattr(_loaded[name], "_rulewright_target", None) == target:
        return _loaded[name]
    tried = (target, str(config.current().root))
    if name in _failed and _failed[name][0] == tried:
        raise _failed[name][1].with_traceback(None)
    try:
        game = load(target, name, _registered_where(name))
    except GameNotLoaded as error:
        _failed[name] = (tried, error)
        raise error.with_traceback(None) from None
    game._rulewright_target = target
    _loaded[name] = game
    return game


def phrased_games(names) -> list[tuple[str, Game]]:
    """Each of the games ``names`` (once, by name) that loads and has phrases, with its name: what the
    checks of phrase files read. A game that is unknown or cannot be loaded is said elsewhere."""
    found = []
    for name in sorted(set(names)):
        try:
            game = get_game(name)
        except InputError:
            continue
        if getattr(game, "phrases", None) is not None:
            found.append((name, game))
    return found


def load_failure(name: str) -> GameNotLoaded | None:
    """Why the registered game ``name`` cannot be loaded, or None when it loads (or is not
    registered: an example naming it says so)."""
    try:
        get_game(name)
    except GameNotLoaded as error:
        return error
    except InputError:
        return None
    return None


def load_failures() -> list[str]:
    """What each game that could not be loaded in this process says (its ``GameNotLoaded``'s
    message)."""
    return [str(failure.message) for _, failure in _failed.values()]


def game_folder(name: str) -> Path:
    """Where the code of the game called ``name`` is: the package its registration names (with its
    rules, data and refusals), or the one module file when it names a plain module. The results
    store hashes it, the whole-book checks read its refusals, ``make serve`` watches it. A game
    that cannot be loaded has its folder too (found without running its code), so that a result
    kept for it changes with its files."""
    names = known()
    if name not in names:
        get_game(name)  # the InputError that names the unknown game
    module_name = names[name].partition(":")[0]
    try:
        spec = importlib.util.find_spec(module_name)
    except Exception:  # noqa: BLE001 - a parent package that fails to import: said by get_game
        spec = None
    if spec is None or not (spec.submodule_search_locations or spec.has_location and spec.origin):
        get_game(name)  # the problem that says why there is none
        raise InputError(f"The game {name!r} has no folder of its own to read.", "game")
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))).resolve()
    return Path(spec.origin).resolve()


def _registered_where(name: str) -> str:
    if name in _extra:
        return "at run time with rulewright.book.registry.register()"
    project = config.current()
    if name in project.games:
        return f"in {display_path(str(project.pyproject))} under [tool.rulewright.games]"
    if name in BUILT_IN and name not in installed():
        return "by Rulewright itself (it ships the game)"
    return f"by an installed package, under the {ENTRY_POINT_GROUP!r} entry point"


def load(target: str, name: str = "", where: str = "") -> Game:
    """Import ``module:object`` and return the game it names, or a ``GameNotLoaded`` that says
    why not, at its place."""
    registered = f"The game {name!r} is registered as {target!r}{' ' + where if where else ''}"
    try:  # a game that fails to import, or to be made, is reported, not a traceback
        obj = _import_object(target, "GAME")
        if isinstance(obj, type) and issubclass(obj, Game):
            obj = obj()
    except Exception as error:  # noqa: BLE001
        raise _not_loaded(name, error=error, registered=registered) from None
    if not isinstance(obj, Game):
        raise _not_loaded(name, f"{registered}, which is not a rulewright.game.Game: it should name an instance of "
                                "your Game subclass, such as GAME = MyGame() in the package's __init__.py.")
    return obj


def _not_loaded(name: str, message: str = "", error: Exception | None = None, registered: str = "") -> GameNotLoaded:
    """Why the game ``name`` cannot be loaded, at its place: the line of its data file at fault,
    else its line in the project's ``pyproject.toml`` (None for a game registered elsewhere)."""
    project = config.current()
    place = (Where(str(project.pyproject), config.game_line(project.pyproject, name))
             if project.pyproject is not None and name in project.games else None)
    origin = _said(error) if error is not None else ""
    data = next((e for e in _chain(error) if isinstance(e, DataFileError)), None)
    if data is not None and data.line:
        return GameNotLoaded(f"{data.reason} Until it is fixed, the game {name!r} cannot be loaded, and none of its "
                             "examples can be played.", Where(data.path, data.line), origin)
    if data is not None:
        message = f"The game {name!r} cannot be loaded: {data.message}"
    elif error is not None:
        message = f"{registered}, but it cannot be loaded: {_failure(error)}"
    return GameNotLoaded(message, place, origin)


def _chain(error: BaseException | None):
    """``error`` and the errors it was raised from (or while handling)."""
    seen = set()
    while error is not None and id(error) not in seen:
        yield error
        seen.add(id(error))
        error = error.__cause__ or error.__context__


def _said(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _import_object(target: str, default: str):
    module_name, _, attribute = target.partition(":")
    obj = importlib.import_module(module_name)
    for part in (attribute or default).split("."):
        obj = getattr(obj, part)
    return obj


def _import(target: str, default: str, registered: str, code: str):
    try:
        return _import_object(target, default)
    except Exception as error:  # an importer that fails to import is reported, not a traceback
        raise InputError(f"{registered}, but it cannot be loaded: {_failure(error, code)}", "game") from None


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


def _failure(error: Exception, code: str = "the game's code") -> str:
    """What went wrong loading a game (or an importer) and what to do: the error's own first line,
    at the file and line of the game's code where it happened (never a line inside Python, a
    library or Rulewright)."""
    if isinstance(error, SyntaxError) and error.filename:
        return f"{display_path(error.filename)}, line {error.lineno}: {error.msg}. Correct {code} on that line."
    said = (str(error).strip().splitlines() or [""])[0]
    said = f"{type(error).__name__}{': ' + said if said else ''}"
    at = where_in_games_code(error)
    if at is None:
        return f"{said}. Check the package and object names there, and {code}."
    return f"{said} ({at}). Correct {code} at that line."


def where_in_games_code(error: BaseException) -> str | None:
    """The last line of the game's own code the error went through ("ferry/diagram.py, line 42"),
    not Python's, a library's or Rulewright's, or None."""
    own = [frame for frame in traceback.extract_tb(error.__traceback__) if is_games_code(frame.filename)]
    return f"{display_path(own[-1].filename)}, line {own[-1].lineno}" if own else None


# Where the code that is not a game's is: Python's own, the installed libraries', Rulewright's.
_NOT_THE_GAMES = tuple(Path(folder).resolve() for folder in {
    *(sysconfig.get_paths().get(kind) for kind in ("stdlib", "platstdlib", "purelib", "platlib")),
    str(Path(rulewright.__file__).parent)} if folder)


def is_games_code(filename: str) -> bool:
    """Whether ``filename`` is the game's code (or the project's), not Python's, a library's or
    Rulewright's own: where a failure is the designer's to mend (its file and line are named)."""
    if filename.startswith("<"):
        return False
    path = Path(filename).resolve()
    return not any(path.is_relative_to(root) for root in _NOT_THE_GAMES)


def game_sources(names) -> list[Path]:
    """The package folders (or module files) of the games called ``names`` that load: where their
    refusals are written. (A game that cannot be loaded is one problem, said at its place: its
    refusals are not also said to be shown by no example.)"""
    folders = []
    for name in sorted(set(names)):
        try:
            get_game(name)
            folder = game_folder(name)
        except InputError:
            continue  # the example naming it reports the unknown game
        if folder not in folders:
            folders.append(folder)
    return folders


def data_files(*roots: Path) -> list[Path]:
    """The YAML data files of ``roots`` (a game's package folder; a game written as one module has none)."""
    return sorted(p for root in map(Path, roots) if root.is_dir() for pattern in ("*.yaml", "*.yml")
                  for p in root.rglob(pattern))


def python_files(*roots: Path) -> list[Path]:
    """The Python files of ``roots``: a game's package folder, or a game written as one module."""
    return sorted(p for root in map(Path, roots) for p in ([root] if root.is_file() else root.rglob("*.py")))
