"""Small helpers for the Bus tests: build a state from a setup mapping, play actions, catch refusals."""
from __future__ import annotations

from rulewright.game import Refusal, Rng, step
from engine.games.bus import GAME


def new(setup: dict, **settings):
    return GAME.new_state(setup, GAME.resolve_settings(settings), Rng(0))


def play(state, *moves: str):
    """Play ``"player: text"`` moves in order; returns the final state and all events' names."""
    names = []
    for move in moves:
        actor, _, text = move.partition(":")
        outcome = step(GAME, state, GAME.parse_action(state, actor.strip(), text.strip()))
        state = outcome.state
        names += [e.name for e in outcome.events]
    return state, names


def refused(state, move: str) -> Refusal:
    """The refusal ``move`` meets; fails the test when the move is accepted."""
    try:
        play(state, move)
    except Refusal as refusal:
        return refusal
    raise AssertionError(f"{move!r} was accepted but should have been refused")


def view(state, player: str | None = None):
    v = GAME.view(state)
    return v["players"][player] if player else v
