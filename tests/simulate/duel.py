"""A race with seats and places, for testing simulated play (``rulewright simulate``).

It is the dice race of ``tests/play/race`` with what simulation reads (``seats``, ``places``,
``score``: the square reached) and two test-only settings: ``head_start`` plants an advantage (it
puts the first player that many squares ahead), ``dice_colour`` changes nothing (no rule reads it)."""
from __future__ import annotations

from rulewright.game import Setting
from tests.play.race import Race


class Duel(Race):
    name = "duel"
    title = "Duel"
    settings = {**Race.settings,
                "head_start": Setting(0, "Test only: how many squares ahead the first player starts.", (0, 3, 6, 10)),
                "dice_colour": Setting("white", "Test only: the dice's colour, which no rule reads.", ("white", "red"))}

    def new_state(self, setup, settings, rng):
        state = super().new_state(setup, settings, rng)
        state.squares[state.players[0]] += settings["head_start"]
        return state

    def seats(self, state):
        return list(state.players)

    def places(self, state):
        if state.winner is None:
            return None
        return {p: 1 if p == state.winner else 2 for p in state.players}

    def score(self, state, player):
        return state.squares[player]


GAME = Duel()
