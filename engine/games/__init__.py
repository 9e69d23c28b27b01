"""The game registry: the name an example writes (``game: bus``) and the package that plays it.

Packages are imported only when first asked for, so one broken game cannot stop the others.
"""
from __future__ import annotations

import importlib

from engine.core.refusal import InputError, did_you_mean

_PACKAGES = {
    "muck-and-brass": "engine.games.muck_and_brass",
    "bus": "engine.games.bus",
    "powerup": "engine.games.powerup",
    "1870": "engine.games.g1870",
}


def register(name: str, package: str) -> None:
    """Add a game by name (tests use this for small stand-in games)."""
    _PACKAGES[name] = package


def game_names() -> list[str]:
    return list(_PACKAGES)


def get_game(name: str):
    """The ``Game`` instance for ``name`` (each package exposes it as ``GAME``)."""
    if name not in _PACKAGES:
        raise InputError(f"There is no game called {name!r}. {did_you_mean(name, _PACKAGES)}", "game")
    return importlib.import_module(_PACKAGES[name]).GAME
