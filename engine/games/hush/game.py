"""Hush: the rules (``apply``), the view examples check, and what each player sees.

Hidden: each hand (seen by its owner), the deck (by nobody) and the set-aside card (by nobody
until the game ends, when it is turned face up). Piles and the row lie face up."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulewright.game import (Action, Event, Game, InputError, Refusal, Violation, cards, check_action, lookup,
                             minimal_setup)
from engine.games.hush.diagram import draw as draw_diagram
from engine.games.hush.state import DEAL, DECK, NUMBERS, State, read_setup


@dataclass(frozen=True)
class Play(Action):
    actor: str
    card: int

    def notation(self) -> str:
        return f"play {self.card}"


class Hush(Game):
    name = "hush"
    title = "Hush"
    phrases = "phrases.yaml"
    diagram = staticmethod(draw_diagram)
    presets = {"two": {"players": ["ann", "bob"]}, "three": {"players": ["ann", "bob", "cy"]}}
    hidden = (cards.HAND, "deck", "aside")
    unordered = ("players.*.hand", "winners")

    def new_state(self, setup, settings, rng) -> State:
        return read_setup(setup, rng)

    def deal_draws(self, deal: dict, setup: dict) -> list:
        """The deal (hush.setup.deal) said as where cards go, ``aside`` and each
        ``players.<name>.hand`` (a hand's first cards, in the order dealt), as the top of the
        shuffle: the set-aside card, then one card to each player in seat order, round after round.
        A place left out is left to the seed, so its cards come after the stated ones."""
        return DEAL.draws(deal, [str(name) for name in setup.get("players", ["ann", "bob"])], DECK)

    def view_for(self, state: State, player: str | None) -> dict:
        """As the default (each hand seen by its owner, the deck and the set-aside card by nobody),
        except that the set-aside card is turned face up when the game ends (hush.end.reveal)."""
        seen = super().view_for(state, player)
        if state.over:
            seen["aside"] = state.aside
        return seen

    def parse_action(self, state: State, actor, text: str) -> Play:
        lookup("player", actor, {p: p for p in state.players})
        words = text.split()
        if len(words) != 2 or words[0] != "play" or not words[1].isdigit() or int(words[1]) not in NUMBERS:
            raise InputError(f"'{text}' is not a Hush move; write 'play N', N the number of a card "
                             f"({NUMBERS[0]} to {NUMBERS[-1]}), e.g. 'play 3'.")
        return Play(actor, int(words[1]))

    def legal_actions(self, state: State) -> list[Play]:
        """Every card the player to move may play (all of them: one per different number in the hand)."""
        if state.over:
            return []
        return [Play(state.next, number) for number in sorted(set(state.players[state.next].hand))]

    def apply(self, state: State, action: Play) -> list[Event]:
        check_action(self, state, action)
        if state.over:
            raise Refusal("hush.end.over", "The game is over: every hand is empty.")
        state.seating.check_turn(action.actor, "hush.turn.order", lambda seat: bool(state.players[seat].hand))
        player = state.players[action.actor]
        if action.card not in player.hand:
            raise Refusal("hush.turn.play", f"{action.actor} holds no {action.card}.")
        player.hand.remove(action.card)
        matched = bool(state.row) and state.row[-1] == action.card
        state.row.append(action.card)
        events = [Event("card-played", {"player": action.actor, "card": action.card})]
        if matched:
            player.pile.extend(state.row)
            events.append(Event("row-taken", {"player": action.actor, "cards": len(state.row)}))
            state.row = []
        if state.deck:  # rule hush.turn.draw
            drawn = state.deck.pop(0)
            player.hand.append(drawn)
            # the card drawn is its drawer's to see: the book tells everyone else "a card"
            events.append(Event("card-drawn", {"player": action.actor, "card": drawn}, seen_by=(action.actor,)))
        if state.over:
            events.append(Event("game-over", {"aside": state.aside, "winners": ", ".join(winners(state))}))
        state.seating.end_turn(action.actor)
        return events

    def view(self, state: State) -> dict:
        return {"players": {p.name: {"hand": list(p.hand), "pile": list(p.pile), "taken": len(p.pile)}
                            for p in state.players.values()},
                "row": list(state.row), "deck": list(state.deck), "aside": state.aside,
                "next": state.next, "over": state.over, "winners": winners(state) if state.over else []}

    def setup_of(self, state: State) -> dict:
        full = {"players": {p.name: {key: value for key, value in (("hand", list(p.hand)), ("pile", list(p.pile)))
                                     if value} for p in state.players.values()},
                "deck": list(state.deck)}
        if state.aside is not None:
            full["aside"] = state.aside
        if state.row:
            full["row"] = list(state.row)
        if state.next is not None and state.next != state.seats[0]:
            full["next"] = state.next
        return minimal_setup(full, self.presets, ordered=("players",))

    def is_over(self, state: State) -> bool:
        return state.over

    def seats(self, state: State) -> list[str]:
        return list(state.seats)

    def places(self, state: State) -> dict[str, int] | None:
        """The winners (hush.end.win) first; the others by the cards they took, then by the cards of
        the set-aside card's number, as the winners are found."""
        if not state.over:
            return None
        def standing(name: str) -> tuple[int, int]:
            pile = state.players[name].pile
            return (len(pile), Counter(pile)[state.aside])
        return {name: 1 + sum(standing(other) > standing(name) for other in state.seats) for name in state.seats}

    def score(self, state: State, player: str) -> int:
        """The cards ``player`` has taken (what decides the winner, hush.end.win)."""
        return len(state.players[player].pile)

    def invariants(self, state: State) -> list[Violation]:
        broken = []
        if state.where_cards_are() != state.cards:
            broken.append(Violation("the cards in play are not the cards the game started with", "hush.setup.deal"))
        if state.row and any(a == b for a, b in zip(state.row, state.row[1:])):
            broken.append(Violation("two cards of one number lie side by side in the row", "hush.turn.match"))
        return broken


def winners(state: State) -> list[str]:
    """Who took the most cards; among them, whoever took more cards of the set-aside card's number
    (hush.end.win). More than one name when they are still level."""
    most = max(len(p.pile) for p in state.players.values())
    level = [p for p in state.players.values() if len(p.pile) == most]
    best = max(Counter(p.pile)[state.aside] for p in level)
    return [p.name for p in level if Counter(p.pile)[state.aside] == best]
