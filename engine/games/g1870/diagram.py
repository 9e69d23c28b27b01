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
``whole`` draws all of it), or, for an example still on the old station graph, ``draw_map`` below.
"""
from __future__ import annotations


from engine.games.g1870 import data, market
from rulewright import dot as style
from rulewright.dot import html as escape, quote

W, H = 0.3, 0.42  # a cell, in inches: the chart is 6.3 in (16 cm) wide at print size
ZONE_FILL = {"white": "#ffffff", "yellow": "#fff2a8", "green": "#cdeac0", "brown": "#dcc0a0",
             "below-ledge": "#f6dada", "closing": "#555555"}
# Fixed colours, one per corporation in the data's order (Okabe-Ito without its pale yellow,
# plus three darker ones), so a corporation has the same colour in every picture.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#7B3294",
           "#8C510A", "#17808A"]


def corporation_colour(sym: str) -> str:
    return COLOURS[list(data.corporations()).index(sym) % len(COLOURS)]


def _xy(row: float, col: float) -> tuple[float, float]:
    """The centre of a cell (fractions allowed) in inches; row 0 at the top."""
    return (col + 1) * W, -row * H


def _pos(row: float, col: float) -> str:
    x, y = _xy(row, col)
    return f"{x:.3f},{y:.3f}!"


def _cell_label(cell: market.Cell, stack: list[str]) -> str:
    ink = "white" if cell.zone == "closing" else style.INK
    price = f'<FONT POINT-SIZE="7.5" COLOR="{ink}">{cell.price}</FONT>'
    if cell.par:
        price = f"<B>{price}</B>"
    tokens = "".join(f'<BR/><FONT POINT-SIZE="7" COLOR="{corporation_colour(s)}"><B>{escape(s)}</B></FONT>'
                     for s in stack)
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
        lines.append(f'  col{col} [shape=plaintext, fontsize=7, fontcolor="{style.MUTED}", '
                     f'label="{chr(65 + col)}", pos="{_pos(-0.72, col)}"];')
    for row in range(11):
        lines.append(f'  row{row} [shape=plaintext, fontsize=7, fontcolor="{style.MUTED}", '
                     f'label="{row + 1}", pos="{_pos(row, -0.8)}"];')
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
        colour = corporation_colour(move["corporation"])
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
            lines.append(f'  held{i} [shape=plaintext, fontsize=7, fontcolor="{style.REFUSED}", '
                         f'label="held", pos="{_pos(r + 0.36, c)}"];')
    for i, step in enumerate(run.steps):
        for event in step.events:
            if event.name == "price-protected":
                r, c = run.after.corporations[event.data["corporation"]].pos
                lines.append(f'  protected{i} [shape=plaintext, fontsize=7, fontcolor="{style.INK}", '
                             f'label="protected", pos="{_pos(r + 0.36, c)}"];')
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
    rows.append((_swatch(COLOURS[0], 3), "a price movement"))
    body = "".join(f'<TR>{swatch}<TD ALIGN="LEFT">{escape(text)}</TD></TR>' for swatch, text in rows)
    label = (f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1" COLOR="{style.MUTED}">'
             f'<TR><TD COLSPAN="2"><B>The 1870 market</B></TD></TR>{body}</TABLE>>')
    x, y = _xy(8.3, 16.6)
    return f'  legend [shape=plaintext, fontsize=7, pos="{x:.2f},{y:.2f}!", label={label}];'


def draw(run, when: str, options=frozenset()) -> str:
    if "map" in options:
        return draw_map(run, when, options)
    state = run.before if when == "before" else run.after
    lines = [
        f'graph "g1870-{run.scenario.id}-{when}" {{',
        f'  graph [layout=neato, splines=false, outputorder=nodesfirst, bgcolor="{style.PAPER}", '
        f'fontname="{style.FONT}", pad=0.15];',
        f'  node [fontname="{style.FONT}", fontsize=7, color="{style.INK}", fontcolor="{style.INK}", pin=true];',
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
# - Every station at a fixed place taken from its hex on the real map (letter row, column number),
#   so the map looks the same in every example. A city shows its token slots (a token in its
#   corporation's colour, a slot kept for an unstarted corporation in grey, a destination token
#   over the limit as an extra slot), its name and value; a red area is a red box with its values
#   by phase.
# - Track laid is a grey line; links that may still be built are faint dotted lines.
# - In the "after" picture each route a train ran is drawn bold in its corporation's colour; a run
#   the example expects to be refused is dashed red.
# - The destination of each corporation that acts in the example is marked "dest." in its colour,
#   with "x2" when its destination token doubles it; a city that blocks that corporation is crossed
#   in red.
# - A small legend in the empty strip east of Memphis, and a table of the revenue of every train run
#   under the south coast.

# Inches per hex column and per hex row: the map, its legend included, is about 7.2 in wide and 5.9 in
# tall; printed at most 16 cm wide and 14 cm tall, about 0.89 of its size, its 7 pt text (tokens,
# names) prints at 6.2 pt. (graphviz-pure reads POINT-SIZE as a whole number: 7.5 is drawn at 7.)
MX, MY = 0.285, 0.32
OFFBOARD_FILL = "#e8a0a0"
TOKEN_PT, SLOT_W, SLOT_H = 7, 23, 11  # a token's symbol (bold) fits its slot: ATSF is 20 pt wide
# Stations drawn a little off their hex (in hex columns), so that neighbours' token slots and names
# do not touch: Fort Worth and Dallas have two slots each two columns apart, Topeka's name would
# run into Kansas City's.
NUDGE = {"Fort Worth": -0.55, "Dallas": 0.55, "Topeka": -0.55}


def _hex_xy(hex_name: str, nudge: float = 0.0) -> tuple[float, float]:
    return (int(hex_name[1:]) + nudge) * MX, -(ord(hex_name[0]) - ord("A")) * MY


def _station_xy(name: str) -> tuple[float, float]:
    from engine.games.g1870 import network
    return _hex_xy(network.stations()[name]["hex"], NUDGE.get(name, 0.0))


def _node_id(name: str) -> str:
    return "st_" + "".join(ch if ch.isalnum() else "_" for ch in name)


def _slot(sym: str | None, reserved: bool = False) -> str:
    if sym is None:
        return f'<TD WIDTH="{SLOT_W}" HEIGHT="{SLOT_H}" FIXEDSIZE="TRUE" BGCOLOR="white"> </TD>'
    fill, ink = ("#e6e6e6", "#555555") if reserved else (corporation_colour(sym), "white")
    return (f'<TD WIDTH="{SLOT_W}" HEIGHT="{SLOT_H}" FIXEDSIZE="TRUE" BGCOLOR="{fill}">'
            f'<FONT POINT-SIZE="{TOKEN_PT}" COLOR="{ink}"><B>{escape(sym)}</B></FONT></TD>')


def _station_nodes(state, name: str, marks: list[tuple[str, str]]) -> list[str]:
    """Three nodes at the station's place: an invisible point the track joins, the token slots
    (drawn over the track) and, just below, the name and value with any marks."""
    from engine.games.g1870 import network
    spec = network.stations()[name]
    x, y = _station_xy(name)
    node = _node_id(name)
    tokens = state.net.tokens.get(name, [])
    cells = [_slot(s) for s in tokens] + [_slot(s, True) for s in network.unstarted_homes(state, name)]
    cells += [_slot(None)] * max(0, spec["slots"] - len(cells))
    offboard = spec["kind"] == "offboard"
    values = "/".join(str(v) for v in spec["values"]) if offboard else str(spec["value"])
    lines = [f'  {node} [shape=point, width=0.03, color="{style.INK}", pos="{x:.3f},{y:.3f}!"];']
    if offboard:
        lines.append(f'  {node}_area [shape=box, style=filled, fillcolor="{OFFBOARD_FILL}", color="#b03030", '
                     f'width=0.42, height=0.2, fixedsize=true, label="", pos="{x:.3f},{y:.3f}!"];')
    if cells:
        table = (f'<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" BGCOLOR="white">'
                 f'<TR>{"".join(cells)}</TR></TABLE>>')
        lines.append(f'  {node}_slots [pos="{x:.3f},{y:.3f}!", label={table}];')
    text = f"{escape(name)}<BR/>{values}" if offboard else f"{escape(name)} {values}"  # no bold: PDF fonts run wider
    text += "".join(f'<BR/><FONT POINT-SIZE="7.5" COLOR="{colour}"><B>{escape(t)}</B></FONT>' for t, colour in marks)
    if offboard:  # red areas: on the northern edge above the box, on the southern edge below it
        below = y + 0.24 if spec["hex"][0] == "A" else y - 0.26 - 0.045 * len(marks)
    else:
        below = y - 0.13 - 0.045 * len(marks)
    lines.append(f'  {node}_name [pos="{x:.3f},{below:.3f}!", '
                 f'label=<<FONT POINT-SIZE="7.5">{text}</FONT>>];')
    return lines


def _actors(run) -> list[str]:
    """Corporations that act in the example or start a connection run in it (their destinations
    and the cities that block them are marked)."""
    corps = run.after.corporations
    acting = [s.actor for s in run.steps if s.actor in corps]
    acting += [e.data["corporation"] for e in run.events if e.name in ("connection-run-started", "train-ran")]
    return list(dict.fromkeys(acting))


def _marks(state, actors) -> dict[str, list[tuple[str, str]]]:
    from engine.games.g1870 import network
    marks: dict[str, list[tuple[str, str]]] = {}
    for sym in actors:
        doubled = " x2" if state.net.destination.get(sym) == "map" else ""
        marks.setdefault(network.destination(sym), []).append((f"{sym} dest.{doubled}", corporation_colour(sym)))
    return marks


def _crosses(state, actors) -> list[str]:
    from engine.games.g1870 import network
    lines = []
    blocked = sorted({s for sym in actors for s in network.stations()
                      if network.blocks(state, s, sym) and not network.is_offboard(s)})
    for i, name in enumerate(blocked):
        x, y = _station_xy(name)
        for j, (dx, dy) in enumerate(((0.3, 0.16), (0.3, -0.16))):
            for end, sign in (("a", -1), ("b", 1)):
                lines.append(f'  x{i}_{j}{end} [shape=point, width=0.01, style=invis, '
                             f'pos="{x + sign * dx:.3f},{y + sign * dy:.3f}!"];')
            lines.append(f'  x{i}_{j}a -- x{i}_{j}b [color="{style.REFUSED}", penwidth=1.6];')
    return lines


def _runs(run) -> list[tuple[str, str, str, int | None, bool]]:
    """(corporation, train, route, value, refused) for every train run in the example."""
    out = []
    for step in run.steps:
        for event in step.events:
            if event.name == "train-ran":
                d = event.data
                running = step.state.net.current if step.state is not None else None
                train = d["train"] + (" (connection)" if running and running["corp"] == d["corporation"] else "")
                out.append((d["corporation"], train, d["route"], d["value"], False))
        act = step.action
        if step.refusal is not None and act is not None and getattr(act, "verb", "") == "run":
            out.append((act.actor, act.item, act.other, None, True))
    return out


def _map_legend() -> str:
    """The key, in the empty strip east of Memphis and Jackson (no station or link is there), two
    lines an entry so that it adds nothing to the map's width."""
    rows = [(_swatch(style.MUTED, 3), "track laid"),
            (_swatch(COLOURS[0], 4), "a train's route,|in its colour"),
            (_swatch(style.REFUSED, 3), "a refused route|(dashed)"),
            (_slot("TP"), "a station token"),
            (_slot("SSW", True), "kept for an|unstarted home"),
            ('<TD><FONT COLOR="#D55E00">dest.</FONT></TD>', "destination;|x2: counts double"),
            ('<TD><FONT COLOR="#d62728">X</FONT></TD>', "full: blocks|the corporation")]
    body = "".join(f'<TR>{swatch}<TD ALIGN="LEFT" BALIGN="LEFT">{"<BR/>".join(map(escape, text.split("|")))}</TD></TR>'
                   for swatch, text in rows)
    label = (f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1" COLOR="{style.MUTED}">'
             f'<TR><TD COLSPAN="2">The 1870 map<BR/>(illustrative links)</TD></TR>{body}</TABLE>>')
    return f'  map_legend [shape=plaintext, fontsize=7.5, pos="{21.4 * MX:.2f},{-6.9 * MY:.2f}!", label={label}];'


def _revenue_table(runs) -> str:
    cells = '<TR><TD ALIGN="LEFT">Train</TD><TD ALIGN="LEFT">Route</TD><TD ALIGN="RIGHT">Revenue</TD></TR>'
    for sym, train, route, worth, refused in runs:
        colour = style.REFUSED if refused else corporation_colour(sym)
        shown = "refused" if refused else str(worth)
        cells += (f'<TR><TD ALIGN="LEFT"><FONT COLOR="{colour}">{escape(sym)} {escape(train)}</FONT></TD>'
                  f'<TD ALIGN="LEFT">{escape(route)}</TD><TD ALIGN="RIGHT">{shown}</TD></TR>')
    label = (f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="4" CELLPADDING="1" COLOR="{style.MUTED}">'
             f'{cells}</TABLE>>')
    return f'  revenue [shape=plaintext, fontsize=7.5, pos="{9.5 * MX:.2f},{-14.8 * MY:.2f}!", label={label}];'


def draw_map(run, when: str, options=frozenset()) -> str:
    state = run.before if when == "before" else run.after
    if on_hexes(state):
        return draw_hexes(run, when, options)
    from engine.games.g1870 import network
    state = run.before if when == "before" else run.after
    actors = _actors(run)
    marks = _marks(state, actors)
    lines = [
        f'graph "g1870-map-{run.scenario.id}-{when}" {{',
        f'  graph [layout=neato, splines=false, outputorder=edgesfirst, bgcolor="{style.PAPER}", '
        f'fontname="{style.FONT}", pad=0.15];',
        f'  node [fontname="{style.FONT}", fontsize=7.5, shape=plaintext, margin=0, pin=true];',
        f'  edge [fontname="{style.FONT}", color="{style.MUTED}"];',
    ]
    for name in network.stations():
        lines += _station_nodes(state, name, marks.get(name, []))
    runs = _runs(run) if when == "after" else []
    looks = {}
    for link in network.links():
        looks[link] = (f'color="{style.MUTED}", penwidth=2' if link in state.net.track
                       else 'color="#c8c8c8", penwidth=0.6, style=dotted')
    for sym, _train, route, _worth, refused in runs:  # one line per link: a route drawn over the track
        stops = route.split("-")
        for a, b in zip(stops, stops[1:]):
            looks[network.key(a, b)] = (f'color="{style.REFUSED}", penwidth=2.2, style=dashed' if refused
                                        else f'color="{corporation_colour(sym)}", penwidth=3.6')
    for link, look in sorted(looks.items()):
        a, b = network.link_ends(link)
        lines.append(f"  {_node_id(a)} -- {_node_id(b)} [{look}];")
    lines += _crosses(state, actors)
    if "nolegend" not in options:
        lines.append(_map_legend())
    if runs:
        lines.append(_revenue_table(runs))
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---- the hex map (option ``map`` on a position of the real map) ----------------------------------
#
# The region around every hex the example touches (tiles laid, tokens, the routes run, and the
# homes and destinations of the corporations that act), one hex beyond it on every side; ``whole``
# draws every hex. Routes run in the example are drawn in the "after" picture.

def on_hexes(state) -> bool:
    """Whether the position is on the hex map rather than the old station graph."""
    track = getattr(state, "track", None)
    net = getattr(state, "net", None)
    return track is not None and (bool(track.tiles) or not (net is not None and net.track))


def hex_routes(run) -> list:
    """Every train run in the example as ``map_picture.Route``: the events that carry the hexes
    a route runs through (``hexes``), and refused ``run`` actions whose route names hexes."""
    from engine.games.g1870 import routes
    from engine.games.g1870.map_picture import Route
    out = []
    for step in run.steps:
        for event in step.events:
            if event.name == "train-ran" and routes.on_map(tuple(event.data["route"].split("-"))):
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
    from engine.games.g1870 import track as printed
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
    from engine.games.g1870 import hexmap, map_picture
    state = run.before if when == "before" else run.after
    actors = _actors(run)
    routes = hex_routes(run) if when == "after" else []
    if when == "after":  # a corporation the example made eligible: the run it could now make
        from engine.games.g1870 import connections
        from engine.games.g1870.map_picture import Route
        for sym in actors:
            if sym in state.corporations and not any(r.corporation == sym for r in routes) \
                    and connections.eligible(state, sym):
                path = connections.joining_path(state, sym)
                if path:
                    routes.append(Route(sym, "could run home to destination", tuple(path)))
    labels = None if "whole" in options else map_picture.region(hexmap.board(),
                                                                   touched(run, actors, routes))
    return map_picture.draw_state(state, labels, routes, actors, legend="nolegend" not in options,
                                  name=f"g1870-map-{run.scenario.id}-{when}")
