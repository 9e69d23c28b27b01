"""Pictures of the published 1870 map, as Graphviz DOT with every node pinned (``pos="x,y!"`` in
points) and no layout to compute: ``layout=nop2`` is Graphviz's ``neato -n2``, which draws the nodes
where they are, with the system Graphviz or graphviz-pure alike.

``draw()`` is the whole empty map; ``draw_state(state, ...)`` the map as a game position holds it,
the whole of it or only a region: every hex with the tile on it (``state.track.tiles``: hex ->
(tile number, rotation)) or its preprinted face from ``hexmap.board()``, the track of that tile,
towns, cities with their token slots and the tokens in them (``state.track.tokens``), off-board
areas with their values by phase (the current one in bold), terrain and its cost, the Mississippi,
impassable sides, and routes drawn as a wide band in the corporation's colour under their track.

Print: the picture is laid out for a page 16 cm wide (``PRINT_WIDTH``); a picture wider than
that is printed smaller, so every text size is raised by the same factor and no text prints below
``MIN_PT``. Every token's symbol is white or black, whichever stands out more on the company's
colour (at least 4.5 : 1, ``rulewright.dot.contrast``); routes are told apart in greyscale by their width, not
their colour alone. Every word of a hex (name, cost, value, tile number, coordinate, destination
flag) lies on a small halo of its hex's own fill, so a route's band or the river never runs under
its letters, in a colour with 4.5 : 1 on that fill; it is placed where it overlaps no word or token
drawn before it (``_Picture.place``), and a coordinate or cost that finds no room is left out.
A region keeps its margin of neighbouring hexes only while small, so the words print at 7.5 pt
without crowding (``rulewright.game.legibility`` measures all of this on the drawn picture).

The hexes, the sea, rivers, borders, route bands and track are the picture's backdrop
(``rulewright.dot.Backdrop``: shapes Graphviz draws in the order given, under every node), and the
towns, cities, tokens and words are nodes over them. (They were nodes too, track as rows of
overlapping dots: a route picture of 2,600 nodes took Graphviz 0.1 s to draw, and its SVG was
twice the size.)
"""
from __future__ import annotations

from dataclasses import replace
from math import ceil, cos, dist as math_dist, floor, pi, sin
from typing import Iterable, NamedTuple

from rulewright import dot as style
from rulewright.dot import html as escape, quote
from rulewright.game.hexes import pos
from rulewright.game.legibility import ASCENT, DESCENT, text_width

from engine.games.g1870 import hexmap
from engine.games.g1870.colours import corporation_colour

SIZE = 36.0  # a hex's radius (centre to corner) in points at print size
PRINT_WIDTH, PRINT_HEIGHT = 453.0, 397.0  # 16 cm by 14 cm: room on the page for the example around it
MIN_PT = 7.5
FILL = {None: "#f6f1e3", "water": "#d6e8f5", "mississippi": "#d6e8f5", "lake": "#c9e0cf", "mountain": "#dcc6a0",
        "offboard": "#b8312d", "sea": "#9cc3e4"}
TILE_FILL = {"yellow": "#f7e36b", "green": "#9fd08a", "brown": "#c99a6b", "gray": "#bdbdbd"}
RIVER = "#2b6cb0"
TRACK = "#1f1f1f"
TERRAIN_WORDS = {None: "open country", "water": "river", "mississippi": "Mississippi (blue line)",
                 "lake": "Gulf coast", "mountain": "Ozark hills"}
SEA = ("O8", "O10", "O12")


# ---- the picture ---------------------------------------------------------------------------------

class Route(NamedTuple):
    """A route to draw: the corporation, a caption (its train, or for ``could`` what the run
    would be) and the hexes it runs through in order; ``refused`` draws it dashed in red; ``could``
    is a run the corporation may now make (its connection run), not one a train made, and the key
    lists it in a table of its own."""
    corporation: str
    caption: str
    hexes: tuple[str, ...]
    value: int | None = None
    refused: bool = False
    could: bool = False


class _Boxes(list):
    """The boxes (left, right, bottom, top) placed so far, each also filed under the squares of a
    grid it lies on, so that ``near`` gives only the boxes that can be within ``slack`` of a box:
    a label tried at a dozen places on a map of hundreds looks at its neighbours alone."""

    CELL = 40.0  # points

    def __init__(self):
        super().__init__()
        self.cells: dict[tuple[int, int], list] = {}

    def append(self, box) -> None:
        super().append(box)
        for key in self._squares(box, 0.0):
            self.cells.setdefault(key, []).append(box)

    def near(self, box, slack: float):
        seen = set()
        for key in self._squares(box, slack):
            for other in self.cells.get(key, ()):
                if id(other) not in seen:
                    seen.add(id(other))
                    yield other

    def _squares(self, box, slack: float):
        cell = self.CELL
        columns = range(floor((box[0] - slack) / cell), floor((box[1] + slack) / cell) + 1)
        rows = range(floor((box[2] - slack) / cell), floor((box[3] + slack) / cell) + 1)
        return [(column, row) for column in columns for row in rows]


class _Picture:
    def __init__(self, board, labels: list[str], phase: int | None, legend_rows: int = 0):
        self.board, self.grid, self.labels, self.phase = board, board.grid, labels, phase
        centres = [self.grid.centre(board.hexes[label].at, SIZE) for label in labels]
        xs, ys = [x for x, _ in centres], [y for _, y in centres]
        self.width = max(xs) - min(xs) + 3 ** 0.5 * SIZE
        self.height = max(ys) - min(ys) + 2 * SIZE
        self.bottom, self.left, self.right = min(ys) - SIZE, min(xs) - SIZE, max(xs) + SIZE
        # A picture wider (or taller) than the page is printed smaller: text grows to match. The
        # key under the map adds a row of text for each of ``legend_rows``, and one row more is kept
        # for a word pushed below the bottom hexes (``margin``); the padding 15 points.
        self.factor = max(1.0, (self.width + 15) / PRINT_WIDTH)
        for _ in range(4):
            tall = self.height + 21 + 8 * self.factor + (legend_rows + 1) * (ceil(MIN_PT * self.factor) + 6)
            self.factor = max(self.factor, tall / PRINT_HEIGHT)
        self.lines: list[str] = []
        self.backdrop = style.Backdrop()  # the hexes, rivers, borders, routes and track, under the words
        self.placed = _Boxes()  # boxes of text and tokens drawn so far
        self.margin = ceil(MIN_PT * self.factor) + 6  # how far under the bottom hexes a word may go

    def free(self, box, slack: float = 1.0) -> bool:
        """Whether ``box`` (left, right, bottom, top in points) lies on the map (not over the key
        under it) and keeps clear of everything placed."""
        if (box[0] < self.left - 4 or box[1] > self.right + 4 or box[2] < self.bottom - self.margin
                or box[3] > self.bottom + self.height):
            return False
        return not any(min(box[1], o[1]) - max(box[0], o[0]) > -slack and min(box[3], o[3]) - max(box[2], o[2]) > -slack
                       for o in self.placed.near(box, slack))

    def place(self, name: str, candidates, text: str, under: str, colour: str = style.INK, bold: bool = False,
              optional: bool = False, body: str | None = None, pad: float = 0.0) -> bool:
        """A label at the first of ``candidates`` (points) where it overlaps no text or token drawn
        before, on a small halo in ``under`` (the hex's own fill), so that a route's band or the river
        drawn across the hex does not run under its letters; its colour darkened or turned to black
        or white until it has 4.5 : 1 on the halo. ``optional``: left out where it fits nowhere.
        ``pad``: points of halo above and below the letters, for a label on a coloured patch (a
        flag), whose edge would otherwise cut its tallest letters."""
        size = int(self.pt())
        width = text_width(text, size, bold) * 1.06 + 4  # room for Graphviz's own, wider, guess at bold words
        height = size * (ASCENT + DESCENT) + 1 + 2 * pad
        boxes = [(x - width / 2, x + width / 2, y - height / 2, y + height / 2) for x, y in candidates]
        chosen = next((b for b in boxes if self.free(b)), None)
        if chosen is None and not optional:  # a word that must be shown: the nearest free place around
            x0, y0 = candidates[0]
            nearby = sorted(((x0 + r * SIZE * cos(a * pi / 6), y0 + r * SIZE * sin(a * pi / 6))
                             for r in (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5) for a in range(12)),
                            key=lambda point: math_dist(point, (x0, y0)))
            chosen = next((b for b in ((x - width / 2, x + width / 2, y - height / 2, y + height / 2)
                                       for x, y in nearby) if self.free(b)), boxes[0])
        if chosen is None:
            return False
        self.placed.append(chosen)
        ink = colour if style.contrast(colour, under) >= 4.5 else style.readable(colour, under)
        if style.contrast(ink, under) < 4.5:
            ink = style.ink_on(under)
        inner = body if body is not None else (f"<B>{escape(text)}</B>" if bold else escape(text))
        self.node(name, ((chosen[0] + chosen[1]) / 2, (chosen[2] + chosen[3]) / 2), shape="box", style="filled",
                  fillcolor=under, color=under, penwidth="0", fixedsize="shape", margin="0",
                  width=f"{width / 72:.4f}", height=f"{height / 72:.4f}",
                  label=f'<<FONT POINT-SIZE="{size}" COLOR="{ink}">{inner}</FONT>>')
        return True

    def pt(self, size: float = MIN_PT) -> str:
        """A text size, raised for a picture printed smaller, and rounded up to a whole point (some
        renderers, graphviz-pure among them, drop the fraction)."""
        return str(ceil(size * self.factor))

    def node(self, name: str, point, **attrs) -> None:
        attrs = {"pos": pos(point), **attrs}
        self.lines.append(f"  {quote(name)} [" + ", ".join(
            f"{k}={v if v.startswith('<') else quote(v)}" for k, v in attrs.items()) + "];")

    def text(self, name: str, point, text: str, colour: str = style.INK, bold: bool = False,
             size: float = MIN_PT) -> None:
        body = f"<B>{escape(text)}</B>" if bold else escape(text)
        self.node(name, point, shape="plaintext", width="0.01", height="0.01", margin="0",
                  label=f'<<FONT POINT-SIZE="{self.pt(size)}" COLOR="{colour}">{body}</FONT>>')

    def line(self, points: list, colour: str, width: float, dashed: bool = False) -> None:
        """A line through ``points``, under every node (the backdrop); ``dashed`` leaves gaps."""
        self.backdrop.line(points, colour, width, dashed=dashed)

    def at(self, label: str, dx: float = 0.0, dy: float = 0.0):
        x, y = self.grid.centre(self.board.hexes[label].at, SIZE)
        return x + dx * SIZE, y + dy * SIZE


# ---- what is on a hex ------------------------------------------------------------------------------

class Face(NamedTuple):
    """What a hex shows: its tile (None: the preprinted face), the tile's colour, its stations
    (each with the sides its track reaches) and its plain track (pairs of sides)."""
    tile: str | None
    colour: str | None
    stations: tuple
    track: tuple


def face(board, track, label: str) -> Face:
    h = board.hexes[label]
    laid = (getattr(track, "tiles", None) or {}).get(label)
    if laid is None:
        return Face(None, None, h.stations, ())
    number, turns = laid
    tile = board.tiles[str(number)]
    stations = tuple(replace(s, sides=frozenset((side + turns) % 6 for side in s.sides)) for s in tile.stations)
    pairs = tuple(tuple(sorted((a + turns) % 6 for a in pair)) for pair in tile.track)
    return Face(str(number), tile.colour, stations, tuple(sorted(pairs)))


def _curve(a, c, b, n: int = 8) -> list:
    """Points of the quadratic curve from ``a`` to ``b`` bent towards ``c``."""
    return [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]) for t in (k / n for k in range(n + 1))]


def pieces(p: _Picture, label: str, f: Face) -> dict[tuple, list]:
    """Every piece of track on the hex by a key, as points: ``(side, other side)`` for plain
    track, ``(side, "s", i)`` from a side to station ``i``, and a town lying on a curve between two
    sides as ``(side, other side, "t", i)``."""
    h = p.board.hexes[label]
    centre = p.at(label)
    mid = {side: p.grid.side_midpoint(h.at, side, SIZE) for side in range(6)}
    out: dict[tuple, list] = {}
    for a, b in f.track:
        out[(a, b)] = _curve(mid[a], centre, mid[b])
    for i, station in enumerate(f.stations):
        sides = sorted(station.sides)
        if station.kind == "town" and len(sides) == 2:
            out[(sides[0], sides[1], "t", i)] = _curve(mid[sides[0]], centre, mid[sides[1]])
            continue
        for side in sides:
            end = centre if not h.offboard else (centre[0] + 0.75 * (mid[side][0] - centre[0]),
                                                 centre[1] + 0.75 * (mid[side][1] - centre[1]))
            out[(side, "s", i)] = [mid[side], end]
    return out


def _station_point(p: _Picture, label: str, f: Face, i: int, keyed: dict) -> tuple:
    for key, points in keyed.items():
        if len(key) == 4 and key[3] == i:
            return points[len(points) // 2]
    towns = [j for j, s in enumerate(f.stations) if s.kind == "town"]
    if f.tile is None and len(towns) == 2:
        return p.at(label, 0.3 * (2 * towns.index(i) - 1), 0.0)
    return p.at(label)


def route_pieces(p: _Picture, route: Route, faces: dict) -> list[tuple[str, tuple]]:
    """The pieces of track a route uses: in each hex, the piece joining the side it enters by and
    the side it leaves by (through the station when the track runs through one), and at either end
    the piece from the station to the side it leaves or enters by."""
    out = []
    chain = route.hexes
    for n, label in enumerate(chain):
        if label not in faces:
            continue
        sides = []
        for other in (chain[n - 1] if n else None, chain[n + 1] if n + 1 < len(chain) else None):
            if other is not None and other in p.board.hexes:
                try:
                    sides.append(p.grid.side_towards(p.board.hexes[label].at, p.board.hexes[other].at))
                except ValueError:
                    pass
        keyed = pieces(p, label, faces[label])
        for key in keyed:
            plain = len(key) == 2 or len(key) == 4
            if plain and len(sides) == 2 and set(key[:2]) == set(sides):
                out.append((label, key))
            elif len(key) == 3 and key[0] in sides and not any(
                    len(k) in (2, 4) and set(k[:2]) == set(sides) for k in keyed):
                out.append((label, key))
            elif len(key) == 4 and len(sides) == 1 and sides[0] in key[:2]:
                out.append((label, key))
    return out


# ---- drawing --------------------------------------------------------------------------------------

def _slot_width(p: _Picture) -> float:
    """A token's diameter: room for a four-letter symbol (ATSF) in bold at the picture's text size."""
    return max(0.62 * SIZE, 2.95 * int(p.pt()) + 2)


def _city(p: _Picture, label: str, point, slots: int, tokens: list[str], reserved: list[str], index: int) -> None:
    """A city: its slots side by side (three in a triangle), a token in the company's colour with
    its symbol in white or black, a slot kept for an unstarted company's home in pale grey with
    the symbol in grey, a destination token over the limit as one more slot."""
    d = _slot_width(p)
    count = max(slots, len(tokens) + len(reserved), 1)
    if count == 3:
        offsets = [(-d / 2, d * 0.42), (d / 2, d * 0.42), (0, -d * 0.45)]
    else:
        offsets = [((k - (count - 1) / 2) * d, 0.0) for k in range(count)]
    if count > 1:
        xs = [o[0] for o in offsets]
        ys = [o[1] for o in offsets]
        self_w, self_h = max(xs) - min(xs) + d, max(ys) - min(ys) + d
        p.node(f"city {label} {index} back", (point[0] + (max(xs) + min(xs)) / 2, point[1] + (max(ys) + min(ys)) / 2),
               shape="box", style="rounded,filled", fillcolor="white", color=style.INK, penwidth="1",
               width=f"{self_w / 72:.3f}", height=f"{self_h / 72:.3f}", fixedsize="true", label="")
    fills = [(sym, False) for sym in tokens] + [(sym, True) for sym in reserved]
    for k, (dx, dy) in enumerate(offsets):
        sym, kept = fills[k] if k < len(fills) else (None, False)
        colour = corporation_colour(sym) if sym and not kept else "white"
        attrs = dict(shape="circle", width=f"{d / 72:.3f}", fixedsize="true", style="filled", fillcolor=colour,
                     color=style.INK, penwidth="1.2" if k < max(slots, 1) else "2.4", label="")
        if kept:
            attrs.update(fillcolor="#ececec", color="#777777", style="filled,dashed")
        if sym:
            ink = "#555555" if kept else style.ink_on(colour)
            attrs["label"] = f'<<FONT POINT-SIZE="{p.pt()}" COLOR="{ink}"><B>{escape(sym)}</B></FONT>>'
        p.node(f"city {label} {index} slot {k}", (point[0] + dx, point[1] + dy), **attrs)
        p.placed.append((point[0] + dx - d / 2, point[0] + dx + d / 2, point[1] + dy - d / 2, point[1] + dy + d / 2))


def _unstarted_homes(state, label: str) -> list[str]:
    board = hexmap.board()
    h = board.hexes[label]
    tokens = {s for city in ((getattr(getattr(state, "track", None), "tokens", None) or {}).get(label) or [])
              for s in city}
    return [sym for sym in h.home_of if sym in state.corporations and state.corporations[sym].par is None
            and not state.corporations[sym].closed and sym not in tokens]


def _hexagon(p: _Picture, label: str, f: Face) -> None:
    h = p.board.hexes[label]
    fill = _fill(p, label, f)
    p.backdrop.polygon(p.grid.corners(h.at, SIZE), fill, "#5a1412" if h.offboard else "#7a7a7a", 0.8)


def _borders_and_river(p: _Picture, labels: Iterable[str]) -> None:
    grid, drawn = p.grid, set()
    for label in labels:
        h = p.board.hexes[label]
        if h.river:
            west, _east = h.river
            a, b = [k for k in range(6) if ((k - 1) % 6 in west) != (k in west)]
            p.line([grid.corner(h.at, a, SIZE), grid.corner(h.at, b, SIZE)], RIVER, 3.2)
        for side in sorted(h.impassable):
            ends = (grid.corner(h.at, side, SIZE), grid.corner(h.at, side + 1, SIZE))
            key = frozenset((round(x, 1), round(y, 1)) for x, y in ends)
            if key not in drawn:
                drawn.add(key)
                p.line(list(ends), style.INK, 4.0)


def _fill(p: _Picture, label: str, f: Face) -> str:
    h = p.board.hexes[label]
    return FILL["offboard"] if h.offboard else (TILE_FILL[f.colour] if f.colour else FILL[h.terrain])


def _texts(p: _Picture, state, label: str, f: Face, actors: list[str]) -> None:
    """The hex's words, each placed where it overlaps no word or token drawn before (a few places
    to try each, nearest the usual one first): destination flags, the name, the off-board values,
    the cost or the city's value, the tile's number, and last the coordinate."""
    h = p.board.hexes[label]
    under = _fill(p, label, f)
    white = "#ffffff"
    at = p.at
    flags = [sym for sym in actors if sym in h.destination_of]
    for k, sym in enumerate(flags):
        colour = corporation_colour(sym)
        doubled = " x2" if (getattr(state, "net", None) is not None and
                            getattr(state.net, "destination", {}).get(sym) == "map") else ""
        p.place(f"dest {label} {sym}", [at(label, 0, -1.1 - 0.4 * k * p.factor), at(label, 0, 1.1 + 0.4 * k * p.factor)],
                f"{sym} destination{doubled}", colour, style.ink_on(colour), bold=True, pad=2.0)
    if h.name and not h.offboard:
        p.place(f"name {label}", [at(label, 0, -0.6), at(label, 0, -0.35), at(label, 0, 0.45), at(label, 0, -0.85)],
                h.name.replace(", ", " "), under, bold=True)
    if h.offboard:
        slotted = any(st.slots for st in h.stations)
        p.place(f"name {label}", [at(label, *((0.15, 0.5) if slotted else (0, 0.44))), at(label, 0, 0.2)],
                h.name, under, white, bold=True)
        current = max((ph for ph in h.values if p.phase is None or ph <= p.phase), default=None)
        body = "/".join(f"<B><U>{v}</U></B>" if ph == current and p.phase is not None else str(v)
                        for ph, v in h.values.items())
        plain = "/".join(str(v) for v in h.values.values())
        p.place(f"values {label}", [at(label, *((0.2, -0.38) if slotted else (0, -0.1))), at(label, 0, -0.5)],
                plain, under, white, bold=p.phase is not None, body=body)
    else:
        corners = [at(label, -0.5, 0.5), at(label, -0.55, -0.3), at(label, 0.55, -0.3), at(label, 0.5, 0.5),
                   at(label, 0, 0.3), at(label, -0.62, 0.1), at(label, 0.62, 0.1), at(label, 0, -0.35),
                   at(label, 0, 0.76), at(label, -0.3, -0.75), at(label, 0.3, -0.75)]
        if f.tile is None and h.cost:
            p.place(f"cost {label}", corners, f"${h.cost}", under, "#4a3a1a", optional=True)
        values = [s.value for s in f.stations if s.kind == "city"]
        if f.tile is not None and values:
            p.place(f"value {label}", corners, str(values[0]), under, bold=True)
        corner = f"#{f.tile}" if f.tile is not None else "/".join(sorted(set(h.labels.values())))
        if corner:
            p.place(f"tile {label}", corners[3:4] + corners[:3] + corners[4:], corner, under, "#3a1a5a",
                    optional=f.tile is None)
    p.place(f"coord {label}", [at(label, 0, 0.76), at(label, -0.4, 0.62), at(label, 0.4, 0.62), at(label, 0, -0.8)],
            label, under, white if h.offboard else "#505050", optional=True)


def region(board, labels: Iterable[str], margin: int = 1) -> list[str]:
    """The hexes of the board in the box around ``labels`` and up to ``margin`` hexes beyond it
    (every hex when ``labels`` is empty), in the board's order. A box already wider than seven
    hexes or taller than three rows gets no margin that way, so that its words print at 7.5 pt
    without crowding the hexes."""
    wanted = [board.hexes[label].at for label in labels if label in board.hexes]
    if not wanted:
        return list(board.hexes)
    rows = [a.r for a in wanted]
    cols = [2 * a.q + a.r for a in wanted]
    across = margin if max(cols) - min(cols) <= 2 * 5 else 0
    down = margin if max(rows) - min(rows) <= 2 else 0
    lo_r, hi_r = min(rows) - down, max(rows) + down
    lo_c, hi_c = min(cols) - 2 * across, max(cols) + 2 * across
    return [label for label, h in board.hexes.items()
            if lo_r <= h.at.r <= hi_r and lo_c <= 2 * h.at.q + h.at.r <= hi_c]


def draw_state(state, labels: Iterable[str] | None = None, routes: Iterable[Route] = (), actors: Iterable[str] = (),
               legend: bool = True, name: str = "g1870-map") -> str:
    """The DOT source of the map in ``state`` (``labels``: the hexes to draw, all when None)."""
    board = hexmap.board()
    labels = list(board.hexes) if labels is None else [label for label in labels if label in board.hexes]
    routes = list(routes)
    p = _Picture(board, labels, getattr(state, "phase", None) if state is not None else None,
                 sum(_legend_rows(routes)) if legend else 0)
    track = getattr(state, "track", None)
    tokens = getattr(track, "tokens", None) or {}
    actors, routes = list(actors), list(routes)
    faces = {label: face(board, track, label) for label in labels}
    p.lines += [f'graph {quote(name)} {{',
                f'  graph [layout=nop2, splines=false, outputorder=edgesfirst, bgcolor="{style.PAPER}", '
                f'fontname="{style.FONT}", pad=0.1];',
                f'  node [fontname="{style.FONT}", fontsize={p.pt()}, margin=0, pin=true];']
    for sea in SEA:
        at = board.grid.hex(sea)
        x, y = board.grid.centre(at, SIZE)
        if p.left + SIZE <= x <= p.right - SIZE and y >= p.bottom + SIZE:
            p.backdrop.polygon(board.grid.corners(at, SIZE), FILL["sea"])
    for label in labels:
        _hexagon(p, label, faces[label])
    _borders_and_river(p, labels)
    keyed = {label: pieces(p, label, faces[label]) for label in labels}
    for k, route in enumerate(routes):  # a band under the track, in the company's colour
        colour = style.REFUSED if route.refused else corporation_colour(route.corporation)
        for label, key in route_pieces(p, route, faces):
            p.line(keyed[label][key], colour, 4.5 if route.refused else 10.0,
                   dashed=route.refused)
    for label in labels:
        for key, points in keyed[label].items():
            p.line(points, TRACK if not board.hexes[label].offboard else "#ffffff", 3.2)
    for label in labels:
        f, h = faces[label], board.hexes[label]
        for i, station in enumerate(f.stations):
            point = _station_point(p, label, f, i, keyed[label])
            if station.kind == "town":
                p.node(f"town {label} {i}", point, shape="circle", width=f"{0.24 * SIZE / 72:.3f}", fixedsize="true",
                       style="filled", fillcolor=TRACK, color="white", penwidth="1", label="")
            elif station.kind == "city" or station.slots:
                held = list((tokens.get(label) or [[]] * (i + 1))[i]) if i < len(tokens.get(label) or []) else []
                _city(p, label, point if not h.offboard else p.at(label, -0.4, 0.0), station.slots, held,
                      _unstarted_homes(state, label) if state is not None and i == 0 else [], i)
    for label in labels:
        _texts(p, state, label, faces[label], actors)
    if legend:
        _legend(p, routes)
    # Graphviz sizes the picture by its nodes alone: two invisible points at the corners of the hexes
    corners = [corner for label in labels for corner in board.grid.corners(board.hexes[label].at, SIZE)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    for k, point in enumerate(((min(xs), min(ys)), (max(xs), max(ys)))):
        p.node(f"extent {k}", point, shape="point", style="invis", width="0.01")
    p.lines += [f"  graph [{p.backdrop.attribute()}];", "}"]
    return "\n".join(p.lines) + "\n"


KEY_ROWS = 3


def _legend_rows(routes: list[Route]) -> tuple[int, int, int]:
    """The key's rows: its swatches, the table of the runs trains made (or were refused) and the
    table of runs corporations could make, each table with its heading row."""
    ran = sum(not r.could for r in routes)
    could = sum(r.could for r in routes)
    return KEY_ROWS, ran + 1 if ran else 0, could + 1 if could else 0


def _legend(p: _Picture, routes: list[Route]) -> None:
    """A key and the tables of routes, under the map: the runs made, with their train and value,
    and apart from them the runs a corporation could make (its connection run), with no train or
    value, which are not runs that happened. The key's top sits clear of the lowest word drawn on
    the map (a destination flag under a bottom hex, say): its height is worked out as Graphviz lays
    out the tables (each line of text 1.2 times the font size high, plus the cells' padding and
    spacing), a little generously."""
    def swatch(fill: str, height: int = 10) -> str:
        return f'<TD BGCOLOR="{fill}" WIDTH="14" HEIGHT="{height}" FIXEDSIZE="TRUE" BORDER="1"></TD>'
    pt = p.pt()
    entries = [(swatch(FILL[None]), "$: cost of the first tile"),
               (swatch(FILL["water"]), "river; the Mississippi in blue"),
               (swatch(FILL["mountain"]), "Ozark hills"),
               (swatch(FILL["offboard"]), "red area: phase 1/4/6" + (", now underlined" if p.phase is not None else "")),
               (swatch(TILE_FILL["yellow"]), "a tile laid; #: its number"),
               (swatch("#ececec"), "kept for an unstarted home")]
    half = (len(entries) + 1) // 2
    cells = "".join("<TR>" + "".join(f'{s}<TD ALIGN="LEFT">{escape(t)}</TD>' for s, t in entries[i::half]) + "</TR>"
                    for i in range(half))
    key = (f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="1" CELLPADDING="1">{cells}</TABLE>')

    def badge(route: Route) -> str:
        colour = style.REFUSED if route.refused else corporation_colour(route.corporation)
        return (f'<TD BGCOLOR="{colour}"><FONT COLOR="{style.ink_on(colour)}"><B>{escape(route.corporation)}'
                f'</B></FONT></TD>')

    def table(heads: list[str], rows: list[list[str]]) -> str:
        if not rows:
            return ""
        align = ["LEFT"] * (len(heads) - 1) + ["RIGHT" if heads[-1] == "value" else "LEFT"]
        head = "<TR><TD></TD>" + "".join(f'<TD ALIGN="{a}"><B>{h}</B></TD>' for h, a in zip(heads, align)) + "</TR>"
        body = "".join("<TR>" + row[0] + "".join(f'<TD ALIGN="{a}">{c}</TD>' for c, a in zip(row[1:], align))
                       + "</TR>" for row in rows)
        return (f'<TR><TD ALIGN="LEFT"><TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2">'
                f'{head}{body}</TABLE></TD></TR>')
    ran = [[badge(r), escape(r.caption), escape(" ".join(r.hexes)),
            "refused" if r.refused else ("" if r.value is None else f"${r.value}")] for r in routes if not r.could]
    could = [[badge(r), escape(r.caption), escape(" ".join(r.hexes))] for r in routes if r.could]
    label = (f'<<FONT POINT-SIZE="{pt}"><TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">'
             f'<TR><TD ALIGN="LEFT">{key}</TD></TR>{table(["train", "route", "value"], ran)}'
             f'{table(["could run", "route"], could)}</TABLE></FONT>>')
    line = 1.2 * int(pt)
    swatches, *tables = _legend_rows(routes)
    height = swatches * (max(10, line) + 2) + (swatches + 1) * 1
    height += sum(rows * (line + 4) + (rows + 1) * 2 for rows in tables if rows)
    height += 2  # slack for rounding
    lowest = min([p.bottom] + [box[2] for box in p.placed])
    p.node("legend", ((p.left + p.right) / 2, lowest - 6 - 8 * p.factor - height / 2), shape="plaintext", label=label)


def draw(board=None, legend: bool = True) -> str:
    """The DOT source of the whole empty map (every home a reserved slot is not shown: no game)."""
    return draw_state(None, legend=legend, name="g1870-hex-map")
