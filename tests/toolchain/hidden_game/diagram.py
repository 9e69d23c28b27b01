"""The Whisper table: each hand as the example's reader sees it, the row, and the discard pile."""
from __future__ import annotations


def draw(run, when: str, options=frozenset()) -> str:
    state = run.before if when == "before" else run.after
    seen = run.view_of(state)
    rows = []
    for player, held in seen["players"].items():
        hand = held["hand"]
        said = ", ".join(hand) if isinstance(hand, list) else f"{hand['hidden']} cards face down"
        rows.append(f"<tr><td>{player}</td><td>{said}</td></tr>")
    rows.append(f"<tr><td>Row</td><td>{', '.join(seen['row']) or 'empty'}</td></tr>")
    pile = run.game.view(state)["discards"]  # the designer's slip: the true pile, not seen["discards"]
    rows.append(f"<tr><td>Discards</td><td>{pile[-1] if pile else 'empty'}</td></tr>")
    return "digraph whisper {\n  table [shape=plain, label=<<table>" + "".join(rows) + "</table>>];\n}\n"
