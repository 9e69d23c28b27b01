"""Small helpers for the powerUp tests: build a state, play actions in notation."""
from __future__ import annotations

from rulewright.game import Rng, step
from rulewright.book.registry import get_game

GAME = get_game("powerup")


def new(setup: dict, seed: int = 0, **settings):
    return GAME.new_state(setup, settings, Rng(seed))


def play(state, *moves: str):
    """Apply ``"ann: play E5"``-style moves in order; returns the final state and all events."""
    events = []
    for move in moves:
        actor, text = move.split(":", 1)
        outcome = step(GAME, state, GAME.parse_action(state, actor.strip(), text.strip()))
        state = outcome.state
        events += outcome.events
    return state, events


def view(state) -> dict:
    return GAME.view(state)
