"""The stock market grid and how a share price moves on it.

Positions are ``(row, column)`` with row 0 at the top and column 0 at the left. Designers name a
cell by column letter and row number, as printed: ``G1`` is row 0, column 6 (the $100 par).
Every move returns the path it took (a list of positions), so a diagram can draw the arrow.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rulewright.game.refusal import InputError
from engine.games.g1870 import data

ZONES = {"": "white", "p": "white", "y": "yellow", "o": "green", "b": "brown", "i": "below-ledge", "c": "closing"}
# Zones where shares do not count towards the certificate limit, and where the 60% limit is lifted.
NO_CERT_LIMIT = ("yellow", "green", "brown")
NO_HOLDING_LIMIT = ("green", "brown")

Pos = tuple[int, int]


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    price: int
    zone: str
    par: bool

    @property
    def label(self) -> str:
        return label((self.row, self.col))


@cache
def cells() -> dict[Pos, Cell]:
    """The market's cells and their zones, from the data file (rule 1870.market.grid)."""
    out = {}
    for r, row in enumerate(data.load("market")["rows"]):
        for c, text in enumerate(row):
            text = str(text)
            letter = text[-1] if text[-1].isalpha() else ""
            price = int(text.rstrip("pyobic"))
            out[(r, c)] = Cell(r, c, price, ZONES[letter], letter == "p")
    return out


def label(pos: Pos) -> str:
    return f"{chr(ord('A') + pos[1])}{pos[0] + 1}"


def parse_label(text: str, where: str | None = None) -> Pos:
    """``G1`` → (0, 6). Bad labels raise ``InputError`` naming the grid's size."""
    text = str(text).strip().upper()
    try:
        pos = (int(text[1:]) - 1, ord(text[0]) - ord("A"))
    except (ValueError, IndexError):
        pos = None
    if pos not in cells():
        raise InputError(f"{text!r} is not a cell of the 1870 market. Name a cell by its column letter "
                         "(A to U) and row number (1 at the top), e.g. G1 for the $100 par.", where)
    return pos


def cell(pos: Pos) -> Cell:
    return cells()[pos]


def exists(pos: Pos) -> bool:
    return pos in cells()


def below_ledge(pos: Pos) -> bool:
    return exists(pos) and cells()[pos].zone == "below-ledge"


def on_ledge(pos: Pos) -> bool:
    """A cell directly above the ledge: not below it, but the cell beneath is."""
    return not below_ledge(pos) and below_ledge((pos[0] + 1, pos[1]))


def par_cell(price: int) -> Pos | None:
    for pos, c in cells().items():
        if c.par and c.price == price:
            return pos
    return None


def par_values() -> list[int]:
    return [c.price for c in sorted(cells().values(), key=lambda c: c.row) if c.par]


# ---------------------------------------------------------------- movements


def right(pos: Pos) -> list[Pos]:
    """Full payout (rule 1870.market.payout): one to the right. Deflected up when the next cell is below the ledge (the
    lower area is entered only by dropping through) or the row ends; on the top row's end it stays."""
    r, c = pos
    ahead = (r, c + 1)
    if exists(ahead) and not (below_ledge(ahead) and not below_ledge(pos)):
        return [pos, ahead]
    return [pos, (r - 1, c)] if r > 0 else [pos]


def left(pos: Pos) -> list[Pos]:
    """No dividend (rule 1870.market.withhold): one to the left; in column A, one down instead."""
    r, c = pos
    if c > 0:
        return [pos, (r, c - 1)]
    return [pos, (r + 1, c)] if exists((r + 1, c)) else [pos]


def up(pos: Pos) -> list[Pos]:
    """Sold out (rule 1870.market.sold-out): one up; on the top row one right and then one down (the price barely changes)."""
    r, c = pos
    if r > 0:
        return [pos, (r - 1, c)]
    if exists((0, c + 1)):
        return [pos, (0, c + 1), (1, c + 1)]
    return [pos]


def down(pos: Pos, shares: int, ledge: str = "publisher") -> list[Pos]:
    """A sale (rule 1870.market.sale): one row down per share, stopping at the bottom of the column.
    The ledge (rule 1870.market.ledge):

    * ``publisher``: a sale that would end exactly one row below the ledge stops on the ledge
      (so from the ledge two shares are needed to drop through);
    * ``absorb-one``: the first share that would drop through the ledge is absorbed.
    """
    path = [pos]
    r, c = pos
    remaining = shares
    absorbed = False
    while remaining > 0 and exists((r + 1, c)):
        if ledge == "absorb-one" and not absorbed and on_ledge((r, c)):
            absorbed = True
        else:
            r += 1
            path.append((r, c))
        remaining -= 1
    bounced = remaining > 0
    if ledge == "publisher" and not bounced and len(path) >= 2 and on_ledge(path[-2]) and below_ledge(path[-1]):
        path = path[:-1]  # it would end just under the ledge: it stops on the ledge
    return path


def top_row_nearest(target: float, cap: int | None = None) -> int:
    """The top-row price nearest ``target`` (ties go up), optionally only prices up to ``cap``."""
    prices = [c.price for c in cells().values() if c.row == 0 and (cap is None or c.price <= cap)]
    return min(prices, key=lambda p: (abs(p - target), -p))
