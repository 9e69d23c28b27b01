"""Playing 1870 positions in tests: a preset, overrides, and actions written as in the rulebook."""
from __future__ import annotations

import math
import re
from typing import NamedTuple

from rulewright.game import Rng, step
from rulewright.game.interface import merge
from rulewright.book.registry import get_game

GAME = get_game("1870")


def start(overrides: dict | None = None, preset: str | None = "stock", **settings):
    setup = merge(GAME.presets[preset], overrides or {}) if preset else dict(overrides or {})
    return GAME.new_state(setup, GAME.resolve_settings(settings), Rng(0))


def play(state, *lines: str):
    """Apply each ``actor: action`` line; a refusal propagates. Returns the final state."""
    for line in lines:
        actor, text = line.split(": ", 1) if ": " in line else (None, line)
        state = step(GAME, state, GAME.parse_action(state, actor, text)).state
    return state


def view(state):
    return GAME.view(state)


class Shape(NamedTuple):
    """One shape of a picture's backdrop (``rulewright.dot.Backdrop``), as Graphviz reads it."""
    kind: str  # "polygon", "line" or "disc"
    points: list
    pen: str | None
    fill: str | None
    width: float
    dashed: bool


def backdrop(source: str) -> list[Shape]:
    """The shapes of the ``_background`` a DOT source draws, in drawing order (xdot's operations
    read one by one: a colour or style applies to the shapes after it)."""
    found = re.search(r'_background="([^"]*)"', source)
    assert found, "the picture draws no backdrop"
    words, shapes = found.group(1).split(" "), []
    pen = fill = None
    width, dashed, i = 1.0, False, 0
    while i < len(words):
        op = words[i]
        if op in ("c", "C", "S"):
            size = int(words[i + 1])
            text, i = words[i + 2], i + 3
            while len(text.encode()) - 1 < size:  # a value with spaces in it
                text, i = text + " " + words[i], i + 1
            value = text[1:]
            if op == "c":
                pen = value
            elif op == "C":
                fill = value
            elif value.startswith("setlinewidth("):
                width = float(value[len("setlinewidth("):-1])
            else:
                dashed = value == "dashed"
        elif op in ("P", "L"):
            n = int(words[i + 1])
            numbers = [float(w) for w in words[i + 2:i + 2 + 2 * n]]
            shapes.append(Shape("polygon" if op == "P" else "line", list(zip(numbers[0::2], numbers[1::2])), pen,
                                fill if op == "P" else None, width, dashed))
            i += 2 + 2 * n
        elif op == "E":
            x, y, rx, _ = (float(w) for w in words[i + 1:i + 5])
            shapes.append(Shape("disc", [(x, y)], pen, fill, rx * 2, False))
            i += 5
        else:
            raise AssertionError(f"an xdot operation this reader does not know: {op}")
    return shapes


def hex_under(point) -> str:
    """The label of the map's hex whose inside holds ``point`` (in the picture's points)."""
    from engine.games.g1870 import hexmap, map_picture

    board = hexmap.board()
    label, distance = min(((label, math.dist(point, board.grid.centre(h.at, map_picture.SIZE)))
                           for label, h in board.hexes.items()), key=lambda pair: pair[1])
    assert distance < map_picture.SIZE, f"{point} lies on no hex"
    return label


def hexes_drawn(source: str) -> dict[str, str]:
    """Each hex the picture draws, by label, with its fill."""
    from engine.games.g1870 import map_picture

    return {hex_under((sum(x for x, _ in s.points) / 6, sum(y for _, y in s.points) / 6)): s.fill
            for s in backdrop(source) if s.kind == "polygon" and len(s.points) == 6 and s.fill != map_picture.FILL["sea"]}


def bands(source: str, colour: str) -> set[str]:
    """The hexes a route's band in ``colour`` runs through (a band: a line at least 4 points wide,
    each of its pieces within one hex)."""
    return {hex_under(s.points[len(s.points) // 2]) for s in backdrop(source)
            if s.kind == "line" and s.pen == colour and s.width >= 4.5}
