"""A small dice race for testing play as data (records, replay, cut examples, fuzz, play).

Players take turns: ``roll`` moves the player forward by a die; landing on a multiple of 5 takes $1
from the bank. ``rest`` passes the turn. Whoever reaches the finish first wins. Money is conserved
(bank + players), unless the test-only setting ``leaky`` plants a bug that creates money.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulewright.game import (Action, Event, Game, InputError, Refusal, Setting, Violation, check_action, lookup,
                             minimal_setup)


@dataclass
class State:
    players: list[str]
    squares: dict[str, int]
    cash: dict[str, int]
    bank: int
    finish: int
    rng: object
    turn: int = 0
    winner: str | None = None
    leaky: bool = False
    total: int = field(default=0)

    @property
    def next(self) -> str | None:
        return None if self.winner else self.players[self.turn % len(self.players)]


@dataclass(frozen=True)
class Roll(Action):
    actor: str

    def notation(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Rest(Action):
    actor: str

    def notation(self) -> str:
        return "rest"


class Race(Game):
    name = "race"
    title = "Race"
    phrases = {"paths": {"squares.*": "{1}'s square", "cash.*": {"say": "{1}'s cash", "value": "${}"},
                         "bank": {"say": "the bank", "value": "${}"}, "next": "whose turn it is", "winner": "the winner"},
               "events": {"moved": "{player} rolls {die} and moves to square {to}.", "paid": "{player} takes a coin.",
                          "won": "{player} wins the race.", "rested": "{player} rests."},
               "settings": {"leaky": {"false": "a coin square pays $1", "true": "a coin square pays $2"}},
               "presets": {"start": "the start of a race to square 30: ann and bob on square 0, ann first"}}
    settings = {"leaky": Setting(False, "Test only: a coin square pays $2 but takes $1 from the bank.", (False, True))}
    presets = {"start": {"players": ["ann", "bob"], "squares": {"ann": 0, "bob": 0}, "cash": {"ann": 0, "bob": 0},
                         "bank": 20, "finish": 30, "next": "ann"}}

    def new_state(self, setup, settings, rng):
        players = [str(p) for p in setup.get("players", ["ann", "bob"])]
        for key in setup:
            if key not in ("players", "squares", "cash", "bank", "finish", "next", "winner"):
                raise InputError(f"Unknown setup key {key!r}.", key)
        state = State(players, {p: int(setup.get("squares", {}).get(p, 0)) for p in players},
                      {p: int(setup.get("cash", {}).get(p, 0)) for p in players}, int(setup.get("bank", 20)),
                      int(setup.get("finish", 30)), rng, leaky=settings["leaky"])
        if setup.get("next") is not None:
            state.turn = players.index(lookup("player", str(setup["next"]), {p: p for p in players}, "next"))
        state.winner = setup.get("winner")
        state.total = state.bank + sum(state.cash.values())
        return state

    def setup_of(self, state):
        full = {"players": list(state.players), "squares": dict(state.squares), "cash": dict(state.cash),
                "bank": state.bank, "finish": state.finish, "next": state.next}
        if state.winner:
            full["winner"] = state.winner
        return minimal_setup(full, self.presets)

    def parse_action(self, state, actor, text):
        if actor is None:
            raise InputError(f"Say who moves: write '- {state.next or state.players[0]}: {text}'.")
        lookup("player", actor, {p: p for p in state.players})
        if text == "roll":
            return Roll(actor)
        if text == "rest":
            return Rest(actor)
        raise InputError(f"'{text}' is not a move of Race; write 'roll' or 'rest'.")

    def legal_actions(self, state):
        return [] if state.winner else [Roll(state.next), Rest(state.next)]

    def is_over(self, state):
        return state.winner is not None

    def apply(self, state, action):
        check_action(self, state, action)
        if state.winner:
            raise Refusal("race.over", "The race is over.")
        if action.actor != state.next:
            raise Refusal("race.turn", f"It is {state.next}'s turn, not {action.actor}'s.")
        state.turn += 1
        if isinstance(action, Rest):
            return [Event("rested", {"player": action.actor})]
        die = state.rng.randint(1, 6, "the die")
        square = state.squares[action.actor] = min(state.finish, state.squares[action.actor] + die)
        events = [Event("moved", {"player": action.actor, "die": die, "to": square})]
        if square % 5 == 0 and state.bank > 0:
            state.bank -= 1
            state.cash[action.actor] += 2 if state.leaky else 1
            events.append(Event("paid", {"player": action.actor}))
        if square == state.finish:
            state.winner = action.actor
            events.append(Event("won", {"player": action.actor}))
        return events

    def invariants(self, state):
        money = state.bank + sum(state.cash.values())
        if money != state.total:
            return [Violation(f"the bank and the players hold ${money} between them, but the game began with "
                              f"${state.total}", "race.coins")]
        return []

    def view(self, state):
        return {"squares": dict(state.squares), "cash": dict(state.cash), "bank": state.bank,
                "next": state.next, "winner": state.winner}


GAME = Race()
