"""A tiny stand-in game with hidden information, for the toolchain's points of view.

Each player holds a hand only they see; the deck, shuffled at the start, is seen by nobody. A
turn draws the deck's top card into the drawer's hand.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game import Action, Game, InputError, Refusal, lookup


@dataclass
class State:
    hands: dict[str, list[str]]
    deck: list[str]
    rng: object = None
    turn: int = 0
    log: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Draw(Action):
    actor: str

    def notation(self) -> str:
        return "draw"


class Secret(Game):
    name = "secret"
    title = "Secret"
    presets = {"two": {"players": ["ann", "bob"], "deck": ["a", "b", "c", "d", "e"]}}
    hidden = ("players.<player>.hand", "deck")
    phrases = {"paths": {"players.*.hand": "{1}'s hand", "players.*.cards": "the number of {1}'s cards",
                         "deck": "the deck"}}

    def new_state(self, setup, settings, rng):
        unknown = set(setup) - {"players", "deck", "hands"}
        if unknown:
            raise InputError(f"Unknown setup key {sorted(unknown)[0]!r}.", sorted(unknown)[0])
        players = setup.get("players", ["ann", "bob"])  # names, or each name with its {hand: [...]}
        hands = {p: list(((players[p] or {}) if isinstance(players, dict) else {}).get("hand", [])) for p in players}
        # or the hands apart from the players, as some games write them: hands: {ann: [...], bob: [...]}
        # (a setup key that is not the view's: the player's edition finds it hidden by its value)
        for player, hand in (setup.get("hands") or {}).items():
            hands[str(player)] = sorted(map(str, hand))
        return State(hands, rng.shuffled(setup.get("deck", []), "the deck"), rng)

    def parse_action(self, state, actor, text):
        lookup("player", actor, {p: p for p in state.hands})
        if text != "draw":
            raise InputError(f"'{text}' is not a move; write 'draw'.")
        return Draw(actor)

    def legal_actions(self, state):
        return [Draw(list(state.hands)[state.turn % len(state.hands)])] if state.deck else []

    def apply(self, state, action):
        if not state.deck:
            raise Refusal("secret.draw", "The deck is empty.")
        state.hands[action.actor].append(state.deck.pop(0))
        state.turn += 1
        return []

    def view(self, state):
        return {"players": {p: {"hand": list(h), "cards": len(h)} for p, h in state.hands.items()},
                "deck": list(state.deck)}


GAME = Secret()
