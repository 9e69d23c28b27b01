"""The shared look of every diagram: font, ink, paper and the refusal colour, and the opening of a
graph with fixed positions. Each game's module builds its own picture and legend (as HTML-like
tables, whose cells render in every Graphviz, graphviz-pure included); this keeps them alike.
"""
from __future__ import annotations

# One font that both Graphviz's layout and the printed page use, so that measured text is printed
# text: graphviz-pure (and system dot) measure "DejaVu Sans" with its own metrics, and WeasyPrint
# prints it with the DejaVu Sans it finds through fontconfig (its usual fallback; the fonts-dejavu
# package on Debian and Ubuntu). Named "Helvetica", the layout was measured narrower than the
# DejaVu Sans WeasyPrint then printed, and labels crossed their node borders.
FONT = "DejaVu Sans"
INK = "#222222"
MUTED = "#9a9a9a"
PAPER = "white"
REFUSED = "#d62728"


def graph_header(name: str = "G", layout: str = "neato", size: str | None = None) -> list[str]:
    """Opening lines of a diagram whose node positions are fixed (``pos="x,y!"``)."""
    lines = [
        f'graph "{name}" {{',
        f'  graph [layout={layout}, splines=true, outputorder=edgesfirst, bgcolor="{PAPER}", '
        f'fontname="{FONT}", pad=0.2{", size=" + quote(size) if size else ""}];',
        f'  node [fontname="{FONT}", fontsize=11, color="{INK}", fontcolor="{INK}", pin=true];',
        f'  edge [fontname="{FONT}", fontsize=9, color="{MUTED}"];',
    ]
    return lines


def quote(text: object) -> str:
    """``text`` as a DOT quoted string (an ID or a plain label): a name from an example, such as
    ``R&D``, ``Mary-Ann`` or one with a quote or a backslash, is drawn as written and can never end
    the string early. A line break becomes DOT's ``\\n``."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")
    return '"' + escaped + '"'


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
