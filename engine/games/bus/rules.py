"""Where a line may grow: the street-by-street rules of Line Expansion.

``allowed(state, player, frm, to)`` says whether ``player`` may add the street from the end at
``frm`` to the crossing ``to``, and by which rule; it raises ``Refusal`` citing the rule that
forbids it. ``legal_streets`` lists every street ``allowed`` accepts. The rules, in the order
they are checked:

1. A street is added at one of the line's two ends (``bus.expand.from-an-end``).
2. Never on a street the player's own line already uses (``bus.expand.own-street``).
3. An empty street is always fine (``bus.expand.empty-street``).
4. A street holding other lines is fine only by one of two exceptions:
   head to head (``bus.expand.head-to-head``): every line on it ends at ``frm`` by this street
   (which streets a line ends by depends only on its streets and ends, read by the setting
   ``end_street``: see ``Line.end_streets_at``);
   blocked end (``bus.expand.blocked-end``): no street at ``frm`` is empty.
"""
from __future__ import annotations

from rulewright.game import Refusal
from engine.games.bus.board import street, street_name
from engine.games.bus.state import State

EMPTY, HEAD_TO_HEAD, BLOCKED_END = "empty", "head-to-head", "blocked-end"


def names(players: list[str]) -> str:
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def allowed(state: State, player: str, frm: int, to: int, occupancy: dict | None = None) -> str:
    """How the street ``frm``-``to`` may be added to ``player``'s line (``EMPTY``, ``HEAD_TO_HEAD``
    or ``BLOCKED_END``); raises ``Refusal`` when no rule allows it."""
    line = state.players[player].line
    occupancy = state.occupancy() if occupancy is None else occupancy
    s = street(frm, to)
    if frm not in line.ends:
        hint = (f" Streets are written from the end they leave: to build it from the end at {to}, "
                f"write {to}-{frm}.") if to in line.ends else ""
        raise Refusal("bus.expand.from-an-end",
                      f"{player}'s line ends at {' and '.join(map(str, sorted(set(line.ends))))}, not at {frm}; "
                      f"a line only grows from one of its two ends.{hint}")
    if line.has(s):
        raise Refusal("bus.expand.own-street",
                      f"{player}'s line already runs along {street_name(s)}; a line never uses a street twice, "
                      "so it can neither back up nor run beside itself.")
    others = [p for p in occupancy.get(s, []) if p != player]
    if not others:
        return EMPTY
    reading = state.settings["end_street"]
    if all(s in state.players[o].line.end_streets_at(frm, reading) for o in others):
        return HEAD_TO_HEAD
    empty = [f"{frm}-{n}" for n in state.board.neighbours[frm] if street(frm, n) not in occupancy]
    if not empty:
        if state.settings["parallel_when_blocked"] == "all-ends" and not all_ends_blocked(state, player, occupancy):
            raise Refusal("bus.expand.blocked-end",
                          f"{street_name(s)} already carries {names(others)}'s line. The end at {frm} is blocked, "
                          "but as the rules are read here a line may only run beside another when every one "
                          "of its ends is blocked, and its other end still has an empty street.")
        return BLOCKED_END
    if any(s in state.players[o].line.end_streets_at(frm, reading) for o in others):
        raise Refusal("bus.expand.head-to-head",
                      f"{street_name(s)} carries {names(others)}'s lines, and not all of them end at {frm} "
                      f"along it; running beside lines head to head needs every one of them to end there.")
    raise Refusal("bus.expand.empty-street",
                  f"{street_name(s)} already carries {names(others)}'s line, which does not end at {frm} along "
                  f"it, and the end at {frm} still has an empty street ({', '.join(empty)}); a line may run beside "
                  "another only head to head or when its end has no empty street.")


def all_ends_blocked(state: State, player: str, occupancy: dict) -> bool:
    return all(all(n in occupancy for n in state.board.streets_at(end)) for end in state.players[player].line.ends)


def legal_streets(state: State, player: str) -> list[tuple[int, int]]:
    """Every (from, to) the rules allow ``player`` to add now, sorted by end and then crossing."""
    line = state.players[player].line
    occupancy = state.occupancy()
    found = []
    for end in sorted(set(line.ends)):
        for to in state.board.neighbours[end]:
            try:
                allowed(state, player, end, to, occupancy)
            except Refusal:
                continue
            found.append((end, to))
    return found
