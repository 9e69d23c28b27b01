"""The duel of ``duel.py`` listing its legal moves the way 1870's and Muck & Brass's engines do: every
player's roll and rest tried, those a rule refuses left out, so the rules it cites come up in
simulated play. One rule binds only under a test-only setting (``tired``: a player may not rest
twice in a row), one never binds (a roll past square 1,000)."""
from __future__ import annotations

from rulewright.game import Refusal, Setting, step
from tests.play.race import Rest, Roll
from tests.simulate.duel import Duel


class Trial(Duel):
    name = "trial"
    title = "Trial"
    settings = {**Duel.settings,
                "tired": Setting(False, "Test only: a player may not rest twice in a row.", (False, True))}

    def new_state(self, setup, settings, rng):
        state = super().new_state(setup, settings, rng)
        state.tired = settings["tired"]
        state.rested = set()
        return state

    def legal_actions(self, state):
        legal = []
        for player in state.players:
            for move in (Roll(player), Rest(player)):
                try:
                    step(self, state, move)
                except Refusal:
                    continue
                legal.append(move)
        return legal

    def apply(self, state, action):
        if action.actor != state.next:
            raise Refusal("trial.turn", f"It is {state.next}'s turn, not {action.actor}'s.")
        if isinstance(action, Rest) and state.tired and action.actor in state.rested:
            raise Refusal("trial.rest", f"{action.actor} rested last turn.")
        if state.squares[action.actor] > 1000:
            raise Refusal("trial.far", "Nobody gets this far.")
        events = super().apply(state, action)
        (state.rested.add if isinstance(action, Rest) else state.rested.discard)(action.actor)
        return events


GAME = Trial()
