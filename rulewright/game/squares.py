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

    >>> grid = Grid(10, 10, first_row=0)
    >>> grid.label(grid.neighbour(grid.square("C4"), "E"))
    'D4'
    >>> [grid.label(s) for s in grid.neighbours(grid.square("A0"))]
    ['B0', 'A1']
    >>> grid.distance(grid.square("A0"), grid.square("C4"))
    6
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from rulewright.game.hexes import index_of, letters_of
from rulewright.game.values import written, yaml_reading

# Each direction's step (columns, rows), rows counted downwards from the first; the four sides
# first, clockwise from north, then the four corners.
DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0),
              "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}
_LABEL = re.compile(r"([A-Z]+)(\d+)")


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
