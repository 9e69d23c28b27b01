"""Muck & Brass diagrams: the map with each company's built links in its colour.

- Cities sit at their board positions, labelled with their current value; London is bold.
- Home stations have a double border in their company's colour and name the company.
- Unbuilt links are the map's grey dashed lines; built links are solid in the builder's colour and
  carry its code (the route marker). Links built by the example's actions are drawn bold.
- A link or port the last action tried and was refused is dashed red.
- Ports are boxes with their printed price; a built port carries its builder's marker.

Options (words after ``:diagram: before|after``): ``legal`` also draws, dotted in the company's
colour, every single link the last action's player could build next for that company;
``nolegend`` hides the legend.
"""
from __future__ import annotations


from rulewright import dot as style
from rulewright.dot import html as escape, quote
from engine.games.muck_and_brass.board import is_illustrative

SCALE = 1.0  # board positions are inches already
NEW_WIDTH, BUILT_WIDTH = 5.5, 3.0
# The smallest text (cities, ports, link codes, the key). The map is drawn about 9.9 in wide and
# fitted into 6.6 x 7.4 in (``size``, about 0.64 of its size), then printed up to 17 cm tall: 13 pt
# prints at 7.7 pt or more with the map about 16 cm tall, which leaves room on the page for the
# example's text under it (at 12 pt the map needed the whole 17 cm).
SMALL_PT = 13
SIZE = "6.6,7.4"
UNBUILT = "#8f8f8f"  # an unbuilt link: grey, 3:1 on white
PORT = "#2f6a9f"  # a foreign port's border and words: 4.5:1 on its pale blue


def _pos(pos) -> str:
    return f"{pos[0] * SCALE:.2f},{pos[1] * SCALE:.2f}!"


def _tint(colour: str) -> str:
    """A pale version of a company colour, for filling its home station."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(v + (255 - v) * 0.82) for v in (r, g, b)))


def _attempted(run, when: str):
    """The places of the refused last action, if the picture is of the state it left unchanged."""
    refusal_step = run.steps[-1] if run.steps and run.steps[-1].refusal else None
    if when != "after" or refusal_step is None or refusal_step.action is None:
        return None
    return getattr(refusal_step.action, "path", None)


def draw(run, when: str, options=frozenset()) -> str:
    state = run.before if when == "before" else run.after
    board = state.board
    owners = {link: c for c in state.companies.values() for link in c.links}
    port_owners = {port: c for c in state.companies.values() for port in c.ports}
    before_links = {link for c in run.before.companies.values() for link in c.links}
    before_ports = {port for c in run.before.companies.values() for port in c.ports}
    homes = {home: c for c in state.companies.values() for home in c.homes}
    attempted = _attempted(run, when)
    refused_pairs = {frozenset(p) for p in zip(attempted, attempted[1:])} if attempted else set()
    legal = _legal_links(run, state) if "legal" in options else {}

    lines = style.graph_header(f"mb-{run.scenario.id}", size=SIZE)
    spots = _Spots(board)
    if any(city.pos is None for city in board.cities.values()):  # Graphviz places them: give it room
        lines.append('  graph [overlap=false, sep="+10"]; edge [len=1.1];')
    for name, city in board.cities.items():
        label = f"{name}\n{city.value}"
        attrs = {"shape": "box", "style": "rounded,filled", "fillcolor": "white",
                 "margin": "0.06,0.03", "fontsize": str(SMALL_PT)}
        if name in homes:
            company = homes[name]
            label = f"{name}  {city.value}\n{company.code} home" + ("" if company.active else "\n(not started)")
            attrs.update(color=company.colour, fillcolor=_tint(company.colour), peripheries="2", penwidth="1.5")
        if name == "London":
            attrs.update(penwidth="2.5", fontsize=str(SMALL_PT + 1))
        attrs["label"] = label
        spots.take(city.pos, label.split("\n"))
        lines.append(f"  {quote(name)} [{_attrs(_placed(attrs, city.pos))}];")
    for name, port in board.ports.items():
        owner = port_owners.get(name)
        attrs = {"shape": "box", "style": "filled,dashed", "fillcolor": "#e3f2fd", "color": PORT, "fontcolor": PORT,
                 "fontsize": str(SMALL_PT), "label": f"{name}\nport ${port.price}"}
        if owner:
            attrs.update(style="filled", color=owner.colour, fillcolor=_tint(owner.colour), penwidth="2",
                         fontcolor=style.INK, label=f"{name}\n{owner.code} marker")
        if attempted and name in attempted:
            attrs.update(color=style.REFUSED, penwidth="2.5")
        lines.append(f"  {quote(name)} [{_attrs(_placed(attrs, port.pos))}];")
        lines.extend(_edge(port.city, name, (board.cities[port.city].pos, port.pos), owner, name not in before_ports,
                           attempted is not None and frozenset((port.city, name)) in refused_pairs, port=True,
                           spots=spots))
    for pair, link in board.links.items():
        a, b = board.ends(link)
        owner = owners.get(link)
        lines.extend(_edge(a, b, (board.cities[a].pos, board.cities[b].pos), owner, link not in before_links,
                           pair in refused_pairs, legal=legal.get(link), spots=spots))
    if "nolegend" not in options:
        new = any(link not in before_links for link in owners) or any(p not in before_ports for p in port_owners)
        lines.append(_legend(state, owners, port_owners, refused_pairs, new, legal))
    lines.append("}")
    return "\n".join(lines)


def _placed(attrs: dict, pos) -> dict:
    """Board positions pin a node; a custom board without them is laid out by Graphviz."""
    return {**attrs, "pos": _pos(pos)} if pos is not None else attrs


def _attrs(attrs: dict) -> str:
    return ", ".join(f"{k}={quote(v)}".replace("\n", "\\n") for k, v in attrs.items())


def _legal_links(run, state) -> dict:
    """{link: company} for each single link the last action's player could build next for the
    last action's company."""
    last = run.steps[-1].action if run.steps else None
    if last is None or not hasattr(last, "company"):
        return {}
    company = state.companies[last.company]
    board = state.board
    return {board.link_between(*a.path): company for a in run.game.legal_actions(state)
            if getattr(a, "company", None) == last.company and a.actor == last.actor and not a.double
            and all(p in board.cities for p in a.path)}


def _marker(owner, link: str | None = None) -> str:
    """The route marker's text: the company's code, and for a merged company the component's home."""
    if link is None or len(owner.components) == 1:
        return owner.code
    home = next(c.home for c in owner.components if link in c.links)
    return f"{owner.code} {home[:3]}."


def _edge(a: str, b: str, ends, owner, new: bool, refused: bool, port: bool = False, legal=None,
          spots=None) -> list[str]:
    """The edge, and its marker text as a small label beside the line, near its middle, where it
    covers no city, port or other label (edge labels proper land on top of short lines)."""
    link = None if port else "-".join(sorted((a, b)))
    text = colour = None
    if owner is not None:
        attrs = {"color": owner.colour, "penwidth": NEW_WIDTH if new else BUILT_WIDTH}
        text, colour = _marker(owner, link), owner.colour
    elif refused:
        attrs = {"color": style.REFUSED, "style": "dashed", "penwidth": "3"}
        text, colour = "refused", style.REFUSED
    elif legal is not None:
        attrs = {"color": legal.colour, "style": "dotted", "penwidth": "2.5"}
    else:
        attrs = {"color": UNBUILT, "style": "dotted" if port else "dashed", "penwidth": "1.3"}
    out = [f"  {quote(a)} -- {quote(b)} [{_attrs(attrs)}];"]
    if text and None in ends:
        out[0] = out[0][:-2] + f", label={quote(text)}, fontcolor={quote(colour)}, fontsize={SMALL_PT}];"
    elif text:  # without board positions the edge keeps a plain label
        pos = spots.place(ends, text) if spots is not None else _beside(ends, 0.5, 1)
        out.append(f"  {quote('label ' + (link or b))} [shape=plaintext, label={quote(text)}, fontsize={SMALL_PT}, "
                   f"fontcolor={quote(colour)}, width=0, height=0, margin=0, pos={quote(_pos(pos))}];")
    return out


def _line(colour: str, pattern: str, width: int) -> str:
    """A legend's sample of a line: a short stroke in the line's colour and pattern (the bottom
    border of an empty table cell, which every Graphviz draws)."""
    return (f'<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0"><TR><TD SIDES="B" BORDER="{width}" '
            f'STYLE="{pattern}" COLOR="{escape(colour)}" WIDTH="30" HEIGHT="10" FIXEDSIZE="TRUE"></TD></TR></TABLE>')


def _beside(ends, t: float, side: float) -> tuple[float, float]:
    """The spot ``t`` of the way along the line between ``ends``, ``side`` times 0.2 in to one side
    of it (positive: the upper side)."""
    (x1, y1), (x2, y2) = ends
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 0.01)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    if ny < 0 or (ny == 0 and nx < 0):
        nx, ny = -nx, -ny  # side 1 is always the upper side of the line
    return x1 + (x2 - x1) * t + side * nx * 0.2, y1 + (y2 - y1) * t + side * ny * 0.2


def _text_box(centre, lines: list[str], size: float, margin: float = 0.0):
    """The box (left, right, bottom, top, in inches) that ``lines`` of text at ``size`` pt take
    round ``centre``: about 0.62 em a letter, 1.2 em a line."""
    width = max(len(line) for line in lines) * 0.62 * size / 72 + 2 * margin
    height = len(lines) * 1.2 * size / 72 + 2 * margin
    x, y = centre
    return x - width / 2, x + width / 2, y - height / 2, y + height / 2


class _Spots:
    """Where the route markers' labels go: beside their line, at the first of a few spots along
    it (the middle first, either side, then further out) that covers no city, port or label
    already placed."""
    TRIES = [(t, side * away) for away in (1, 1.8, 2.6) for t in (0.5, 0.35, 0.65, 0.25, 0.75) for side in (1, -1)]

    def __init__(self, board):
        self.taken = []
        for name, port in board.ports.items():
            self.take(port.pos, [name, f"port ${port.price}"])

    def take(self, pos, lines: list[str]) -> None:
        """A node's box (its label's lines, with its margin) is no place for a label."""
        if pos is not None:
            self.taken.append(_text_box(pos, lines, SMALL_PT, 0.1))

    def place(self, ends, text: str) -> tuple[float, float]:
        first = None
        for t, side in self.TRIES:
            spot = _beside(ends, t, side)
            box = _text_box(spot, [text], SMALL_PT)
            first = first or (spot, box)
            if not any(_crosses(box, other) for other in self.taken):
                self.taken.append(box)
                return spot
        self.taken.append(first[1])
        return first[0]


def _crosses(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def _legend(state, owners, port_owners, refused_pairs, new: bool, legal: dict) -> str:
    """A key in the empty south-west corner: the companies a row each, the symbols two to a row, so
    that the key stays under Birmingham. Swatches are table cells with a background colour, so
    they print the same whatever fonts the renderer has."""
    def cell(swatch: str, text: str, span: int = 1) -> str:
        return (f'<TD WIDTH="34" FIXEDSIZE="FALSE">{swatch}</TD>'
                f'<TD ALIGN="LEFT"{f" COLSPAN={quote(str(span))}" if span > 1 else ""}>{escape(text)}</TD>')

    def bar(colour: str, height: int) -> str:
        return (f'<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0"><TR><TD BGCOLOR="{escape(colour)}" WIDTH="30" '
                f'HEIGHT="{height}" FIXEDSIZE="TRUE"></TD></TR></TABLE>')

    shown = {c.code: c for c in [*owners.values(), *port_owners.values()]}
    rows = [cell(bar(c.colour, 3), f"{code}: {c.name}" if c.name != code else code, 3)
            for code, c in sorted(shown.items())]
    for code, c in sorted(shown.items()):
        if len(c.components) > 1:
            parts = ", ".join(f"{h[:3]}. = {h}" for h in c.homes)
            rows.append(cell("", f"{code} components: {parts}", 3))
    symbols = []
    if new:
        symbols.append(cell(bar(style.INK, 6), "thick: built here"))
    if legal:
        company = next(iter(legal.values()))
        symbols.append(cell(_line(company.colour, "dotted", 2), f"{company.code} could build next"))
    symbols.append(cell(_line(UNBUILT, "dashed", 1), "link not yet built"))
    if refused_pairs:
        symbols.append(cell(_line(style.REFUSED, "dashed", 3), "refused"))
    if state.board.ports:
        port = (f'<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0"><TR><TD BORDER="1" STYLE="dashed" '
                f'COLOR="{PORT}" BGCOLOR="#e3f2fd" WIDTH="30" HEIGHT="19" FIXEDSIZE="TRUE">'
                f'<FONT COLOR="{PORT}">$</FONT></TD></TR></TABLE>')
        symbols.append(cell(port, "foreign port, price"))
    home = (f'<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="2" CELLPADDING="0" COLOR="{style.INK}"><TR>'
            '<TD WIDTH="22" HEIGHT="10" FIXEDSIZE="TRUE"></TD></TR></TABLE>')
    symbols.append(cell(home, "home station"))
    rows += ["".join(symbols[i:i + 2]) for i in range(0, len(symbols), 2)]
    title = "Illustrative board" if is_illustrative(state.board) else "This example's board"
    label = (f'<<TABLE BORDER="1" COLOR="{style.MUTED}" CELLBORDER="0" CELLSPACING="1" CELLPADDING="1">'
             f'<TR><TD COLSPAN="4"><B>{title}</B></TD></TR>{"".join(f"<TR>{r}</TR>" for r in rows)}</TABLE>>')
    placed = all(city.pos is not None for city in state.board.cities.values())
    where = f", pos={quote(_pos((1.2, 1.3)))}" if placed else ""  # the demo board's empty corner
    return f"  key [shape=plaintext, fontsize={SMALL_PT}{where}, label={label}];"
