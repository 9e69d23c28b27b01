"""Which values an example would print that its reader may not see, and how each edition says them.

The player's edition prints what the example's reader could know at the table: told as a player
(``:as: ann``), what Ann sees; told for nobody in particular, what every player sees. A value at
one of the game's ``hidden`` paths (a hand, the deck, a card set aside) is printed as unseen ("3
unseen") unless the game's own view shows it there (``view_for``: the set-aside card turned face
up at the end) or the example says its text is about revealing it (``:reveals: players.bob.hand``,
``:reveals: everything``). The designer's edition prints the truth, each value the table cannot
see marked as hidden and whose it is ("2, 5 and 7 (hidden: only ann sees it)").

The rendering decides this for every value it prints, so the player's edition cannot print a
hidden value by mistake; no build check is needed on top (see the authoring guide's "Modelling
hidden information").
"""
from __future__ import annotations

from typing import Any

from rulewright.book.phrases import TRUTH, words
from rulewright.game import hidden_marker, is_hidden
from rulewright.game.interface import hidden_part


def hidden_place(game, path: str) -> tuple[str | None, str | None]:
    """The part of ``path`` under one of the game's ``hidden`` paths, and its owner (``hidden_part``)."""
    return hidden_part(tuple(getattr(game, "hidden", ()) or ()), path)


def _shown(view: Any, place: str) -> bool:
    """Whether ``view`` holds a value at ``place`` that is not a hidden marker."""
    node = view
    for part in place.split("."):
        if is_hidden(node):
            return False
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return not is_hidden(node)


def unseen(scenario, game, state, path: str, viewer: str | None, revealing: bool = True) -> tuple[bool, str | None]:
    """Whether the value at ``path`` is hidden from ``viewer`` (``None``: the whole table) at
    ``state``, and whose it is. Not hidden: a path no ``hidden`` pattern covers, the viewer's own,
    one the game's view for the viewer shows (a card turned face up), or, when ``revealing``, one
    the example says it reveals (``:reveals:``)."""
    place, owner = hidden_place(game, path)
    if place is None or (owner is not None and owner == viewer):
        return False, owner
    if revealing and (scenario.reveals_path(place) or scenario.reveals_path(str(path))):
        return False, owner
    if state is not None:
        try:
            if _shown(game.view_for(state, viewer), place):
                return False, owner
        except Exception:  # a view the engine cannot give is no reason to print a secret
            pass
    return True, owner


def nothing_there(value) -> bool:
    """Whether a hidden place holds nothing (no card: ``None``; an empty hand or bag): nothing is
    hidden there, and both editions say so as it is."""
    return value in ([], {}, None)


def mark(owner: str | None) -> str:
    """The designer's mark on a value the table cannot see."""
    return f"hidden: only {owner} sees it" if owner else "hidden: nobody sees it"


def mark_seen(seen_by: tuple[str, ...]) -> str:
    """The designer's mark on an event only some players see the details of."""
    return mark(seen_by[0]) if len(seen_by) == 1 else (
        f"hidden: only {words(list(seen_by))} see it" if seen_by else mark(None))


def unseen_words(value: Any) -> Any:
    """A hidden marker (``{"hidden": 3}``) in words: "3 unseen", "unseen", "none"; a mapping of
    them, each in words."""
    if is_hidden(value):
        return words(value)
    if isinstance(value, dict):
        return {k: unseen_words(v) for k, v in value.items()}
    return value


def hidden_words(value: Any) -> str:
    """What a reader who may not see ``value`` is told instead: "3 unseen", "unseen", "none" (a
    bag of counts, ``{short: 10, long: 5}``, holds 15: ``hidden_marker``)."""
    return unseen_words(hidden_marker(value))


def walk(value: Any, game, told, path: str = "") -> Any:
    """``value`` (a setup, say) with each value at a hidden path replaced by ``told(path, value)``."""
    if path and hidden_place(game, path)[0] == path:
        return told(path, value)
    if isinstance(value, dict):
        return {k: walk(v, game, told, f"{path}.{k}" if path else str(k)) for k, v in value.items()}
    return value


def reader_of(scenario, game, designer: bool):
    """Who an example's moves are narrated for: everything (``TRUTH``) in the designer's edition, in
    a game with nothing hidden, or where the example says it reveals everything; otherwise its
    ``:as:`` player, or the whole table (None)."""
    if designer or not getattr(game, "hidden", ()) or "everything" in scenario.reveals:
        return TRUTH
    return scenario.viewer


def state_at(run, step: int | None):
    """The state a check read: after the moves (``step`` ``None``), or at its ``- expect:`` item."""
    if step is None:
        return run.after
    for checkpoint in run.checkpoints:
        if (checkpoint.after.index if checkpoint.after is not None else 0) == step:
            return checkpoint.state
    return run.before if step == 0 else run.after
