"""Reading an example's ``setup:`` into a state, with plain errors for anything that cannot be.

Keys (all documented in the chapter's Notation page)::

    players:                 # in seat order; a list of names, or a mapping name -> details
      red: {buses: 2, line: 13-14-20}
      blue: {colour: blue, line: [20, 21]}
    spaces: [red, blue]      # who holds Line Expansion spaces A, B, ...
    buys_bus: red            # who holds the Buses action, carried out after Line Expansion
    phase: setup             # setup | line-expansion | free (see state.py)
"""
from __future__ import annotations

from rulewright.game.refusal import InputError, did_you_mean, lookup
from engine.games.bus import turns
from engine.games.bus.board import Board, street, street_name
from engine.games.bus.line import Line
from engine.games.bus.state import COLOURS, MAX_BUSES, MAX_PLAYERS, Player, State

SETUP_KEYS = ("players", "spaces", "phase", "buys_bus")
PLAYER_KEYS = ("colour", "buses", "line")
SETUP_PHASES = ("setup", "line-expansion", "free")


def check_keys(given: dict, known: tuple, where: str) -> None:
    for key in given:
        if key not in known:
            raise InputError(f"{where} has no key {key!r}. {did_you_mean(key, known)} "
                             f"The keys are: {', '.join(known)}.", None if where == "setup" else where)


def read_setup(board: Board, setup: dict, settings: dict) -> State:
    check_keys(setup, SETUP_KEYS, "setup")
    players = read_players(board, setup.get("players"))
    state = State(board, settings, players)
    state.spaces = [lookup("player", str(p), players, "spaces") for p in as_list(setup.get("spaces"), "spaces")]
    state.spaces = [p.name for p in state.spaces]
    if setup.get("buys_bus") is not None:
        if not state.spaces:
            raise InputError("'buys_bus' names who buys a bus after Line Expansion, so the setup also needs "
                             "'spaces:', the players holding the Line Expansion spaces.", "buys_bus")
        state.buys_bus = lookup("player", str(setup["buys_bus"]), players, "buys_bus").name
    phase = setup.get("phase", "line-expansion" if state.spaces else "free")
    if phase not in SETUP_PHASES:
        raise InputError(f"'phase: {phase}' is not understood. {did_you_mean(phase, SETUP_PHASES)} "
                         "Use 'setup' to start with the setup placements, 'line-expansion' to resolve the "
                         "Line Expansion spaces, or 'free' to let anyone add streets.", "phase")
    if phase == "setup":
        if any(p.line.route for p in players.values()):
            raise InputError("With 'phase: setup' every line starts empty; remove the players' 'line' keys.",
                             "phase")
        turns.begin_setup(state)
    elif phase == "line-expansion":
        if not state.spaces:
            raise InputError("'phase: line-expansion' needs 'spaces:', the players holding spaces A, B, ... "
                             "in order, for example 'spaces: [red, blue]'.", "phase")
        for name in state.spaces:
            if not players[name].line.route:
                raise InputError(f"{name} holds a Line Expansion space but has no line; give {name} a "
                                 "'line:' (at least one street).", f"players.{name}.line")
        turns.begin_line_expansion(state)
    else:
        state.phase = "free"
    return state


def as_list(value, where: str) -> list:
    if value is None:
        return []
    if isinstance(value, (str, int)):
        return str(value).replace(",", " ").split()
    if isinstance(value, list):
        return value
    raise InputError(f"'{where}' must be a list, for example [red, blue].", where)


def read_players(board: Board, given) -> dict[str, Player]:
    if isinstance(given, list):
        given = {str(name): {} for name in given}
    if not isinstance(given, dict) or not given:
        raise InputError("The setup needs 'players:', a mapping of each player's name to their details "
                         "(for example 'players: {red: {line: 13-14}, blue: {}}').", "players")
    if len(given) > MAX_PLAYERS:
        raise InputError(f"Bus is played by at most {MAX_PLAYERS} players; the setup names {len(given)}.",
                         "players")
    unused = [c for c in COLOURS if c not in given]
    players = {}
    for name, details in given.items():
        name, details = str(name), details or {}
        where = f"players.{name}"
        if not isinstance(details, dict):
            raise InputError(f"{name}'s details must be a mapping, for example {{buses: 2, line: 13-14}}.", where)
        check_keys(details, PLAYER_KEYS, where)
        colour = details.get("colour", name if name in COLOURS else None)
        if colour is None:
            colour = unused.pop(0)
        if colour not in COLOURS:
            raise InputError(f"{colour!r} is not a player colour. {did_you_mean(colour, COLOURS)}", where + ".colour")
        buses = details.get("buses", 1)
        if not isinstance(buses, int) or not 1 <= buses <= MAX_BUSES:
            raise InputError(f"{name}'s buses must be a whole number from 1 to {MAX_BUSES}.", where + ".buses")
        players[name] = Player(name, colour, buses, read_line(board, details.get("line"), where + ".line"))
    return players


def read_line(board: Board, given, where: str) -> Line:
    """A line written as its route: the crossings from one end to the other, as ``13-14-20`` or
    ``[13, 14, 20]``. A closed circle starts and ends on the crossing holding both ends."""
    if given is None:
        return Line()
    parts = str(given).split("-") if isinstance(given, (str, int)) else given
    if not isinstance(parts, list) or len(parts) < 2:
        raise InputError("A line is written as the crossings it passes from one end to the other, at least two, "
                         "for example 13-14-20 or [13, 14, 20].", where)
    route = [board.crossing(p, where) for p in parts]
    seen = set()
    for a, b in zip(route, route[1:]):
        board.joined(a, b, where)
        if street(a, b) in seen:
            raise InputError(f"The line uses street {street_name(street(a, b))} twice; a line uses each street once.",
                             where)
        seen.add(street(a, b))
    return Line(route)
