"""Figures from the game: a number (or any value) the game knows, printed in the game's own words,
so that a rule's number, a cost table or a quick reference is written once, by the engine.

In the text, the ``{value}`` role::

    Each field gives {value}`fields.food` at the start.            -> "3 food"
    The bank starts with {value}`bank@demo`.                       -> "$92"
    A city is worth {value}`data/board.yaml:cities.Leeds.value`.   -> "2"
    SSW has {value}`#data/corporations.yaml:SSW.tokens` tokens.    -> "two" (how many; in words to twelve)
    {value}`bus most_buses@new-game`                               (the game named first)

``path`` is a dotted path into the game's view of a position (as an example's ``expect`` writes
it); ``@preset`` names the position (one of the game's presets; without it the game's own starting
position, its setup left empty). ``file.yaml:path`` reads the game's data file instead (a file of
the game's package, as its code reads it with ``data_file``). The game is the chapter's (its
``glossary.yaml`` names it), or the one game the page's examples play; a word before the path names
another. The value is written as the game's phrases write that path (``value: "{} food"``). A ``#``
before the path counts instead: how many entries a list or mapping there holds (a number there is
itself the count), written as the book writes a count, in words to twelve ("four"), in digits above.

As a table, the ``{values}`` directive (each row as a quick reference's key number)::

    ```{values}
    game: bus                  # optional, as for the role
    preset: new-game           # optional: the position of every row that names none
    rows:
      - {say: "Markers at the start", view: markers}
      - {view: "companies.*.treasury"}              # one row per company: "LMR's treasury | $20"
      - {say: Players, value: "3 to 5"}             # a number stated, not read
    ```

One reading serves the build (``rulewright.sphinx.figures``), ``rulewright check`` and ``make
test`` (``rulewright.checks.figures``): a path the game does not have is a problem at its line,
naming the paths it does have.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
import sys
from typing import Any

import yaml

from rulewright.book import phrases, source
from rulewright.book.phrases import look_up, number_words
from rulewright.book.registry import GameNotLoaded, get_game
from rulewright.game import InputError, Rng, data_file, did_you_mean
from rulewright.problems import ExampleProblem, Where
from rulewright.scenario.playing import set_up

ROLE = "value"
TABLE = "values"
DATA_FILE = re.compile(r"^([\w./-]+\.(?:ya?ml|json)):(.+)$")
WHOLE_FILE = re.compile(r"^[\w./-]+\.(?:ya?ml|json)$")
GAME_WORD = re.compile(r"^[A-Za-z0-9][\w.-]*$")
ROW_KEYS = {"say", "value", "view", "preset", "setup"}
TABLE_KEYS = {"game", "preset", "setup", "rows"}


@dataclass(frozen=True)
class Figure:
    """One value to read from a game: at ``path`` of the view of a position (``preset``,
    ``setup``), or of the data file ``file``; ``where`` it is written."""

    path: str
    where: Where
    game: str | None = None
    preset: str | None = None
    setup: tuple = ()  # the setup's items, as (key, JSON text)
    file: str | None = None
    count: bool = False  # "#path": how many entries the value holds, in words

    @property
    def written(self) -> str:
        """The figure as a designer writes it, for messages and the designer's edition."""
        where = (f"{self.file}:{self.path}" if self.path else self.file) if self.file else self.path
        return ("#" if self.count else "") + where + (f"@{self.preset}" if self.preset else "")


def _setup_items(setup: dict | None) -> tuple:
    return tuple((str(k), json.dumps(v, sort_keys=True, default=str)) for k, v in (setup or {}).items())


def parse_role(text: str, where: Where, game: str | None = None) -> Figure:
    """The role's text (``[game] path[@preset]`` or ``[game] file.yaml:path``) as a Figure; a
    problem at ``where`` when it cannot be one."""
    words = text.split()
    if len(words) == 2 and GAME_WORD.match(words[0]):
        game, text = words[0], words[1]
    elif len(words) != 1:
        raise ExampleProblem(where, f"{{value}}`{text}` names one value: a path of the game's view such as "
                             "{value}`bank@demo` (the bank in the preset 'demo'), or of a data file such as "
                             "{value}`data/board.yaml:cities.Leeds`; a game's name may come first, "
                             "{value}`bus most_buses`.")
    return figure(text, where, game)


def figure(text: str, where: Where, game: str | None, preset: str | None = None, setup: dict | None = None) -> Figure:
    """``path[@preset]`` or ``file.yaml:path`` as a Figure (``preset`` and ``setup``: the position
    when the text names none); ``#`` before either counts what is there."""
    text = str(text).strip()
    count = text.startswith("#")
    text = text[1:].strip() if count else text
    found = DATA_FILE.match(text)
    if found:
        return Figure(found.group(2).strip(), where, game, file=found.group(1), count=count)
    if count and WHOLE_FILE.match(text):  # "#data/corporations.yaml": how many entries the file holds
        return Figure("", where, game, file=text, count=count)
    path, _, named = text.partition("@")
    if not path.strip() or (_ and not named.strip()):
        raise ExampleProblem(where, f"'{text}' is not a value's path: write a dotted path of the game's view, "
                             "such as companies.LMR.treasury, and after an @ the preset to read it in, "
                             "companies.LMR.treasury@demo.")
    return Figure(path.strip(), where, game, named.strip() or preset, _setup_items(setup), count=count)


# --- the table form ---------------------------------------------------------------------------

@dataclass
class Row:
    say: str | None
    value: str | None  # stated, or None: read from ``figure``
    figure: Figure | None
    where: Where


@dataclass
class Table:
    game: str | None
    rows: list[Row] = field(default_factory=list)
    where: Where | None = None


def read_row(number: Any, where: Where, game: str | None, preset: str | None = None,
             setup: dict | None = None, fix: str = "") -> Row:
    """One row of a table of figures (or a key number of a quick reference): ``{say: ..., value:
    ...}`` stated, or ``{view: a.path, preset: ..., setup: ..., say: ...}`` read from the game."""
    if not isinstance(number, dict) or set(map(str, number)) - ROW_KEYS or ("value" in number) == ("view" in number):
        raise ExampleProblem(where, fix or "Each row is {say: \"...\", value: ...} (stated) or {view: a.path, "
                             "preset: ...} (read from the game, 'say' optional).")
    if "value" in number:
        if not number.get("say"):
            raise ExampleProblem(where, "A stated number needs its 'say:', what it counts.")
        return Row(str(number["say"]), str(number["value"]), None, where)
    if "setup" in number and not isinstance(number["setup"], dict):
        raise ExampleProblem(where, "'setup' is a mapping of setup keys, as an example's setup, e.g. {players: 4}.")
    own_preset = number.get("preset")
    return Row(str(number["say"]) if number.get("say") else None, None,
               figure(str(number["view"]), where, game, str(own_preset) if own_preset is not None else preset,
                      number.get("setup") if "setup" in number or own_preset is not None else setup), where)


def read_table(body: str, where: Where) -> Table:
    """A ``{values}`` table's YAML ``body``, its first line at ``where``."""
    data, lines = source.load(body, where, "table of values")
    at = lambda *keys: where.at(lines.line(*keys))  # noqa: E731
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise ExampleProblem(where, "A table of values lists its rows, e.g. rows: [{say: \"Cash at the start\", "
                             "view: bank, preset: demo}]; 'game:' and 'preset:' are optional.")
    unknown = sorted(set(map(str, data)) - TABLE_KEYS)
    if unknown:
        raise ExampleProblem(at(unknown[0]), f"'{unknown[0]}' is not part of a table of values: write "
                             + ", ".join(sorted(TABLE_KEYS)) + ".")
    game = str(data["game"]) if data.get("game") else None
    preset = str(data["preset"]) if data.get("preset") is not None else None
    table = Table(game, where=where)
    for index, row in enumerate(data["rows"]):
        table.rows.append(read_row(row, at("rows", index), game, preset, data.get("setup")))
    return table


# --- which game -------------------------------------------------------------------------------

_GAME_LINE = re.compile(r"""^\s*game:[ \t]*(['"]?)([\w.\-]+)\1[ \t]*(?:#.*)?$""", re.MULTILINE)


def page_game(page: str | Path, text: str | None = None) -> str | None:
    """The game a page's figures are read from when they name none: the chapter's (the
    ``glossary.yaml`` of the page's folder names it), else the one game the page names with
    ``game:`` (its examples, a quick reference), else None."""
    page = Path(page)
    named = _glossary_game(str(page.parent / "glossary.yaml"))
    if named:
        return named
    try:
        text = page.read_text(encoding="utf-8", errors="replace") if text is None else text
    except OSError:
        return None
    games = {match.group(2) for match in _GAME_LINE.finditer(text)}
    return games.pop() if len(games) == 1 else None


@lru_cache(maxsize=256)
def _glossary_game(path: str) -> str | None:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    return str(data["game"]) if isinstance(data, dict) and data.get("game") else None


# --- reading ----------------------------------------------------------------------------------

@dataclass
class Read:
    """A figure read: its ``value``, the ``state`` it was read in (None for a data file) and, for a
    path with ``*``, each (path, value) it stands for."""

    value: Any
    state: Any = None
    each: list[tuple[str, Any]] | None = None


def game_for(figure: Figure, page_game_name: str | None = None):
    """The game ``figure`` is read from (a problem at its line when none can be told, or it is not
    a game of the project)."""
    name = figure.game or page_game_name
    if not name:
        raise ExampleProblem(figure.where, f"Which game's value is {{value}}`{figure.written}`? This page belongs "
                             "to no one game (no glossary.yaml names it, and its examples play none or several): "
                             f"name it first, {{value}}`my-game {figure.written}`.")
    try:
        return get_game(name)
    except (ExampleProblem, GameNotLoaded):
        raise
    except Exception as error:  # noqa: BLE001 - an unknown game, said at the line
        raise ExampleProblem(figure.where, str(error)) from None


def read(game, figure: Figure) -> Read:
    """The value ``figure`` names in ``game``; an ``ExampleProblem`` at its line when the game has
    no such position, path or data file, naming what it has."""
    if figure.file:
        data = _data(game, figure)
        return _counted(_at(data, figure, f"the data file {figure.file}"), figure)
    state, view = _position(game, figure)
    found = _at(view, figure, "the game's view" + (f" in the preset '{figure.preset}'" if figure.preset
                                                     else " of its starting position"))
    found.state = state
    return _counted(found, figure)


def _counted(found: Read, figure: Figure) -> Read:
    """``found`` as the count ``#path`` asks for: how many entries each value holds (a whole number
    is its own count); a problem at the figure's line for a value that counts nothing."""
    if not figure.count:
        return found

    def how_many(value: Any) -> int:
        if isinstance(value, (list, tuple, dict, set)):
            return len(value)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        raise ExampleProblem(figure.where, f"{{value}}`{figure.written}` counts what is at '{figure.path}', but "
                             f"that holds {_short(value)}, which is no list, mapping or whole number: leave out "
                             "the # to print it as it is.")

    if found.each is not None:
        each = [(path, how_many(value)) for path, value in found.each]
        return Read([value for _, value in each], found.state, each)
    return Read(how_many(found.value), state=found.state)


def _at(data: Any, figure: Figure, what: str) -> Read:
    if not figure.path:  # a whole data file, counted
        return Read(data)
    if "*" in figure.path.split("."):
        each = list(_each(data, figure.path.split("."), ()))
        if not each:
            raise ExampleProblem(figure.where, f"{what[:1].upper() + what[1:]} has nothing at '{figure.path}'. "
                                 + _known(data, figure.path))
        return Read([value for _, value in each], None, each)
    try:
        return Read(look_up(data, figure.path))
    except LookupError:
        raise ExampleProblem(figure.where, f"{what[:1].upper() + what[1:]} has no '{figure.path}'. "
                             + _known(data, figure.path)) from None


def _each(node: Any, parts: list[str], done: tuple):
    if not parts:
        yield ".".join(done), node
        return
    part, rest = parts[0], parts[1:]
    if isinstance(node, dict):
        keys = [k for k in node] if part == "*" else [k for k in node if str(k) == part]
        for key in keys:
            yield from _each(node[key], rest, done + (str(key),))
    elif isinstance(node, (list, tuple)):
        indices = range(len(node)) if part == "*" else [int(part)] if part.isdigit() and int(part) < len(node) else []
        for index in indices:
            yield from _each(node[index], rest, done + (str(index),))


def _known(data: Any, path: str) -> str:
    """The nearest paths there are to ``path``: "Did you mean ...?", or those under the deepest
    part of it that is there."""
    node, done = data, []
    for part in path.split("."):
        if isinstance(node, dict) and any(str(k) == part for k in node):
            node = next(node[k] for k in node if str(k) == part)
            done.append(part)
            continue
        if isinstance(node, (list, tuple)) and part.isdigit() and int(part) < len(node):
            node, _ = node[int(part)], done.append(part)
            continue
        break
    prefix = ".".join(done) + "." if done else ""
    if isinstance(node, dict) and node:
        return did_you_mean(path, [prefix + str(k) for k in node])
    if done:
        return f"'{'.'.join(done)}' is there, and holds {_short(node)}."
    return "It has nothing of that name."


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _data(game, figure: Figure) -> Any:

    module = sys.modules.get(type(game).__module__)
    package = getattr(module, "__package__", None) or type(game).__module__.rpartition(".")[0]
    try:
        return data_file(package, figure.file)
    except InputError as error:
        raise ExampleProblem(figure.where, f"{{value}}`{figure.written}` reads a data file of {game.title}: "
                             f"{error}") from None


def _position(game, figure: Figure):
    try:
        return _view_of(game, figure.preset, figure.setup)
    except InputError as error:
        presets = sorted(getattr(game, "presets", None) or {})
        if figure.preset is not None and figure.preset not in presets:
            raise ExampleProblem(figure.where, f"{game.title} has no preset '{figure.preset}' to read "
                                 f"'{figure.path}' in. {did_you_mean(figure.preset, presets)}") from None
        hint = (f" Name the position after an @: {figure.path}@{presets[0]} (the presets are "
                f"{', '.join(presets)})." if presets and figure.preset is None else "")
        raise ExampleProblem(figure.where, f"The position to read '{figure.path}' in cannot be set up: "
                             f"{error}{hint}") from None


def _view_of(game, preset: str | None, setup: tuple):
    """The state and the view of the position (kept per game and position: a page may read many
    figures of one position, and a view can cost as much as a move)."""
    return _kept_view(game, game.name, preset, setup)


@lru_cache(maxsize=128)
def _kept_view(game, name: str, preset: str | None, setup: tuple):
    wanted = {key: json.loads(value) for key, value in setup}
    if preset is not None:
        wanted["preset"] = preset
    try:
        state = set_up(game, wanted, game.resolve_settings(None), Rng(0))
        return state, game.view(state)
    except InputError:
        raise
    except Exception as error:  # noqa: BLE001 - a setup the engine refuses, said as a setup's problem
        raise InputError(str(error)) from None


def said(words, figure: Figure, path: str, value: Any) -> str:
    """``value``, read at ``path`` for ``figure``, as the game writes it (``words``: its phrases):
    the one place a figure's value becomes text, in both editions. A position's value as the
    phrases write the path ("3 food", "$6,000"); a data file's sum with the game's money sign and
    separators ("$6,000"), for the key holds money (``Phrases.data_value``); any other number of four
    digits or more with separators ("12,000"); a count (``#path``) as the book writes one ("four",
    ``phrases.number_words``)."""
    if figure.count:
        return number_words(value)
    if figure.file:
        return words.data_value(path, value)
    text = words.value(path, value)
    if isinstance(value, int) and not isinstance(value, bool) and text == str(value):
        return f"{value:,}"
    return text


def label(game, path: str) -> str:
    """The words for ``path`` in the game's phrases (a row's label when it says none)."""
    found = phrases.for_game(game).path(path)
    text = found if found else path
    return text[:1].upper() + text[1:]


def problems(text: str, where: Where, page_game_name: str | None) -> list[ExampleProblem]:
    """What is wrong with one ``{value}`` role's text (``[]`` when it reads)."""
    try:
        found = parse_role(text, where)
        game = game_for(found, page_game_name)
        read(game, found)
    except GameNotLoaded:
        return []  # its code or data fails: said once, at its place, by the book's checks
    except ExampleProblem as problem:
        return [problem]
    return []


def table_problems(body: str, where: Where, page_game_name: str | None) -> list[ExampleProblem]:
    """What is wrong with one ``{values}`` table."""
    try:
        table = read_table(body, where)
    except ExampleProblem as problem:
        return [problem]
    found = []
    for row in table.rows:
        if row.figure is None:
            continue
        try:
            read(game_for(row.figure, table.game or page_game_name), row.figure)
        except GameNotLoaded:
            return []
        except ExampleProblem as problem:
            found.append(problem)
    return found
