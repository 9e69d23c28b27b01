"""A picture of the whole published 1870 map, as Graphviz DOT with every position pinned in points
(render it with ``neato -n``, e.g. ``dot -Kneato -n -Tpng``; ``render`` below does it).

Drawn from ``hexmap.board()``: each hex a polygon coloured by its terrain (with its tile-laying
cost), cities as white circles and towns as black dots, names, the P/K/L labels, ports, the
corporations' homes (their symbols, in their colours) and destinations, the Mississippi as a
blue line through its hexes, impassable sides as thick black borders, and the red off-board areas
with their values by phase and the track that reaches them. The sea gap of row O is drawn as the
Gulf of Mexico. Not yet part of the book's diagrams or the rules.
"""
from __future__ import annotations

from math import dist as math_dist

from rulewright import dot as style
from rulewright.dot import html as escape, quote
from rulewright.game.hexes import pos

from engine.games.g1870 import hexmap
from engine.games.g1870.diagram import corporation_colour

SIZE = 30.0  # a hex's radius (centre to corner) in points
FILL = {None: "#f6f1e3", "water": "#d6e8f5", "mississippi": "#d6e8f5", "lake": "#bfd9c9", "mountain": "#dcc6a0",
        "offboard": "#c9302c", "sea": "#9cc3e4"}
RIVER = "#2b6cb0"
TERRAIN_WORDS = {None: "open country", "water": "river", "mississippi": "Mississippi (its line in blue)",
                 "lake": "Gulf coast", "mountain": "Ozark hills"}
SEA = ("O8", "O10", "O12")


def _node(name: str, point, **attrs) -> str:
    attrs = {"pos": pos(point), **attrs}
    return f"  {quote(name)} [" + ", ".join(f"{k}={v if v.startswith('<') else quote(v)}"
                                           for k, v in attrs.items()) + "];"


def _text(name: str, point, text: str, size: float, colour: str = style.INK, bold: bool = False) -> str:
    body = f"<B>{escape(text)}</B>" if bold else escape(text)
    return _node(name, point, shape="plaintext", label=f'<<FONT POINT-SIZE="{size}" COLOR="{colour}">{body}</FONT>>',
                 width="0.01", height="0.01", margin="0")


def _offset(point, dx: float, dy: float):
    return point[0] + dx * SIZE, point[1] + dy * SIZE


def _hex(board, h) -> list[str]:
    """The hexagon, then (kept apart, to be drawn over the river) everything on it."""
    fill = FILL["offboard" if h.offboard else h.terrain]
    edge = "#8b1d1a" if h.offboard else "#7a7a7a"
    centre = board.grid.centre(h.at, SIZE)
    hexagon = _node(f"hex {h.label}", centre, label="", style="filled", fillcolor=fill, color=edge, penwidth="0.6",
                    **board.grid.node_shape(SIZE))
    coordinate = _text(f"coord {h.label}", _offset(centre, 0, 0.72), h.label, 5,
                       "#ffd6d6" if h.offboard else "#8a8a8a")
    on_it = _offboard(board, h, centre) if h.offboard else _printed(h, centre)
    return [hexagon, coordinate, *on_it, *_marks(h, centre)]


def _offboard(board, h, centre) -> list[str]:
    """A red area: the track reaching it from the board, its name and its values by phase."""
    lines = []
    (station,) = h.stations
    for side in sorted(station.sides):
        end = board.grid.side_midpoint(h.at, side, SIZE)
        start = (centre[0] + 0.75 * (end[0] - centre[0]), centre[1] + 0.75 * (end[1] - centre[1]))
        lines += _line(f"stub {h.label} {side}", start, end, "white", 2.6)
    lines.append(_text(f"name {h.label}", _offset(centre, 0, 0.4), h.name, 6.5, "white", bold=True))
    lines.append(_text(f"values {h.label}", _offset(centre, 0, 0.08), "/".join(map(str, h.values.values())), 6.5,
                       "white"))
    return lines


def _printed(h, centre) -> list[str]:
    """What the map prints in a board hex: a city or towns, the name, the cost, labels, a port."""
    lines = []
    if any(s.kind == "city" for s in h.stations):
        lines.append(_node(f"city {h.label}", centre, shape="circle", width=f"{0.62 * SIZE / 72:.3f}",
                           fixedsize="true", style="filled", fillcolor="white", color=style.INK, penwidth="1",
                           label=""))
    towns = [s for s in h.stations if s.kind == "town"]
    for i, _town in enumerate(towns):
        dx = 0.0 if len(towns) == 1 else 0.28 * (2 * i - 1)
        lines.append(_node(f"town {h.label} {i}", _offset(centre, dx, 0), shape="circle", width="0.085",
                           fixedsize="true", style="filled", fillcolor=style.INK, color=style.INK, label=""))
    if h.name:
        lines.append(_text(f"name {h.label}", _offset(centre, 0, -0.47), h.name.replace(", ", " "), 5.5, bold=True))
    if h.cost:
        lines.append(_text(f"cost {h.label}", _offset(centre, 0, 0.45), f"${h.cost}", 5, "#5a4a2a"))
    if h.labels:
        lines.append(_text(f"label {h.label}", _offset(centre, -0.55, 0.2), "/".join(h.labels.values()), 6,
                           "#7b3294", bold=True))
    if h.port:
        lines.append(_text(f"port {h.label}", _offset(centre, 0.55, 0.2), "port", 4.5, RIVER, bold=True))
    return lines


def _marks(h, centre) -> list[str]:
    """The corporations at home here (their symbols in their colours) and those heading here."""
    marks = [f'<FONT COLOR="{"white" if h.offboard else corporation_colour(sym)}"><B>{escape(sym)}</B></FONT>'
             for sym in h.home_of]
    if h.destination_of:
        marks.append(f'<FONT COLOR="{"white" if h.offboard else "#555555"}">'
                     f'{escape("-> " + " ".join(h.destination_of))}</FONT>')
    if not marks:
        return []
    joined = ("<BR/>" if h.offboard else " ").join(marks)
    return [_node(f"marks {h.label}", _offset(centre, 0, -0.36 if h.offboard else -0.74), shape="plaintext",
                  label=f'<<FONT POINT-SIZE="5">{joined}</FONT>>', width="0.01", height="0.01")]


def _line(name: str, start, end, colour: str, width: float) -> list[str]:
    """A straight line drawn as a row of overlapping dots (nodes), so that it lies above the hexes
    and below the text drawn after it: Graphviz draws nodes in the order given, edges all at once."""
    steps = max(1, int(math_dist(start, end) / (width * 0.4)))
    dx, dy = (end[0] - start[0]) / steps, (end[1] - start[1]) / steps
    return [_node(f"{name} {i}", (start[0] + dx * i, start[1] + dy * i),
                  shape="circle", width=f"{width / 72:.4f}", fixedsize="true", style="filled", fillcolor=colour,
                  color=colour, penwidth="0", label="")
            for i in range(steps + 1)]


def _lines(board) -> list[str]:
    """The Mississippi through each of its hexes, and the impassable sides (each drawn once)."""
    grid, lines, drawn = board.grid, [], set()
    for h in board.hexes.values():
        if h.river:
            west, _east = h.river
            a, b = [k for k in range(6) if ((k - 1) % 6 in west) != (k in west)]
            lines += _line(f"river {h.label}", grid.corner(h.at, a, SIZE), grid.corner(h.at, b, SIZE), RIVER, 3.4)
        for side in sorted(h.impassable):
            ends = (grid.corner(h.at, side, SIZE), grid.corner(h.at, side + 1, SIZE))
            key = frozenset((round(x, 1), round(y, 1)) for x, y in ends)
            if key not in drawn:
                drawn.add(key)
                lines += _line(f"border {h.label} {side}", *ends, style.INK, 3.6)
    return lines


def _legend(at) -> list[str]:
    rows = "".join(f'<TR><TD BGCOLOR="{FILL[t]}" WIDTH="12" HEIGHT="9"></TD>'
                   f'<TD ALIGN="LEFT"><FONT POINT-SIZE="6">{escape(TERRAIN_WORDS[t])}</FONT></TD></TR>'
                   for t in TERRAIN_WORDS)
    rows += (f'<TR><TD BGCOLOR="{FILL["offboard"]}" WIDTH="12" HEIGHT="9"></TD><TD ALIGN="LEFT">'
             '<FONT POINT-SIZE="6">off-board area: value in phases 1 / 4 / 6</FONT></TD></TR>')
    rows += ('<TR><TD COLSPAN="2" ALIGN="LEFT"><FONT POINT-SIZE="6">$: cost of the first tile; '
             'P, K, L: tile labels; ATSF: a home; -&gt; TP: a destination</FONT></TD></TR>')
    table = f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="1" CELLPADDING="1">{rows}</TABLE>>'
    return [_node("legend", at, shape="plaintext", label=table, margin="0")]


def draw(board=None, legend: bool = True) -> str:
    """The DOT source of the whole map (positions in points: render with ``neato -n``)."""
    board = board or hexmap.board()
    grid = board.grid
    lines = [
        'graph "g1870-hex-map" {',
        f'  graph [layout=neato, splines=false, outputorder=edgesfirst, bgcolor="{style.PAPER}", '
        f'fontname="{style.FONT}", pad=0.2];',
        f'  node [fontname="{style.FONT}", fontsize=6, margin=0, pin=true];',
        f'  edge [fontname="{style.FONT}"];',
    ]
    for label in SEA:  # the Gulf between the coast hexes of row O (not hexes of the game)
        lines.append(_node(f"sea {label}", grid.centre(grid.hex(label), SIZE), label="", style="filled",
                           fillcolor=FILL["sea"], color=FILL["sea"], **grid.node_shape(SIZE)))
    gulf = grid.centre(grid.hex("O10"), SIZE)
    lines.append(_text("gulf", gulf, "Gulf of Mexico", 7, "white", bold=True))
    drawn = [_hex(board, h) for h in board.hexes.values()]
    lines += [hexagon for hexagon, *_rest in drawn]  # first every hex, then the lines, then what is on them
    lines += _lines(board)
    lines += [line for _hexagon, *rest in drawn for line in rest]
    if legend:
        lines += _legend(_offset(grid.centre(grid.hex("O6"), SIZE), 0, -2.4))
    lines.append(_text("title", _offset(grid.centre(grid.hex("A12"), SIZE), 0, 1.45),
                       "1870: The Trans-Mississippi", 11, bold=True))
    lines.append("}")
    return "\n".join(lines) + "\n"
