"""The Hush table, drawn from one player's point of view (``run.viewer``, the example's ``:as:``)
by the cards kit's ``draw_table``.

- The viewer's own hand is drawn face up; every other hand, the deck and the set-aside card face
  down (a grey card back), so the picture shows what that player knows: how many cards, not which.
- Drawn for nobody in particular (an example without ``:as:``): in the designer's edition every
  card is face up and each hidden one is drawn dashed and marked "hidden" (``run.marks_hidden``);
  in the player's edition the table as everyone sees it, every hand, the deck and the set-aside
  card face down (``run.view_of``: the game's ``view_for(state, None)``).
- The row and the piles always lie face up. At the end, the set-aside card is turned face up.
"""
from __future__ import annotations

from rulewright.game import cards

ZONES = (cards.Zone("row", "Row"), cards.Zone(cards.HAND, note="pile: {taken}"),
         cards.Zone("deck", "Deck", stacked=True), cards.Zone("aside", "Set aside"))


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    return cards.draw_table(run, when, ZONES, name="hush")
