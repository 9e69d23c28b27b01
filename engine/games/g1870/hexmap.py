"""The published 1870 hex map and its tiles, read from ``data/hexes.yaml``, ``data/tiles.yaml`` and
``data/upgrades.yaml`` into plain objects. Read those files first: they say what each field means
and where each fact comes from.

``board()`` returns the whole ``Board``: every ``MapHex`` by its label, every ``Tile`` by its
number, the upgrade chart, and the ``Grid`` (``rulewright.game.hexes``) that turns labels into
neighbours and drawing positions. A mistake in the data files stops loading with a
``MapDataError`` naming the file, the line and the key, and saying what to write instead.

The state of the map (tiles laid, tokens) is ``track.py``'s; the picture of the whole map is
``map_picture.draw``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources

import yaml

from rulewright.game import InputError, did_you_mean
from rulewright.game.hexes import Grid, Hex, rotate

DATA_DIR = "engine/games/g1870/data"
COLOURS = ("yellow", "green", "brown", "gray")


class MapDataError(InputError):
    """A mistake in one of the map's data files."""


# ---- the objects -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Station:
    """A town, a city or an off-board area's stop: its value, station spaces and the sides its
    track reaches (on a tile; a preprinted station has no track yet)."""
    kind: str
    value: int = 0
    slots: int = 0
    sides: frozenset[int] = frozenset()


@dataclass(frozen=True)
class MapHex:
    label: str
    at: Hex
    name: str | None = None
    terrain: str | None = None
    cost: int = 0
    stations: tuple[Station, ...] = ()
    offboard: bool = False
    values: dict[int, int] = field(default_factory=dict)  # off-board: phase -> value from that phase on
    river: tuple[frozenset[int], frozenset[int]] | None = None  # (west bank's sides, east bank's sides)
    stations_on: str | None = None  # "west" or "east": the bank a river hex's station is on
    port: bool = False
    impassable: frozenset[int] = frozenset()
    labels: dict[str, str] = field(default_factory=dict)  # tile colour -> the label tiles need from then on
    home_of: tuple[str, ...] = ()
    destination_of: tuple[str, ...] = ()

    def kind(self) -> str:
        """What an empty hex of this sort takes first: plain, one town, two towns, city or off-board."""
        if self.offboard:
            return "offboard"
        cities = sum(s.kind == "city" for s in self.stations)
        towns = sum(s.kind == "town" for s in self.stations)
        return "city" if cities else {0: "plain", 1: "one town", 2: "two towns"}[towns]


@dataclass(frozen=True)
class Tile:
    number: str
    colour: str
    count: int
    original_rules_count: int
    label: str | None
    stations: tuple[Station, ...]
    track: frozenset[frozenset[int]]  # plain track: pairs of sides

    def paths(self, turns: int = 0) -> frozenset[frozenset]:
        """Every piece of track after ``turns`` clockwise steps: a pair of ends, each a side number
        or a station's kind ("town" or "city"). Stations are named by kind only, so two pieces to
        two towns compare as equal pieces; ``keeps_track`` checks the station counts as well."""
        pieces = {frozenset(rotate(side, turns) for side in pair) for pair in self.track}
        pieces |= {frozenset((rotate(side, turns), station.kind))
                   for station in self.stations for side in station.sides}
        return frozenset(pieces)

    def sides(self) -> set[int]:
        return {side for pair in self.track for side in pair} | {s for st in self.stations for s in st.sides}

    def station_counts(self) -> tuple[int, int]:
        return sum(s.kind == "city" for s in self.stations), sum(s.kind == "town" for s in self.stations)


@dataclass(frozen=True)
class Board:
    grid: Grid
    hexes: dict[str, MapHex]
    tiles: dict[str, Tile]
    first_tiles: dict[str, tuple[str, ...]]  # a hex's kind -> the yellow tiles it may take
    upgrades: dict[str, tuple[str, ...]]  # tile number -> the tiles that may replace it
    terrain: dict[str, str]

    def neighbours(self, label: str) -> dict[int, str | None]:
        """Each side of the hex and the label of the hex across it (None: off the map)."""
        at = self.hexes[label].at
        out = {}
        for side, other in self.grid.neighbours(at).items():
            try:
                name = self.grid.label(other)
            except ValueError:
                name = None
            out[side] = name if name in self.hexes else None
        return out

    def fits(self, tile: Tile, label: str) -> bool:
        """Whether ``tile`` may lie on the hex ``label`` by its stations and labels (not yet by its
        track or rotation)."""
        h = self.hexes[label]
        cities = sum(s.kind == "city" for s in h.stations)
        towns = sum(s.kind == "town" for s in h.stations)
        return (not h.offboard and tile.station_counts() == (cities, towns)
                and tile.label == h.labels.get(tile.colour))


def keeps_track(old: Tile, new: Tile) -> int | None:
    """A number of clockwise turns of ``old`` after which all its track is part of ``new``'s (with
    the same towns and cities), or None when there is none: the 18xx rule that an upgrade keeps
    the track already laid."""
    if old.station_counts() != new.station_counts():
        return None
    target = new.paths()
    return next((turns for turns in range(6) if old.paths(turns) <= target), None)


# ---- reading the files -------------------------------------------------------------------------

_FAST = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _File:
    """One data file: its values, and the line of any key path in it, for messages."""

    def __init__(self, name: str, text: str):
        self.name = name
        try:
            try:  # LibYAML's reader where there is one; a mistake as the pure-Python reader says it
                self.node, self.data = yaml.compose(text, Loader=_FAST), yaml.load(text, Loader=_FAST)
            except yaml.YAMLError:
                self.node, self.data = yaml.compose(text), yaml.safe_load(text)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = f", line {mark.line + 1}" if mark else ""
            raise MapDataError(f"{DATA_DIR}/{name}{line}: this is not valid YAML "
                               f"({getattr(error, 'problem', None) or error}).") from None
        if not isinstance(self.data, dict):
            raise MapDataError(f"{DATA_DIR}/{name}: the file must be a mapping of keys to values.")
        self._no_repeats(self.node)

    def _no_repeats(self, node) -> None:
        """A key written twice (YAML would silently keep the last) is a mistake: say where."""
        if isinstance(node, yaml.MappingNode):
            seen = {}
            for key, value in node.value:
                if key.value in seen:
                    raise MapDataError(f"{DATA_DIR}/{self.name}, line {key.start_mark.line + 1}: '{key.value}' is "
                                       f"written twice (first on line {seen[key.value]}); keep one of them.")
                seen[key.value] = key.start_mark.line + 1
                self._no_repeats(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                self._no_repeats(item)

    def line(self, path: tuple) -> int:
        node, line = self.node, 1
        for key in path:
            if isinstance(node, yaml.MappingNode):
                found = next(((k, v) for k, v in node.value if str(k.value) == str(key)), None)
                if found is None:
                    break
                line, node = found[0].start_mark.line + 1, found[1]
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                node = node.value[key]
                line = node.start_mark.line + 1
            else:
                break
        return line

    def error(self, path: tuple, problem: str) -> MapDataError:
        where = ".".join(str(p) for p in path)
        return MapDataError(f"{DATA_DIR}/{self.name}, line {self.line(path)}, at '{where}': {problem}", where)

    def get(self, path: tuple, value=None, required: bool = True):
        if value is None:
            value = self.data
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
        if value is None and required:
            raise self.error(path, "this key is missing.")
        return value


def _whole(f: _File, path: tuple, value, low: int = 0, high: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise f.error(path, f"{value!r} should be a whole number from {low} to {high}.")
    return value


def _sides(f: _File, path: tuple, value, grid: Grid) -> frozenset[int]:
    if not isinstance(value, list):
        raise f.error(path, f"{value!r} should be a list of sides, e.g. [SW, NE].")
    out = []
    for i, side in enumerate(value):
        try:
            out.append(grid.side(str(side)))
        except ValueError as error:
            raise f.error(path + (i,), f"{error}.") from None
    if len(set(out)) != len(out):
        raise f.error(path, f"a side is named twice in {value!r}.")
    return frozenset(out)


def _names(f: _File, path: tuple, value) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise f.error(path, f"{value!r} should be a list of corporation symbols, e.g. [ATSF].")
    return tuple(value)


def _check_keys(f: _File, path: tuple, value: dict, known: set[str]) -> None:
    for key in value:
        if key not in known:
            raise f.error(path + (key,), f"unknown key {key!r}. {did_you_mean(key, known)}")


HEX_KEYS = {"city", "towns", "terrain", "cost", "river", "stations_on", "port", "impassable", "labels", "home_of",
            "destination_of", "offboard", "values", "track_to", "slots"}


def _read_hex(f: _File, label: str, spec, grid: Grid, terrain: dict) -> MapHex:
    path = ("hexes", label)
    try:
        at = grid.hex(label)
    except ValueError as error:
        raise f.error(path, f"{error}.") from None
    spec = spec or {}
    if not isinstance(spec, dict):
        raise f.error(path, f"{spec!r} should be a mapping such as {{city: Dallas}}, or {{}} for open country.")
    _check_keys(f, path, spec, HEX_KEYS)
    fields: dict = {}
    stations: list[Station] = []
    if "offboard" in spec:
        fields.update(offboard=True, name=str(spec["offboard"]))
        values = f.get(path + ("values",), spec.get("values"))
        if not isinstance(values, dict) or not values:
            raise f.error(path + ("values",), "should map each phase to the value from then on, e.g. {1: 30, 4: 40}.")
        fields["values"] = {_whole(f, path + ("values", p), p, 1, 99): _whole(f, path + ("values", p), v)
                            for p, v in values.items()}
        sides = _sides(f, path + ("track_to",), f.get(path + ("track_to",), spec.get("track_to")), grid)
        stations.append(Station("offboard", slots=_whole(f, path + ("slots",), spec.get("slots", 0), 0, 6),
                                sides=sides))
    else:
        for key in ("values", "track_to", "slots"):
            if key in spec:
                raise f.error(path + (key,), f"'{key}' belongs to an off-board area only; "
                                             "add 'offboard: NAME' or remove it.")
    if "city" in spec:
        fields["name"] = str(spec["city"])
        stations.append(Station("city", slots=1))
    if "towns" in spec:
        stations += [Station("town")] * _whole(f, path + ("towns",), spec["towns"], 1, 2)
    if "terrain" in spec:
        if spec["terrain"] not in terrain:
            raise f.error(path + ("terrain",),
                          f"unknown terrain {spec['terrain']!r}. {did_you_mean(spec['terrain'], terrain)}")
        fields["terrain"] = spec["terrain"]
        fields["cost"] = _whole(f, path + ("cost",), f.get(path + ("cost",), spec.get("cost")))
    elif "cost" in spec:
        raise f.error(path + ("cost",), "a cost needs the terrain that causes it: add 'terrain: ...'.")
    if "river" in spec:
        banks = spec["river"]
        if not isinstance(banks, dict) or set(banks) != {"west", "east"}:
            raise f.error(path + ("river",), "should name the sides on each bank: {west: [..], east: [..]}.")
        west, east = (_sides(f, path + ("river", b), banks[b], grid) for b in ("west", "east"))
        if west & east or len(west | east) != 6 or not west or not east:
            raise f.error(path + ("river",),
                          "each of the six sides must be on exactly one bank, and each bank needs one.")
        fields["river"] = (west, east)
    if "stations_on" in spec:
        if spec["stations_on"] not in ("west", "east") or "river" not in spec or not stations:
            raise f.error(path + ("stations_on",), "a river hex's town or city is on the 'west' or 'east' bank; "
                                                   "other hexes leave this out.")
        fields["stations_on"] = spec["stations_on"]
    if "impassable" in spec:
        fields["impassable"] = _sides(f, path + ("impassable",), spec["impassable"], grid)
    if "labels" in spec:
        labels = spec["labels"]
        if not isinstance(labels, dict) or not set(labels) <= set(COLOURS):
            raise f.error(path + ("labels",),
                          f"should map tile colours ({', '.join(COLOURS)}) to labels, e.g. {{brown: P}}.")
        fields["labels"] = {c: str(v) for c, v in labels.items()}
    for key in ("home_of", "destination_of"):
        if key in spec:
            fields[key] = _names(f, path + (key,), spec[key])
    if "port" in spec:
        if not isinstance(spec["port"], bool):
            raise f.error(path + ("port",), "write 'port: true' or leave it out.")
        fields["port"] = spec["port"]
    return MapHex(label=label, at=at, stations=tuple(stations), **fields)


TILE_KEYS = {"colour", "count", "original_rules_count", "label", "town", "towns", "city", "cities", "track"}


def _read_station(f: _File, path: tuple, kind: str, spec, grid: Grid) -> Station:
    if not isinstance(spec, dict) or "value" not in spec or "sides" not in spec:
        raise f.error(path, f"a {kind} needs its value and sides, e.g. {{value: 20, sides: [SW, NE]}}.")
    _check_keys(f, path, spec, {"value", "sides", "slots"} if kind == "city" else {"value", "sides"})
    slots = _whole(f, path + ("slots",), spec.get("slots", 1), 1, 6) if kind == "city" else 0
    value = _whole(f, path + ("value",), spec["value"])
    return Station(kind, value, slots, _sides(f, path + ("sides",), spec["sides"], grid))


def _read_tile(f: _File, number: str, spec, grid: Grid) -> Tile:
    path = ("tiles", number)
    if not isinstance(spec, dict):
        raise f.error(path, "should be a mapping such as {colour: yellow, count: 2, track: [SW-NE]}.")
    _check_keys(f, path, spec, TILE_KEYS)
    colour = f.get(path + ("colour",), spec.get("colour"))
    if colour not in COLOURS:
        raise f.error(path + ("colour",), f"{colour!r} is not a tile colour: use one of {', '.join(COLOURS)}.")
    count = _whole(f, path + ("count",), f.get(path + ("count",), spec.get("count")), 1, 99)
    original = _whole(f, path + ("original_rules_count",), spec.get("original_rules_count", count), 0, count)
    stations: list[Station] = []
    for kind in ("city", "town"):
        if kind in spec:
            stations.append(_read_station(f, path + (kind,), kind, spec[kind], grid))
        if kind + "s" in spec:
            many = spec[kind + "s"]
            if not isinstance(many, list):
                raise f.error(path + (kind + "s",), f"should be a list of {kind}s; for one, write '{kind}:'.")
            stations += [_read_station(f, path + (kind + "s", i), kind, s, grid) for i, s in enumerate(many)]
    track = set()
    for i, piece in enumerate(spec.get("track", [])):
        ends = str(piece).split("-")
        try:
            pair = frozenset(grid.side(e) for e in ends)
        except ValueError as error:
            raise f.error(path + ("track", i), f"{error}.") from None
        if len(ends) != 2 or len(pair) != 2:
            raise f.error(path + ("track", i), f"{piece!r} should join two different sides, e.g. SW-NE.")
        track.add(pair)
    if not stations and not track:
        raise f.error(path, "the tile has no track: give it 'track', a town or a city.")
    label = str(spec["label"]) if "label" in spec else None
    return Tile(number, colour, count, original, label, tuple(stations), frozenset(track))


def _read_chart(f: _File, key: str, tiles: dict, known: set | None = None) -> dict[str, tuple[str, ...]]:
    chart = f.get((key,))
    if not isinstance(chart, dict):
        raise f.error((key,), "should map a tile (or a kind of hex) to a list of tile numbers.")
    out = {}
    for source, targets in chart.items():
        source = str(source)
        if known is not None and source not in known:
            raise f.error((key, source), f"unknown kind of hex {source!r}. {did_you_mean(source, known)}")
        if known is None and source not in tiles:
            raise f.error((key, source), f"there is no tile {source!r} in tiles.yaml. {did_you_mean(source, tiles)}")
        if not isinstance(targets, list):
            raise f.error((key, source), f"{targets!r} should be a list of tile numbers, e.g. [7, 8, 9].")
        for i, target in enumerate(targets):
            if str(target) not in tiles:
                raise f.error((key, source, i),
                              f"there is no tile {target!r} in tiles.yaml. {did_you_mean(target, tiles)}")
        out[source] = tuple(str(t) for t in targets)
    return out


def _text(name: str) -> str:
    return resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")


def load(texts: dict[str, str] | None = None) -> Board:
    """The board from the three data files; ``texts`` may replace any of them by name (for tests)."""
    texts = texts or {}
    names = ("hexes.yaml", "tiles.yaml", "upgrades.yaml")
    hexes_f, tiles_f, chart_f = (_File(n, texts.get(n) or _text(n)) for n in names)
    try:
        grid = Grid(hexes_f.get(("layout",)), hexes_f.get(("letters",)), bool(hexes_f.get(("a1_is_hex",))))
    except ValueError as error:
        raise hexes_f.error(("layout",), f"{error}.") from None
    terrain = hexes_f.get(("terrain",))
    hex_specs = hexes_f.get(("hexes",))
    if not isinstance(hex_specs, dict) or not isinstance(terrain, dict):
        raise hexes_f.error(("hexes",), "'terrain' and 'hexes' should be mappings.")
    board_hexes = {str(label): _read_hex(hexes_f, str(label), spec, grid, terrain) for label, spec in hex_specs.items()}
    tile_specs = tiles_f.get(("tiles",))
    if not isinstance(tile_specs, dict):
        raise tiles_f.error(("tiles",), "should map each tile's number to its description.")
    tiles = {str(n): _read_tile(tiles_f, str(n), spec, grid) for n, spec in tile_specs.items()}
    first = _read_chart(chart_f, "first_tiles", tiles, {"plain", "one town", "two towns", "city"})
    upgrades = _read_chart(chart_f, "upgrades", tiles)
    return Board(grid, board_hexes, tiles, first, upgrades, {str(k): str(v) for k, v in terrain.items()})


@cache
def board() -> Board:
    """The published map, read once."""
    return load()
