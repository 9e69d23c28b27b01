"""Docutils tables, built one way for every table Rulewright draws (setup, outcome, rule index,
event catalogue, coverage).

A cell is a string, a node, a list of nodes, or a ready paragraph; each becomes one paragraph (a
table in a cell, such as a board drawn as a grid, stays a table).
"""
from __future__ import annotations

from docutils import nodes


def table(widths, head=None, classes=()) -> tuple[nodes.table, nodes.tbody]:
    """An empty table with columns of relative ``widths`` and an optional ``head`` row; returns
    the table and its body, to which the caller adds ``row(...)``s."""
    whole = nodes.table(classes=list(classes))
    group = nodes.tgroup(cols=len(widths))
    whole += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    if head is not None:
        thead = nodes.thead()
        group += thead
        thead += row(head)
    body = nodes.tbody()
    group += body
    return whole, body


def row(cells, classes=(), cell_classes=()) -> nodes.row:
    """One row; ``cell_classes``, when given, are the classes of each cell in turn."""
    out = nodes.row(classes=list(classes))
    for index, cell in enumerate(cells):
        entry = nodes.entry(classes=[cell_classes[index]] if cell_classes else [])
        entry += _paragraph(cell)
        out += entry
    return out


def _paragraph(cell) -> nodes.Element:
    if isinstance(cell, (nodes.paragraph, nodes.table)):
        return cell
    if isinstance(cell, str):
        return nodes.paragraph(text=cell)
    if isinstance(cell, (list, tuple)):
        return nodes.paragraph("", "", *cell)
    return nodes.paragraph("", "", cell)
