"""The state of a game of Hush, and reading it from an example's setup, on the cards kit
(``rulewright.game.cards``) and the turns kit (``rulewright.game.turns``).

A setup either deals a new game (no ``deck`` given: the cards are shuffled, one is set aside and
each player is dealt a hand) or states a position outright (``deck`` given, with each player's
``hand`` and ``pile``, the ``row``, the set-aside card and who is ``next``)."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulewright.game import InputError, cards, turns

CARDS = json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8"))
DECK = cards.Deck.read({"numbers": CARDS["numbers"], "copies": CARDS["copies"]}, "Hush")
# The deal (rule hush.setup.deal): the top card set aside, then one card at a time round the table.
DEAL = cards.Deal(hand=CARDS["hand"], first=("aside",))
NUMBERS: list[int] = CARDS["numbers"]
FEWEST, MOST = CARDS["players"]["fewest"], CARDS["players"]["most"]
SETUP_KEYS = ("players", "deck", "aside", "row", "next")


def full_deck() -> list[int]:
    return DECK.full()


@dataclass
class Player:
    name: str
    hand: list[int] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)


@dataclass
class State:
    players: dict[str, Player]
    deck: list[int]          # top first
    aside: int | None
    row: list[int]
    seating: turns.Seating
    rng: Any = None
    cards: Counter = field(default_factory=Counter)  # every card in the game, counted at the start

    @property
    def seats(self) -> list[str]:
        return self.seating.seats

    @property
    def over(self) -> bool:
        return all(not p.hand for p in self.players.values())

    @property
    def next(self) -> str | None:
        """Whose turn it is: the seat whose turn it is, or the next one round the table holding cards."""
        return self.seating.to_move(lambda seat: bool(self.players[seat].hand))

    def where_cards_are(self) -> Counter:
        return cards.counted(self.deck, self.row, self.aside, *(place for p in self.players.values()
                                                                for place in (p.hand, p.pile)))


def read_setup(setup: dict, rng) -> State:
    for key in setup:
        if key not in SETUP_KEYS:
            raise InputError(f"Hush has no setup key {key!r}. The keys are: {', '.join(SETUP_KEYS)}.", key)
    given = turns.players(setup.get("players"), FEWEST, MOST, ("hand", "pile"), "{hand: [3, 5]}")
    players = {name: Player(name, DECK.cards(held.get("hand", []), f"players.{name}.hand"),
                            DECK.cards(held.get("pile", []), f"players.{name}.pile")) for name, held in given.items()}
    seating = turns.Seating(list(players))
    if "deck" not in setup:
        for key in ("aside", "row", "next"):
            if key in setup or any(p.hand or p.pile for p in players.values()):
                raise InputError("A stated position gives 'deck' too (an empty deck is 'deck: []'); without "
                                 "'deck' the setup deals a new game.", key if key in setup else "players")
        dealt, rest = DEAL.deal(rng.shuffled(full_deck(), "the Hush deck"), seating.seats)
        state = State(players, rest, dealt["aside"][0], [], seating, rng)
        for player in players.values():
            player.hand = dealt[f"players.{player.name}.hand"]
    else:
        aside = setup.get("aside")
        state = State(players, DECK.cards(setup["deck"], "deck"), None if aside is None else DECK.card(aside, "aside"),
                      DECK.cards(setup.get("row", []), "row"), seating, rng)
        if "next" in setup:
            seating.turn = seating.seat(setup["next"], "next")
    state.cards = state.where_cards_are()
    too_many = DECK.too_many(state.cards)
    if too_many:
        raise InputError(too_many, "players" if "deck" not in setup else "deck")
    return state
