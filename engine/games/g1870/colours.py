"""Each corporation's colour, the same in every picture (the market chart, the map, the routes): the
market and the map both draw with it, so it lives below both."""
from __future__ import annotations

from engine.games.g1870 import data

# Fixed colours, one per corporation in the data's order (Okabe-Ito without its pale yellow,
# plus three darker ones), so a corporation has the same colour in every picture.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#7B3294",
           "#8C510A", "#17808A"]


def corporation_colour(sym: str) -> str:
    return COLOURS[list(data.corporations()).index(sym) % len(COLOURS)]
