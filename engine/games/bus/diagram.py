"""Bus street maps: the board at its printed positions with every player's line.

- Streets are thin grey; a street holding lines shows one band per line, side by side, in the
  players' colours (each band is its own stroke between hidden points, moved sideways).
- Streets the example added (``after``) are edged with a pale halo and numbered 1, 2, ... in the
  order they were added.
- Each line end is a disc in the player's colour on the end street, just off the end crossing,
  lettered with the player's initial, so lines are told apart without seeing colours (the key
  says which letter is whose); a closed circle's crossing gets a ring in the player's colour (the
  action marker).
- ``legal`` (an extra word after before/after) draws the acting player's legal next streets
  dotted (a refused street is dashed and marked X, so the two differ in greyscale too).
- A refused step's street is drawn dashed red with an X beside it.
"""
from __future__ import annotations

from rulewright import dot as style

SCALE = 0.68  # inches per grid step: the board, nine steps wide, prints about 16 cm wide
GAP = 0.1  # grid steps between two lines drawn side by side on one street
BAND = 3.2  # pen width of one line on a street
HALO = "#a9e4f5"  # a band under added streets (they are numbered too)
STREET = "#949494"  # 3:1 on white
STATION = "#e8e8e8"
# Each colour is 3:1 or more on white (yellow and orange are darkened to reach it; "white" is grey).
COLOURS = {"red": "#d62728", "blue": "#1f5fbf", "yellow": "#a87c00", "green": "#2e9e44",
           "purple": "#8e44ad", "orange": "#d06b00", "black": "#222222", "white": "#7a7a7a"}
END = 0.22  # a line end's disc, in inches: room for the player's initial


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    state = run.before if when == "before" else run.after
    colour = {name: COLOURS[p.colour] for name, p in state.players.items()}
    added = _added(run) if when == "after" else {}
    last = run.steps[-1] if run.steps else None
    refused = last if when == "after" and last and last.refusal and hasattr(last.action, "to") else None
    occupancy = state.occupancy()
    out = style.graph_header("bus")
    out.append("  graph [splines=false, outputorder=edgesfirst];")
    out.append(f'  node [shape=circle, width=0.3, height=0.3, fixedsize=true, fontsize=12, penwidth=1.2, '
               f'style=filled, fillcolor="{style.PAPER}"];')
    # Graphviz paints edges in the order their first node was declared. So, bottom to top: the
    # halos of added streets, the plain streets, the lines, then the legal and refused marks.
    for a, b in added:
        width = BAND * (len(occupancy.get((a, b), [])) + 2.5)
        out += _segment(state, "halo", a, b, 0, 1, 0, f'color="{HALO}", penwidth={width:.1f}')
    out += _crossings(state, colour)
    for (a, b), owners in sorted(occupancy.items()):
        for i, owner in enumerate(owners):
            out += _segment(state, f"line{i}", a, b, 0, 1, i - (len(owners) - 1) / 2,
                            f'color="{colour[owner]}", penwidth={BAND}')
    focus = _focus(run, when)
    if "legal" in options and focus in state.players:
        for text in run.game.view(state)["players"][focus]["legal"]:
            a, b = map(int, text.split("-"))
            out += _segment(state, "legal", a, b, 0.12, 0.88, _beside(occupancy, a, b),
                            f'color="{colour[focus]}", style=dotted, penwidth=2.6')
    if refused is not None:
        a, b = refused.action.frm, refused.action.to
        shift = _beside(occupancy, a, b)
        out += _segment(state, "refused", a, b, 0.12, 0.88, shift,
                        f'color="{style.REFUSED}", style=dashed, penwidth=2.6')
        out.append(_badge(state, "refused_x", min(a, b), max(a, b), abs(shift) + 2.2, "X", style.REFUSED))  # the numbers' other side
    for (a, b), numbers in added.items():
        shift = -(len(occupancy.get((a, b), [])) + 6) / 2  # on the side away from line-end discs
        out.append(_badge(state, f"order_{a}_{b}", a, b, shift, ",".join(map(str, numbers)), style.INK))
    out += _ends(state, colour)
    out.append(_legend(state, colour, added, "legal" in options, refused is not None))
    out.append("}")
    return "\n".join(out)


def _pos(x: float, y: float) -> str:
    return f'"{x * SCALE:.3f},{-y * SCALE:.3f}!"'


def _point(state, a: int, b: int, t: float, shift: float = 0) -> tuple[float, float]:
    """The spot ``t`` of the way along street a-b, moved ``shift`` times GAP to its side."""
    c, d = state.board.crossings[a], state.board.crossings[b]
    length = ((d.x - c.x) ** 2 + (d.y - c.y) ** 2) ** 0.5
    return (c.x + (d.x - c.x) * t - (d.y - c.y) / length * shift * GAP,
            c.y + (d.y - c.y) * t + (d.x - c.x) / length * shift * GAP)


def _beside(occupancy, a: int, b: int) -> float:
    """How far to the side a mark must go to sit next to the lines on street a-b, not on them."""
    lines_there = len(occupancy.get((min(a, b), max(a, b)), []))
    return (lines_there + 1) / 2 if lines_there else 0


def _segment(state, name: str, a: int, b: int, t0: float, t1: float, shift: float, attrs: str) -> list[str]:
    """A stroke along street a-b from fraction t0 to t1 of the way, moved sideways by ``shift``.
    It runs between two hidden points, so it can lie beside or on top of the street (a second
    edge between the same two crossings would be drawn bent)."""
    points = [f"{name}_{a}_{b}_{round(t * 100)}" for t in (t0, t1)]
    out = [f'  {p} [shape=point, width=0.01, style=invis, label="", pos={_pos(*_point(state, a, b, t, shift))}];'
           for p, t in zip(points, (t0, t1))]
    return out + [f"  {points[0]} -- {points[1]} [{attrs}];"]


def _badge(state, name: str, a: int, b: int, shift: float, text: str, ink: str) -> str:
    """A small label beside the middle of street a-b."""
    return (f'  {name} [shape=plaintext, fixedsize=false, width=0, height=0, margin=0, style="", '
            f'fontsize=11, fontcolor="{ink}", label={style.quote(text)}, pos={_pos(*_point(state, a, b, 0.5, shift))}];')


def _crossings(state, colour) -> list[str]:
    """The crossings (numbered, stations square, a ring where a circle closed) and the streets."""
    circles = {p.line.circle: name for name, p in state.players.items() if p.line.circle is not None}
    out = []
    for c in state.board.crossings.values():
        attrs = [f"pos={_pos(c.x, c.y)}", f'label="{c.id}"']
        if c.train_station:
            attrs += ["shape=square", "width=0.34", "height=0.34", f'fillcolor="{STATION}"', "penwidth=2"]
        elif c.starts_with_passenger:
            attrs.append('fillcolor="#f0f0f0"')
        if c.id in circles:
            attrs += ["shape=doublecircle", f'color="{colour[circles[c.id]]}"', "penwidth=2.5", "width=0.36"]
        out.append(f"  c{c.id} [{', '.join(attrs)}];")
    out += [f'  c{a} -- c{b} [color="{STREET}", penwidth=1.4];' for a, b in state.board.streets]
    return out


def _added(run) -> dict:
    """street -> the order numbers of the steps that added it (placed or added, not refused)."""
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
    """Whose legal streets ``legal`` shows: the player acting first (before) or last (after)."""
    actors = [s.actor for s in run.steps if s.actor]
    if actors:
        return actors[0] if when == "before" else actors[-1]
    view = run.game.view(run.before)
    return view.get("turn") or next(iter(view["players"]), None)


def _ends(state, colour) -> list[str]:
    """A disc per line end, on the end street just off the end crossing; several line ends on
    one street get discs at different distances and to either side. A line that can end at a
    crossing by more than one street (a circle there) gets a dot on each: what is drawn depends on
    the position only, like the rules (``Line.end_streets_at``), not on how the route is stored."""
    out, used = [], []
    letters = initials(state.players)
    for name, p in state.players.items():
        line = p.line
        for end in sorted(set(line.ends)):
            for s in sorted(line.end_streets_at(end, "any-route")):
                nxt = s[1] if s[0] == end else s[0]
                spot = _free_spot(state, end, nxt, used)
                used.append(spot)
                at = _pos(*spot)
                out.append(f'  {style.node_id("end", name, len(out))} [shape=circle, width={END}, height={END}, '
                           f'label={style.quote(letters[name])}, fontsize=10, fontcolor="{style.ink_on(colour[name])}", '
                           f'style=filled, fillcolor="{colour[name]}", color="white", penwidth=1, pos={at}];')
    return out


def _free_spot(state, end: int, nxt: int, used: list) -> tuple[float, float]:
    """Where a line end's disc goes on street end-nxt: near the end crossing, else further along
    or to the side (away from the order numbers), so that no two discs overlap."""
    a = min(end, nxt)
    spots = [_point(state, end, nxt, t, shift if end == a else -shift)
             for shift in (0, 3.4, 6.8) for t in (0.3, 0.65)]
    room = END / SCALE * 1.1  # grid steps between two discs' centres
    for spot in spots:
        if all((spot[0] - x) ** 2 + (spot[1] - y) ** 2 >= room ** 2 for x, y in used):
            return spot
    return spots[0]


def initials(players) -> dict[str, str]:
    """Each player's letter on their line ends: the name's first letter, or its first two where
    two names share a first letter (blue and black)."""
    first = [name[:1].upper() for name in players]
    return {name: (name[:1].upper() if first.count(name[:1].upper()) == 1 else name[:1].upper() + name[1:2])
            for name in players}


def _stroke(colour: str, pattern: str, width: int) -> str:
    """A key's sample of a line: a short stroke in its colour and pattern (the bottom border of
    an empty table cell, which every Graphviz draws)."""
    return (f'<TD SIDES="B" BORDER="{width}" STYLE="{pattern}" COLOR="{colour}" WIDTH="22" HEIGHT="8" '
            'FIXEDSIZE="TRUE"></TD>')


def _legend(state, colour, added, legal: bool, refused: bool) -> str:
    """A one-row key under the map. Swatches are table cells with a background colour, so they
    print the same whatever fonts the renderer has."""
    def swatch(fill: str, text: str, height: int = 5, border: str = "", width: int = 22) -> str:
        return (f'<TD BGCOLOR="{fill}" WIDTH="{width}" HEIGHT="{height}" FIXEDSIZE="TRUE"{border}></TD>'
                f'<TD ALIGN="LEFT">{style.html(text)}</TD><TD WIDTH="8"></TD>')
    letters = initials(state.players)
    cells = [swatch(colour[name], f"{style.player(name)} ({letters[name]})") for name in state.players]
    cells.append('<TD><FONT POINT-SIZE="9">●</FONT></TD><TD ALIGN="LEFT">line end</TD><TD WIDTH="8"></TD>')
    if any(p.line.circle is not None for p in state.players.values()):
        ring = f' STYLE="rounded" BORDER="2" COLOR="{style.INK}"'
        cells.append(swatch(style.PAPER, "circle closed here", 14, ring, 14))
    if added:
        cells.append(swatch(HALO, "added, in order 1, 2, ...", 12))
    if legal:
        cells.append(f'{_stroke(style.INK, "dotted", 2)}<TD ALIGN="LEFT">legal next streets</TD><TD WIDTH="8"></TD>')
    if refused:
        cells.append(f'{_stroke(style.REFUSED, "dashed", 2)}<TD ALIGN="LEFT">refused (X)</TD><TD WIDTH="8"></TD>')
    cells.append(swatch(STATION, "train station", 12, f' BORDER="1" COLOR="{style.INK}"'))
    # At most four entries a row: a longer row made the picture wider than the map, and so printed
    # the whole map smaller.
    rows = [cells[i:i + 4] for i in range(0, len(cells), 4)]
    body = "".join(f'<TR>{"".join(row)}{"<TD></TD>" * 3 * (4 - len(row))}</TR>' for row in rows)
    label = f'<<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="1">{body}</TABLE>>'
    return (f"  key [shape=plaintext, fixedsize=false, width=0, height=0, style=\"\", fontsize=10, "
            f"pos={_pos(4.5, 8.85 + 0.18 * (len(rows) - 1))}, label={label}];")
