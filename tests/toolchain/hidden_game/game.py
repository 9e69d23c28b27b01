"""A designer's own game with hidden hands, for tests/toolchain/test_hidden_everywhere.py: Whisper.
Each player holds a hand only they see. On your turn you lay a card face up in the row, discard one
face down (nobody sees it), or pass one face down to the next player (only the two of you see it).

Written as a designer new to hidden information might: the pass's event says nothing of who sees
it (no ``seen_by``), and the diagram draws the discard pile from the true position. The player's
edition must still print no hidden card."""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game import Action, Event, Game, InputError, Refusal, check_action, data_file, did_you_mean, lookup

from . import diagram

SETUP_KEYS = ("players", "row", "discards", "next")
MOVES = ("lay", "discard", "pass")


@dataclass
class State:
    hands: dict[str, list[str]]
    row: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    turn: int = 0

    @property
    def next(self) -> str:
        return list(self.hands)[self.turn % len(self.hands)]


@dataclass(frozen=True)
class Move(Action):
    actor: str
    kind: str
    card: str

    def notation(self) -> str:
        return f"{self.kind} {self.card}"


class Whisper(Game):
    name = "@@GAME@@"
    title = "Whisper"
    presets = data_file(__package__, "presets.yaml")
    phrases = "phrases.yaml"
    hidden = ("players.<player>.hand", "discards")
    diagram = staticmethod(diagram.draw)

    def new_state(self, setup, settings, rng):
        for key in setup:
            if key not in SETUP_KEYS:
                raise InputError(f"{key!r} is not part of the setup. {did_you_mean(key, SETUP_KEYS)}", key)
        players = setup.get("players") or {"ann": {}, "bob": {}}
        hands = {str(p): [str(c) for c in ((held or {}).get("hand") or [])] for p, held in players.items()}
        state = State(hands, [str(c) for c in setup.get("row") or []], [str(c) for c in setup.get("discards") or []])
        if "next" in setup:
            state.turn = list(hands).index(lookup("player", str(setup["next"]), {p: p for p in hands}, "next"))
        return state

    def parse_action(self, state, actor, text):
        lookup("player", str(actor), {p: p for p in state.hands})
        words = text.split()
        if len(words) != 2 or words[0] not in MOVES:
            raise InputError(f"'{text}' is not a move of Whisper; write 'lay 5', 'discard 5' or 'pass 5'.")
        return Move(actor, words[0], words[1])

    def legal_actions(self, state):
        return [Move(state.next, kind, card) for kind in MOVES for card in state.hands[state.next]]

    def apply(self, state, action):
        check_action(self, state, action)
        if action.actor != state.next:
            raise Refusal("@@PREFIX@@.turn.order", f"It is {state.next}'s turn, not {action.actor}'s: {action.card} stays in hand.")
        hand = state.hands[action.actor]
        if action.card not in hand:
            raise Refusal("@@PREFIX@@.turn.hold", f"{action.actor} holds no {action.card}.")
        hand.remove(action.card)
        players = list(state.hands)
        receiver = players[(players.index(action.actor) + 1) % len(players)]
        state.turn += 1
        if action.kind == "lay":
            state.row.append(action.card)
            return [Event("card-laid", {"player": action.actor, "card": action.card})]
        if action.kind == "discard":
            state.discards.append(action.card)
            return [Event("card-discarded", {"player": action.actor, "card": action.card}, seen_by=(action.actor,))]
        state.hands[receiver].append(action.card)
        return [Event("card-passed", {"player": action.actor, "card": action.card, "to": receiver})]

    def view(self, state):
        return {"players": {p: {"hand": list(h)} for p, h in state.hands.items()}, "row": list(state.row),
                "discards": list(state.discards), "next": state.next}
