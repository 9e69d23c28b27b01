"""Whether a drawn diagram (an SVG as Graphviz writes it) can be read by everybody, measured from
its geometry: the checks the book's figures must pass, for every game's diagrams alike.

- every label's text has at least 4.5:1 contrast (the WCAG formula) with what it is printed on:
  the filled shape drawn under it, else the paper;
- every line and outline (the graphics a reader needs: links, routes, borders, swatches' edges)
  has at least 3:1 against the paper; an outline in the paper's own colour (a white rim that
  parts a dot from the line under it) and a band wider than ``BAND`` (a highlight drawn under
  lines, which carry their own colour) are not lines a reader needs to see against the paper;
- no two labels overlap (each label's box measured with the printed font's own widths);
- no label is a symbol typed in ASCII ("- - -", ". . . .", "[[ ]]"): a key shows the real line,
  box or mark (a table cell's border in the line's colour and pattern, say);
- the picture has a ``<title>`` as its first child and a ``<desc>`` (added by the build, from
  the example).

Text size is not measured here: how large a label prints depends on how far the page scales the
picture down, so the printed book's test measures it on the PDF's pages.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from xml.etree import ElementTree

from fontTools.ttLib import TTFont

from rulewright.dot import FONT, contrast

SVG = "{http://www.w3.org/2000/svg}"
TEXT_CONTRAST, GRAPHIC_CONTRAST = 4.5, 3.0
# DejaVu Sans (the diagrams' font, rulewright.dot.FONT): how far its letters reach above and below
# the baseline, as a share of the font size (capitals and descenders, not the line's leading).
ASCENT, DESCENT = 0.76, 0.24
ASCII_ART = re.compile(r"^(?=(?:.*[-.\[\]=_~*]){2})[\s\-.\[\]()|=_~*$X]+$")
BAND = 8.0  # a stroke at least this wide is a highlight band, not a line
SHAPES = ("polygon", "ellipse", "path", "polyline", "rect", "circle")
NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
         "yellow": "#ffff00", "orange": "#ffa500", "grey": "#808080", "gray": "#808080", "purple": "#800080",
         "brown": "#a52a2a", "pink": "#ffc0cb", "lightgrey": "#d3d3d3", "lightgray": "#d3d3d3"}


@dataclass(frozen=True)
class Label:
    text: str
    left: float
    right: float
    top: float
    bottom: float
    size: float
    colour: str
    background: str

    def overlaps(self, other: "Label", slack: float = 0.5) -> bool:
        return (min(self.right, other.right) - max(self.left, other.left) > slack
                and min(self.bottom, other.bottom) - max(self.top, other.top) > slack)

    def holds(self, point: tuple[float, float], slack: float = 1.0) -> bool:
        """Whether ``point`` lies on the label's text (more than ``slack`` inside its box)."""
        x, y = point
        return self.left + slack < x < self.right - slack and self.top + slack < y < self.bottom - slack


MOVE_CLASS = "rw-move"  # the class rulewright.dot.move_arrow gives a move's arrow (Graphviz's SVG group)


def _curve(points: list[tuple[float, float]], steps: int = 12) -> list[tuple[float, float]]:
    """Points along a Graphviz edge path, given its points ("M x,y C x1,y1 x2,y2 x3,y3 ...", read
    by ``_points``): its cubic Béziers sampled."""
    if not points:
        return []
    out = [points[0]]
    for n in range(1, len(points) - 2, 3):
        p0, p1, p2, p3 = points[n - 1], points[n], points[n + 1], points[n + 2]
        for step in range(1, steps + 1):
            t = step / steps
            a, b, c, e = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
            out.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
    return out


def move_arrows(root) -> list[list[tuple[float, float]]]:
    """The points along each move arrow of the picture (``rulewright.dot.move_arrow``)."""
    return [_curve(_points(path)) for group in root.iter(f"{SVG}g")
            if MOVE_CLASS in (group.get("class") or "").split() for path in group.iter(f"{SVG}path")]


def colour(value: str | None) -> str | None:
    """A colour as ``#rrggbb``, or None for none, transparent or a colour this does not know."""
    if not value:
        return None
    value = value.strip().lower()
    value = NAMED.get(value, value)
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        value = "#" + "".join(c * 2 for c in value[1:])
    if re.fullmatch(r"#[0-9a-f]{8}", value):
        if value[7:] == "00":
            return None  # fully transparent
        value = value[:7]
    return value if re.fullmatch(r"#[0-9a-f]{6}", value) else None


@lru_cache(maxsize=1)
def _font():
    """The printed font's character widths (DejaVu Sans through fontconfig), or None without it."""
    fc_match = shutil.which("fc-match")
    if not fc_match:
        return None
    found = subprocess.run([fc_match, "-f", "%{file}", FONT], capture_output=True, text=True).stdout
    if "DejaVuSans" not in found:
        return None

    font = TTFont(found)
    return font.getBestCmap(), font["hmtx"].metrics, font["head"].unitsPerEm


def font_available() -> bool:
    return _font() is not None


@lru_cache(maxsize=8192)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` prints at ``size`` in the diagrams' font (bold about 10% wider)."""
    found = _font()
    if found is None:
        return len(text) * size * 0.6
    cmap, metrics, em = found
    width = sum(metrics[cmap.get(ord(c), ".notdef")][0] for c in text) * size / em
    return width * (1.1 if bold else 1.0)


def _points(element) -> list[tuple[float, float]]:
    tag = element.tag[len(SVG):]
    if tag in ("polygon", "polyline"):
        return [tuple(map(float, p.split(",")[:2])) for p in element.get("points", "").split() if "," in p]
    if tag in ("ellipse", "circle"):
        cx, cy = float(element.get("cx", 0)), float(element.get("cy", 0))
        rx = float(element.get("rx", element.get("r", 0)))
        ry = float(element.get("ry", element.get("r", 0)))
        return [(cx - rx, cy - ry), (cx + rx, cy + ry)]
    if tag == "rect":
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        return [(x, y), (x + float(element.get("width", 0)), y + float(element.get("height", 0)))]
    if tag == "path":
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", element.get("d", ""))]
        return list(zip(numbers[0::2], numbers[1::2]))
    return []


def _box(element):
    points = _points(element)
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), max(xs), min(ys), max(ys)


def _paper(root) -> str:
    """The picture's background: the graph's first filled shape (Graphviz draws the paper first)."""
    for element in root.iter():
        if element.tag == f"{SVG}polygon":
            return colour(element.get("fill")) or "#ffffff"
    return "#ffffff"


def read(svg: str):
    """The parsed picture, its paper colour, its labels and its strokes (colour, what it is)."""
    root = ElementTree.fromstring(svg.encode("utf-8") if isinstance(svg, str) else svg)
    paper = _paper(root)
    fills: list[tuple[tuple[float, float, float, float], str]] = []  # filled shapes so far, in drawing order
    labels, strokes = [], []
    for element in root.iter():
        tag = element.tag[len(SVG):] if element.tag.startswith(SVG) else element.tag
        if tag in SHAPES:
            box = _box(element)
            fill = colour(element.get("fill"))
            if box is not None and fill is not None:
                fills.append((box, fill))
            stroke = colour(element.get("stroke"))
            width = float(element.get("stroke-width", 1) or 1)
            if stroke is not None and stroke not in (fill, paper) and 0 < width < BAND:
                strokes.append((stroke, tag))
        elif tag == "text" and (element.text or "").strip():
            size = float(element.get("font-size", 14))
            bold = element.get("font-weight") == "bold"
            width = text_width(element.text, size, bold)
            x, y = float(element.get("x", 0)), float(element.get("y", 0))
            left = x - {"start": 0, "middle": width / 2, "end": width}.get(element.get("text-anchor", "start"), 0)
            middle = (left + width / 2, y - size * 0.3)
            under = [fill for (x0, x1, y0, y1), fill in fills if x0 <= middle[0] <= x1 and y0 <= middle[1] <= y1]
            labels.append(Label(element.text, left, left + width, y - ASCENT * size, y + DESCENT * size, size,
                                colour(element.get("fill")) or "#000000", under[-1] if under else paper))
    return root, paper, labels, strokes


def problems(svg: str, name: str = "the diagram", drawn_by_the_build: bool = True) -> list[str]:
    """What makes the picture hard to read, one sentence each (empty when nothing does). The
    ``<title>`` and ``<desc>`` are the build's to add: a picture straight from Graphviz
    (``drawn_by_the_build=False``) is not asked for them."""
    root, paper, labels, strokes = read(svg)
    found = []
    first = next(iter(root), None)
    if drawn_by_the_build and (first is None or first.tag != f"{SVG}title" or not (first.text or "").strip()):
        found.append(f"{name} has no <title> as its first child (the figure's name for assistive technology)")
    if drawn_by_the_build and root.find(f"{SVG}desc") is None:
        found.append(f"{name} has no <desc> (what it shows, for a reader who cannot see it)")
    for label in labels:
        ratio = contrast(label.colour, label.background)
        if ratio < TEXT_CONTRAST - 0.005:
            found.append(f"{name}: the label {label.text!r} ({label.colour} on {label.background}) has contrast "
                         f"{ratio:.2f}:1, under {TEXT_CONTRAST}:1")
    for stroke, tag in sorted(set(strokes)):
        ratio = contrast(stroke, paper)
        if ratio < GRAPHIC_CONTRAST - 0.005:
            found.append(f"{name}: a line ({tag}, {stroke}) has contrast {ratio:.2f}:1 with the paper, under "
                         f"{GRAPHIC_CONTRAST}:1")
    for label in labels:
        if ASCII_ART.match(label.text):
            found.append(f"{name}: the label {_said(label.text)} stands in for a symbol with typed characters")
    for n, label in enumerate(labels):
        for other in labels[n + 1:]:
            if label.overlaps(other):
                found.append(f"{name}: the labels {_said(label.text)} and {_said(other.text)} overlap"
                             + _broken_line(label.text, other.text))
    for number, arrow in enumerate(move_arrows(root), start=1):
        crossed = [label for label in labels if any(label.holds(point) for point in arrow)]
        at_ends = [label for label in crossed if label.holds(arrow[0]) or label.holds(arrow[-1])]
        passed = [label for label in crossed if label not in at_ends]
        for which, advice in ((at_ends, "give move_arrow the cell's size, cell=..., to keep the arrow off the "
                                        "labels at its ends"),
                              (passed, "the move passes over them: draw those labels off the arrow's path, "
                                       "or bend the arrow")):
            if which:
                texts = [_said(label.text) for label in which]
                found.append(f"{name}: move arrow {number} runs across the label"
                             + (f"s {', '.join(texts[:-1])} and {texts[-1]}" if len(texts) > 1 else f" {texts[0]}")
                             + f" ({advice})")
    return found


def _said(text: str) -> str:
    """A label's text in a message, as drawn (not as Python writes it: a backslash is one)."""
    return f"'{text}'"


def _broken_line(*texts: str) -> str:
    """What a label drawn with a backslash and an 'n' in it means: a line break meant, escaped twice."""
    meant = next((text for text in texts if "\\n" in text), None)
    if meant is None:
        return ""
    return (f" (the label {_said(meant)} holds a backslash and an 'n', drawn as they are: for a line break, give "
            "rulewright.dot.quote() the text with a real line break, \"B3\\nplums\" in Python, which it writes "
            "as DOT's own)")
