"""What a run's moves changed: every place in the game's view whose value differs between two
states, as the dotted paths an ``expect:`` names (``rulewright run --changes``, and the
expectations of an example cut out of play)."""
from __future__ import annotations

from typing import Any

from rulewright.game.values import written

ABSENT = object()  # a place on one side only
TABLE = object()   # a value on one side, a table of places on the other


def changes(game, before: Any, after: Any) -> dict[tuple, tuple[Any, Any]]:
    """``{path: (value before, value after)}`` for every place whose value the moves changed, a
    path being the tuple of its parts; ``ABSENT`` stands for a place not there, ``TABLE`` for a
    table whose entries are listed."""
    first, second = places(game.view(before)), places(game.view(after))

    def side(values: dict, path: tuple) -> Any:
        if path in values:
            return values[path]
        if any(other[:len(path)] == path for other in values):
            return TABLE
        return ABSENT

    out = {}
    for path in sorted(set(first) | set(second), key=lambda p: tuple(map(str, p))):
        old, new = side(first, path), side(second, path)
        if old is ABSENT or old is TABLE or new is ABSENT or new is TABLE or old != new:
            out[path] = (old, new)
    return out


def changes_text(result) -> str:
    """Every place in the state whose value the moves changed, before and after, as paths an
    ``expect:`` can name."""
    def shown(value: Any) -> str:
        return "(not there)" if value is ABSENT else "(a table: its entries are listed here)" if value is TABLE \
            else written(value)

    run = result.run
    lines = [f"    {'.'.join(map(str, path))}: {shown(old)} -> {shown(new)}" for path, (old, new) in
             changes(run.game, run.before, run.after).items()]
    head = f"  What the moves changed ({len(lines)} place{'s' if len(lines) != 1 else ''}):"
    return "\n".join([head] + lines) if lines else "  The moves changed nothing in the state."


def places(view: Any, prefix: tuple = ()) -> dict[tuple, Any]:
    """The view as ``{path: value}``; lists of plain values stay whole, as one would expect them."""
    out: dict[tuple, Any] = {}
    if isinstance(view, dict):  # an empty mapping has no places; what fills it shows as new places
        for key, value in view.items():
            out.update(places(value, prefix + (key,)))
    elif isinstance(view, (list, tuple)) and any(isinstance(v, (dict, list, tuple)) for v in view):
        for index, value in enumerate(view):
            out.update(places(value, prefix + (index,)))
    else:
        out[prefix] = list(view) if isinstance(view, tuple) else view
    return out

