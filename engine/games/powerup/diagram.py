"""powerUp boards: the 10x10 grid at its tile positions, with a legend and, for mergers, payouts.

- Each company's tiles are filled in its colour, neutral tiles grey, empty squares white.
- The tiles the example played are outlined in black (dashed in ``before``: where they will go).
- Tiles that changed owner during the example (taken by a founding, expansion or merger) get a
  double border in ``after``.
- A refused play's tile is outlined in red with a cross.
- The legend lists every company on the board with its size and share price; when the example
  paid bonuses or bought back shares, a table beside it lists the payouts.
- ``hand`` (an extra word after before/after) marks the acting player's hand tiles, pale and dashed,
  each with what playing it would do now: ``neut.`` (neutral), ``found`` (founds a company), ``+ES``
  (Eclipse Solar grows) or ``mrg.`` (merges); the key spells them out.
"""
from __future__ import annotations


from engine.games.powerup.board import ALL_TILES, COLUMNS, ROWS, position
from engine.games.powerup.tiles import kind_of_play, touching
from rulewright import dot as style
from rulewright.dot import html as escape

CELL = 0.5  # inches per square: ten squares plus the legend print about 16 cm wide
# The legend and the payouts table, in squares from the first column's centre: centred at CENTRE
# where they fit, but starting no nearer the board than BESIDE, the last column's far edge and a gap
# of 0.3 of a square. They are pinned by their left edge (rulewright.dot.pinned_left), so a long
# legend (a company wound up, a hand's key) grows away from the board, never over its last column,
# and no wider than it must (a wider picture prints its words smaller).
CENTRE, BESIDE = 12.9, len(COLUMNS) - 0.5 + 0.3
COLOURS = {"ES": "#E69F00", "MT": "#009E73", "CP": "#56B4E9", "RG": "#D55E00", "SO": "#333333",
           "WU": "#CC79A7"}
NEUTRAL_FILL = "#bdbdbd"
EMPTY_LINE = "#8f8f8f"  # the grid: 3:1 on white, so a reader can count squares
HAND_FILL = "#fdf0c2"
# The board is drawn about 9 in wide and printed 6.6 in wide: 11 pt prints at 8 pt.
TEXT_PT, SMALL_PT = 11, 10.5


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    state = run.before if when == "before" else run.after
    view = run.game.view(state)
    played, refused = _played(run)
    changed = _changed(run) if when == "after" else set()
    holder, hand = _hand(run, when) if "hand" in options else (None, set())
    out = style.graph_header("powerup")
    out.append(f'  node [shape=box, fixedsize=true, width={CELL * 0.92:.3f}, height={CELL * 0.92:.3f}, '
               f'fontsize={TEXT_PT}, style="filled", penwidth=1];')
    out += _axes()
    marked = played | changed | hand | {refused}
    for tile in sorted(ALL_TILES, key=lambda t: t in marked):  # marked squares last, on top
        out.append(_square(tile, view["board"].get(tile), when, tile in played, tile == refused,
                           tile in changed, _effect(state, tile) if tile in hand else None))
    absorbed = {e.data["company"]: e.data["by"] for e in run.events if e.name == "company-absorbed"}
    gone = {c: by for c, by in absorbed.items() if not view["companies"][c]["size"]} if when == "after" else {}
    played_mark = "tile played" if when == "after" else "tile the example plays"
    out.append(_legend(view, played_mark if played else "", bool(changed), refused is not None,
                       holder if hand else None, gone))
    payouts = _payouts(run) if when == "after" else []
    if payouts:
        out.append(_payout_table(payouts))
    out.append("}")
    return "\n".join(out)


def _pos(column: float, row: float) -> str:
    return f'"{column * CELL:.3f},{-row * CELL:.3f}!"'


def _axes() -> list[str]:
    out = [f'  col_{c} [shape=plaintext, style="", label="{c}", fontsize=11, pos={_pos(i, -0.75)}];'
           for i, c in enumerate(COLUMNS)]
    out += [f'  row_{r} [shape=plaintext, style="", label="{r}", fontsize=11, pos={_pos(-0.75, r)}];'
            for r in range(ROWS)]
    return out


def _effect(state, tile: str) -> str:
    """What playing a hand tile would do now, in a word or two."""
    kind = kind_of_play(state, tile)
    if kind == "expand":
        return "+" + touching(state, tile)[0][0]
    # (short enough for a square at the size that prints at 7.5 pt; the key spells them out)
    return {"found": "found", "failed-found": "neut.", "neutral": "neut.", "merge": "mrg."}.get(kind, kind)


def _square(tile, owner, when, played, refused, changed, in_hand: str | None) -> str:
    col, row = position(tile)
    attrs = [f"pos={_pos(col, row)}", f'label="{tile}"']
    if owner is None:
        attrs += ['fillcolor="white"', f'color="{EMPTY_LINE}"', f'fontcolor="{style.MUTED}"']
    elif owner == "neutral":
        attrs += [f'fillcolor="{NEUTRAL_FILL}"', f'color="{NEUTRAL_FILL}"']
    else:
        attrs += [f'fillcolor="{COLOURS[owner]}"', f'color="{COLOURS[owner]}"',
                  f'fontcolor="{style.ink_on(COLOURS[owner])}"']
    if changed:
        attrs += [f'color="{style.INK}"', "peripheries=2", "penwidth=1.6"]
    if in_hand:
        attrs += [f'fillcolor="{HAND_FILL}"', f'color="{style.INK}"', 'style="filled,dashed"', "penwidth=1.5",
                  f'fontcolor="{style.INK}"', f"fontsize={SMALL_PT}", f'label="{tile}\\n{in_hand}"']
    if played:
        dashed = owner is None and when == "before"
        attrs += [f'color="{style.INK}"', "penwidth=3.5",
                  'style="filled,dashed"' if dashed else 'style="filled"']
    if refused:
        attrs += [f'color="{style.REFUSED}"', "penwidth=3.5", 'style="filled,dashed"',
                  f'label="{tile}\\nX"', f'fontcolor="{style.REFUSED}"']
    return f"  t{tile} [{', '.join(attrs)}];"


def _played(run) -> tuple[set[str], str | None]:
    """The tiles the example played, and the tile of a refused last play (if any)."""
    played, refused = set(), None
    for step in run.steps:
        tile = getattr(step.action, "tile", None)
        if tile is None:
            continue
        if step.refusal is None:
            played.add(tile)
        else:
            refused = tile
    return played, refused


def _changed(run) -> set[str]:
    """Tiles already on the board whose owner differs between the start and the end (the tiles
    played are shown by their own outline)."""
    before, after = run.before.board, run.after.board
    return {t for t, owner in after.items() if t in before and before[t] != owner}


def _hand(run, when: str) -> tuple[str | None, set[str]]:
    """The acting player (the first to act, else whose turn it is) and their hand."""
    state = run.before if when == "before" else run.after
    actor = next((s.actor for s in run.steps if s.actor), None) or state.turn.player
    return (actor, set(state.players[actor].hand)) if actor in state.players else (None, set())


def _swatch(fill: str, border: str | None = None) -> str:
    """A legend swatch as a coloured table cell (prints alike whatever fonts the renderer has)."""
    edge = f' BORDER="2" COLOR="{border}"' if border else ""
    return f'<TD BGCOLOR="{fill}" WIDTH="16" HEIGHT="12" FIXEDSIZE="TRUE"{edge}></TD>'



def _legend(view, played: str, changed: bool, refused: bool, holder: str | None, gone: dict) -> str:
    rows = ['<TR><TD></TD><TD ALIGN="LEFT"><B>Company</B></TD><TD><B>Size</B></TD><TD><B>Price</B></TD></TR>']
    shown = [c for c, info in view["companies"].items() if info["size"]]
    for code in shown:
        info = view["companies"][code]
        status = "" if info["active"] else '<BR ALIGN="LEFT"/>(wound up)'  # (under the name: a narrower legend)
        name = f'{escape(info["name"])} ({code}){status}'
        rows.append(f'<TR>{_swatch(COLOURS[code])}<TD ALIGN="LEFT">{name}</TD>'
                    f'<TD>{info["size"]}</TD><TD>${info["price"]:,}</TD></TR>')
    for code, by in gone.items():
        name = f'{escape(view["companies"][code]["name"])} ({code})'
        rows.append(f'<TR>{_swatch(COLOURS[code])}<TD ALIGN="LEFT">{name}</TD>'
                    f'<TD COLSPAN="2">into {by}</TD></TR>')
    marks = [(_swatch(NEUTRAL_FILL), "neutral tile")] if view["neutral"] else []
    if played:
        marks.append((_swatch("white", style.INK), played))
    if changed:
        marks.append(('<TD><TABLE BORDER="1" CELLBORDER="1" CELLSPACING="1" CELLPADDING="0" COLOR="'
                      f'{style.INK}"><TR><TD WIDTH="10" HEIGHT="7" FIXEDSIZE="TRUE"></TD></TR></TABLE></TD>',
                      "changed owner (double border)"))
    if holder:
        marks.append((_swatch(HAND_FILL, style.INK), f"in {escape(style.player(holder))}'s hand, with its effect:"))
        marks += [("<TD></TD>", words) for words in ("found: founds a company", "neut.: stays neutral",
                                                    "mrg.: merges companies")]
    if refused:
        marks.append((_swatch("white", style.REFUSED), "refused play"))
    rows += [f'<TR>{swatch}<TD ALIGN="LEFT" COLSPAN="3">{text}</TD></TR>' for swatch, text in marks]
    label = f'<<TABLE BORDER="0" CELLSPACING="3" CELLPADDING="1">{"".join(rows)}</TABLE>>'
    return _beside("legend", f'shape=plaintext, style="", fixedsize=false, width=0, height=0, '
                             f'fontsize={TEXT_PT}, label={label}', -1.6 * CELL)


def _beside(name: str, attributes: str, middle: float) -> str:
    """A table right of the board: centred where a legend of usual width sits, but never reaching
    back past ``BESIDE`` (a wide one starts there and grows away from the board)."""
    width, _ = style.node_size(f"  {name} [{attributes}];")
    return style.pinned_left(name, attributes, max(BESIDE * CELL, CENTRE * CELL - width / 2), middle)


def _payouts(run) -> list[tuple[str, str, str, int]]:
    """(company, holder, what, amount) for every bonus and share sale in the example."""
    out = []
    for event in run.events:
        d = event.data
        if event.name == "bonus-paid":
            out.append((d["company"], d["holder"], d["kind"] + " bonus", d["amount"]))
        elif event.name == "shares-sold":
            out.append((d["company"], d["holder"], f"sells {d['shares']}", d["amount"]))
    return out


def _payout_table(payouts) -> str:
    rows = ['<TR><TD COLSPAN="4"><B>Payouts</B></TD></TR>']
    for company, holder, what, amount in payouts:
        ink = style.ink_on(COLOURS[company])
        rows.append(f'<TR><TD BGCOLOR="{COLOURS[company]}"><FONT COLOR="{ink}">{company}</FONT></TD>'
                    f'<TD ALIGN="LEFT">{escape(style.player(holder))}</TD><TD ALIGN="LEFT">{escape(what)}</TD>'
                    f'<TD ALIGN="RIGHT">${amount:,}</TD></TR>')
    label = (f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2" COLOR="{style.MUTED}">'
             f'{"".join(rows)}</TABLE>>')
    return _beside("payouts", f'shape=plaintext, style="", fixedsize=false, width=0, height=0, '
                             f'fontsize={TEXT_PT}, label={label}', -6.6 * CELL)
