"""Whose turn it is: the setup placements and the Line Expansion action's spaces.

Setup: in seat order each player places a first marker anywhere; then, in reverse seat order,
each adds a second street at an end of the first.

Line Expansion: players hold spaces A, B, C, ... The space at position ``i`` (A is 0) adds
M - i streets, where M is the largest number of buses any player owns, read as the space starts
to resolve. Spaces resolve from the last one back to A, so A goes last. A space with nothing to
add (zero or less) is skipped, and so is the rest of a turn when the line has no legal street.
The round's Buses action comes next: a bus bought this round arrives only then.
"""
from __future__ import annotations

from rulewright.game import Event
from engine.games.bus.rules import legal_streets
from engine.games.bus.state import MAX_BUSES, State


def space_letter(index: int) -> str:
    return chr(ord("A") + index)


def streets_for_space(state: State, index: int) -> int:
    count = state.most_buses() - index
    if state.settings["five_player_extra_street"] and len(state.players) == 5:
        count += 1
    return count


def whose_turn(state: State) -> str | None:
    if state.phase in ("first-markers", "second-markers"):
        return state.queue[0]
    if state.phase == "line-expansion":
        return state.spaces[state.resolving]
    return None


def begin_setup(state: State) -> None:
    state.phase = "first-markers"
    state.queue = list(state.players)


def after_placement(state: State) -> list[Event]:
    """Move the setup on after a player placed a marker (first or second)."""
    state.queue.pop(0)
    events: list[Event] = []
    if state.phase == "second-markers":
        while state.queue and not legal_streets(state, state.queue[0]):
            events.append(Event("line-stuck", {"player": state.queue.pop(0)}))
    if state.queue:
        return events
    if state.phase == "first-markers":
        state.phase = "second-markers"
        state.queue = list(reversed(state.players))
        return events + [Event("first-markers-placed")]
    events.append(Event("setup-done"))
    if state.spaces:
        return events + begin_line_expansion(state)
    state.phase = "free"
    return events


def begin_line_expansion(state: State) -> list[Event]:
    state.phase = "line-expansion"
    return resolve_from(state, len(state.spaces) - 1)


def resolve_from(state: State, index: int) -> list[Event]:
    """Start the space at ``index``, skipping spaces with nothing to add or no legal street."""
    events: list[Event] = []
    for i in range(index, -1, -1):
        player, count = state.spaces[i], streets_for_space(state, i)
        state.counts[i] = count
        info = {"space": space_letter(i), "player": player, "streets": count}
        if count <= 0:
            events.append(Event("space-wasted", info))
            state.skipped.append(i)
            continue
        events.append(Event("space-resolves", info))
        if not legal_streets(state, player):
            events.append(Event("line-stuck", {"player": player, "streets lost": count}))
            state.skipped.append(i)
            continue
        state.resolving, state.streets_left = i, count
        return events
    state.phase, state.resolving, state.streets_left = "over", None, 0
    return events + [Event("line-expansion-over")] + buses_action(state)


def buses_action(state: State) -> list[Event]:
    """The Buses action, carried out right after Line Expansion: its holder gets one more bus
    (none beyond the fifth)."""
    buyer = state.players.get(state.buys_bus) if state.buys_bus else None
    if buyer is None or buyer.buses >= MAX_BUSES:
        return []
    buyer.buses += 1
    return [Event("bus-bought", {"player": buyer.name, "buses": buyer.buses})]


def after_expansion_street(state: State) -> list[Event]:
    """Count down the resolving space's streets; move to the next space when it is done."""
    state.streets_left -= 1
    player = state.spaces[state.resolving]
    if state.streets_left and legal_streets(state, player):
        return []
    events = [Event("line-stuck", {"player": player, "streets lost": state.streets_left})] if state.streets_left else []
    return events + resolve_from(state, state.resolving - 1)
