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

A board is data in the game's YAML, read by ``Board.read`` with each mistake at its key: its grid
and the hexes it has (a map's outline is seldom a rectangle), each listed by its label or as a run
of one row's hexes (``A2-A10``: every hex of row A from A2 to A10). The hexes an example's setup
names are read by ``Board.read_hexes`` (a hex off the board is named, with the board's nearest
labels) and written back by ``Board.labels_of``; ``draw_board`` draws the board with what stands
on each hex, a hex a rule refused outlined in the refusal's red, and notes under it.

    >>> board = Board.read({"layout": "pointy", "a1_is_hex": False, "hexes": ["A2-A6", "B1-B7", "C4"]})
    >>> board.labels()
    ['A2', 'A4', 'A6', 'B1', 'B3', 'B5', 'B7', 'C4']
    >>> board.labels_of(board.neighbours(board.read_hex("B3")).values())
    ['B1', 'A2', 'A4', 'B5', 'C4']
    >>> board.read_hexes(["A8"], "players.ann.holds")
    Traceback (most recent call last):
    ...
    rulewright.game.refusal.InputError: There is no hex A8 on this board: the nearest are A6 and B7.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from rulewright import dot as style
from rulewright.game.refusal import InputError, did_you_mean
from rulewright.game.values import flag, places, written, yaml_reading

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


# Boards as data ----------------------------------------------------------------------------------

#: The keys of a hex board in the game's data (``Board.read``).
BOARD_KEYS = ("layout", "letters", "a1_is_hex", "hexes")
_RUN = re.compile(r"\s*([A-Za-z]+)(\d+)\s*-\s*([A-Za-z]+)(\d+)\s*")


@dataclass(frozen=True)
class Board:
    """A hex board: its ``grid`` (layout and labels) and its ``hexes``, in the order its data lists
    them (see the module's description)."""
    grid: Grid
    hexes: tuple[Hex, ...]

    @classmethod
    def read(cls, data: Any, where: str = "board") -> Board:
        """The board ``data`` describes, from the game's YAML: ``hexes``, each a hex's label
        (``C4``) or a run of one row's hexes (``A2-A10``; of one column's, with ``letters:
        columns``), and optionally the grid's ``layout`` (``pointy``, the default, or ``flat``),
        ``letters`` (``rows``, or ``columns``; by default ``rows`` on a pointy board, ``columns`` on
        a flat one) and ``a1_is_hex`` (``true`` by default); an ``InputError`` at the key or entry
        at fault otherwise, a misspelt key answered with the one meant."""
        if not isinstance(data, dict) or "hexes" not in data:
            raise InputError(f"'{where}' lists the board's hexes, e.g. '{{layout: pointy, hexes: [A1-A9, B2-B8]}}', "
                             f"not {written(data)}.", where)
        for key in data:
            if key not in BOARD_KEYS:
                raise InputError(f"A hex board has no key {key!r}. {did_you_mean(key, BOARD_KEYS)}", f"{where}.{key}")
        layout = data.get("layout", POINTY)
        if layout not in LAYOUTS:
            raise InputError(f"'layout' is 'pointy' (a corner at the top) or 'flat' (a side at the top), not "
                             f"{written(layout)}.", f"{where}.layout")
        letters = data.get("letters", "rows" if layout == POINTY else "columns")
        if letters not in ("rows", "columns"):
            raise InputError(f"'letters' says what a label's letters name: 'rows' or 'columns', not {written(letters)}.",
                             f"{where}.letters")
        grid = Grid(layout, letters, flag(data.get("a1_is_hex", True), f"{where}.a1_is_hex", "A1 is a hex"))
        entries = data["hexes"]
        if not isinstance(entries, list) or not entries:
            raise InputError(f"'hexes' lists the board's hexes, each a label or a run of a row's hexes, e.g. "
                             f"'[A1-A9, B2-B8, C5]', not {written(entries)}.", f"{where}.hexes")
        hexes: list[Hex] = []
        for i, entry in enumerate(entries):
            for h in _hexes_of(grid, entry, f"{where}.hexes.{i}"):
                if h in hexes:
                    raise InputError(f"{grid.label(h)} is listed twice.", f"{where}.hexes.{i}")
                hexes.append(h)
        return cls(grid, tuple(hexes))

    def read_hex(self, label: Any, where: str | None = None) -> Hex:
        """The hex of the board ``label`` names (an example's ``C4``), or an ``InputError`` at
        ``where`` saying how a hex is written, or naming the board's nearest labels."""
        try:
            h = self.grid.hex(label)
        except ValueError as error:
            raise InputError(str(error), where) from None
        if h not in self.hexes:
            closest = min(distance(h, there) for there in self.hexes)
            nearest = self.labels_of(there for there in self.hexes if distance(h, there) == closest)
            said = nearest[0] if len(nearest) == 1 else ", ".join(nearest[:-1]) + f" and {nearest[-1]}"
            raise InputError(f"There is no hex {self.grid.label_or(h)} on this board: the nearest "
                             f"{'is' if len(nearest) == 1 else 'are'} {said}.", where)
        return h

    def read_hexes(self, labels: Any, where: str) -> list[Hex]:
        """The hexes a setup lists (``[A2, C4]``; one label alone is a list of one), in its order;
        an ``InputError`` at ``where.<i>`` for a label that names no hex of the board, or one listed
        twice."""
        return places(labels, where, self.read_hex, self.grid.label)

    def labels_of(self, hexes: Iterable[Hex]) -> list[str]:
        """The labels of ``hexes``, in their order: what a game's ``view`` and ``setup_of`` write,
        and ``read_hexes`` reads back."""
        return [self.grid.label(h) for h in hexes]

    def labels(self) -> list[str]:
        """Every hex's label, in the board's order."""
        return self.labels_of(self.hexes)

    def on_board(self, h: Hex) -> bool:
        return h in self.hexes

    def neighbours(self, h: Hex) -> dict[int, Hex]:
        """Each side of ``h`` with a hex of the board across it, and that hex."""
        return {side: there for side, there in self.grid.neighbours(h).items() if there in self.hexes}

    def connected(self, start: Hex, members) -> set[Hex]:
        """Every hex of ``members`` joined to ``start`` through neighbours in ``members``
        (``start`` included)."""
        members = set(members)
        seen, todo = {start}, [start]
        while todo:
            for there in self.neighbours(todo.pop()).values():
                if there in members and there not in seen:
                    seen.add(there)
                    todo.append(there)
        return seen


def _hexes_of(grid: Grid, entry: Any, where: str) -> list[Hex]:
    """The hexes one entry of a board's ``hexes`` names: a label, or a run of one row's (or
    column's) hexes from its first label to its last, ``A2-A10``."""
    run = _RUN.fullmatch(str(entry)) if isinstance(entry, str) else None
    if run is None:
        try:
            return [grid.hex(entry)]
        except ValueError as error:
            raise InputError(f"{error}; or a run of a row's hexes, e.g. 'A2-A10'.", where) from None
    first, start, last, end = run.group(1).upper(), int(run.group(2)), run.group(3).upper(), int(run.group(4))
    line = "row" if grid.letters == "rows" else "column"
    if first != last or end < start:
        low, high = sorted((start, end))
        raise InputError(f"A run of hexes goes along one {line}, from its first hex to its last: {first}{low}-"
                         f"{first}{high}, not {entry}.", where)
    try:  # (both ends are hexes of the grid, so every other number between them is one too)
        grid.hex(f"{first}{end}")
        return [grid.hex(f"{first}{n}") for n in range(start, end + 1, 2)]
    except ValueError as error:
        raise InputError(f"{error}.", where) from None


def draw_board(board: Board, cells: Mapping[str, tuple[str, str]], size: float = 24, title: str = "",
               notes: Iterable[str] = (), refused: Iterable[str] = (), name: str = "board") -> str:
    """The Graphviz DOT source of a hex board: each hex with its label and, where ``cells`` gives
    one for its label, the words on it and its fill (``{"C4": ("ann", "#dbe9f6")}``; the words are
    drawn in black or white, whichever reads on the fill); each hex of ``refused`` outlined in the
    refusal's red (the hex a refused move named); ``title`` above the board and ``notes`` under it,
    one line each. ``size`` is a hex's size (centre to corner) in points."""
    refused = set(refused)
    grid = board.grid
    out = style.graph_header(name, layout="nop2")
    out.append("  node [" + ", ".join(f"{k}={v}" for k, v in grid.node_shape(size * 0.96).items())
               + ', style=filled, fontsize=8, penwidth=1];')
    centres = {h: grid.centre(h, size) for h in board.hexes}
    for h in board.hexes:
        label = grid.label(h)
        words, fill = cells.get(label, ("", PLAIN))
        outline = f', color="{style.REFUSED}", penwidth=3' if label in refused else ""
        text = label + ("\n" + words if words else "")
        out.append(f'  {style.node_id("hex", label)} [pos="{pos(centres[h])}", fillcolor="{fill}", '
                   f'fontcolor="{style.ink_on(fill)}"{outline}, label={style.quote(text)}];')
    xs, ys = [x for x, _ in centres.values()], [y for _, y in centres.values()]
    middle, free = (min(xs) + max(xs)) / 2, 'style="", fixedsize=false, width=0, height=0'
    if title:  # above the top row
        out.append(f'  title [shape=plaintext, {free}, fontsize=11, pos="{pos((middle, max(ys) + size * 1.6))}", '
                   f'label={style.quote(title)}];')
    notes = list(notes)
    if notes:  # under the bottom row
        rows = "".join(f'<tr><td align="left">{style.html(line)}</td></tr>' for line in notes)
        below = min(ys) - size * 1.4 - 8 * len(notes)
        out.append(f'  notes [shape=plain, {free}, pos="{pos((middle, below))}", '
                   f'label=<<table border="0" cellspacing="0" cellpadding="2">{rows}</table>>];')
    out.append("}")
    return "\n".join(out)


#: The fill of a hex with nothing on it.
PLAIN = "#f4f4f4"
