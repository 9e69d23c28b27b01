"""Bus street maps: the board at its printed positions with every player's line.

- Streets are thin grey; a street holding lines shows one band per line, side by side, in the
  players' colours (each band is its own stroke between hidden points, moved sideways).
- Streets the example added (``after``) are edged with a pale halo and carry their order, 1, 2, ...
- Each line end is a dot in the player's colour on the end street, close to the end crossing;
  a closed circle's crossing gets a ring in the player's colour (the action marker).
- ``legal`` (an extra word after before/after) draws the acting player's legal next streets dashed.
- A refused step's street is drawn dotted with a cross.
"""
from __future__ import annotations

from rulewright.diagrams import style

SCALE = 0.68  # inches per grid step: the board, nine steps wide, prints about 16 cm wide
HALO = "#ffe28a"
COLOURS = {"red": "#d62728", "blue": "#1f5fbf", "yellow": "#e0b000", "green": "#2e9e44",
           "purple": "#8e44ad", "orange": "#f28e2b", "black": "#222222", "white": "#b0b0b0"}
BAND = 3.2  # pen width of one line on a street


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    state = run.before if when == "before" else run.after
    colour = {name: COLOURS[p.colour] for name, p in state.players.items()}
    added = _added(run) if when == "after" else {}
    refused = run.steps[-1] if when == "after" and run.steps and run.steps[-1].refusal else None
    focus = _focus(run, when)
    occupancy = state.occupancy()
    out = style.graph_header("bus")
    out.append("  graph [splines=false, outputorder=edgesfirst];")
    out.append(f'  node [shape=circle, width=0.3, height=0.3, fixedsize=true, fontsize=10, penwidth=1.2, '
               f'style=filled, fillcolor="{style.PAPER}"];')
    # Graphviz paints edges in the order their first node was declared: so, bottom to top,
    # the halos of added streets, the plain streets, the lines, then the legal and refused marks.
    for (a, b), order in added.items():
        width = BAND * (len(occupancy.get((a, b), [])) + 2.5)
        out += _segment(state, "halo", a, b, 0, 1, 0, f'color="{HALO}", penwidth={width:.1f}')
    out += _crossings(state, colour, added)
    for (a, b), owners in sorted(occupancy.items()):
        for i, owner in enumerate(owners):
            out += _segment(state, f"line{i}", a, b, 0, 1, i - (len(owners) - 1) / 2,
                            f'color="{colour[owner]}", penwidth={BAND}')
    if "legal" in options and focus in state.players:
        for text in run.game.view(state)["players"][focus]["legal"]:
            a, b = map(int, text.split("-"))
            lines_there = len(occupancy.get((min(a, b), max(a, b)), []))
            shift = (lines_there + 1) / 2 if lines_there else 0
            out += _segment(state, "legal", a, b, 0.12, 0.88, shift,
                            f'color="{colour[focus]}", style=dashed, penwidth=2.4')
    if refused is not None and hasattr(refused.action, "to"):
        out += _segment(state, "refused", refused.action.frm, refused.action.to, 0.1, 0.9, 0,
                        f'color="{style.REFUSED}", style=dotted, penwidth=3.5, label="X", '
                        f'fontcolor="{style.REFUSED}", fontsize=14')
    out += _ends(state, colour)
    out.append(_legend(state, colour, added, "legal" in options, refused is not None))
    out.append("}")
    return "\n".join(out)


def _pos(x: float, y: float) -> str:
    return f'"{x * SCALE:.3f},{-y * SCALE:.3f}!"'


def _crossings(state, colour, added) -> list[str]:
    """The crossings (numbered, stations square, a ring where a circle closed) and the streets
    as thin grey lines; an added street carries its order number."""
    circles = {p.line.circle: name for name, p in state.players.items() if p.line.circle is not None}
    out = []
    for c in state.board.crossings.values():
        attrs = [f"pos={_pos(c.x, c.y)}", f'label="{c.id}"']
        if c.train_station:
            attrs += ["shape=square", "width=0.34", "height=0.34", 'fillcolor="#e8e8e8"', "penwidth=2"]
        elif c.starts_with_passenger:
            attrs.append('fillcolor="#f0f0f0"')
        if c.id in circles:
            attrs += ["shape=doublecircle", f'color="{colour[circles[c.id]]}"', "penwidth=2.5", "width=0.36"]
        out.append(f"  c{c.id} [{', '.join(attrs)}];")
    for a, b in state.board.streets:
        label = ""
        if (a, b) in added:
            label = f', label=" {",".join(map(str, added[(a, b)]))} ", fontsize=12, fontcolor="{style.INK}"'
        out.append(f'  c{a} -- c{b} [color="#c8c8c8", penwidth=1.4{label}];')
    return out


def _added(run) -> dict:
    """(street) -> order numbers of the streets the example's steps added."""
    found: dict = {}
    number = 0
    for step in run.steps:
        if step.refusal is not None or step.action is None:
            continue
        street = getattr(step.action, "street", None)
        if street is None:
            a, b = step.action.frm, step.action.to
            street = (min(a, b), max(a, b))
        number += 1
        found.setdefault(street, []).append(number)
    return found


def _focus(run, when: str) -> str | None:
    """Whose legal streets ``legal`` shows: the player acting next (before) or last (after)."""
    actors = [s.actor for s in run.steps if s.actor]
    if actors:
        return actors[0] if when == "before" else actors[-1]
    view = run.game.view(run.before)
    return view.get("turn") or next(iter(view["players"]), None)


GAP = 0.085  # grid steps between two lines drawn side by side on one street


def _segment(state, name: str, a: int, b: int, t0: float, t1: float, shift: float, attrs: str) -> list[str]:
    """A stroke along street a-b from fraction t0 to t1 of the way, moved sideways by ``shift``
    times GAP. It runs between two hidden points, so it can lie beside or on top of the street
    (a second edge between the same two crossings would be drawn bent)."""
    c, d = state.board.crossings[a], state.board.crossings[b]
    length = ((d.x - c.x) ** 2 + (d.y - c.y) ** 2) ** 0.5
    nx, ny = -(d.y - c.y) / length * shift * GAP, (d.x - c.x) / length * shift * GAP
    points = [f"{name}_{a}_{b}_{round(t * 100)}" for t in (t0, t1)]
    out = [f'  {point} [shape=point, width=0.01, style=invis, label="", '
           f'pos={_pos(c.x + (d.x - c.x) * t + nx, c.y + (d.y - c.y) * t + ny)}];'
           for point, t in zip(points, (t0, t1))]
    return out + [f"  {points[0]} -- {points[1]} [{attrs}];"]


def _ends(state, colour) -> list[str]:
    """A dot per line end, on the end street a quarter of the way from the end crossing; several
    lines ending at one crossing along the same street get dots at different distances."""
    out, used = [], {}
    for name, p in state.players.items():
        route = p.line.route
        if len(route) < 2:
            continue
        for end, nxt in ((route[0], route[1]), (route[-1], route[-2])):
            key = (end, nxt)
            used[key] = used.get(key, 0) + 1
            t = 0.24 + 0.16 * (used[key] - 1)
            c, d = state.board.crossings[end], state.board.crossings[nxt]
            x, y = c.x + (d.x - c.x) * t, c.y + (d.y - c.y) * t
            out.append(f'  end_{name}_{len(out)} [shape=circle, width=0.13, height=0.13, label="", '
                       f'style=filled, fillcolor="{colour[name]}", color="white", penwidth=1, pos={_pos(x, y)}];')
    return out


def _legend(state, colour, added, legal: bool, refused: bool) -> str:
    """A one-row key under the map. Swatches are table cells with a background colour, so they
    print the same whatever fonts the renderer has."""
    def swatch(fill: str, text: str, height: int = 5) -> str:
        return (f'<TD BGCOLOR="{fill}" WIDTH="22" HEIGHT="{height}" FIXEDSIZE="TRUE"></TD>'
                f'<TD ALIGN="LEFT">{text}</TD><TD WIDTH="8"></TD>')
    cells = [swatch(colour[name], f"{name}") for name in state.players]
    cells.append(f'<TD><FONT COLOR="{style.INK}" POINT-SIZE="14">&#9679;</FONT></TD><TD ALIGN="LEFT">line end</TD>')
    if added:
        cells.append(swatch(HALO, "added (1, 2, ... in order)", 12))
    if legal:
        cells.append('<TD>- - -</TD><TD ALIGN="LEFT">legal next streets</TD>')
    if refused:
        cells.append(f'<TD><FONT COLOR="{style.REFUSED}">X</FONT></TD><TD ALIGN="LEFT">refused</TD>')
    cells.append(swatch("#e8e8e8", "train station", 12))
    label = f'<<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="1"><TR>{"".join(cells)}</TR></TABLE>>'
    return f"  key [shape=plaintext, fixedsize=false, width=0, height=0, fontsize=10, pos={_pos(4.5, 8.85)}, label={label}];"
