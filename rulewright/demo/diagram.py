"""The picture of a position: one row of counters per heap, and who is to move.

``draw(run, when, options)`` returns Graphviz DOT source; Rulewright renders it. ``run`` is the
played example: ``run.before`` and ``run.after`` are states, ``run.steps`` the moves (each with
``.action``, ``.events`` and ``.refusal``). ``when`` is "before" or "after". ``options`` holds any
extra words the example wrote after it (``:diagram: after`` has none).

After the moves, counters taken in the example are drawn hollow, and the heap of a refused move
is outlined in red. ``rulewright.dot`` has the shared look (font, ink, the refusal colour).
"""
from __future__ import annotations

from html import escape

from rulewright import dot as style

COUNTER = "#1f4e79"
COUNTER_SIZE = 14  # points
NAME_WIDTH = 80  # points, the heap's name before its counters


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    state = run.before if when == "before" else run.after
    taken = _taken(run) if when == "after" else {}
    refused = run.steps[-1].action if when == "after" and run.refusal else None
    out = style.graph_header("heaps")
    out.append("  graph [splines=false];")
    out.append("  node [shape=plaintext, margin=0];")
    for row, (heap, counters) in enumerate(state.heaps.items()):
        cells = [_counter(COUNTER)] * counters + [_counter(style.MUTED, hollow=True)] * taken.get(heap, 0)
        border = f'BORDER="2" COLOR="{style.REFUSED}"' if refused and refused.heap == heap else 'BORDER="0"'
        label = (f'<<TABLE {border} CELLBORDER="0" CELLSPACING="4" CELLPADDING="0"><TR>'
                 f'<TD WIDTH="{NAME_WIDTH}" ALIGN="LEFT">{escape(heap)}</TD>'
                 f'{"".join(cells) or "<TD>(empty)</TD>"}</TR></TABLE>>')
        out.append(f"  heap{row} [label={label}, pos={_left_aligned(row, max(len(cells), 3))}];")
    status = f"{state.winner} wins" if state.winner else f"{state.next_player} to move"
    out.append(f"  status [label={style.quote(status)}, fontsize=12, pos={_left_aligned(len(state.heaps), 4)}];")
    out.append("}")
    return "\n".join(out)


def _left_aligned(row: int, cells: int) -> str:
    """A fixed position for a row ``cells`` counters wide whose left edge is at 0. Graphviz places
    a node by its centre, so the centre moves right by half the row's width (72 points an inch)."""
    width = NAME_WIDTH + cells * (COUNTER_SIZE + 4) + 8
    return f'"{width / 144:.2f},{-0.45 * row:.2f}!"'


def _counter(colour: str, hollow: bool = False) -> str:
    """One counter: a small square cell, filled, or outlined when it was taken in the example."""
    fill = "" if hollow else f' BGCOLOR="{colour}"'
    return (f'<TD WIDTH="{COUNTER_SIZE}" HEIGHT="{COUNTER_SIZE}" FIXEDSIZE="TRUE" BORDER="1" '
            f'COLOR="{colour}"{fill}></TD>')


def _taken(run) -> dict[str, int]:
    """Counters taken from each heap by the example's accepted moves."""
    taken: dict[str, int] = {}
    for step in run.steps:
        if step.refusal is None and step.action is not None:
            taken[step.action.heap] = taken.get(step.action.heap, 0) + step.action.count
    return taken
