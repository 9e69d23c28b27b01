"""A tiny stand-in game for testing the toolchain apart from any real rule system.

Players take turns adding 1 to 3 counters to a shared pile; whoever makes it reach the target wins.
A position in play is written back as a setup (``setup_of``) with ``next`` (whose turn), ``log``
(who moved, in order) and ``winner``, so the toolchain's tests can replay it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game import Action, Event, Game, InputError, Refusal, Setting, minimal_setup
from rulewright.game.refusal import lookup


@dataclass
class State:
    pile: int
    target: int
    players: list[str]
    turn: int = 0
    winner: str | None = None
    log: list[str] = field(default_factory=list)
    opening: int = 0  # whose turn it is when no 'next' is stated (the settings decide)


@dataclass(frozen=True)
class Add(Action):
    actor: str
    count: int

    def notation(self) -> str:
        return f"add {self.count}"


class Toy(Game):
    name = "toy"
    title = "Toy"
    settings = {"max_add": Setting(3, "The most counters one turn may add.", (2, 3, 4)),
                "crowd_first": Setting(False, "With three or more players, the last player starts.", (False, True),
                                       applies=lambda state: len(state.players) >= 3,
                                       applies_when="with three or more players")}
    presets = {"small": {"pile": 0, "target": 5, "players": ["ann", "bob"]}}
    unordered = ("moved",)
    pairs = ("neighbours",)

    def new_state(self, setup, settings, rng):
        unknown = set(setup) - {"pile", "target", "players", "next", "log", "winner"}
        if unknown:
            raise InputError(f"Unknown setup key {sorted(unknown)[0]!r}.", sorted(unknown)[0])
        pile = setup.get("pile", 0)
        pile = rng.randint(0, 3, "the starting pile") if pile == "random" else pile
        state = State(pile, setup.get("target", 10), list(setup.get("players", ["ann", "bob"])))
        state.max_add = settings["max_add"]
        if settings["crowd_first"] and len(state.players) >= 3:
            state.turn = state.opening = len(state.players) - 1
        named = {p: p for p in state.players}
        if "next" in setup:
            state.turn = state.players.index(lookup("player", setup["next"], named, "next"))
        if not isinstance(setup.get("log", []), list):
            raise InputError("'log' lists who moved, in order, e.g. [ann, bob].", "log")
        state.log = [lookup("player", who, named, f"log.{i}") for i, who in enumerate(setup.get("log", []))]
        if "winner" in setup:
            if pile < state.target:
                raise InputError(f"'winner' is for a finished game, but the pile ({pile}) is short of the target "
                                 f"({state.target}).", "winner")
            state.winner = lookup("player", setup["winner"], named, "winner")
        return state

    def setup_of(self, state):
        full = {"pile": state.pile, "target": state.target, "players": list(state.players)}
        if state.winner:
            full["winner"] = state.winner
        elif state.turn % len(state.players) != state.opening:
            full["next"] = state.players[state.turn % len(state.players)]
        if state.log:
            full["log"] = list(state.log)
        return minimal_setup(full, self.presets)

    def parse_action(self, state, actor, text):
        lookup("player", actor, {p: p for p in state.players})
        words = text.split()
        if len(words) != 2 or words[0] != "add" or not words[1].isdigit():
            raise InputError(f"'{text}' is not a toy action; write 'add N'.")
        return Add(actor, int(words[1]))

    def legal_actions(self, state):
        if state.winner:
            return []
        actor = state.players[state.turn % len(state.players)]
        return [Add(actor, n) for n in range(1, state.max_add + 1)]

    def apply(self, state, action):
        if state.winner:
            raise Refusal("toy.end", "The game is over.")
        if action.actor != state.players[state.turn % len(state.players)]:
            raise Refusal("toy.turn", f"It is not {action.actor}'s turn.")
        if not 1 <= action.count <= state.max_add:
            raise Refusal("toy.add", f"A turn adds 1 to {state.max_add} counters.")
        state.pile += action.count
        state.turn += 1
        state.log.append(action.actor)
        events = [Event("added", {"count": action.count})]
        if state.pile >= state.target:
            state.winner = action.actor
            events.append(Event("won", {"by": action.actor}))
        return events

    def view(self, state):
        return {"pile": state.pile, "winner": state.winner,
                "next": None if state.winner else state.players[state.turn % len(state.players)],
                "players": {p: {"name": p} for p in state.players},
                "moved": list(dict.fromkeys(reversed(state.log))),  # latest first: the order means nothing
                "turns": list(state.log),
                "neighbours": {f"{a}-{b}": "side by side" for a, b in zip(state.players, state.players[1:])}}


GAME = Toy()
