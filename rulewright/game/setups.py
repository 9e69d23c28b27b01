"""Writing a position back as a setup, minimal: a preset plus what differs from it.

A game's ``setup_of`` builds the *full* setup of a state (every key its ``new_state`` reads),
then calls ``minimal_setup(full, self.presets)``: the preset that leaves least to write is named,
and only the keys whose values differ from it are written. Presets are merged the way examples
merge them (``rulewright.game.interface.merge``: mappings key by key, anything else replaced),
so what is left out is exactly what the preset already says.
"""
from __future__ import annotations

from typing import Any

from rulewright.game.interface import merge

_MISSING = object()


def difference(full: Any, base: Any) -> Any:
    """What must be written over ``base`` so that merging it gives ``full``; ``_MISSING`` when
    nothing must be, and ``None`` for a mapping key of ``base`` that ``full`` lacks (a merge can
    add or change a key, never remove one: such a base cannot be used)."""
    if isinstance(full, dict) and isinstance(base, dict):
        out = {}
        for key, value in full.items():
            if key not in base:
                out[key] = value
                continue
            below = difference(value, base[key])
            if below is None:
                return None
            if below is not _MISSING:
                out[key] = below
        if any(key not in full for key in base):
            return None
        return out or _MISSING
    return _MISSING if _same(full, base) else full


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b or (isinstance(a, (int, float)) and isinstance(b, (int, float))
                                               and not isinstance(a, bool) and not isinstance(b, bool) and a == b)


def _identical(a: Any, b: Any, ordered: tuple[str, ...], path: str = "") -> bool:
    """Equal, with the mappings at the paths ``ordered`` in the same key order too (a merge keeps the
    preset's order of keys)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if path in ordered and list(a) != list(b):
            return False
        return a.keys() == b.keys() and all(_identical(a[k], b[k], ordered, f"{path}.{k}" if path else str(k))
                                            for k in a)
    return a == b


def _size(value: Any) -> int:
    if isinstance(value, dict):
        return sum(1 + _size(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return 1 + sum(_size(v) for v in value)
    return 1


def minimal_setup(full: dict, presets: dict[str, dict], ordered: tuple[str, ...] = ()) -> dict:
    """``full`` written as ``{preset: name, ...}`` plus the keys that differ from that preset, with
    the preset that leaves the least to write; ``full`` itself when no preset helps. ``ordered``
    names the mappings whose order of keys means something (``("players",)`` when players are
    written in turn order): a merge keeps the preset's order, so a preset that would put them in
    another order is not used."""
    best, best_size = dict(full), _size(full)
    for name, preset in presets.items():
        over = difference(full, preset)
        if over is None:
            continue
        over = {} if over is _MISSING else over
        if not _identical(merge(preset, over), full, ordered):  # merged otherwise (lists replaced, keys reordered)
            continue
        size = 1 + _size(over)
        if size < best_size:
            best, best_size = {"preset": name, **over}, size
    return best
