"""The table: the trick, each hand (face up or down as the reader knows it), the deck, drawn by the cards kit."""
from rulewright.game import cards

ZONES = (cards.Zone("trick", "Trick"), cards.Zone(cards.HAND, note="tricks: {tricks}"),
         cards.Zone("deck", "Deck", stacked=True))


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    return cards.draw_table(run, when, ZONES)
