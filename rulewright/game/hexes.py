"""Hex maps for any game: coordinates, neighbours, sides, rotation, distance and drawing positions.

A hex is a ``Hex(q, r)`` in *axial* coordinates (the third cube coordinate is ``s = -q - r``).
A ``Grid`` says how the board is laid out and labelled:

- ``layout``: ``"pointy"`` (a corner at the top; rows of hexes run straight east-west, as on the
  1870 map) or ``"flat"`` (a side at the top; columns run straight north-south).
- ``letters``: which way the letters of an 18xx-style label run. With ``"rows"`` (the usual
  choice for a pointy map) ``B7`` is row B, and its number counts half-hexes from the west, so a
  row holds every other number (A2, A4, ... then B3, B5, ...). With ``"columns"`` (usual for a
  flat map) the letter is the column and the number counts half-hexes down it.
- ``a1_is_hex``: whether ``A1`` is a hex (true) or the first row starts at ``A2`` (false).

Sides are numbered 0 to 5 clockwise, as most 18xx programs do: on a pointy map 0 is the
south-west side (SW, W, NW, NE, E, SE); on a flat map 0 is the bottom side (S, SW, NW, N, NE, SE).
Corner ``k`` is where side ``k`` starts, going clockwise: side ``k`` runs from corner ``k`` to
corner ``k + 1``. A tile turned one step clockwise moves each of its sides from ``k`` to
``k + 1`` (``rotate``).

Drawing: ``centre`` and ``corners`` give positions in points with ``y`` pointing **up**, as
Graphviz's ``pos`` expects (``neato -n``: ``pos="x,y!"``), so row A is at the top. Open the picture
with ``rulewright.dot.graph_header(..., layout="nop2")``, which reads positions in points (the
plain ``neato`` layout reads them in inches: a board 72 times too large). ``node_shape`` gives the
attributes of a Graphviz polygon node that fills one hex exactly, and
``rulewright.dot.move_arrow(..., cell=size)`` draws a move from one hex's centre to another's.

    >>> grid = Grid("pointy", letters="rows", a1_is_hex=False)
    >>> grid.label(grid.neighbour(grid.hex("B9"), "E"))
    'B11'
    >>> grid.side_name(grid.side_towards(grid.hex("B9"), grid.hex("C8")))
    'SW'
    >>> distance(grid.hex("A2"), grid.hex("C6"))
    3
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import NamedTuple

from rulewright.game.values import written, yaml_reading

POINTY = "pointy"
FLAT = "flat"
LAYOUTS = (POINTY, FLAT)

SIDE_NAMES = {POINTY: ("SW", "W", "NW", "NE", "E", "SE"), FLAT: ("S", "SW", "NW", "N", "NE", "SE")}
# The axial step (dq, dr) across each side, in side order.
_STEPS = {POINTY: ((-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0), (0, 1)),
          FLAT: ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))}
# The angle (degrees, y up) of corner 0; each next corner is 60 degrees further clockwise.
_CORNER0 = {POINTY: -90.0, FLAT: -60.0}
_SQRT3 = math.sqrt(3)
_LABEL = re.compile(r"([A-Z]+)(\d+)")


class Hex(NamedTuple):
    """A hex in axial coordinates."""
    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate: ``q + r + s == 0``."""
        return -self.q - self.r


def distance(a: Hex, b: Hex) -> int:
    """The number of steps from hex ``a`` to hex ``b`` (0 for the same hex, 1 for neighbours)."""
    return max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def opposite(side: int) -> int:
    """The side facing ``side`` across the hex: a neighbour's side back towards this hex."""
    return (side + 3) % 6


def rotate(side: int, turns: int) -> int:
    """Where ``side`` of a tile ends up after ``turns`` steps clockwise (negative: anticlockwise)."""
    return (side + turns) % 6


def rotate_sides(sides, turns: int) -> tuple[int, ...]:
    """Every side in ``sides`` turned ``turns`` steps clockwise, in the same order."""
    return tuple(rotate(side, turns) for side in sides)


def letters_of(index: int) -> str:
    """The letters for the ``index``-th row or column from 0: A..Z, then AA, AB, ..."""
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def index_of(letters: str) -> int:
    """The inverse of ``letters_of``: ``A`` is 0, ``Z`` 25, ``AA`` 26."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


@dataclass(frozen=True)
class Grid:
    """A board's layout and its labels (see the module's description)."""
    layout: str = POINTY
    letters: str = "rows"
    a1_is_hex: bool = True

    def __post_init__(self):
        if self.layout not in LAYOUTS:
            raise ValueError(f"layout {self.layout!r} is not one of {', '.join(LAYOUTS)}")
        if self.letters not in ("rows", "columns"):
            raise ValueError(f"letters {self.letters!r} must be 'rows' or 'columns'")

    # Labels ------------------------------------------------------------------------------------
    def _parity(self) -> int:
        return 0 if self.a1_is_hex else 1

    def _doubled(self, h: Hex) -> tuple[int, int]:
        """(column, row) in doubled coordinates, counted from 0, with column + row of the grid's parity."""
        p = self._parity()
        if self.layout == POINTY:
            return 2 * h.q + h.r + p, h.r
        return h.q, 2 * h.r + h.q + p

    def hex(self, label: str) -> Hex:
        """The hex a label such as ``B11`` names; ``ValueError`` saying why when it names none."""
        found = _LABEL.fullmatch(str(label).strip().upper())
        if not found:
            said = f". {yaml_reading(label)}" if yaml_reading(label) else ""
            raise ValueError(f"{written(label) if said else repr(label)} is not a hex label: write letters then a "
                             f"number, e.g. 'B11'{said}")
        letter, number = index_of(found.group(1)), int(found.group(2)) - 1
        col, row = (number, letter) if self.letters == "rows" else (letter, number)
        if number < 0 or (col + row) % 2 != self._parity():
            first = "A1, A3, B2" if self.a1_is_hex else "A2, A4, B1, B3"
            raise ValueError(f"{label!r} is not a hex of this grid: its hexes are {first}, ... "
                             "(every other number in each row or column)")
        p = self._parity()
        if self.layout == POINTY:
            return Hex((col - row - p) // 2, row)
        return Hex(col, (row - col - p) // 2)

    def label(self, h: Hex) -> str:
        """The 18xx-style label of hex ``h``: beyond the board's last row or column it names a
        place off the printed board; a hex before row or column A / 1 has none (``ValueError``;
        ``label_or`` gives its coordinates instead)."""
        col, row = self._doubled(h)
        letter, number = (row, col) if self.letters == "rows" else (col, row)
        if letter < 0 or number < 0:
            raise ValueError(f"{h} lies before row or column A / 1 and has no label")
        return f"{letters_of(letter)}{number + 1}"

    # Sides and neighbours ----------------------------------------------------------------------
    def side_names(self) -> tuple[str, ...]:
        return SIDE_NAMES[self.layout]

    def side_name(self, side: int) -> str:
        return SIDE_NAMES[self.layout][side % 6]

    def side(self, side: int | str) -> int:
        """A side's number from its number or its compass name (``"NE"``)."""
        if isinstance(side, int) and not isinstance(side, bool):
            return side % 6
        names = SIDE_NAMES[self.layout]
        if str(side).upper() in names:
            return names.index(str(side).upper())
        raise ValueError(f"{side!r} is not a side of a {self.layout}-topped hex: use one of {', '.join(names)}")

    def neighbour(self, h: Hex, side: int | str) -> Hex:
        """The hex across ``side`` of ``h``."""
        dq, dr = _STEPS[self.layout][self.side(side)]
        return Hex(h.q + dq, h.r + dr)

    def neighbours(self, h: Hex) -> dict[int, Hex]:
        """Every side of ``h`` and the hex across it."""
        return {side: self.neighbour(h, side) for side in range(6)}

    def side_towards(self, a: Hex, b: Hex) -> int:
        """The side of ``a`` that faces its neighbour ``b``; ``ValueError`` if they are not neighbours."""
        step = (b.q - a.q, b.r - a.r)
        steps = _STEPS[self.layout]
        if step not in steps:
            raise ValueError(f"{self.label_or(a)} and {self.label_or(b)} are not neighbours")
        return steps.index(step)

    def label_or(self, h: Hex) -> str:
        try:
            return self.label(h)
        except ValueError:
            return str(h)

    # Drawing -----------------------------------------------------------------------------------
    def centre(self, h: Hex, size: float) -> tuple[float, float]:
        """The centre of ``h`` in points, ``y`` up; ``size`` is the distance from centre to corner."""
        if self.layout == POINTY:
            return size * _SQRT3 * (h.q + h.r / 2), -size * 1.5 * h.r
        return size * 1.5 * h.q, -size * _SQRT3 * (h.r + h.q / 2)

    def corner(self, h: Hex, k: int, size: float) -> tuple[float, float]:
        """Corner ``k`` of ``h`` (side ``k`` runs from corner ``k`` to corner ``k + 1``)."""
        x, y = self.centre(h, size)
        angle = math.radians(_CORNER0[self.layout] - 60 * (k % 6))
        return x + size * math.cos(angle), y + size * math.sin(angle)

    def corners(self, h: Hex, size: float) -> list[tuple[float, float]]:
        """The six corners of ``h`` clockwise from corner 0."""
        return [self.corner(h, k, size) for k in range(6)]

    def side_midpoint(self, h: Hex, side: int | str, size: float) -> tuple[float, float]:
        """The middle of ``side`` of ``h``: where track leaves the hex."""
        k = self.side(side)
        (x1, y1), (x2, y2) = self.corner(h, k, size), self.corner(h, k + 1, size)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def node_shape(self, size: float) -> dict[str, str]:
        """Graphviz attributes of a polygon node exactly covering one hex of ``size`` points."""
        across, tall = (_SQRT3 * size, 2 * size) if self.layout == POINTY else (2 * size, _SQRT3 * size)
        return {"shape": "polygon", "sides": "6", "orientation": "30" if self.layout == POINTY else "0",
                "fixedsize": "true", "width": f"{across / 72:.4f}", "height": f"{tall / 72:.4f}"}


def pos(point: tuple[float, float]) -> str:
    """A Graphviz ``pos`` value pinning a node at ``point`` (in points, for ``neato -n``)."""
    return f"{point[0]:.2f},{point[1]:.2f}!"
