"""The demo game that the authoring guide of every new project plays its live examples on.

Heaps: players take turns taking counters from heaps. On your turn, take 1 to 3 counters from one
heap. Whoever takes the last counter wins (or, with the setting ``last_counter: loses``, loses).
It ships with Rulewright, so a designer's own game can take the starter's place without touching
the guide. The guide declares its three rules (``rwdemo.turn.order``, ``rwdemo.take.limit``,
``rwdemo.end.last-counter``) and shows each. It has the shape every game has:

- ``new_state`` reads an example's ``setup`` and checks every key, naming the key at fault so
  the message points at its line in the rulebook.
- ``parse_action`` reads one move in the game's notation (``take 2 from left``).
- ``legal_actions`` lists every move ``apply`` accepts now (the tests check that they agree).
- ``apply`` calls ``check_action`` first (an action built by other code is held to the
  notation), then changes the state, or refuses with ``Refusal("<rule ID>", "<one plain
  sentence>")``; the rule ID is written out here, so searching for it finds the code that
  enforces it.
- ``view`` is the plain dict that examples' ``expect:`` lines read; the rulebook's notation page
  documents its keys.
- ``setup_of`` writes any position back as a setup (so play can be kept as data), and
  ``invariants`` states what holds in every position (counters are never made or lost); the
  tests play random games and check both at every move.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulewright.game import (Action, Event, Game, InputError, Refusal, Setting, Violation, check_action, data_file,
                             did_you_mean, lookup, minimal_setup)

from rulewright.demo import diagram

MOST_PER_TURN = 3  # rule rwdemo.take.limit


@dataclass
class State:
    """The whole position: nothing outside it changes during play."""

    players: list[str]
    heaps: dict[str, int]
    last_counter: str  # the setting: does taking the last counter win or lose?
    turn: int = 0  # index into players of whose turn it is
    winner: str | None = None
    taken: dict[str, int] = field(default_factory=dict)  # counters each player has taken
    start: int = 0  # counters in the heaps when the game began: taken + left always makes this

    @property
    def next_player(self) -> str | None:
        return None if self.winner else self.players[self.turn % len(self.players)]


@dataclass(frozen=True)
class Take(Action):
    """The one action: ``take <count> from <heap>``."""

    actor: str
    count: int
    heap: str

    def notation(self) -> str:
        return f"take {self.count} from {self.heap}"


TAKE = re.compile(r"^take (\d+) from (\S+)$")
SETUP_KEYS = ("players", "heaps", "next", "taken", "winner")


class Heaps(Game):
    name = "rulewright-demo"
    title = "Heaps"
    settings = {
        "last_counter": Setting("wins", "Whether the player who takes the last counter wins or loses.",
                                ("wins", "loses")),
    }
    presets = data_file(__package__, "presets.yaml")  # the named starting positions, beside this file
    diagram = staticmethod(diagram.draw)
    phrases = "phrases.yaml"  # the words the book uses for paths and events, beside this file

    # ------------------------------------------------------------ setting up

    def new_state(self, setup, settings, rng):
        for key in setup:
            if key not in SETUP_KEYS:
                raise InputError(f"{key!r} is not part of the setup of {self.title}. {did_you_mean(key, SETUP_KEYS)}", key)
        players = setup.get("players", ["ann", "bob"])
        if not isinstance(players, list) or len(players) < 2 or len(set(map(str, players))) != len(players):
            raise InputError("'players' must list at least two different names, e.g. [ann, bob].", "players")
        heaps = setup.get("heaps", {})
        if not isinstance(heaps, dict) or not heaps:
            raise InputError("'heaps' must name at least one heap and its counters, e.g. {left: 3}.", "heaps")
        for heap, count in heaps.items():
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise InputError(f"The heap {heap!r} must hold a whole number of counters, 0 or more, "
                                 f"not {count!r}.", f"heaps.{heap}")
        players = [str(p) for p in players]
        state = State(players, {str(h): c for h, c in heaps.items()}, settings["last_counter"],
                      taken=self._taken(setup.get("taken", {}), players))
        state.start = sum(state.heaps.values()) + sum(state.taken.values())
        if "next" in setup:
            state.turn = players.index(lookup("player", str(setup["next"]), {p: p for p in players}, "next"))
        if "winner" in setup:
            if any(state.heaps.values()):
                raise InputError("'winner' is for a finished game, but counters are left in the heaps; "
                                 "empty them (e.g. {left: 0}) or leave 'winner' out.", "winner")
            state.winner = lookup("player", str(setup["winner"]), {p: p for p in players}, "winner")
        return state

    def _taken(self, taken, players):
        """How many counters each player has taken so far (a position in the middle of a game)."""
        if not isinstance(taken, dict):
            raise InputError("'taken' must say how many counters each player has taken, e.g. {ann: 2}.", "taken")
        out = {p: 0 for p in players}
        for name, count in taken.items():
            player = lookup("player", str(name), {p: p for p in players}, f"taken.{name}")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise InputError(f"{player} must have taken a whole number of counters, 0 or more, not {count!r}.",
                                 f"taken.{name}")
            out[player] = count
        return out

    def setup_of(self, state):
        """The position as a setup: new_state(setup_of(s)) plays on exactly as s does."""
        full = {"players": list(state.players), "heaps": dict(state.heaps)}
        if state.winner:
            full["winner"] = state.winner
        elif state.turn % len(state.players):
            full["next"] = state.next_player
        if any(state.taken.values()):
            full["taken"] = {p: n for p, n in state.taken.items() if n}
        return minimal_setup(full, self.presets)  # a preset plus what differs from it

    def is_over(self, state):
        """Whether the game has ended: someone took the last counter (so random play can tell a finished
        game from a position where nobody can move by mistake)."""
        return state.winner is not None

    def seats(self, state):
        """Who plays, in turn order (for simulated play, ``rulewright simulate``)."""
        return list(state.players)

    def places(self, state):
        """When the game is over, the winner first and everyone else second (rwdemo.end.last-counter)."""
        return None if state.winner is None else {p: 1 + (p != state.winner) for p in state.players}

    def invariants(self, state):
        """What holds in every position: counters are only ever moved from the heaps to the players."""
        left, taken = sum(state.heaps.values()), sum(state.taken.values())
        broken = []
        if left + taken != state.start:
            broken.append(Violation(f"The players have taken {taken} and the heaps hold {left}: {left + taken} "
                                    f"counters in all, but the game began with {state.start}.", "rwdemo.take.limit"))
        broken += [Violation(f"The heap {heap} holds {count} counters; a heap never goes below 0.",
                             "rwdemo.take.limit") for heap, count in state.heaps.items() if count < 0]
        return broken

    # ------------------------------------------------------------ moves

    def parse_action(self, state, actor, text):
        if actor is None:
            raise InputError(f"Say who takes: write '- {state.next_player or 'ann'}: {text}'.")
        lookup("player", actor, {p: p for p in state.players})
        match = TAKE.match(text.strip())
        if not match:
            raise InputError(f"'{text}' is not a move of {self.title}; write 'take <count> from <heap>', "
                             "e.g. 'take 2 from left'.")
        count, heap = int(match.group(1)), match.group(2)
        lookup("heap", heap, state.heaps)  # a misspelt heap gets "Did you mean ...?"
        return Take(actor, count, heap)

    def legal_actions(self, state):
        if state.winner:
            return []
        return [Take(state.next_player, count, heap)
                for heap, counters in state.heaps.items()
                for count in range(1, min(MOST_PER_TURN, counters) + 1)]

    def apply(self, state, action):
        check_action(self, state, action)  # an action built by other code is held to the notation
        if state.winner:
            raise Refusal("rwdemo.turn.order", f"The game is over: {state.winner} has won, and nobody moves.")
        if action.actor != state.next_player:
            raise Refusal("rwdemo.turn.order", f"It is {state.next_player}'s turn, not {action.actor}'s.")
        if not 1 <= action.count <= min(MOST_PER_TURN, state.heaps[action.heap]):
            raise Refusal("rwdemo.take.limit", f"A turn takes 1 to {MOST_PER_TURN} counters from one heap, and "
                          f"the heap {action.heap} has {state.heaps[action.heap]}.")
        state.heaps[action.heap] -= action.count
        state.taken[action.actor] += action.count
        state.turn += 1
        events = [Event("took", {"player": action.actor, "count": action.count, "heap": action.heap})]
        if not any(state.heaps.values()):  # rule rwdemo.end.last-counter
            state.winner = action.actor if state.last_counter == "wins" else state.next_player
            events.append(Event("game-over", {"winner": state.winner}))
        return events

    # ------------------------------------------------------------ what examples check

    def view(self, state):
        return {
            "heaps": dict(state.heaps),
            "counters": sum(state.heaps.values()),
            "next": state.next_player,
            "over": state.winner is not None,
            "winner": state.winner,
            "taken": dict(state.taken),
        }
