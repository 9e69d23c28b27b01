"""Muck & Brass diagrams: the map with each company's built links in its colour.

- Cities sit at their board positions, labelled with their current value; London is bold.
- Home stations have a double border in their company's colour and name the company.
- Unbuilt links are the map's grey dashed lines; built links are solid in the builder's colour and
  carry its code (the route marker). Links built by the example's actions are drawn bold.
- A link or port the last action tried and was refused is dashed red.
- Ports are boxes with their printed price; a built port carries its builder's marker.

Options (words after ``:diagram: before|after``): ``nolegend`` hides the legend.
"""
from __future__ import annotations

from html import escape

from rulewright.diagrams import style
from rulewright.diagrams.style import quote

SCALE = 1.0  # board positions are inches already
NEW_WIDTH, BUILT_WIDTH = 5.5, 3.0


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

    lines = style.graph_header(f"mb-{run.scenario.id}", size="6.3,8")
    for name, city in board.cities.items():
        if city.pos is None:
            continue
        label = f"{name}\n{city.value}"
        attrs = {"shape": "box", "style": "rounded,filled", "fillcolor": "white", "pos": _pos(city.pos),
                 "margin": "0.06,0.03", "fontsize": "12"}
        if name in homes:
            company = homes[name]
            label = f"{name}  {city.value}\n{company.code} home" + ("" if company.active else " (not started)")
            attrs.update(color=company.colour, fillcolor=_tint(company.colour), peripheries="2", penwidth="1.5")
        if name == "London":
            attrs.update(penwidth="2.5", fontsize="13")
        attrs["label"] = label
        lines.append(f"  {quote(name)} [{_attrs(attrs)}];")
    for name, port in board.ports.items():
        if port.pos is None:
            continue
        owner = port_owners.get(name)
        attrs = {"shape": "box", "style": "filled,dashed", "fillcolor": "#e3f2fd", "color": "#5c8fbf",
                 "fontsize": "10", "pos": _pos(port.pos), "label": f"{name}\nport ${port.price}"}
        if owner:
            attrs.update(style="filled", color=owner.colour, fillcolor=_tint(owner.colour), penwidth="2",
                         label=f"{name}\n● {owner.code}")
        if attempted and name in attempted:
            attrs.update(color=style.REFUSED, penwidth="2.5")
        lines.append(f"  {quote(name)} [{_attrs(attrs)}];")
        lines.append(_edge(port.city, name, owner, name not in before_ports,
                           attempted is not None and frozenset((port.city, name)) in refused_pairs, port=True))
    for pair, link in board.links.items():
        a, b = board.ends(link)
        if board.cities[a].pos is None or board.cities[b].pos is None:
            continue
        owner = owners.get(link)
        lines.append(_edge(a, b, owner, link not in before_links, pair in refused_pairs))
    if "nolegend" not in options:
        lines.append(_legend(state, owners, port_owners, refused_pairs))
    lines.append("}")
    return "\n".join(lines)


def _attrs(attrs: dict) -> str:
    return ", ".join(f"{k}={quote(v)}" for k, v in attrs.items())


def _edge(a: str, b: str, owner, new: bool, refused: bool, port: bool = False) -> str:
    if owner is not None:
        attrs = {"color": owner.colour, "penwidth": NEW_WIDTH if new else BUILT_WIDTH,
                 "label": owner.code, "fontcolor": owner.colour, "fontsize": "9"}
    elif refused:
        attrs = {"color": style.REFUSED, "style": "dashed", "penwidth": "3", "label": "refused",
                 "fontcolor": style.REFUSED, "fontsize": "9"}
    else:
        attrs = {"color": "#b0b0b0", "style": "dotted" if port else "dashed", "penwidth": "1.3"}
    return f"  {quote(a)} -- {quote(b)} [{_attrs(attrs)}];"


def _legend(state, owners, port_owners, refused_pairs) -> str:
    """A key in the empty south-west corner. Swatches are table cells with a background colour, so
    they print the same whatever fonts the renderer has."""
    def row(swatch: str, text: str) -> str:
        return f'<TR><TD WIDTH="34" FIXEDSIZE="FALSE">{swatch}</TD><TD ALIGN="LEFT">{escape(text)}</TD></TR>'

    def bar(colour: str, height: int) -> str:
        return (f'<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0"><TR><TD BGCOLOR="{colour}" WIDTH="30" '
                f'HEIGHT="{height}" FIXEDSIZE="TRUE"></TD></TR></TABLE>')

    shown = {c.code: c for c in [*owners.values(), *port_owners.values()]}
    rows = [row(bar(c.colour, 3), f"{code}: {c.name}") for code, c in sorted(shown.items())]
    rows.append(row(bar(style.INK, 6), "thick: built in this example"))
    rows.append(row('<FONT COLOR="#909090">- - -</FONT>', "link not yet built"))
    if refused_pairs:
        rows.append(row(f'<FONT COLOR="{style.REFUSED}"><B>- - -</B></FONT>', "refused"))
    rows.append(row('<FONT COLOR="#5c8fbf">[ $ ]</FONT>', "foreign port and its price"))
    rows.append(row("[[ ]]", "double border: home station"))
    label = (f'<<TABLE BORDER="1" COLOR="#c0c0c0" CELLBORDER="0" CELLSPACING="1" CELLPADDING="2">'
             f'<TR><TD COLSPAN="2"><B>Illustrative board</B></TD></TR>{"".join(rows)}</TABLE>>')
    return f"  key [shape=plaintext, fontsize=10, pos={quote(_pos((1.3, 1.5)))}, label={label}];"
