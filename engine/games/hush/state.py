"""The state of a game of Hush, and reading it from an example's setup.

A setup either deals a new game (no ``deck`` given: the cards are shuffled, one is set aside and
each player is dealt a hand) or states a position outright (``deck`` given, with each player's
``hand`` and ``pile``, the ``row``, the set-aside card and who is ``next``)."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulewright.game import InputError, did_you_mean, lookup

CARDS = json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8"))
NUMBERS: list[int] = CARDS["numbers"]
COPIES: int = CARDS["copies"]
HAND: int = CARDS["hand"]
FEWEST, MOST = CARDS["players"]["fewest"], CARDS["players"]["most"]
SETUP_KEYS = ("players", "deck", "aside", "row", "next")
PLAYER_KEYS = ("hand", "pile")


def full_deck() -> list[int]:
    return [number for number in NUMBERS for _ in range(COPIES)]


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
    turn: int                # the seat whose turn it is
    rng: Any = None
    cards: Counter = field(default_factory=Counter)  # every card in the game, counted at the start

    @property
    def seats(self) -> list[str]:
        return list(self.players)

    @property
    def over(self) -> bool:
        return all(not p.hand for p in self.players.values())

    @property
    def next(self) -> str | None:
        """Whose turn it is: the seat ``turn``, or the next one round the table holding cards."""
        if self.over:
            return None
        seats = self.seats
        return next(seats[i % len(seats)] for i in range(self.turn, self.turn + len(seats))
                    if self.players[seats[i % len(seats)]].hand)

    def where_cards_are(self) -> Counter:
        found = Counter(self.deck) + Counter(self.row) + Counter([self.aside] if self.aside is not None else [])
        for player in self.players.values():
            found += Counter(player.hand) + Counter(player.pile)
        return found


def card(value: Any, where: str) -> int:
    """One card, a number from the deck's numbers."""
    if isinstance(value, bool) or value not in NUMBERS:
        raise InputError(f"{value!r} is not a Hush card; the cards are the numbers "
                         f"{NUMBERS[0]} to {NUMBERS[-1]}.", where)
    return value


def cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise InputError(f"'{where.split('.')[-1]}' is a list of cards, e.g. [3, 5].", where)
    return [card(v, f"{where}.{i}") for i, v in enumerate(value)]


def read_setup(setup: dict, rng) -> State:
    for key in setup:
        if key not in SETUP_KEYS:
            raise InputError(f"Hush has no setup key {key!r}. The keys are: {', '.join(SETUP_KEYS)}.", key)
    given = setup.get("players", ["ann", "bob"])
    if isinstance(given, list):
        given = {str(name): {} for name in given}
    if not isinstance(given, dict) or not FEWEST <= len(given) <= MOST:
        raise InputError(f"'players' lists {FEWEST} to {MOST} players in seat order, e.g. [ann, bob].", "players")
    players = {}
    for name, held in given.items():
        held = held or {}
        if not isinstance(held, dict) or set(held) - set(PLAYER_KEYS):
            raise InputError(f"A player's entry may give 'hand' and 'pile', e.g. {name}: {{hand: [3, 5]}}.",
                             f"players.{name}")
        players[str(name)] = Player(str(name), cards(held.get("hand", []), f"players.{name}.hand"),
                                    cards(held.get("pile", []), f"players.{name}.pile"))
    if "deck" not in setup:
        for key in ("aside", "row", "next"):
            if key in setup or any(p.hand or p.pile for p in players.values()):
                raise InputError("A stated position gives 'deck' too (an empty deck is 'deck: []'); without "
                                 "'deck' the setup deals a new game.", key if key in setup else "players")
        state = State(players, [], None, [], 0, rng)
        deal(state, rng)
    else:
        aside = setup.get("aside")
        state = State(players, cards(setup["deck"], "deck"), None if aside is None else card(aside, "aside"),
                      cards(setup.get("row", []), "row"), 0, rng)
        if "next" in setup:
            state.turn = state.seats.index(lookup("player", setup["next"], {p: p for p in players}, "next"))
    state.cards = state.where_cards_are()
    too_many = [number for number, count in state.cards.items() if count > COPIES]
    if too_many:
        raise InputError(f"There are only {COPIES} cards numbered {too_many[0]}, but this setup places "
                         f"{state.cards[too_many[0]]}.", "players" if "deck" not in setup else "deck")
    return state


def deal(state: State, rng) -> None:
    """The deal (rule hush.setup.deal): shuffle, set the top card aside, then deal one card at a
    time around the table until each player holds a full hand; the rest is the deck."""
    shuffled = rng.shuffled(full_deck(), "the Hush deck")
    state.aside = shuffled.pop(0)
    for _ in range(HAND):
        for player in state.players.values():
            player.hand.append(shuffled.pop(0))
    state.deck = shuffled



def stated_deal(deal: dict, seats: list[str]) -> list[int | None]:
    """The first cards of the shuffle that deal ``deal`` (``aside`` and ``players.<name>.hand``):
    the set-aside card, then a card to each player in seat order, round after round (``deal``).
    A card not said (a place left out, a hand's later cards, or ``any``) is ``None``: whichever
    card the shuffle puts there."""
    places = ["aside"] + [f"players.{name}.hand" for name in seats]
    for key in deal:
        if key not in places:
            raise InputError(f"A Hush deal says where cards go: 'aside' (the set-aside card) and each player's hand "
                             f"('players.{seats[0]}.hand'), not {key!r}. {did_you_mean(str(key), places)}", str(key))
    stated = {"aside": [_dealt(deal["aside"], "aside")] if "aside" in deal else []}
    for name in seats:
        key = f"players.{name}.hand"
        given = deal.get(key, [])
        if not isinstance(given, list):
            raise InputError(f"'{key}' is a list of cards, e.g. [3, 5] ('any' for a card whichever it is).", key)
        stated[key] = [_dealt(value, key) for value in given]
        if len(stated[key]) > HAND:
            raise InputError(f"A hand is dealt {HAND} cards, not {len(stated[key])}.", key)
    order = [("aside", 0)] + [(f"players.{name}.hand", n) for n in range(HAND) for name in seats]
    top = [stated[key][n] if n < len(stated[key]) else None for key, n in order]
    while top and top[-1] is None:
        top.pop()
    return top


def _dealt(value: Any, where: str) -> int | None:
    """One card of a deal: a card, or ``any`` (whichever card the shuffle gives)."""
    return None if value == "any" else card(value, where)
