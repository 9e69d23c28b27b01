"""Playing 1870 positions in tests: a preset, overrides, and actions written as in the rulebook."""
from __future__ import annotations

from rulewright.game import Rng, step
from rulewright.game.interface import merge
from rulewright.book.registry import get_game

GAME = get_game("1870")


def start(overrides: dict | None = None, preset: str | None = "stock", **settings):
    setup = merge(GAME.presets[preset], overrides or {}) if preset else dict(overrides or {})
    return GAME.new_state(setup, GAME.resolve_settings(settings), Rng(0))


def play(state, *lines: str):
    """Apply each ``actor: action`` line; a refusal propagates. Returns the final state."""
    for line in lines:
        actor, text = line.split(": ", 1) if ": " in line else (None, line)
        state = step(GAME, state, GAME.parse_action(state, actor, text)).state
    return state


def view(state):
    return GAME.view(state)
