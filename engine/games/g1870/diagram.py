"""1870 diagrams: the stock market with every corporation's token and the moves an example made.

- The whole 21 x 11 chart, each cell in its zone colour (white, yellow, green, brown; the area
  below the ledge pale red; the closing cells dark), with its price; par cells are outlined bold.
- The ledge is a thick black line along the cells just above it.
- Each corporation's token is its symbol, in the corporation's colour, in its cell; a stack is
  listed top first.
- In the "after" picture, every price movement the example's actions caused is an arrow in the
  corporation's colour from the old cell to the new one (a sold-out move on the top row shows
  both legs). A sale held by the ledge is marked "held", in red, at the foot of its cell; a
  protected sale is marked "protected".

Options (words after ``:diagram: before|after``): ``nolegend`` hides the legend; ``map`` draws
the map instead of the market: the region of the hex map the example needs (``map_picture``;
``whole`` draws all of it).
"""
from __future__ import annotations


from engine.games.g1870 import connections, hexmap, hexruns, map_picture, market, routes
from engine.games.g1870 import track as printed
from engine.games.g1870.map_picture import Route
from engine.games.g1870.colours import corporation_colour  # (also this module's, for the tests and the book)
from rulewright import dot as style
from rulewright.dot import html as escape, quote

W, H = 0.3, 0.42  # a cell, in inches: the chart is 6.3 in (16 cm) wide at print size
# Every word on the market, in points: the picture is about 7 in wide and prints at 0.95 of its
# size or more, so 8 pt prints at 7.5 pt at least. (graphviz-pure reads a POINT-SIZE as a whole
# number.) A token's symbol is plain, not bold, so that ATSF (20 pt wide) fits its cell.
MARKET_PT = 8
ZONE_FILL = {"white": "#ffffff", "yellow": "#fff2a8", "green": "#cdeac0", "brown": "#dcc0a0",
             "below-ledge": "#f6dada", "closing": "#555555"}
def _xy(row: float, col: float) -> tuple[float, float]:
    """The centre of a cell (fractions allowed) in inches; row 0 at the top."""
    return (col + 1) * W, -row * H


def _pos(row: float, col: float) -> str:
    x, y = _xy(row, col)
    return f"{x:.3f},{y:.3f}!"


def _cell_label(cell: market.Cell, stack: list[str]) -> str:
    fill = ZONE_FILL[cell.zone]
    price = f'<FONT POINT-SIZE="{MARKET_PT}" COLOR="{style.ink_on(fill)}">{cell.price}</FONT>'
    if cell.par:
        price = f"<B>{price}</B>"
    # each symbol in its corporation's colour, darkened where needed to read on the cell's zone
    tokens = "".join(f'<BR/><FONT POINT-SIZE="{MARKET_PT}" COLOR="{style.readable(corporation_colour(s), fill)}">'
                     f'{escape(s)}</FONT>' for s in stack)
    return f"<{price}{tokens}>"


def _cells(state) -> list[str]:
    lines = []
    for pos, cell in market.cells().items():
        stack = state.stacks.get(pos, [])
        attrs = {"shape": "box", "style": "filled", "fixedsize": "true", "width": f"{W:.2f}",
                 "height": f"{H:.2f}", "fillcolor": ZONE_FILL[cell.zone], "color": style.MUTED,
                 "penwidth": "0.5", "margin": "0", "pos": _pos(*pos)}
        if cell.par:
            attrs.update(color=style.INK, penwidth="1.4")
        attr_text = ", ".join(f"{k}={quote(v)}" for k, v in attrs.items())
        lines.append(f"  c{pos[0]}_{pos[1]} [{attr_text}, label={_cell_label(cell, stack)}];")
    return lines


def _axes() -> list[str]:
    lines = []
    for col in range(21):
        lines.append(f'  col{col} [shape=plaintext, fontsize={MARKET_PT}, fontcolor="{style.MUTED}", '
                     f'label="{chr(65 + col)}", pos="{_pos(-0.72, col)}"];')
    for row in range(11):
        lines.append(f'  row{row} [shape=plaintext, fontsize={MARKET_PT}, fontcolor="{style.MUTED}", '
                     f'width=0.2, label="{row + 1}", pos="{_pos(row, -0.75)}"];')
    return lines


def ledge_segments() -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The ledge as line segments between cell corners (in row/column units): under each cell
    just above the ledge, and beside each cell below it whose left neighbour is above it."""
    segments = []
    for (r, c) in market.cells():
        if market.on_ledge((r, c)):
            segments.append(((r + 0.5, c - 0.5), (r + 0.5, c + 0.5)))
        if market.below_ledge((r, c)) and market.exists((r, c - 1)) and not market.below_ledge((r, c - 1)):
            segments.append(((r - 0.5, c - 0.5), (r + 0.5, c - 0.5)))
    return segments


def _ledge() -> list[str]:
    lines = []
    for i, (a, b) in enumerate(ledge_segments()):
        for end, (r, c) in (("a", a), ("b", b)):
            lines.append(f'  ledge{i}{end} [shape=point, width=0.01, style=invis, pos="{_pos(r, c)}"];')
        lines.append(f'  ledge{i}a -- ledge{i}b [color="{style.INK}", penwidth=3.5, dir=none];')
    return lines


def moves(run) -> list[dict]:
    """Every price movement reported by the example's actions, in order."""
    return [e.data for step in run.steps for e in step.events if e.name == "price-moved" and e.data.get("path")]


def _arrows(run) -> list[str]:
    lines = []
    for i, move in enumerate(moves(run)):
        colour = style.readable(corporation_colour(move["corporation"]), ratio=3)  # 3:1 on white
        cells = [market.parse_label(label) for label in move["path"]]
        for j, (a, b) in enumerate(zip(cells, cells[1:])):
            # Off-centre, so the arrow does not hide prices and tokens: a move along a column runs
            # down the cells' right-hand side, a move along a row under their text.
            dr, dc = (0.0, 0.4) if a[1] == b[1] else (0.42, 0.0)
            for end, (r, c) in (("a", a), ("b", b)):
                lines.append(f'  mv{i}_{j}{end} [shape=point, width=0.01, style=invis, '
                             f'pos="{_pos(r + dr, c + dc)}"];')
            lines.append(f'  mv{i}_{j}a -- mv{i}_{j}b [dir=forward, color="{colour}", penwidth=2.2, '
                         f'arrowsize=0.6, arrowhead=normal];')
        if len(cells) == 1 and move["why"] == "sale":
            r, c = cells[0]
            lines.append(f'  held{i} [shape=plaintext, fontsize={MARKET_PT}, fontcolor="{style.REFUSED}", '
                         f'style=filled, fillcolor="{style.PAPER}", margin=0.02, width=0, height=0, label="held", '
                         f'pos="{_pos(r + 0.56, c)}"];')  # on the cell's lower edge, clear of its tokens
    for i, step in enumerate(run.steps):
        for event in step.events:
            if event.name == "price-protected":
                r, c = run.after.corporations[event.data["corporation"]].pos
                lines.append(f'  protected{i} [shape=plaintext, fontsize={MARKET_PT}, fontcolor="{style.INK}", '
                             f'style=filled, fillcolor="{style.PAPER}", margin=0.02, width=0, height=0, '
                             f'label="protected", pos="{_pos(r + 0.56, c)}"];')
    return lines


def _swatch(fill: str, height: int = 9) -> str:
    """A small filled box for a legend row (drawn as a table cell, so every renderer shows it)."""
    return f'<TD BGCOLOR="{fill}" WIDTH="16" HEIGHT="{height}" FIXEDSIZE="TRUE" BORDER="1"></TD>'


def _legend() -> str:
    rows = [(_swatch(ZONE_FILL[zone]), text) for zone, text in (
        ("yellow", "yellow: not counted for certificates"),
        ("green", "green: no certificate or 60% limit"),
        ("brown", "brown: also several buys a turn"),
        ("below-ledge", "below the ledge"),
        ("closing", "the corporation closes"))]
    rows.append((_swatch(style.INK, 3), "the ledge"))
    rows.append(('<TD><B>100</B></TD>', "par value"))
    # An arrow, as the movements are drawn, in ink: each is drawn in its corporation's colour, so a
    # swatch of one colour (SP's blue) told the reader that TP's or SLSF's arrows were something else.
    rows.append(('<TD><B>&#8594;</B></TD>', "a price movement, in its corporation's colour"))
    body = "".join(f'<TR>{swatch}<TD ALIGN="LEFT">{escape(text)}</TD></TR>' for swatch, text in rows)
    label = (f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1" COLOR="{style.MUTED}">'
             f'<TR><TD COLSPAN="2"><B>The 1870 market</B></TD></TR>{body}</TABLE>>')
    x, y = _xy(8.3, 16.6)
    return f'  legend [shape=plaintext, fontsize={MARKET_PT}, pos="{x:.2f},{y:.2f}!", label={label}];'


def draw(run, when: str, options=frozenset()) -> str:
    if "map" in options:
        return draw_map(run, when, options)
    state = run.before if when == "before" else run.after
    lines = [
        f'graph "g1870-{run.scenario.id}-{when}" {{',
        f'  graph [layout=neato, splines=false, outputorder=nodesfirst, bgcolor="{style.PAPER}", '
        f'fontname="{style.FONT}", pad=0.04];',
        f'  node [fontname="{style.FONT}", fontsize={MARKET_PT}, color="{style.INK}", fontcolor="{style.INK}", '
        'pin=true];',
        f'  edge [fontname="{style.FONT}", color="{style.INK}"];',
    ]
    lines += _cells(state) + _axes() + _ledge()
    if when == "after":
        lines += _arrows(run)
    if "nolegend" not in options:
        lines.append(_legend())
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---- the map (option ``map``) -----------------------------------------------------------------
#
# The region around every hex the example touches (tiles laid, tokens, the routes run, and the
# homes and destinations of the corporations whose connection it is about), one hex beyond it on
# every side; ``whole`` draws every hex (``map_picture`` draws it). Routes run in the example are
# drawn in the "after" picture, a refused one dashed red; a corporation the example made eligible
# shows the run it could now make.

def _actors(run) -> list[str]:
    """Corporations that act in the example or start a connection run in it (their destinations
    and the cities that block them are marked)."""
    corps = run.after.corporations
    acting = [s.actor for s in run.steps if s.actor in corps]
    acting += [e.data["corporation"] for e in run.events if e.name in ("connection-run-started", "train-ran")]
    return list(dict.fromkeys(acting))


def draw_map(run, when: str, options=frozenset()) -> str:
    return draw_hexes(run, when, options)


def hex_routes(run) -> list:
    """Every train run in the example as ``map_picture.Route``: the events that carry the hexes
    a route runs through (``hexes``), and refused ``run`` actions whose route names hexes."""
    out = []
    for step in run.steps:
        for event in step.events:
            if event.name == "train-ran":  # every route the engine runs is written as hexes
                d = event.data
                out.append(Route(d["corporation"], f"{d['train']}-train", tuple(d["route"].split("-")), d.get("value")))
        act = step.action
        if step.refusal is not None and act is not None and getattr(act, "verb", "") == "run":
            hexes = tuple(act.other.split("-"))
            if routes.on_map(hexes):
                out.append(Route(act.actor, f"{act.item}-train", hexes, None, refused=True))
    return out


def touched(run, actors, routes) -> list[str]:
    """The hexes the example is about: those whose tile or tokens its moves changed, the hexes its
    routes run through, and the home and destination of every corporation whose connection the
    example is about; failing those, the homes of the corporations that act."""
    before, after = run.before.track, run.after.track
    labels = {h for h in set(before.tiles) | set(after.tiles) if before.tiles.get(h) != after.tiles.get(h)}
    labels |= {h for h in set(before.tokens) | set(after.tokens) if before.tokens.get(h) != after.tokens.get(h)}
    labels |= {h for r in routes for h in r.hexes}
    connecting = {e.data["corporation"] for e in run.events if e.name.startswith(("connection", "destination"))
                  and "corporation" in e.data}
    connecting |= {s for e in run.events if e.name == "connection-due" for s in e.data.get("corporations", [])}
    for sym in connecting:
        labels |= {printed.homes().get(sym), printed.destinations().get(sym)} - {None}
    if not labels:
        labels = {printed.homes()[sym] for sym in actors if sym in printed.homes()}
    return sorted(labels)


def draw_hexes(run, when: str, options=frozenset()) -> str:
    state = run.before if when == "before" else run.after
    actors = _actors(run)
    routes = hex_routes(run) if when == "after" else []
    if when == "after":  # a corporation the example made eligible: the run it could now make
        for sym in actors:
            if sym in state.corporations and not any(r.corporation == sym for r in routes) \
                    and connections.eligible(state, sym):
                path = hexruns.joining_path(state, sym)
                if path:
                    routes.append(Route(sym, "home to destination", tuple(path), could=True))
    labels = None if "whole" in options else map_picture.region(hexmap.board(),
                                                                   touched(run, actors, routes))
    return map_picture.draw_state(state, labels, routes, actors, legend="nolegend" not in options,
                                  name=f"g1870-map-{run.scenario.id}-{when}")
