"""A position as data: a state written as a setup, and the check that writing it back loses nothing.

``round_trip(game, state, settings)`` builds a second state from ``game.setup_of(state)`` and
compares the two: the same view, the same legal actions, and the same future under the same moves
and chance (the original's random generator is handed to the copy, so a draw gives both the same
result). It returns the differences in words; an empty list means the position round-trips. The
games' property tests call it at every step of random games.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from rulewright.game import Game, Refusal, Rng, step
from rulewright.scenario.playing import with_preset
from rulewright.scenario.vocabulary import show


def notations(game: Game, state: Any) -> list[str]:
    """The legal actions as the notation writes them, ``actor: text``, sorted."""
    return sorted(f"{getattr(a, 'actor', None) or '-'}: {a.notation()}" for a in game.legal_actions(state))


def rebuilt(game: Game, state: Any, settings: dict) -> Any:
    """A new state from ``game.setup_of(state)``, with the original's random generator."""
    again = game.new_state(with_preset(game, copy.deepcopy(game.setup_of(state))), settings, Rng(0))
    if hasattr(state, "rng"):
        again.rng = copy.deepcopy(state.rng)
    return again


def round_trip(game: Game, state: Any, settings: dict, moves_ahead: int = 3, seed: int = 0) -> list[str]:
    """The ways the state rebuilt from its setup differs from ``state``, now and for
    ``moves_ahead`` random legal moves played on both; empty when it round-trips."""
    try:
        again = rebuilt(game, state, settings)
    except Exception as error:  # the written setup is refused: that is the difference to report
        return [f"the written setup cannot be read back: {type(error).__name__}: {error}\n"
                f"  setup: {show(game.setup_of(state))}"]
    chooser = random.Random(seed)
    original = copy.deepcopy(state)
    for moved in range(moves_ahead + 1):
        where = "as written" if moved == 0 else f"after {moved} more move{'s' if moved > 1 else ''}"
        first, second = game.view(original), game.view(again)
        if first != second:
            return [f"{where}, the view differs: {_first_difference(first, second)}\n"
                    f"  setup: {show(game.setup_of(state))}"]
        legal, legal_again = notations(game, original), notations(game, again)
        if legal != legal_again:
            only = sorted(set(legal) - set(legal_again))[:3]
            extra = sorted(set(legal_again) - set(legal))[:3]
            return [f"{where}, the legal actions differ: only in the original {only}, only in the copy {extra}"]
        actions = game.legal_actions(original)
        if not actions or moved == moves_ahead:
            return []
        action = chooser.choice(actions)
        try:
            original = step(game, original, action).state
        except Refusal as refusal:
            return [f"{where}, the listed action '{action.notation()}' was refused: {refusal.reason}"]
        try:
            again = step(game, again, action).state
        except Refusal as refusal:
            return [f"{where}, '{action.notation()}' is accepted in the original but refused in the copy: "
                    f"{refusal.reason} (rule {refusal.rule})"]
    return []


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in b or key not in a:
                return f"{path + '.' if path else ''}{key} is only in the {'original' if key in a else 'copy'}"
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}.{key}" if path else str(key))
    return f"{path or 'the view'}: {show(a)} in the original, {show(b)} in the copy"
