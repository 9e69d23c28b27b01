"""Run inside a sample's project (``python hidden_cards.py trumpet.game:DECK``, the deck the game
is played with, a ``rulewright.game.cards.Deck``): for each example and shared position
of its book, the cards its reader (the example's ``:as:`` player, else the whole table) never sees,
by the game's own views: every card in the true position before or after the moves that is in
neither view of the reader, nor named by a move or an event. Printed as JSON, for
``test_samples.py`` to look for in the built editions."""
import importlib
import json
import re
import sys

from rulewright.book import scanner
from rulewright.scenario import evaluate


def cards_in(value, deck) -> set:
    """Every card of ``deck`` named anywhere in ``value`` (a view, a move, an event's details)."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v, deck) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_in(v, deck) for v in value)) if value else set()
    if isinstance(value, str):
        return {card for card in deck if re.search(rf"(?<![A-Za-z0-9]){re.escape(str(card))}(?![A-Za-z0-9])", value)}
    return {value} if value in deck else set()


def main(deck_at: str) -> None:
    sys.path.insert(0, ".")  # the project's own packages, not this folder's
    module, _, name = deck_at.partition(":")
    deck = [str(card) for card in getattr(importlib.import_module(module), name).kinds]
    out = {}
    for decl in scanner.scan().examples:
        s = decl.parse()
        run = evaluate(s).run
        truth = cards_in([run.game.view(run.before), run.game.view(run.after)], deck)
        seen = cards_in([run.game.view_for(run.before, s.viewer), run.game.view_for(run.after, s.viewer),
                         [step.text for step in run.steps], [e.data for e in run.events]], deck)
        out[f"example-{s.id}"] = {"viewer": s.viewer, "hidden": sorted(truth - seen), "deck": deck}
        start = (s.data.get("setup") or {}).get("from")
        if start:  # a shared position is printed for the whole table
            hidden = cards_in(run.game.view(run.before), deck) - cards_in(run.game.view_for(run.before, None), deck)
            out[f"position-{start}"] = {"viewer": None, "hidden": sorted(hidden), "deck": deck}
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
