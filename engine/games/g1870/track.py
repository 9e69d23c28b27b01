"""The state of the printed map: which tile lies on each hex, turned how, and whose station tokens
fill each city. The map's fixed facts (hexes, tiles, the upgrade chart) are ``hexmap.board()``.

``Track`` is held as ``state.track``:

- ``tiles``: hex label -> (tile number, rotation 0-5, clockwise as ``rulewright.game.hexes.rotate``)
  for every hex with a tile LAID on it; a hex without an entry shows its printed face.
- ``tokens``: hex label -> for each city of the hex (in the order the tile, or the printed hex,
  lists its stations; a red area with a station space counts as one), the corporations filling
  its slots, in the order placed. A destination token may stand over the slot limit.

A tile's supply is its count less the copies on the map, so a tile taken up by an upgrade is back
in the supply at once. Tokens stay on a hex through upgrades (1870's tiles keep their number of
cities).

Corporations' actions (read by ``actions.py``): ``lay 8 on H13`` or ``lay 8 on H13 rotated 2``,
``token H13`` or ``token H13 city 2``. The setup key ``hexes`` (``read_setup``, written back by
``written``) is ``{H13: {tile: 8, rotated: 2, tokens: [MP]}}``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from rulewright.game import Event, InputError
from rulewright.game.refusal import did_you_mean
from engine.games.g1870 import hexmap
from engine.games.g1870.hexmap import Station
from engine.games.g1870.setup_names import corporation


@dataclass
class Track:
    tiles: dict[str, tuple[str, int]] = field(default_factory=dict)
    tokens: dict[str, list[list[str]]] = field(default_factory=dict)
    turn_key: str = ""                            # whose turn ``lays`` belongs to
    lays: list[str] = field(default_factory=list)  # hexes laid on in that turn, in order
    free: list[str] = field(default_factory=list)  # of those, a lay not counted (the bridge company's home lay)
    bridge_used: bool = False                     # the Mississippi River Bridge Company's one lay is made

    def __deepcopy__(self, memo) -> "Track":
        """A fast exact copy: the two maps and the turn's lays (tile entries are tuples, shared)."""
        clone = object.__new__(type(self))
        values = self.__dict__.copy()
        values.update(tiles=dict(self.tiles),
                      tokens={h: [list(slots) for slots in cities] for h, cities in self.tokens.items()},
                      lays=list(self.lays), free=list(self.free))
        clone.__dict__ = values
        memo[id(self)] = clone
        return clone


# ---- the fixed map ---------------------------------------------------------------------------

def board() -> hexmap.Board:
    return hexmap.board()


@cache
def homes() -> dict[str, str]:
    """Each corporation's home hex."""
    return {sym: h.label for h in board().hexes.values() for sym in h.home_of}


@cache
def destinations() -> dict[str, str]:
    """Each corporation's destination hex."""
    return {sym: h.label for h in board().hexes.values() for sym in h.destination_of}


def hex_label(text: str, where: str | None = None) -> str:
    """The hex ``text`` names (``h13`` reads as ``H13``), or an ``InputError`` naming near ones."""
    label = str(text).strip().upper()
    if label not in board().hexes:
        raise InputError(f"There is no hex {text!r} on the 1870 map: hexes are labelled by row letter and column "
                         f"number, e.g. H13 (Little Rock). {did_you_mean(label, board().hexes)}", where)
    return label


def tile_number(text, where: str | None = None) -> str:
    number = str(text).strip().upper()
    if number not in board().tiles:
        raise InputError(f"There is no tile {text!r} in 1870's tile set. {did_you_mean(number, board().tiles)}",
                         where)
    return number


def is_hex_label(text: str) -> bool:
    return str(text).strip().upper() in board().hexes


# ---- what a hex shows ------------------------------------------------------------------------

def rotated(station: Station, turns: int) -> Station:
    return Station(station.kind, station.value, station.slots,
                   frozenset((side + turns) % 6 for side in station.sides))


def stations(track: Track, label: str) -> tuple[Station, ...]:
    """The towns, cities and red-area stop of the hex as it lies now (a laid tile's, turned)."""
    laid = track.tiles.get(label)
    if laid is None:
        return board().hexes[label].stations
    tile = board().tiles[laid[0]]
    return tuple(rotated(s, laid[1]) for s in tile.stations)


def cities(track: Track, label: str) -> list[Station]:
    """The stations of the hex that may hold station tokens: its cities, or a red area (only the
    Southwest has a space; a destination token may stand on any red area, over the limit: rule
    1870.connection.edge)."""
    return [s for s in stations(track, label) if s.kind in ("city", "offboard")]


def supply(track: Track, number: str) -> int:
    """Copies of tile ``number`` not on the map."""
    return board().tiles[number].count - sum(1 for t, _ in track.tiles.values() if t == number)


def token_count(track: Track, sym: str) -> int:
    return sum(slots.count(sym) for cities_ in track.tokens.values() for slots in cities_)


def hexes_with(track: Track, sym: str) -> list[str]:
    return sorted(h for h, cities_ in track.tokens.items() if any(sym in slots for slots in cities_))


def add_token(track: Track, label: str, city: int, sym: str) -> None:
    count = len(cities(track, label))
    held = track.tokens.setdefault(label, [[] for _ in range(count)])
    held[city].append(sym)


# ---- the turn --------------------------------------------------------------------------------

def lays_this_turn(state) -> list[str]:
    """The hexes laid on in the current turn, changing nothing."""
    track = state.track
    return track.lays if track.turn_key == f"{state.stock_round}.{state.operating_round}:{state.turn}" else []


def turn_track(state) -> Track:
    """The track, with ``lays`` emptied when a new turn has begun (as ``network.turn_fields``)."""
    track = state.track
    now = f"{state.stock_round}.{state.operating_round}:{state.turn}"
    if track.turn_key != now:
        track.turn_key, track.lays, track.free = now, [], []
    return track


def sync(state) -> list[Event]:
    """Started corporations have their home token on their home hex; closed ones leave the map."""
    track, events = state.track, []
    for sym, corp in state.corporations.items():
        if corp.closed:
            gone = hexes_with(track, sym)
            for label in gone:
                track.tokens[label] = [[o for o in slots if o != sym] for slots in track.tokens[label]]
            if gone:
                events.append(Event("tokens-removed", {"corporation": sym, "stations": gone}))
        elif corp.par is not None and home_token_due(state, sym) \
                and not any(sym in slots for slots in track.tokens.get(homes()[sym], [])):
            add_token(track, homes()[sym], 0, sym)
    return events


def home_token_due(state, sym: str) -> bool:
    """Whether a started corporation's home token is on the map yet (rule 1870.route.home-token):
    from its start (setting ``home_token: par``), or from the start of its first operating turn
    (``home_token: operate``, as 18xx.games plays); until then its space is kept for it."""
    corp = state.corporations[sym]
    if state.settings["home_token"] == "par":
        return True
    return corp.operated or (state.round == "operating" and state.turn == sym)


# ---- laying tiles ----------------------------------------------------------------------------


# ---- station tokens --------------------------------------------------------------------------

def in_slots(state, label: str, city: int) -> list[str]:
    """The tokens filling the city's slots: all of them, or with the setting
    ``destination_token_blocks`` off, all but destination tokens (which then stand beside the
    slots, as 18xx.games reads rule 1870.connection.token)."""
    held = state.track.tokens.get(label, [])
    held = held[city] if city < len(held) else []
    if state.settings["destination_token_blocks"]:
        return list(held)
    return [o for o in held if not (destinations().get(o) == label and state.net.destination.get(o) == "map")]


def reserved(state, label: str, city: int) -> list[str]:
    """Corporations whose home is this city and whose home token is not on it yet (not started, or,
    with ``home_token: operate``, not yet operated): its slot is kept for them."""
    if city:
        return []
    waits = state.settings["home_token"] == "operate"
    return [s for s, c in state.corporations.items() if (c.par is None or waits) and not c.closed
            and homes()[s] == label and not any(s in slots for slots in state.track.tokens.get(label, []))]


def placed_destinations(state) -> set[str]:
    """Corporations whose destination token was placed on the map at their connection run (not a
    token already there that became one)."""
    net = state.net
    out = {sym for sym, record in net.history.items() if record["token"] in ("place", "map")}
    if net.current and net.current["token"] == "place":
        out.add(net.current["corp"])
    return out


def place_destination(track: Track, sym: str) -> None:
    """The destination token goes on the corporation's destination, over the slot limit if need be
    (rule 1870.connection.token)."""
    label = destinations()[sym]
    if not any(sym in slots for slots in track.tokens.get(label, [])):
        add_token(track, label, 0, sym)


# ---- notation --------------------------------------------------------------------------------

def lay_text(number: str, label: str, rotation: int) -> str:
    return f"lay {number} on {label}" + (f" rotated {rotation}" if rotation else "")


def token_text(label: str, city: int) -> str:
    return f"token {label}" + (f" city {city + 1}" if city else "")


def view(track: Track) -> dict:
    """``map.hexes`` of the view: each hex with a tile or a token, its ``tile`` and ``rotated``, and
    ``tokens`` (every token in its city in the order placed; a list per city where it has more)."""
    out = {}
    for label in sorted(set(track.tiles) | set(track.tokens), key=_order):
        spec = {}
        if label in track.tiles:
            spec["tile"], spec["rotated"] = track.tiles[label]
        held = [list(slots) for slots in track.tokens.get(label, [])]
        if any(held):
            spec["tokens"] = held if len(held) > 1 else held[0]
        if spec:
            out[label] = spec
    return out


# ---- setup -----------------------------------------------------------------------------------


HEX_KEYS = ("tile", "rotated", "tokens")


def read_setup(state, given, placed: set[str] = frozenset()) -> None:
    """The ``hexes`` setup key: for each hex its ``tile`` (a tile number), ``rotated`` (0-5 steps
    clockwise; default 0) and ``tokens`` (the corporations with a token in its city besides a
    home token; a list per city where the hex has more than one). Home tokens of started
    corporations are placed by ``sync``, and the destination tokens of ``placed`` (corporations
    whose connection run put one on the map); a city's list naming those too gives the order the
    tokens were placed in."""
    track = state.track
    given = {} if given is None else given
    if not isinstance(given, dict):
        raise InputError("'hexes' maps a hex to what lies on it, e.g. {H13: {tile: 57, rotated: 1, tokens: [MP]}}.",
                         "hexes")
    listed = {}
    for text, spec in given.items():
        where = f"hexes.{text}"
        label = hex_label(text, where)
        spec = spec or {}
        if not isinstance(spec, dict):
            raise InputError(f"'{where}' is a mapping with 'tile', 'rotated' and 'tokens', e.g. "
                             "{tile: 57, rotated: 1, tokens: [MP]}.", where)
        for key in spec:
            if key not in HEX_KEYS:
                raise InputError(f"{where} has no key {key!r}. {did_you_mean(key, HEX_KEYS)} Known: "
                                 f"{', '.join(HEX_KEYS)}.", f"{where}.{key}")
        if "tile" in spec:
            number = tile_number(spec["tile"], f"{where}.tile")
            if board().hexes[label].offboard:
                raise InputError(f"{label} is a red off-board area: no tile lies there; remove 'tile'.",
                                 f"{where}.tile")
            turns = spec.get("rotated", 0)
            if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= 5:
                raise InputError(f"'rotated' is a number of clockwise steps from 0 to 5, not {turns!r}.",
                                 f"{where}.rotated")
            if supply(track, number) <= 0:
                raise InputError(f"The game has {board().tiles[number].count} of tile {number}, and more are "
                                 "on the map here; lay another tile.", f"{where}.tile")
            track.tiles[label] = (number, turns)
        elif "rotated" in spec:
            raise InputError("'rotated' turns a tile: give the 'tile' too.", f"{where}.rotated")
        if "tokens" in spec:
            listed[label] = (spec["tokens"], f"{where}.tokens")
    sync(state)
    for sym in placed:
        place_destination(track, sym)
    for label, (owners, where) in listed.items():
        count = len(cities(track, label))
        if count == 0:
            raise InputError(f"{label} has no city for station tokens; remove 'tokens'.", where)
        if board().hexes[label].offboard and not any(c.slots for c in cities(track, label)):
            raise InputError(f"{label} is a red off-board area with no space for station tokens; remove 'tokens'.",
                             where)
        per_city = owners if count > 1 else [owners]
        if not isinstance(owners, list) or len(per_city) != count or not all(isinstance(c, list) for c in per_city):
            shape = "a list of corporations, e.g. [MP]" if count == 1 else \
                f"a list of {count} lists, one per city, e.g. [[MP], []]"
            raise InputError(f"'tokens' on {label} is {shape}.", where)
        for city, names in enumerate(per_city):
            syms = [corporation(state, n, where) for n in names]
            held = track.tokens.setdefault(label, [[] for _ in range(count)])[city]
            for sym in syms:
                if sym in held:
                    continue
                if sym in placed and destinations()[sym] == label:
                    held.append(sym)  # the destination token, not from the charter
                    continue
                if not state.net.charter.get(sym):
                    raise InputError(f"{sym} has no station tokens left for {label}.", where)
                state.net.charter[sym].pop(0)
                held.append(sym)
            if sorted(held) == sorted(syms):
                held[:] = syms  # listed in full: the order placed
            slots = cities(track, label)[city].slots
            if len([h for h in held if not (h in placed and destinations()[h] == label)]) > slots:
                raise InputError(f"The city on {label} has {slots} slot(s); {', '.join(held)} are too many tokens "
                                 "(leave one out, or lay a tile with more slots).", where)


def written(state) -> dict:
    """The ``hexes`` setup key for this state (what ``read_setup`` reads back)."""
    track, out = state.track, {}
    started = {sym for sym, c in state.corporations.items() if c.par is not None and not c.closed}
    placed = placed_destinations(state)
    for label in sorted(set(track.tiles) | set(track.tokens), key=_order):
        spec = {}
        if label in track.tiles:
            number, turns = track.tiles[label]
            spec["tile"] = int(number) if number.isdigit() else number
            if turns:
                spec["rotated"] = turns
        per_city, written_any = [], False
        for city, held in enumerate(track.tokens.get(label, [])):
            home = [s for s in held if homes().get(s) == label and s in started and city == 0]
            dest = [s for s in held if s in placed and destinations()[s] == label and city == 0]
            extra = [s for s in held if s not in home and s not in dest]
            given = extra if [*home, *dest, *extra] == held else list(held)  # the order read_setup places them
            per_city.append(given)
            written_any = written_any or bool(given)
        if written_any:
            spec["tokens"] = per_city if len(per_city) > 1 else per_city[0]
        if spec:
            out[label] = spec
    return out


def _order(label: str):
    at = board().hexes[label].at
    return at.r, at.q
