"""The Hush table, drawn from one player's point of view (``run.viewer``, the example's ``:as:``).

- The viewer's own hand is drawn face up; every other hand, the deck and the set-aside card face
  down (a grey card back), so the picture shows what that player knows: how many cards, not which.
- Drawn for nobody in particular (an example without ``:as:``): in the designer's edition every
  card is face up and each hidden one is drawn dashed and marked "hidden" (``run.marks_hidden``);
  in the player's edition the table as everyone sees it, every hand, the deck and the set-aside
  card face down (``run.view_of``: the game's ``view_for(state, None)``).
- The row and the piles always lie face up. At the end, the set-aside card is turned face up.
"""
from __future__ import annotations

from rulewright import dot as style
from rulewright.game import is_hidden
from rulewright.dot import html as escape

BACK = "#8c8c8c"
FACE = "#fffbe6"


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    state = run.before if when == "before" else run.after
    truth = run.game.view(state)
    viewer = run.viewer
    seen = run.view_of(state)
    # The whole truth, each thing the table does not see marked (a hand, the deck; the set-aside
    # card until the end turns it face up).
    table = run.game.view_for(state, None) if run.marks_hidden else None

    def marked(*path) -> bool:
        return table is not None and is_hidden(look_up(table, path))

    title = (f"As {viewer} sees the table" if viewer else "The whole table, hidden cards shown" if table
             else "The table, as everyone sees it")
    rows = [f'<tr><td colspan="2" align="left"><b>{escape(title)}</b></td></tr>']
    rows.append(_zone("Row", _cards(truth["row"], seen["row"], False)))
    for name, player in truth["players"].items():
        label = f"{name}{' (you)' if name == viewer else ''}" + (" · to play" if truth["next"] == name else "")
        hand = _cards(player["hand"], seen["players"][name]["hand"], marked("players", name, "hand"))
        rows.append(_zone(label, hand + f'<td border="0">  pile: {player["taken"]}</td>'))
    rows.append(_zone("Deck", _stack(truth["deck"], seen["deck"], marked("deck"))))
    if truth["aside"] is not None:
        rows.append(_zone("Set aside", _cards([truth["aside"]], seen["aside"] if isinstance(seen["aside"], dict)
                                              else [seen["aside"]], marked("aside"))))
    if table is not None:  # the key to the mark
        rows.append(_zone("", _face("?", True) + '<td border="0"> hidden: face down at the table</td>'))
    out = style.graph_header("hush")
    out.append(f'  table [shape=plain, pos="0,0!", label=<<table border="0" cellspacing="4" '
               f'cellpadding="2">{"".join(rows)}</table>>];')
    out.append("}")
    return "\n".join(out)


def look_up(view, path):
    for part in path:
        view = view[part]
    return view


def _zone(label: str, cells: str) -> str:
    inner = cells or f'<td border="0"><font color="{style.MUTED}">none</font></td>'
    return (f'<tr><td align="right" border="0">{escape(label)}</td><td align="left" border="0">'
            f'<table border="0" cellspacing="3"><tr>{inner}</tr></table></td></tr>')


def _cards(true_cards: list, seen, marked: bool) -> str:
    """Each card face up when seen, as a card back when not; dashed when it is hidden from others."""
    if isinstance(seen, dict):  # hidden from this viewer: as many backs as cards
        return "".join(_back() for _ in true_cards)
    return "".join(_face(card, marked) for card in true_cards)


def _stack(deck: list, seen, marked: bool) -> str:
    if not deck:
        return ""
    if isinstance(seen, dict):
        return _back() + f'<td border="0">  {len(deck)} card{"s" if len(deck) != 1 else ""}</td>'
    return "".join(_face(card, marked) for card in deck)


def _face(card, marked: bool) -> str:
    style_ = ' style="dashed"' if marked else ""
    return (f'<td border="1" bgcolor="{FACE}" width="22" height="30" fixedsize="true"{style_}>'
            f'<b>{escape(card)}</b></td>')


def _back() -> str:
    return f'<td border="1" bgcolor="{BACK}" width="22" height="30" fixedsize="true"> </td>'
