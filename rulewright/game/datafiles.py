"""A game's data files: the YAML files in its package (its presets, a board, a market), read with
``data_file`` so that a mistake in one is said as a designer needs it: the file, the line and the
fix, not a Python error from inside the YAML library.

::

    from rulewright.game import Game, data_file

    class MyGame(Game):
        presets = data_file(__package__, "presets.yaml")   # beside the game's code
        ...

    BOARD = data_file(__package__, "data/board.yaml")     # or in a folder of the package

A file that is not valid YAML (a tab where YAML wants spaces, a bracket never closed, a colon
missing) raises ``DataFileError``, which names the file and the line and says what to do ("use
spaces instead of the tab"); ``rulewright check``, ``make test`` and the book's build then say that
one problem, once, at that line.
"""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import yaml

from rulewright.game import yaml_words
from rulewright.game.refusal import InputError
from rulewright.problems import display_path

# LibYAML's reader where PyYAML has it (the same data as ``yaml.safe_load``, some ten times sooner:
# 1870's data files took a tenth of a second in each process that plays it).
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DataFileError(InputError):
    """A data file of the game that cannot be read: its ``path``, the ``line`` at fault (counted
    from 1; None when the file as a whole is, such as a missing one) and ``reason``, what is wrong
    and how to fix it in plain words. Its message says all three, the path as the designer's
    terminal shows it: ``ferry/presets.yaml, line 4: ... Use spaces instead of the tab ...``."""

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        super().__init__(f"{display_path(path)}{f', line {line}' if line else ''}: {reason}")
        self.path, self.line, self.reason = path, line, reason

    def __reduce__(self):
        return type(self), (self.path, self.line, self.reason)


def data_file(package: str | os.PathLike, name: str, read: Callable[[Any], Any] | None = None) -> Any:
    """The data in the YAML file ``name`` of the game's package: ``package`` is the package's name
    (``__package__`` in the game's own code) or a folder, ``name`` the file's path in it
    (``"presets.yaml"``, ``"data/board.yaml"``). The data is what ``yaml.safe_load`` reads:
    mappings, lists, text, numbers, yes/no. A file that is missing, not UTF-8 text or not valid
    YAML raises ``DataFileError`` at its line, with the fix.

    With ``read``, what ``read(data)`` makes of the data is returned instead (a kit's reader: a deck
    with ``cards.Deck.read``, a round's phases with ``turns.Phases.read``), and an ``InputError`` it
    raises naming a key (``deck.copies``) becomes a ``DataFileError`` at that key's line::

        DECK = data_file(__package__, "cards.yaml", lambda data: cards.Deck.read(data["deck"], "Whist"))
    """
    data, text, file = _loaded(package, name)
    if read is None:
        if isinstance(data, (dict, list)):
            _SOURCES[id(data)] = (data, file, text)
        return data
    try:
        return read(data)
    except DataFileError:
        raise
    except InputError as error:
        raise DataFileError(file, line_of(text, error.where), error.message) from None


_SOURCES: dict[int, tuple[Any, str, str]] = {}  # each file's data, by identity: its path and its text


def source_of(data: Any) -> tuple[str, str] | None:
    """The path and the text of the data file ``data`` was read from by ``data_file`` (a game's
    ``presets``, say), or None when it was not read from one."""
    found = _SOURCES.get(id(data))
    return (found[1], found[2]) if found is not None and found[0] is data else None


def line_of(text: str, where: str | None) -> int | None:
    """The line (from 1) of the key or item at the dotted path ``where`` in the YAML ``text``, or of
    the nearest one above it that is there; ``None`` for no path."""
    if not where:
        return None
    try:
        node = yaml.compose(text, Loader=FAST_LOADER)
    except yaml.YAMLError:
        return None
    line = None
    for part in str(where).split("."):
        if isinstance(node, yaml.MappingNode):
            found = next(((key, value) for key, value in node.value if str(key.value) == part), None)
            if found is None:
                break
            line, node = found[0].start_mark.line + 1, found[1]
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
            line = node.start_mark.line + 1
        else:
            break
    return line


def _loaded(package: str | os.PathLike, name: str) -> tuple[Any, str, str]:
    """The data, the text and the path of the data file."""
    path = (resources.files(package) if isinstance(package, str) else Path(package)).joinpath(name)
    file = str(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise DataFileError(file, None, f"The game reads this data file, but there is no such file. Create "
                                         f"it, or correct the name '{name}' in the game's code.") from None
    except UnicodeDecodeError as error:
        line = path.read_bytes()[:error.start].count(b"\n") + 1
        raise DataFileError(file, line, "This data file is not UTF-8 text. Save it as UTF-8 in your "
                                         "editor.") from None
    except OSError as error:
        raise DataFileError(file, None, f"The game cannot read this data file ({error.strerror or error}). "
                                         "Check that it is a file you may read.") from None
    try:
        return yaml.load(text, Loader=FAST_LOADER), text, file
    except yaml.YAMLError:
        pass
    try:  # (the mistake as the pure-Python reader says it: the words ``yaml_words`` knows)
        return yaml.safe_load(text), text, file
    except yaml.YAMLError as error:
        raise _not_yaml(file, text, error) from None


def _not_yaml(path: str, text: str, error: yaml.YAMLError) -> DataFileError:
    """The YAML mistake in ``text`` in the words the book's own YAML gets (an example's, a phrase
    file's: ``rulewright.game.yaml_words``), at its line of the data file."""
    index, said = yaml_words.mistake(text, error, "data file")
    return DataFileError(path, index + 1 if index is not None else None,
                         said.replace("The data file is", "This data file is", 1))
