"""The 10x10 grid: tile names, neighbours and connected groups.

A tile is a column letter A..J (left to right) and a row digit 0..9 (top to bottom): ``C4``.
Only the four compass neighbours touch; diagonals do not.
"""
from __future__ import annotations

from rulewright.game import squares
from rulewright.game.refusal import InputError
from engine.games.powerup.data import RULES

COLUMNS: str = RULES["board"]["columns"]
ROWS: int = RULES["board"]["rows"]
GRID = squares.Grid(len(COLUMNS), ROWS, first_row=0)  # rows counted from 0 at the top, four neighbours
ALL_TILES: list[str] = GRID.labels()
_SQUARES = {tile: GRID.square(tile) for tile in ALL_TILES}
_NEIGHBOURS = {tile: tuple(GRID.label(n) for n in GRID.neighbours(square)) for tile, square in _SQUARES.items()}


def position(tile: str) -> squares.Square:
    """(column, row) counted from 0 at the top left."""
    return _SQUARES[tile]


def tile_name(column: int, row: int) -> str:
    return GRID.label(squares.Square(column, row))


def parse_tile(text: object, where: str | None = None) -> str:
    """A tile name in any case (``c4`` reads as ``C4``), or an ``InputError`` saying how to write one."""
    name = str(text).strip().upper()
    if name in ALL_TILES:
        return name
    raise InputError(
        f"There is no tile {text!r}. A tile is a column letter {COLUMNS[0]}-{COLUMNS[-1]} followed "
        f"by a row number 0-{ROWS - 1}, such as C4.",
        where,
    )


def parse_tiles(text: object, where: str | None = None) -> list[str]:
    """One tile, or a rectangle written corner to corner: ``A0-C9`` is columns A to C, rows 0 to 9."""
    if "-" not in str(text):
        return [parse_tile(text, where)]
    first, last = (parse_tile(part, where) for part in str(text).split("-", 1))
    (c0, r0), (c1, r1) = position(first), position(last)
    return [tile_name(c, r) for c in range(min(c0, c1), max(c0, c1) + 1)
            for r in range(min(r0, r1), max(r0, r1) + 1)]


def neighbours(tile: str) -> tuple[str, ...]:
    return _NEIGHBOURS[tile]


def connected(start: str, members: set[str]) -> set[str]:
    """Every tile of ``members`` joined to ``start`` through other members (``start`` included)."""
    return {GRID.label(s) for s in GRID.connected(_SQUARES[start], (_SQUARES[m] for m in members))}


def sort_tiles(tiles) -> list[str]:
    """Reading order: by column, then by row (A0, A1, ..., B0, ...)."""
    return sorted(tiles, key=position)
