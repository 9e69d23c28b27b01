"""A designer's own game, to put in place of the starter in a new project (tests/toolchain/test_own_game.py):
Countdown. A number is called out; on your turn you lower it by 1 or 2; whoever reaches 0 wins.
Its state, moves, rules and words share nothing with the starter's heaps."""
from __future__ import annotations

import re
from dataclasses import dataclass

from rulewright.game import (Action, Event, Game, InputError, Refusal, check_action, data_file, did_you_mean,
                             lookup, minimal_setup)

SETUP_KEYS = ("players", "count", "next", "winner")
CALL = re.compile(r"^lower by (\d+)$")


@dataclass
class State:
    players: list[str]
    count: int
    turn: int = 0
    winner: str | None = None

    @property
    def next_player(self):
        return None if self.winner else self.players[self.turn % len(self.players)]


@dataclass(frozen=True)
class Lower(Action):
    actor: str
    by: int

    def notation(self) -> str:
        return f"lower by {self.by}"


class Countdown(Game):
    name = "@@GAME@@"
    title = "Countdown"
    settings = {}
    presets = data_file(__package__, "presets.yaml")
    phrases = "phrases.yaml"

    def new_state(self, setup, settings, rng):
        for key in setup:
            if key not in SETUP_KEYS:
                raise InputError(f"{key!r} is not part of the setup. {did_you_mean(key, SETUP_KEYS)}", key)
        players = [str(p) for p in setup.get("players", ["ann", "bob"])]
        count = setup.get("count", 10)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise InputError(f"'count' must be a whole number, 0 or more, not {count!r}.", "count")
        state = State(players, count)
        if "next" in setup:
            state.turn = players.index(lookup("player", str(setup["next"]), {p: p for p in players}, "next"))
        if "winner" in setup:
            state.winner = lookup("player", str(setup["winner"]), {p: p for p in players}, "winner")
        return state

    def setup_of(self, state):
        full = {"players": list(state.players), "count": state.count}
        if state.winner:
            full["winner"] = state.winner
        elif state.turn % len(state.players):
            full["next"] = state.next_player
        return minimal_setup(full, self.presets)

    def is_over(self, state):
        return state.winner is not None

    def parse_action(self, state, actor, text):
        lookup("player", str(actor), {p: p for p in state.players})
        match = CALL.match(text.strip())
        if not match:
            raise InputError(f"'{text}' is not a move of Countdown; write 'lower by 1' or 'lower by 2'.")
        return Lower(actor, int(match.group(1)))

    def legal_actions(self, state):
        if state.winner:
            return []
        return [Lower(state.next_player, by) for by in (1, 2) if by <= state.count]

    def apply(self, state, action):
        check_action(self, state, action)
        if action.actor != state.next_player:
            raise Refusal("@@PREFIX@@.call.turn", f"It is {state.next_player}'s turn, not {action.actor}'s.")
        if action.by not in (1, 2) or action.by > state.count:
            raise Refusal("@@PREFIX@@.call.step", f"A call lowers the count by 1 or 2, and it is {state.count}.")
        state.count -= action.by
        state.turn += 1
        events = [Event("lowered", {"player": action.actor, "count": state.count})]
        if state.count == 0:
            state.winner = action.actor
            events.append(Event("reached-zero", {"winner": action.actor}))
        return events

    def view(self, state):
        return {"count": state.count, "next": state.next_player, "winner": state.winner}
