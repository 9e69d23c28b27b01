"""Square boards for any game: labels such as ``C4``, neighbours, directions, distance and drawing
positions (the square grid's counterpart of ``hexes``).

A square is a ``Square(column, row)`` counted from 0 at the first column and the first row. A
``Grid`` says the board's size and how its squares are named:

- ``columns`` and ``rows``: the board's size (a chessboard is ``Grid(8, 8)``).
- ``first_row``: the number of the first row, ``1`` (``A1``, as chess writes it) or ``0`` (``A0``).
- ``rows_from``: where the first row is drawn, ``"top"`` (row 1 at the top, as a page reads) or
  ``"bottom"`` (as a chessboard is printed).
- ``diagonals``: whether squares touching only at a corner are neighbours (a king's move) or not
  (only the four squares across a side touch, as on most tile boards).

The letter names the column (A is the first column) and the number the row, so ``C4`` is the third
column's fourth row on a board whose rows start at 1.

Drawing: ``centre`` gives a square's centre with ``y`` pointing **up**, as Graphviz's ``pos``
expects, in the unit of ``size`` (inches for the neato layout ``rulewright.dot.graph_header``
opens, points for ``neato -n``); ``node_shape`` gives the attributes of a box node that fills one
square, and ``rulewright.dot.move_arrow`` draws a move from one square's centre to another's over
the squares (give it ``cell=size`` and it keeps clear of the squares' own labels, its number too).

A board is data in the game's YAML, read by ``Grid.read`` with each mistake at its key; the
squares an example's setup names are read by ``Grid.read_squares`` (a label off the board is named
with how to write one) and written back by ``Grid.labels_of``, so a game's ``setup_of`` round trip
is one line. ``draw_board`` draws the board with what stands on each square, a square a rule
refused outlined in the refusal's red, and lines of notes under it (each player's score).

    >>> grid = Grid(10, 10, first_row=0)
    >>> grid.label(grid.neighbour(grid.square("C4"), "E"))
    'D4'
    >>> [grid.label(s) for s in grid.neighbours(grid.square("A0"))]
    ['B0', 'A1']
    >>> grid.distance(grid.square("A0"), grid.square("C4"))
    6
    >>> board = Grid.read({"columns": 5, "rows": 5})
    >>> board.labels_of(board.read_squares(["c3", "A1"], "players.ann.holds"))
    ['C3', 'A1']
    >>> board.read_squares(["F1"], "players.ann.holds")
    Traceback (most recent call last):
    ...
    rulewright.game.refusal.InputError: There is no square 'F1': write a column letter A-E and a row number 1-5, such as C4.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from rulewright import dot as style
from rulewright.game.hexes import index_of, letters_of
from rulewright.game.refusal import InputError, did_you_mean
from rulewright.game.values import flag, places, whole, written, yaml_reading

# Each direction's step (columns, rows), rows counted downwards from the first; the four sides
# first, clockwise from north, then the four corners.
DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0),
              "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}
_LABEL = re.compile(r"([A-Z]+)(\d+)")
#: The keys of a board in the game's data (``Grid.read``).
BOARD_KEYS = ("columns", "rows", "first_row", "rows_from", "diagonals")


class Square(NamedTuple):
    """A square by its column and row, each counted from 0."""
    column: int
    row: int


@dataclass(frozen=True)
class Grid:
    """A square board's size and its labels (see the module's description)."""
    columns: int
    rows: int
    first_row: int = 1
    rows_from: str = "top"
    diagonals: bool = False

    def __post_init__(self):
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"a board needs at least one column and one row, not {self.columns}x{self.rows}")
        if self.rows_from not in ("top", "bottom"):
            raise ValueError(f"rows_from {self.rows_from!r} must be 'top' or 'bottom'")

    # Data and setups ---------------------------------------------------------------------------
    @classmethod
    def read(cls, data: Any, where: str = "board") -> Grid:
        """The board ``data`` describes, from the game's YAML: ``{columns: 5, rows: 5}``, and
        optionally ``first_row`` (1 or 0), ``rows_from`` (``top`` or ``bottom``) and ``diagonals``
        (``true``: squares touching at a corner are neighbours); an ``InputError`` at the key at
        fault otherwise, a misspelt key answered with the one meant."""
        if not isinstance(data, dict) or not {"columns", "rows"} <= set(data):
            raise InputError(f"'{where}' gives the board's size, e.g. '{{columns: 5, rows: 5}}', not {written(data)}.",
                             where)
        for key in data:
            if key not in BOARD_KEYS:
                raise InputError(f"A board has no key {key!r}. {did_you_mean(key, BOARD_KEYS)}", f"{where}.{key}")
        rows_from = data.get("rows_from", "top")
        if rows_from not in ("top", "bottom"):
            raise InputError(f"'rows_from' says where the first row is drawn: 'top' or 'bottom', not "
                             f"{written(rows_from)}.", f"{where}.rows_from")
        return cls(whole(data["columns"], f"{where}.columns", "A board's number of columns", 1, 26),
                   whole(data["rows"], f"{where}.rows", "A board's number of rows", 1, 99),
                   whole(data.get("first_row", 1), f"{where}.first_row", "The first row's number", 0, 1), rows_from,
                   flag(data.get("diagonals", False), f"{where}.diagonals",
                        "squares touching at a corner are neighbours"))

    def read_square(self, label: Any, where: str | None = None) -> Square:
        """The square ``label`` names (an example's ``C4``), or an ``InputError`` at ``where`` saying
        how a square is written on this board."""
        try:
            return self.square(label)
        except ValueError as error:
            raise InputError(str(error), where) from None

    def read_squares(self, labels: Any, where: str) -> list[Square]:
        """The squares a setup lists (``[A1, C4]``; one label alone is a list of one), in its order;
        an ``InputError`` at ``where.<i>`` for a label that names no square, or one listed twice."""
        return places(labels, where, self.read_square, self.label)

    def labels_of(self, squares: Iterable[Square]) -> list[str]:
        """The labels of ``squares``, in their order: what a game's ``view`` and ``setup_of`` write,
        and ``read_squares`` reads back."""
        return [self.label(square) for square in squares]

    # Labels ------------------------------------------------------------------------------------
    def example_label(self) -> str:
        return self.label(Square(min(2, self.columns - 1), min(3, self.rows - 1)))

    def describe(self) -> str:
        """How a square is written on this board, for messages: 'a column letter A-J and a row
        number 0-9, such as C3'."""
        last_row = self.first_row + self.rows - 1
        return (f"a column letter A-{letters_of(self.columns - 1)} and a row number {self.first_row}-{last_row}, "
                f"such as {self.example_label()}")

    def square(self, label: object) -> Square:
        """The square a label such as ``C4`` (any case) names; ``ValueError`` saying how to write
        one when it names none."""
        found = _LABEL.fullmatch(str(label).strip().upper())
        if found:
            square = Square(index_of(found.group(1)), int(found.group(2)) - self.first_row)
            if self.on_board(square):
                return square
        said = f" {yaml_reading(label)}" if yaml_reading(label) else ""
        raise ValueError(f"There is no square {written(label) if said else repr(label)}: write {self.describe()}.{said}")

    def label(self, square: Square) -> str:
        """The label of ``square``, such as ``C4``."""
        if not self.on_board(square):
            raise ValueError(f"{tuple(square)} is off the {self.columns}x{self.rows} board")
        return f"{letters_of(square.column)}{square.row + self.first_row}"

    def labels(self) -> list[str]:
        """Every square's label, column by column (A1, A2, ..., B1, ...)."""
        return [self.label(square) for square in self.squares()]

    def squares(self) -> list[Square]:
        """Every square, column by column."""
        return [Square(c, r) for c in range(self.columns) for r in range(self.rows)]

    def on_board(self, square: Square) -> bool:
        return 0 <= square.column < self.columns and 0 <= square.row < self.rows

    # Neighbours --------------------------------------------------------------------------------
    def directions(self) -> tuple[str, ...]:
        """The directions a neighbour lies in: N, E, S, W, and the corners when ``diagonals``."""
        return tuple(DIRECTIONS)[:8 if self.diagonals else 4]

    def neighbour(self, square: Square, direction: str) -> Square | None:
        """The square one step in ``direction`` (``"N"`` is towards the first row), or ``None``
        off the board."""
        name = str(direction).upper()
        if name not in DIRECTIONS:
            raise ValueError(f"{direction!r} is not a direction: use one of {', '.join(DIRECTIONS)}")
        dc, dr = DIRECTIONS[name]
        there = Square(square.column + dc, square.row + dr)
        return there if self.on_board(there) else None

    def neighbours(self, square: Square) -> list[Square]:
        """The squares touching ``square`` on the board, in reading order (by row, then column)."""
        found = (self.neighbour(square, d) for d in self.directions())
        return sorted((s for s in found if s is not None), key=lambda s: (s.row, s.column))

    def distance(self, a: Square, b: Square) -> int:
        """Steps from ``a`` to ``b`` through neighbours: with ``diagonals`` the larger of the columns
        and rows between them (a king's moves), else their sum (sides crossed)."""
        across, down = abs(a.column - b.column), abs(a.row - b.row)
        return max(across, down) if self.diagonals else across + down

    def connected(self, start: Square, members) -> set[Square]:
        """Every square of ``members`` joined to ``start`` through neighbours in ``members``
        (``start`` included)."""
        members = set(members)
        seen, todo = {start}, [start]
        while todo:
            for n in self.neighbours(todo.pop()):
                if n in members and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    # Drawing -----------------------------------------------------------------------------------
    def centre(self, square: Square, size: float) -> tuple[float, float]:
        """The centre of ``square``, ``y`` up, for squares ``size`` wide; the first column's centre
        is at ``x = 0`` and the top row's at ``y = 0``."""
        down = square.row if self.rows_from == "top" else self.rows - 1 - square.row
        return square.column * size, -down * size

    def node_shape(self, size: float, gap: float = 0.08) -> dict[str, str]:
        """Graphviz attributes of a box node filling one square of ``size`` (in inches, Graphviz's
        unit for a node's size), less ``gap`` of it so neighbouring squares stay apart."""
        side = f"{size * (1 - gap):.3f}"
        return {"shape": "box", "fixedsize": "true", "width": side, "height": side}


def draw_board(grid: Grid, cells: Mapping[str, tuple[str, str]], size: float = 0.8, title: str = "",
               notes: Iterable[str] = (), refused: Iterable[str] = (), name: str = "board") -> str:
    """The Graphviz DOT source of a square board: each square a box with its label and, where
    ``cells`` gives one for its label, the words on it and its fill (``{"C3": ("ann", "#dbe9f6")}``;
    the words are drawn in black or white, whichever reads on the fill); each square of ``refused``
    outlined in the refusal's red (the square a refused move named); ``title`` above the board and
    ``notes`` under it, one line each ("Ann: 3 points · to play"). ``size`` is a square's side in
    inches."""
    refused = set(refused)
    out = style.graph_header(name)
    out.append("  node [" + ", ".join(f"{k}={v}" for k, v in grid.node_shape(size).items())
               + ', style=filled, fontsize=10, penwidth=1];')
    for square in grid.squares():
        label = grid.label(square)
        words, fill = cells.get(label, ("", PLAIN))
        x, y = grid.centre(square, size)
        outline = f', color="{style.REFUSED}", penwidth=3' if label in refused else ""
        text = label + ("\n" + words if words else "")
        out.append(f'  {style.node_id("sq", label)} [pos="{x:.3f},{y:.3f}!", fillcolor="{fill}", '
                   f'fontcolor="{style.ink_on(fill)}"{outline}, label={style.quote(text)}];')
    middle, free = (grid.columns - 1) * size / 2, 'style="", fixedsize=false, width=0, height=0'
    if title:  # above the first row drawn
        out.append(f'  title [shape=plaintext, {free}, fontsize=11, pos="{middle:.3f},{size * 0.5 + 0.25:.3f}!", '
                   f'label={style.quote(title)}];')
    notes = list(notes)
    if notes:  # under the last row drawn
        below = -(grid.rows - 1) * size - size / 2 - 0.15 - 0.11 * len(notes)
        rows = "".join(f'<tr><td align="left">{style.html(line)}</td></tr>' for line in notes)
        out.append(f'  notes [shape=plain, {free}, pos="{middle:.3f},{below:.3f}!", '
                   f'label=<<table border="0" cellspacing="0" cellpadding="2">{rows}</table>>];')
    out.append("}")
    return "\n".join(out)


#: The fill of a square with nothing on it.
PLAIN = "#f4f4f4"
#: Light fills for the players' squares, in seat order, each read with black words (``draw_board``).
FILLS = ("#fce5cd", "#d9ead3", "#ead1dc", "#fff2cc", "#d9d2e9", "#e6e6e6")
