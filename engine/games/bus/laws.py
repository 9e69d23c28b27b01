"""What Bus conserves: the laws ``Game.invariants`` checks after every move of random play.

A marker goes on the board only as a setup placement or as one of the streets a Line Expansion
space gives, and never comes off; a bus arrives only through the round's Buses action, after Line
Expansion. So, against what the position held when it was set up (``ledger``, kept in the state):

- each line is one path, a street at a time, never a street twice (``bus.line.trail``);
- a player's markers on the board plus the streets still owed to them by the setup rounds and the
  Line Expansion spaces never grow, and the markers never shrink (``bus.expansion.count``): a
  street nobody was owed is a street from nothing, and a line that gets stuck only loses what it
  was owed (``bus.expansion.stuck``);
- buses stay from 1 to 5, and only the holder of the Buses action gains one, once Line Expansion is
  over (``bus.expansion.count``);
- whose turn it is agrees with the lines: in the setup rounds, who has placed
  (``bus.setup.first-marker``, ``bus.setup.second-marker``); in Line Expansion, the space carried
  out has streets left to add and a line that can take them (``bus.expansion.stuck``).
"""
from __future__ import annotations

from rulewright.game import Violation
from engine.games.bus.line import is_single_trail
from engine.games.bus.rules import legal_streets
from engine.games.bus.state import MAX_BUSES, State
from engine.games.bus.turns import space_letter, streets_for_space


def owed(state: State, name: str) -> int | None:
    """The streets the turn order still gives ``name``: setup placements to come and Line Expansion
    streets (the resolving space's streets left, the full number of each space after it); ``None``
    when there is no turn order (``free``), so no limit."""
    if state.phase == "free":
        return None
    setup = 0
    if state.phase in ("first-markers", "second-markers"):
        setup = int(name in state.queue) + int(state.phase == "first-markers")
    later = range(len(state.spaces)) if state.phase in ("first-markers", "second-markers") else \
        range(state.resolving) if state.phase == "line-expansion" else range(0)
    spaces = sum(max(0, streets_for_space(state, i)) for i in later if state.spaces[i] == name)
    if state.phase == "line-expansion" and state.spaces[state.resolving] == name:
        spaces += state.streets_left
    return setup + spaces


def ledger(state: State) -> dict:
    """What the laws compare with later: read from the position as it was set up."""
    return {"phase": state.phase,
            "markers": {name: len(p.line.streets) for name, p in state.players.items()},
            "owed": {name: owed(state, name) for name in state.players},
            "buses": {name: p.buses for name, p in state.players.items()}}


def violations(state: State) -> list[Violation]:
    before = state.at_setup or ledger(state)
    found = [_trail(state, name) for name in state.players]
    for name, player in state.players.items():
        found += _markers(state, before, name) + _buses(state, before, name)
    for name, done, expected in setup_round_breaches(state):
        markers = len(state.players[name].line.streets)
        found.append(Violation(
            f"In the {state.phase.replace('-', ' ')} round {name} has {markers} marker{'' if markers == 1 else 's'} but, "
            f"{'having had' if done else 'waiting for'} their turn, should have {' or '.join(map(str, expected))}.",
            "bus.setup.first-marker" if state.phase == "first-markers" else "bus.setup.second-marker"))
    found += _resolving(state)
    return [v for v in found if v]


def _trail(state: State, name: str) -> Violation | None:
    line = state.players[name].line
    streets, route = line.streets, line.route
    joined = all(b in state.board.neighbours[a] for a, b in zip(route, route[1:]))
    if len(route) == 1 or not joined or len(streets) != len(set(streets)) or \
            streets and not is_single_trail(streets, line.ends):
        return Violation(f"{name}'s line {'-'.join(map(str, route))} is not one path of streets from one end to "
                         "the other, each street used once.", "bus.line.trail")
    return None


def _markers(state: State, before: dict, name: str) -> list[Violation]:
    found = []
    markers, was = len(state.players[name].line.streets), before["markers"].get(name, 0)
    if markers < was:
        found.append(Violation(f"{name} has {markers} markers on the board but had {was} when the game was set "
                               "up; a marker, once placed, stays.", "bus.expansion.count"))
    now, then = owed(state, name), before["owed"].get(name)
    if now is not None and then is not None and markers + now > was + then:
        found.append(Violation(
            f"{name} has {markers} markers on the board and is owed {now} more street{'' if now == 1 else 's'}, {markers + now} in all, "
            f"but had {was} and was owed {then} when the game was set up: a street was added that no setup "
            "placement or Line Expansion space gave.", "bus.expansion.count"))
    return found


def _buses(state: State, before: dict, name: str) -> list[Violation]:
    buses, was = state.players[name].buses, before["buses"].get(name, state.players[name].buses)
    bought = int(name == state.buys_bus and state.phase == "over" and before["phase"] != "over")
    if not 1 <= buses <= MAX_BUSES:
        return [Violation(f"{name} owns {buses} buses; a player owns from 1 to {MAX_BUSES}.", "bus.expansion.count")]
    if not was <= buses <= was + bought:
        gain = "no bus" if not bought else "at most one bus, through the Buses action after Line Expansion"
        return [Violation(f"{name} owns {buses} buses but owned {was} when the game was set up, and could gain "
                          f"{gain}.", "bus.expansion.count")]
    return []


def setup_round_breaches(state: State) -> list[tuple[str, bool, tuple[int, ...]]]:
    """In a setup round, each player whose markers do not fit whose turn it is: (name, whether their
    turn has come and gone, the markers they should have)."""
    if state.phase not in ("first-markers", "second-markers"):
        return []
    first = state.phase == "first-markers"
    breaches = []
    for name, player in state.players.items():
        done = name not in state.queue
        expected = ((1,) if done else (0,)) if first else ((1, 2) if done else (1,))
        if len(player.line.streets) not in expected:
            breaches.append((name, done, expected))
    return breaches


def _resolving(state: State) -> list[Violation]:
    if state.phase != "line-expansion":
        return []
    letter, name = space_letter(state.resolving), state.spaces[state.resolving]
    if not 1 <= state.streets_left <= state.counts.get(state.resolving, 0):
        return [Violation(f"Space {letter} is being carried out with {state.streets_left} street{'' if state.streets_left == 1 else 's'} left of the "
                          f"{state.counts.get(state.resolving)} it gives.", "bus.expansion.count")]
    if not legal_streets(state, name):
        return [Violation(f"Space {letter} is being carried out, but {name}'s line has nowhere to go: the game "
                          "should have moved on.", "bus.expansion.stuck")]
    return []
