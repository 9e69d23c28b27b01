"""The shared look of every diagram: font, ink, paper and the refusal colour, and the opening of a
graph with fixed positions. Each game's module builds its own picture and legend (as HTML-like
tables, whose cells render in every Graphviz, graphviz-pure included); this keeps them alike.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sysconfig
from functools import lru_cache
from pathlib import Path

# One font that both Graphviz's layout and the printed page use, so that measured text is printed
# text: graphviz-pure (and system dot) measure "DejaVu Sans" with its own metrics, and WeasyPrint
# prints it with the DejaVu Sans it finds through fontconfig (its usual fallback; the fonts-dejavu
# package on Debian and Ubuntu). Named "Helvetica", the layout was measured narrower than the
# DejaVu Sans WeasyPrint then printed, and labels crossed their node borders.
FONT = "DejaVu Sans"
"""The font of every label (``graph_header`` sets it for the whole picture)."""
INK = "#222222"
"""The colour of text, lines and shapes: a near black."""
# Grey text and lines: 4.5:1 on white (the WCAG minimum for text; a lighter grey was 2.8:1).
MUTED = "#707070"
"""A grey for what is less important or no longer there: connecting lines, a caption, a counter
taken during the example. Still readable on the paper (a contrast of at least 4.5 to 1)."""
PAPER = "white"
"""The background of every picture."""
REFUSED = "#d62728"
"""The red that marks the move a rule refused (``run.refusal``): outline the piece, place or
heap it concerned in it, so every game shows a refusal alike."""


def graph_header(name: str = "G", layout: str = "neato", size: str | None = None,
                 arrows_on_top: bool = False) -> list[str]:
    """Opening lines of a diagram whose node positions are fixed (``pos="x,y!"``). ``name`` is the
    graph's name as plain text: it is quoted here (do not quote it yourself).

    The graph is undirected (edges are written ``a -- b``; ``move_arrow`` gives one an arrowhead).
    Edges are drawn first, under the nodes, which suits roads, links and streets running between
    places; ``arrows_on_top`` draws them last, over the nodes, and straight (not bent around the
    cells they cross), for a board of cells with move arrows from one cell's centre to another's
    (under the cells they would not be seen)."""
    order, splines = ("nodesfirst", "false") if arrows_on_top else ("edgesfirst", "true")
    lines = [
        f'graph {quote(name)} {{',
        f'  graph [layout={layout}, splines={splines}, outputorder={order}, bgcolor="{PAPER}", '
        f'fontname="{FONT}", pad=0.2{", size=" + quote(size) if size else ""}];',
        f'  node [fontname="{FONT}", fontsize=11, color="{INK}", fontcolor="{INK}", pin=true];',
        f'  edge [fontname="{FONT}", fontsize=9, color="{MUTED}"];',
    ]
    return lines


def node_size(statement: str) -> tuple[float, float]:
    """The width and height, in inches, that Graphviz gives the node ``statement`` (one node's line
    as a drawer writes it, ``'  legend [shape=plaintext, label=<...>]'``), measured by laying it out
    alone with the Graphviz the book is drawn with, in the picture's font (``graph_header``). A
    table's size depends on its words, so a drawer that must keep a legend clear of its board asks
    this rather than guessing (``pinned_left``)."""
    return _measured("\n".join(graph_header("measure") + [statement, "}"]))


@lru_cache(maxsize=1024)  # (the same legend is drawn for the before and after of many examples)
def _measured(code: str) -> tuple[float, float]:
    done = subprocess.run([dot_program(), "-Tdot"], input=code.encode("utf-8"), capture_output=True, timeout=120)
    text = done.stdout.decode("utf-8", "replace")
    width, height = (re.search(rf"\b{key}=([\d.]+)", text) for key in ("width", "height"))
    if done.returncode != 0 or width is None or height is None:
        said = " ".join(done.stderr.decode("utf-8", "replace").split()) or f"exit status {done.returncode}"
        raise ValueError(f"Graphviz could not measure the node: {said}")
    return float(width.group(1)), float(height.group(1))


def pinned_left(name: str, attributes: str, left: float, middle: float) -> str:
    """The line of node ``name`` (``attributes`` as written between its brackets, without ``pos``)
    pinned with its left edge at ``left`` and its middle at height ``middle`` (inches, as ``pos``
    takes them in a ``graph_header`` picture): Graphviz pins a node by its centre, so a legend or
    table pinned by its centre beside a board reaches back over the board when its words are long;
    pinned by its left edge it starts where the board ends, whatever it holds."""
    width, _ = node_size(f"  {name} [{attributes}];")
    return f'  {name} [{attributes}, pos="{left + width / 2:.3f},{middle:.3f}!"];'


def move_arrow(name: str, start: tuple[float, float], end: tuple[float, float], colour: str = INK,
               label: str | None = None, width: float = 2.5, stop_short: float | None = None,
               label_offset: float | None = None, cell: float | None = None) -> list[str]:
    """Lines drawing a move as an arrow from the point ``start`` to the point ``end`` (positions as
    the picture's ``pos`` uses them, such as two squares' centres: ``squares.Grid.centre``), with
    its head at ``end``, for a graph opened with ``graph_header(..., arrows_on_top=True)``. The
    arrow joins two invisible points of its own (``name`` makes their IDs), not the cells: an edge
    between two touching cells is cut at their borders and nothing of it would be seen.

    ``cell``, the size of a square or hex the arrow joins the centres of (the ``size`` given to
    ``squares.Grid.centre`` or ``hexes.Grid.centre``), keeps the arrow off the cells' own labels: it
    starts and ends 0.3 of a cell from the centres, and its label sits 0.42 of a cell beside it. ``stop_short`` (in the
    same unit as the positions) sets how far before ``end`` the head stops instead.

    ``label`` (a move's number, say) is written in a small ring of the arrow's colour beside the
    arrow's middle, ``label_offset`` away from it (in the same unit; by default 0.42 of a cell, or 0.3 of
    the arrow's length): between two touching squares it sits on their border, clear of both
    squares' own labels, where a label on the arrow itself would be drawn over the end's name (for a
    diagonal move, along the border of the squares the arrow passes between). ``make test`` warns,
    at the example, of an arrow drawn across any label."""
    (x0, y0), (x1, y1) = start, end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    clear = 0.3 * cell if cell else 0.0
    stop_short = clear if stop_short is None else stop_short
    if 0 < clear and clear + stop_short < length:
        start = (x0 + (x1 - x0) * clear / length, y0 + (y1 - y0) * clear / length)
    if 0 < stop_short < length:
        end = (x1 - (x1 - x0) * stop_short / length, y1 - (y1 - y0) * stop_short / length)
    ends = [node_id(name, "from"), node_id(name, "to")]
    lines = [f'  {node} [shape=point, width=0.02, height=0.02, style=invis, label="", pos="{x:.3f},{y:.3f}!"];'
             for node, (x, y) in zip(ends, (start, end))]
    if label is not None:
        away = label_offset if label_offset is not None else 0.42 * cell if cell else 0.3 * length
        side = ((y1 - y0) / length, (x0 - x1) / length) if length else (0.0, 0.0)  # square to the arrow
        if length and abs(abs(x1 - x0) - abs(y1 - y0)) < 1e-9 * length:  # a diagonal, from corner to corner:
            side = (0.0, 1.0 if side[1] > 0 else -1.0)  # along the squares' shared border, not into a square
        x, y = (x0 + x1) / 2 + side[0] * away, (y0 + y1) / 2 + side[1] * away
        lines.append(f"  {node_id(name, 'label')} [shape=circle, fixedsize=false, width=0, height=0, margin=0.02, "
                     f'style=filled, fillcolor="{PAPER}", color="{colour}", penwidth=1, fontcolor="{colour}", '
                     f'fontname="{FONT}", fontsize=10, label={quote(label)}, pos="{x:.3f},{y:.3f}!"];')
    attrs = [f'color="{colour}"', f"penwidth={width}", "dir=forward", "arrowhead=normal", "arrowsize=1.1",
             'class="rw-move"']  # (legibility's check finds it by this: rulewright.game.legibility.MOVE_CLASS)
    return lines + [f"  {ends[0]} -- {ends[1]} [{', '.join(attrs)}];"]


class Backdrop:
    """What lies under every node of a picture with fixed positions, drawn as one list of shapes (the
    graph's ``_background``, in Graphviz's xdot drawing language) rather than as nodes: hexes or
    squares of a board, roads, rivers and track. Shapes are drawn in the order they are added, all
    of them under the nodes (labels, tokens, cities), so a board of a hundred hexes and their track
    costs Graphviz a handful of operations instead of thousands of nodes. Points are in the
    picture's own units (points, ``y`` up), as ``pos`` pins nodes with ``layout=nop2``.

    Graphviz sizes the picture by its nodes: give the picture a node at two opposite corners of the
    backdrop (an invisible ``shape=point``) so that none of it is cut off.
    """

    def __init__(self) -> None:
        self.ops: list[str] = []
        self._pen = self._fill = self._style = None

    def _set(self, op: str, value: str, now: str | None) -> str:
        if value != now:
            self.ops.append(f"{op} {len(value.encode())} -{value}")
        return value

    def _points(self, points) -> str:
        return f"{len(points)} " + " ".join(f"{x:.2f} {y:.2f}" for x, y in points)

    def polygon(self, points, fill: str, outline: str | None = None, width: float = 1.0) -> None:
        """A filled polygon through ``points``, its edge in ``outline`` (none when None)."""
        self._pen = self._set("c", outline or fill, self._pen)
        self._fill = self._set("C", fill, self._fill)
        self._style = self._set("S", f"setlinewidth({width:g})" if outline else "setlinewidth(0)", self._style)
        self.ops.append("P " + self._points(points))

    def line(self, points, colour: str, width: float, dashed: bool = False, round_ends: bool = True) -> None:
        """A line ``width`` points wide through ``points``; ``round_ends`` caps each end with a disc,
        so that lines meeting end to end (two pieces of one route) join without a notch."""
        self._pen = self._set("c", colour, self._pen)
        self._style = self._set("S", f"setlinewidth({width:g})", self._style)
        if dashed:
            self.ops.append("S 6 -dashed")
        self.ops.append("L " + self._points(points))
        if dashed:
            self.ops.append("S 5 -solid")
        if round_ends and not dashed:
            self._fill = self._set("C", colour, self._fill)
            self._style = self._set("S", "setlinewidth(0)", self._style)
            for x, y in (points[0], points[-1]):
                self.ops.append(f"E {x:.2f} {y:.2f} {width / 2:.2f} {width / 2:.2f}")

    def attribute(self) -> str:
        """The graph attribute drawing it: ``graph [<this>];``."""
        return "_background=" + quote(" ".join(self.ops))


def quote(text: object) -> str:
    """``text`` as a DOT quoted string (an ID or a plain label): a name from an example, such as
    ``R&D``, ``Mary-Ann`` or one with a quote or a backslash, is drawn as written and can never end
    the string early. A line break becomes DOT's ``\\n``."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")
    return '"' + escaped + '"'


def player(name: object) -> str:
    """A player's name as a diagram prints it, begun with a capital as the book's sentences and
    tables print it ("ann" is drawn "Ann"; "DoE" stays as it is), so a name reads the same in the
    picture as in the text around it."""
    text = str(name)
    return text[:1].upper() + text[1:]


def node_id(*parts: object) -> str:
    """A node's ID made of ``parts`` joined by ``_``, quoted, so names from examples are safe in it."""
    return quote("_".join(str(part) for part in parts))


def html(text: object) -> str:
    """``text`` inside an HTML-like label (``label=<...>``) or one of its attribute values: ``&``,
    ``<``, ``>`` and quotes become entities, so ``<i>x</i>`` is drawn as those characters, not as
    markup. (DOT quoted strings and HTML-like labels escape differently: use ``quote`` for the
    first and this for the second.)"""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


@lru_cache(maxsize=4096)  # a map asks it of the same few colours for each of its hexes
def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours, from 1 (the same) to 21 (black on
    white): text needs 4.5, lines and shapes a reader needs 3."""
    def luminance(colour: str) -> float:
        r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(fill: str) -> str:
    """The text colour that reads best on ``fill`` (a company's colour, say): black or white."""
    return "#000000" if contrast("#000000", fill) >= contrast("#ffffff", fill) else "#ffffff"


def readable(colour: str, on: str = PAPER, ratio: float = 4.5) -> str:
    """``colour``, darkened (mixed with black) just enough to have ``ratio`` contrast with ``on``:
    a company's colour for its words (4.5) or lines (3) on the paper or a pale fill."""
    if on == "white":
        on = "#ffffff"
    if contrast(colour, on) >= ratio:
        return colour
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    for step in range(1, 21):
        keep = 1 - step / 20
        mixed = "#{:02x}{:02x}{:02x}".format(round(r * keep), round(g * keep), round(b * keep))
        if contrast(mixed, on) >= ratio:
            return mixed
    return "#000000"


def dot_program() -> str:
    """The system `dot` where present, else graphviz-pure (installed with the project), so that
    pip alone suffices to draw."""
    found = shutil.which("dot")
    if found:
        return found
    pure = Path(sysconfig.get_path("scripts")) / "graphviz-pure"
    return str(pure) if pure.exists() else (shutil.which("graphviz-pure") or "graphviz-pure")
