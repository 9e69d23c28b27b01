"""Reading an example's ``setup:`` into a state, with plain errors for anything that cannot be.

Keys (all documented in the chapter's Notation page)::

    players:                 # in seat order; a list of names, or a mapping name -> details
      red: {buses: 2, line: 13-14-20}
      blue: {colour: blue, line: [20, 21]}
    spaces: [red, blue]      # who holds Line Expansion spaces A, B, ...
    buys_bus: red            # who holds the Buses action, carried out after Line Expansion
    phase: setup             # setup | first-markers | second-markers | line-expansion | free | over
    turn: blue               # in the setup rounds: who places or adds the next marker
    resolving: B             # in Line Expansion: the space being carried out now ...
    streets_left: 1          # ... and how many streets it still has to add
    skipped: [C]             # spaces already carried out that added nothing
    counts: {C: 0}           # what spaces already carried out got, where M has changed since

The keys from ``turn`` on write down a position reached in play (``Game.setup_of``).
"""
from __future__ import annotations

from rulewright.game.refusal import InputError, did_you_mean, lookup
from engine.games.bus import laws, turns
from engine.games.bus.board import Board, street, street_name
from engine.games.bus.line import Line
from engine.games.bus.state import COLOURS, MAX_BUSES, MAX_PLAYERS, Player, State

SETUP_KEYS = ("players", "spaces", "phase", "buys_bus", "turn", "resolving", "streets_left", "skipped", "counts")
PLAYER_KEYS = ("colour", "buses", "line")
SETUP_PHASES = ("setup", "first-markers", "second-markers", "line-expansion", "free", "over")
# Keys that only say something in some phases: the phases, in words for the message.
PHASE_KEYS = {"turn": (("first-markers", "second-markers"), "in a setup round, 'phase: first-markers' or "
                                                            "'phase: second-markers'"),
              "resolving": (("line-expansion",), "while Line Expansion is carried out, 'phase: line-expansion'"),
              "streets_left": (("line-expansion",), "while Line Expansion is carried out, 'phase: line-expansion'"),
              "skipped": (("line-expansion", "over"), "with 'phase: line-expansion' or 'phase: over'"),
              "counts": (("line-expansion", "over"), "with 'phase: line-expansion' or 'phase: over'")}


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
    for key, (phases, when) in PHASE_KEYS.items():
        if setup.get(key) is not None and phase not in phases:
            raise InputError(f"'{key}' says something only {when}; this setup's phase is {phase}.", key)
    if phase in ("first-markers", "second-markers"):
        read_setup_round(state, phase, setup.get("turn"))
    elif phase in ("line-expansion", "over"):
        if not state.spaces:
            raise InputError(f"'phase: {phase}' needs 'spaces:', the players holding spaces A, B, ... "
                             "in order, for example 'spaces: [red, blue]'.", "phase")
        read_expansion(state, phase, setup)
    elif phase == "setup":
        if any(p.line.route for p in players.values()):
            raise InputError("With 'phase: setup' every line starts empty; remove the players' 'line' keys.",
                             "phase")
        turns.begin_setup(state)
    else:
        state.phase = "free"
    return state


def read_setup_round(state: State, phase: str, turn) -> None:
    """A position part-way through a setup round: who has placed, and whose turn it is."""
    order = list(state.players) if phase == "first-markers" else list(reversed(state.players))
    waiting = 0 if phase == "first-markers" else 1  # the markers of a player whose turn is still to come
    if turn is None:
        turn = next((name for name in order if len(state.players[name].line.streets) == waiting), None)
        if turn is None:
            raise InputError("Every player has had their turn in this setup round; give 'turn:' or another "
                             "'phase:'.", "phase")
    turn = lookup("player", str(turn), state.players, "turn").name
    state.phase, state.queue = phase, order[order.index(turn):]
    for name, done, expected in laws.setup_round_breaches(state):
        markers = len(state.players[name].line.streets)
        has = "no line" if not markers else f"a line of {markers} street(s)"
        raise InputError(f"In the {phase.replace('-', ' ')} round with {turn} to play, {name} "
                         f"{'has had' if done else 'has yet to have'} their turn and so has "
                         f"{' or '.join(map(str, expected))} street(s), but the setup gives {name} {has}.",
                         f"players.{name}.line")


def read_expansion(state: State, phase: str, setup: dict) -> None:
    """A position part-way through Line Expansion (or after it): the space carried out now and the
    streets it has left, the spaces that added nothing, and what the spaces done got."""
    spaces = state.spaces
    letters = [turns.space_letter(i) for i in range(len(spaces))]

    def space(letter, where: str) -> int:
        if str(letter) not in letters:
            raise InputError(f"There is no space {letter!r}: the spaces are {', '.join(letters)} "
                             "(one for each player in 'spaces:').", where)
        return letters.index(str(letter))

    resolving = len(spaces) - 1 if phase == "line-expansion" else -1
    if setup.get("resolving") is not None:
        resolving = space(setup["resolving"], "resolving")
    carried = letters[resolving + 1:]
    done = " to ".join(carried[::len(carried) - 1]) if len(carried) > 2 else " and ".join(carried) or None
    for key in ("skipped", "counts"):
        given = setup.get(key) or ({} if key == "counts" else [])
        if key == "counts" and not isinstance(given, dict):
            raise InputError("'counts' gives the streets each space got as it was carried out, by letter: "
                             "{A: 2, B: 1}.", key)
        for letter in (as_list(given, key) if key == "skipped" else given):
            index = space(letter, f"{key}.{letter}" if key == "counts" else key)
            if index <= resolving:
                raise InputError(f"Space {letter} has not been carried out yet"
                                 f"{f' (only {done} ' + ('has' if len(carried) == 1 else 'have') + ')' if done else ''}, so it can be neither skipped nor "
                                 f"counted.", key)
            if key == "counts":
                if not isinstance(given[letter], int) or isinstance(given[letter], bool):
                    raise InputError(f"The streets space {letter} got must be a whole number.", f"counts.{letter}")
                state.counts[index] = given[letter]
            elif index not in state.skipped:
                state.skipped.append(index)
    state.skipped.sort(reverse=True)  # in the order the spaces were carried out
    for index in range(resolving + 1, len(spaces)):  # what the spaces carried out got, unless given
        state.counts.setdefault(index, turns.streets_for_space(state, index))
    if phase == "over":
        state.phase = "over"
        return
    for name in dict.fromkeys(spaces[:resolving + 1]):
        if not state.players[name].line.route:
            raise InputError(f"{name} holds a Line Expansion space but has no line; give {name} a "
                             "'line:' (at least one street).", f"players.{name}.line")
    state.phase = "line-expansion"
    turns.resolve_from(state, resolving)
    left = setup.get("streets_left")
    if left is None:
        return
    if state.resolving != resolving:
        raise InputError(f"Space {letters[resolving]} cannot be the one being carried out: it adds nothing "
                         f"or its line has nowhere to go, so the game would move on at once.", "resolving")
    count = state.counts[resolving]
    if not isinstance(left, int) or isinstance(left, bool) or not 1 <= left <= count:
        raise InputError(f"Space {letters[resolving]} adds {count} street(s), so the streets it has left are a "
                         f"whole number from 1 to {count}.", "streets_left")
    state.streets_left = left


def write_setup(state: State) -> dict:
    """The setup that ``read_setup`` reads back as ``state``: every key that says something, each
    left out where its default says the same (``Game.setup_of`` then writes it over a preset)."""
    full: dict = {"players": write_players(state)}
    letters = [turns.space_letter(i) for i in range(len(state.spaces))]
    if state.spaces:
        full["spaces"] = list(state.spaces)
    if state.buys_bus is not None:
        full["buys_bus"] = state.buys_bus
    phase = state.phase
    if phase == "first-markers" and not any(p.line.route for p in state.players.values()):
        phase = "setup"
    if phase != ("line-expansion" if state.spaces else "free"):
        full["phase"] = phase
    if phase in ("first-markers", "second-markers"):
        full["turn"] = state.queue[0]
    if phase == "line-expansion":
        if state.resolving != len(state.spaces) - 1:
            full["resolving"] = letters[state.resolving]
        if state.streets_left != state.counts[state.resolving]:
            full["streets_left"] = state.streets_left
    if state.skipped:
        full["skipped"] = [letters[i] for i in state.skipped]
    done = -1 if state.resolving is None else state.resolving
    counts = {letters[i]: count for i, count in sorted(state.counts.items())
              if i > done and count != turns.streets_for_space(state, i)}
    if counts:
        full["counts"] = counts
    return full


def write_players(state: State) -> dict:
    """Each player's line, buses and colour, leaving out the defaults ``read_players`` gives."""
    unused = [c for c in COLOURS if c not in state.players]
    written = {}
    for name, player in state.players.items():
        details: dict = {}
        if player.line.route:
            details["line"] = "-".join(map(str, player.line.route))
        if player.buses != 1:
            details["buses"] = player.buses
        default = name if name in COLOURS else (unused[0] if unused else None)
        if player.colour != default:
            details["colour"] = player.colour
        elif name not in COLOURS:
            unused.pop(0)  # read_players gives the next player without a colour the next one
        written[name] = details
    return written


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
