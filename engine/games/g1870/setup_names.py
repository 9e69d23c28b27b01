"""Reading what an example's setup names: a corporation or a private by its symbol (read in
capitals), a player by name, and the keys a part of the setup may have, each refused with the
nearest name the game has (``InputError``, said at the key's line).
"""
from __future__ import annotations

from rulewright.game import InputError
from rulewright.game.refusal import did_you_mean, lookup


def key(kind: str, name, known: dict, where: str) -> str:
    """The symbol ``name`` stands for (symbols are read in capitals), or an ``InputError``."""
    return lookup(kind, str(name).upper(), {k: k for k in known}, where)


def player_name(name, state, where: str) -> str:
    return lookup("player", name, {p: p for p in state.players}, where)


def check_keys(given: dict, known: tuple, where: str) -> None:
    if not isinstance(given, dict):
        raise InputError(f"'{where}' must be a mapping of key: value lines.", where)
    for key in given:
        if key not in known:
            raise InputError(f"{where} has no key {key!r}. {did_you_mean(key, known)} "
                             f"Known: {', '.join(known)}.", f"{where}.{key}")


def corporation(state, name, where: str) -> str:
    sym = key("corporation", name, state.corporations, where)
    if state.corporations[sym].par is None:
        raise InputError(f"{sym} has not started, so it has no tokens on the map; give it a 'par'.", where)
    return sym
