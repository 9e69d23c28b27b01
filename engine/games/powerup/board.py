"""The 10x10 grid: tile names, neighbours and connected groups.

A tile is a column letter A..J (left to right) and a row digit 0..9 (top to bottom): ``C4``.
Only the four compass neighbours touch; diagonals do not.
"""
from __future__ import annotations

from rulewright.game.refusal import InputError
from engine.games.powerup.data import RULES

COLUMNS: str = RULES["board"]["columns"]
ROWS: int = RULES["board"]["rows"]
ALL_TILES: list[str] = [f"{c}{r}" for c in COLUMNS for r in range(ROWS)]


def position(tile: str) -> tuple[int, int]:
    """(column, row) counted from 0 at the top left."""
    return COLUMNS.index(tile[0]), int(tile[1:])


def tile_name(column: int, row: int) -> str:
    return f"{COLUMNS[column]}{row}"


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


def neighbours(tile: str) -> list[str]:
    col, row = position(tile)
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < len(COLUMNS) and 0 <= r < ROWS:
            out.append(tile_name(c, r))
    return out


def connected(start: str, members: set[str]) -> set[str]:
    """Every tile of ``members`` joined to ``start`` through other members (``start`` included)."""
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def sort_tiles(tiles) -> list[str]:
    """Reading order: by column, then by row (A0, A1, ..., B0, ...)."""
    return sorted(tiles, key=position)
