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

import re
from typing import Any

from rulewright.book.phrases import TRUTH, words
from rulewright.game import hidden_marker, is_hidden
from rulewright.game.interface import hidden_owner as hidden_owner_patterns
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


def unseen(scenario, game, state, path: str, viewer: str | None, revealing: bool = True,
           setup_place: tuple[str, str | None] | None = None) -> tuple[bool, str | None]:
    """Whether the value at ``path`` is hidden from ``viewer`` (``None``: the whole table) at
    ``state``, and whose it is. Not hidden: a path no ``hidden`` pattern covers, the viewer's own,
    one the game's view for the viewer shows (a card turned face up), or, when ``revealing``, one
    the example says it reveals (``:reveals:``). ``setup_place``: the view path and owner a setup's
    place stands for (``setup_places``), when its own path is not the view's."""
    place, owner = setup_place if setup_place is not None else hidden_place(game, path)
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


def walk(value: Any, game, told, path: str = "", places=None) -> Any:
    """``value`` (a setup, say) with each value at a hidden path replaced by ``told(path, value)``:
    a path of the game's ``hidden``, or one of ``places`` (``setup_places``)."""
    if path and (hidden_place(game, path)[0] == path or path in (places or {})):
        return told(path, value)
    if isinstance(value, dict):
        return {k: walk(v, game, told, f"{path}.{k}" if path else str(k), places) for k, v in value.items()}
    return value


def setup_places(game, setup: dict, before) -> dict[str, tuple[str, str | None]]:
    """The places of a setup that hold something hidden although its keys are not the view's
    (``hands: {ann: [...]}`` for a view's ``players.ann.hand``): each setup path with the view path
    it stands for (or itself) and its owner. Found from the game's ``hidden_setup`` patterns, and by
    value: a non-empty list that the position set up (``before``) holds, in any order, at one of
    the view's hidden paths. (Over-hiding is the safe side: a public list equal to a hand is rare.)"""
    declared = tuple(getattr(game, "hidden_setup", ()) or ())
    if not getattr(game, "hidden", ()) and not declared:
        return {}
    secrets: dict[tuple, tuple[str, str | None]] = {}
    if before is not None:
        try:
            truth = game.view(before)
        except Exception:  # a view the engine cannot give: only the declared places
            truth = None
        for place, value in _paths(truth):
            found, owner = hidden_owner_of(game, place)
            if found and isinstance(value, list) and value:
                secrets.setdefault(_bag(value), (place, owner))
    places = {}
    for place, value in _paths(setup):
        if hidden_place(game, place)[0] is not None:
            continue  # the view's own path: walk finds it
        if isinstance(value, list) and value and _bag(value) in secrets:
            places[place] = secrets[_bag(value)]
            continue
        found, owner = hidden_owner_patterns(declared, place)
        if found:
            places[place] = (place, owner)
    return places


def hidden_owner_of(game, path: str):
    return hidden_owner_patterns(tuple(getattr(game, "hidden", ()) or ()), path)


def _bag(value: list) -> tuple:
    return tuple(sorted(map(repr, value)))


def _paths(value: Any, path: str = ""):
    """Each dotted path of a nested mapping and its value (the mappings themselves too)."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, f"{path}.{key}" if path else str(key))


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


def secret_values(game, state, reader: str | None, scenario=None) -> dict[str, str]:
    """Each value (as text) that ``state`` holds at a place hidden from ``reader`` (``None``: the
    whole table) and that the reader's view shows nowhere, with the place holding it: what no
    line, picture or sentence told as that reader may print. (A value the reader also sees
    elsewhere, a 5 in the row as well as in Bob's hand, is no secret to print.)"""
    if not getattr(game, "hidden", ()) or state is None:
        return {}
    try:
        truth, seen = game.view(state), set(_scalars(game.view_for(state, reader), keys=True))
    except Exception:  # a view the engine cannot give: nothing found, as the view's own checks say
        return {}
    found: dict[str, str] = {}
    for place, value in _paths(truth):
        if hidden_place(game, place)[0] != place:
            continue
        if not unseen(scenario, game, state, place, reader, revealing=scenario is not None)[0]:
            continue
        for item in _scalars(value):
            if item not in seen:
                found.setdefault(item, place)
    return found


def _scalars(value: Any, keys: bool = False):
    """Each plain value in ``value`` as text (in its lists and mappings; a mapping's keys too with
    ``keys``), leaving out hidden markers (their counts say nothing of what is hidden)."""
    if is_hidden(value) or value is None or isinstance(value, bool):
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            if keys:
                yield str(key)
            yield from _scalars(inner, keys)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for inner in value:
            yield from _scalars(inner, keys)
    else:
        yield str(value)


def secret_moves(run, reader: str | None, scenario=None) -> list[str | None]:
    """For each move of ``run``, the first value its notation names that ``reader`` cannot know
    (a card laid face down, passed or discarded: one the actor held hidden and that the reader's
    view of the position after the move still does not show), or None. A move is never secret
    to its own actor."""
    out: list[str | None] = []
    state = run.before
    for step in run.steps:
        after = step.state if step.state is not None else state
        secret = None
        if step.actor is None or step.actor != reader:
            hidden_before = secret_values(run.game, state, reader, scenario)
            if hidden_before:
                try:
                    shown_after = set(_scalars(run.game.view_for(after, reader), keys=True))
                except Exception:
                    shown_after = set()
                secret = next((word for word in words_of(step.text)
                               if word in hidden_before and word not in shown_after), None)
        out.append(secret)
        state = after
    return out


def words_of(text: str) -> list[str]:
    """The words of a move's notation or a sentence, without the punctuation around them."""
    return [word.rstrip(".!?'’\"") for word in re.split(r"[\s,;:()\[\]{}]+", str(text)) if word.rstrip(".!?'’\"")]


def shown_in_picture(code: str, secrets: dict[str, str]) -> str | None:
    """The first of ``secrets`` (``secret_values``) that the DOT source ``code`` prints as a label:
    a whole cell or label, or a word of one (a number only as a whole cell or label, so that "2
    cards" does not read as the card 2)."""
    texts = re.findall(r">([^<>]*)<", code) + re.findall(
        r'\b(?:label|xlabel|headlabel|taillabel|tooltip)\s*=\s*"((?:[^"\\]|\\.)*)"', code)
    for text in texts:
        text = text.replace("&#160;", " ").replace("&nbsp;", " ").strip()
        if text in secrets:
            return text
        for word in words_of(text):
            if word in secrets and not word.isdigit() and len(word) > 1:
                return word
    return None
