"""Building Muck & Brass states for the unit tests, the way an example's setup does."""
from __future__ import annotations

from rulewright.game import Rng, step
from rulewright.game.interface import merge
from rulewright.book.registry import get_game

GAME = get_game("muck-and-brass")


def make(preset: str | None = "demo", settings: dict | None = None, **overrides):
    """A state from a preset, with setup overrides merged in as an example's would be."""
    setup = merge(GAME.presets[preset], overrides) if preset else overrides
    return GAME.new_state(setup, GAME.resolve_settings(settings), Rng(0))


def play(state, actor, text):
    """Parse and apply one action; returns the outcome (new state and events)."""
    return step(GAME, state, GAME.parse_action(state, actor, text))
