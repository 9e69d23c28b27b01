"""The shared look of every diagram: fonts, colours, the highlight and refusal styles, a legend.

Each game's module builds its own picture; this keeps them alike in print.
"""
from __future__ import annotations

from html import escape

FONT = "Helvetica"
INK = "#222222"
MUTED = "#9a9a9a"
PAPER = "white"
REFUSED = "#d62728"
HIGHLIGHT = "#ffd54f"
# Colour-blind-friendly palette (Okabe-Ito), for players and companies in order.
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]


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
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def legend(entries: list[tuple[str, str]], pos: str, title: str = "Legend") -> str:
    """A legend node at ``pos``: each entry is (a short HTML swatch, its meaning)."""
    rows = "".join(f'<TR><TD ALIGN="CENTER">{swatch}</TD><TD ALIGN="LEFT">{escape(text)}</TD></TR>'
                   for swatch, text in entries)
    label = (f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2" COLOR="{MUTED}">'
             f'<TR><TD COLSPAN="2"><B>{escape(title)}</B></TD></TR>{rows}</TABLE>>')
    return f'  legend [shape=plaintext, fontsize=9, pos="{pos}", label={label}];'


def line_swatch(color: str, style: str = "solid", bold: bool = False) -> str:
    """A short line sample for a legend entry, drawn with text so any renderer shows it."""
    glyph = {"solid": "━━━", "dashed": "╍╍╍", "dotted": "┅┅┅"}.get(style, "━━━")
    text = f"<B>{glyph}</B>" if bold else glyph
    return f'<FONT COLOR="{color}">{text}</FONT>'


def box_swatch(color: str) -> str:
    return f'<FONT COLOR="{color}">■</FONT>'
