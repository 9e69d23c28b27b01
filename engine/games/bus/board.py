"""The Bus board as a street graph: crossings (numbered 0 to 35) joined by streets.

The facts live in ``board.json`` beside this file; this module only reads them and answers the
questions the rules ask: which streets meet at a crossing, and is there a street between two
crossings. A street is named by its two crossings, smaller number first: ``"14-20"``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rulewright.game.refusal import InputError

Street = tuple[int, int]  # (smaller crossing, larger crossing)


def street(a: int, b: int) -> Street:
    """The street between crossings ``a`` and ``b``, in its one canonical spelling."""
    return (a, b) if a < b else (b, a)


def street_name(s: Street) -> str:
    return f"{s[0]}-{s[1]}"


@dataclass(frozen=True)
class Crossing:
    id: int
    x: float
    y: float
    building_zones: tuple[int, ...]
    train_station: bool
    starts_with_passenger: bool


class Board:
    """The crossings and streets. Shared by every state: it never changes during a game."""

    def __init__(self, crossings: list[Crossing], streets: list[Street]) -> None:
        self.crossings = {c.id: c for c in crossings}
        self.streets = sorted(street(a, b) for a, b in streets)
        self.neighbours: dict[int, list[int]] = {c: [] for c in self.crossings}
        for a, b in self.streets:
            self.neighbours[a].append(b)
            self.neighbours[b].append(a)
        for near in self.neighbours.values():
            near.sort()

    def __deepcopy__(self, memo):  # the board is never changed, so copies of a state share it
        return self

    def streets_at(self, crossing: int) -> list[Street]:
        return [street(crossing, other) for other in self.neighbours[crossing]]

    # ---- reading names written by a designer

    def crossing(self, text: object, where: str | None = None) -> int:
        """The crossing a designer wrote (``14`` or ``"14"``), or an ``InputError`` saying why not."""
        try:
            number = int(str(text).strip())
        except ValueError:
            number = None
        if number not in self.crossings:
            raise InputError(f"There is no crossing {text!r} on the Bus board: crossings are numbered "
                             f"0 to {max(self.crossings)} (see the board map in the chapter).", where)
        return number

    def joined(self, a: int, b: int, where: str | None = None) -> Street:
        """The street from ``a`` to ``b``, or an ``InputError`` listing the streets that do leave ``a``."""
        if b not in self.neighbours[a]:
            options = ", ".join(f"{a}-{n}" for n in self.neighbours[a])
            raise InputError(f"No street joins crossings {a} and {b}. The streets from {a} are {options}.", where)
        return street(a, b)

    def parse_street(self, text: object, where: str | None = None) -> tuple[int, int]:
        """Read ``"14-20"`` as the pair (14, 20), in the order written, checking that it is a street."""
        written = str(text).replace(" ", "")
        parts = written.split("-")
        if len(parts) != 2 or not all(parts):
            raise InputError(f"{text!r} is not a street. Write a street as two crossing numbers joined by a "
                             f"dash, for example 14-20.{_several_streets_hint(written)}", where)
        a, b = (self.crossing(p, where) for p in parts)
        self.joined(a, b, where)
        return a, b


def _several_streets_hint(written: str) -> str:
    """The slips designers make: '20 to 24' for '20-24', and several streets in one move
    ('20-19-18', '20-19,19-18')."""
    ends = written.split("to")
    if len(ends) == 2 and all(e.isdigit() for e in ends):
        return f" Here that is '{ends[0]}-{ends[1]}'."
    crossings = [c for c in written.replace(",", "-").split("-") if c]
    if len(crossings) < 3 or not all(c.isdigit() for c in crossings):
        return ""
    steps = list(dict.fromkeys(f"{a}-{b}" for a, b in zip(crossings, crossings[1:]) if a != b))
    return (" One move is one street: write " + " and ".join(f"'{s}'" for s in steps)
            + " as separate moves, one per line.")


@cache
def load_board() -> Board:
    data = json.loads(resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8"))
    crossings = [Crossing(c["id"], c["x"], c["y"], tuple(c["building_zones"]), c["train_station"],
                          c["starts_with_passenger"]) for c in data["crossings"]]
    return Board(crossings, [tuple(s) for s in data["streets"]])
