"""The 1870 hex map's data (hexes.yaml, tiles.yaml, upgrades.yaml) is consistent with itself, with
the published game's known figures and with the rest of the game's data."""
import collections
import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.g1870 import data, hexmap, network

# The red areas' values in the yellow, brown and blue phases, from the printed map.
OFFBOARD_VALUES = {"Denver": [30, 40, 50], "Chicago": [40, 50, 60], "Southeast": [20, 30, 50],
                   "Southwest": [20, 40, 50]}
from engine.games.g1870.hexmap import COLOURS, MapDataError, keeps_track
from rulewright.game.hexes import rotate

BOARD = hexmap.board()
HEXES = BOARD.hexes
ON_BOARD = {label: h for label, h in HEXES.items() if not h.offboard}
GULF = {"O8", "O10", "O12"}  # the only sea between printed hexes: row O is the Gulf coast


def test_154_hexes_150_on_the_board_and_4_red_offboard_areas():
    assert len(HEXES) == 154 and len(ON_BOARD) == 150
    assert {h.name: label for label, h in HEXES.items() if h.offboard} == {
        "Denver": "A2", "Chicago": "A22", "Southwest": "N1", "Southeast": "M22"}


def test_the_board_is_one_piece_with_no_holes_but_the_gulf():
    grid = BOARD.grid
    rows = collections.defaultdict(list)
    for label, h in HEXES.items():
        rows[label[0]].append(h.at)
    for row, cells in rows.items():
        cols = sorted(grid._doubled(at)[0] for at in cells)
        gaps = {grid.label(grid.hex(f"{row}{c + 1}")) for c in range(cols[0], cols[-1], 2)} - set(HEXES)
        assert gaps == (GULF if row == "O" else set()), row
    # Connected: every hex is reached from Denver through neighbours.
    seen, todo = {"A2"}, ["A2"]
    while todo:
        for other in BOARD.neighbours(todo.pop()).values():
            if other and other not in seen:
                seen.add(other)
                todo.append(other)
    assert seen == set(HEXES)


def test_every_neighbour_is_on_the_map_or_off_the_board():
    """A side with no hex across it faces the edge of the board (beyond the ends of a row, above
    row A or below row O) or the Gulf; a side with a hex across it is that hex's opposite side."""
    span = collections.defaultdict(list)
    for label in HEXES:
        span[label[0]].append(int(label[1:]))
    for label in HEXES:
        for side, other in BOARD.neighbours(label).items():
            if other is None:
                try:
                    name = BOARD.grid.label(BOARD.grid.neighbour(HEXES[label].at, side))
                except ValueError:  # before row A or column 1
                    continue
                row, col = name[0], int(name[1:])
                assert name in GULF or row not in span or not min(span[row]) <= col <= max(span[row]), name
            else:
                assert BOARD.neighbours(other)[(side + 3) % 6] == label


def test_offboard_areas_are_reached_only_from_board_hexes_and_change_value_with_the_phases():
    seen = set()
    for label, h in HEXES.items():
        if not h.offboard:
            continue
        (station,) = h.stations
        assert station.sides and all(BOARD.neighbours(label)[s] in ON_BOARD for s in station.sides)
        assert sorted(h.values) == [1, 4, 6]  # the 2-train, the first 5-train, the first 8-train
        assert list(h.values.values()) == OFFBOARD_VALUES[h.name]
        seen.add(h.name)
        assert station.slots == (1 if h.name == "Southwest" else 0)
    assert seen == set(OFFBOARD_VALUES)


def _plain(name: str) -> str:
    return " ".join(name.replace(",", " ").split())


def test_every_home_and_destination_named_by_a_corporation_is_on_the_map_and_ports_are_placed():
    names = {_plain(h.name) for h in HEXES.values() if h.name}
    named = {_plain(spec[key]) for spec in data.corporations().values() for key in ("home", "destination")}
    assert named <= names
    assert {label for label, h in HEXES.items() if h.port} == {"H17", "M14", "M20", "N7", "N17"}


def test_impassable_sides_are_impassable_from_both_hexes():
    for label, h in HEXES.items():
        for side in h.impassable:
            other = BOARD.neighbours(label)[side]
            assert other is not None and (side + 3) % 6 in HEXES[other].impassable, (label, side)
    assert sum(len(h.impassable) for h in HEXES.values()) == 4  # New Orleans-N19 and N19-O18, from both sides


def _river_ends(h):
    """The corners where the river enters and leaves hex ``h`` (between its two banks)."""
    west, _ = h.river
    return [k for k in range(6) if ((k - 1) % 6 in west) != (k in west)]


def test_the_mississippi_is_one_unbroken_line_from_the_north_edge_to_the_gulf():
    river = {label: h for label, h in HEXES.items() if h.river}
    assert set(river) == {label for label, h in HEXES.items() if h.terrain == "mississippi"}
    assert len(river) == 16
    corners = collections.Counter()
    for h in river.values():
        ends = _river_ends(h)
        assert len(ends) == 2, h.label  # each bank is one run of sides: the river crosses once
        corners.update(tuple(round(c, 3) for c in BOARD.grid.corner(h.at, k, 10)) for k in ends)
    # Each corner the river passes is shared by two river hexes, but for its two ends.
    assert sorted(corners.values()) == [1, 1] + [2] * 15
    # The cities on it sit on their real banks: St. Louis west, Memphis and Baton Rouge east.
    assert {h.name: h.stations_on for h in river.values() if h.name} == {
        "St. Louis": "west", "Memphis": "east", "Baton Rouge": "east"}
    assert all(h.stations_on for h in river.values() if h.stations)


def test_homes_and_destinations_agree_with_the_corporations():
    corporations = data.corporations()
    homes = {sym: label for label, h in HEXES.items() for sym in h.home_of}
    goals = {sym: label for label, h in HEXES.items() for sym in h.destination_of}
    assert set(homes) == set(goals) == set(corporations)
    for sym in corporations:
        assert _plain(HEXES[homes[sym]].name) == network.home(sym), sym
        assert _plain(HEXES[goals[sym]].name) == network.destination(sym), sym
        home = HEXES[homes[sym]]
        assert any(s.slots for s in home.stations), f"{sym}'s home has a station space"
        assert HEXES[goals[sym]].stations, f"{sym}'s destination is a city or off-board area"


def test_terrain_costs():
    costs = collections.defaultdict(set)
    for h in HEXES.values():
        if h.terrain:
            costs[h.terrain].add(h.cost)
        else:
            assert h.cost == 0
    assert dict(costs) == {"water": {40, 60}, "mississippi": {40, 60, 80, 100}, "lake": {60, 80, 100},
                           "mountain": {60}}


# ---- tiles ----------------------------------------------------------------------------------------

def test_tile_manifest_counts_and_colours():
    tiles = BOARD.tiles
    assert len(tiles) == 49
    assert collections.Counter(t.colour for t in tiles.values()) == {"yellow": 14, "green": 18, "brown": 15, "gray": 2}
    by_colour = collections.Counter()
    for t in tiles.values():
        by_colour[t.colour] += t.count
        assert 1 <= t.original_rules_count <= t.count
    assert by_colour == {"yellow": 81, "green": 43, "brown": 35, "gray": 2}
    assert (tiles["8"].count, tiles["9"].count, tiles["170"].count) == (22, 23, 4)


VALUES = {("yellow", "town"): 10, ("yellow", "city"): 20, ("green", "town"): 10, ("green", "city"): 30,
          ("brown", "town"): 20, ("brown", "city"): 40}
LABELLED = {"170": 50, "171K": 60, "172L": 60}


def test_every_tile_is_well_formed():
    for t in BOARD.tiles.values():
        assert all(0 <= s < 6 for pair in t.track for s in pair)
        assert all(len(pair) == 2 for pair in t.track)
        used = [s for st in t.stations for s in st.sides] + [s for pair in t.track for s in pair]
        assert t.stations or t.track
        for station in t.stations:
            assert station.kind in ("city", "town") and len(station.sides) >= 2, t.number
            assert station.value == LABELLED.get(t.number, VALUES.get((t.colour, station.kind))), t.number
            assert (station.slots >= 1) == (station.kind == "city")
        # No two stations share a side.
        station_sides = [s for st in t.stations for s in st.sides]
        assert len(station_sides) == len(set(station_sides)), t.number
        assert set(used) <= set(range(6))


def test_the_chart_only_upgrades_to_the_next_colour_and_keeps_the_track():
    tiles = BOARD.tiles
    for old, news in BOARD.upgrades.items():
        for new in news:
            a, b = tiles[old], tiles[new]
            assert COLOURS.index(b.colour) == COLOURS.index(a.colour) + 1, (old, new)
            assert keeps_track(a, b) is not None, (old, new)
            # and some hex of the map can hold the old tile and take the new one (labels).
            assert any(BOARD.fits(a, label) and BOARD.fits(b, label) for label in ON_BOARD), (old, new)


def test_the_chart_is_complete_for_the_path_keeping_rule():
    """Every upgrade the rule allows on some hex of this map is in the chart (18xx.games's rule)."""
    tiles = BOARD.tiles
    for a in tiles.values():
        for b in tiles.values():
            allowed = (COLOURS.index(b.colour) == COLOURS.index(a.colour) + 1 and keeps_track(a, b) is not None
                       and any(BOARD.fits(a, label) and BOARD.fits(b, label) for label in ON_BOARD))
            assert allowed == (b.number in BOARD.upgrades.get(a.number, ())), (a.number, b.number)


def test_first_tiles_are_yellow_and_fit_the_hex_kind():
    kinds = {h.kind() for h in ON_BOARD.values()}
    assert set(BOARD.first_tiles) == kinds
    for kind, numbers in BOARD.first_tiles.items():
        example = next(label for label, h in ON_BOARD.items() if h.kind() == kind)
        for n in numbers:
            assert BOARD.tiles[n].colour == "yellow" and BOARD.fits(BOARD.tiles[n], example)
    yellow = {n for n, t in BOARD.tiles.items() if t.colour == "yellow"}
    assert set().union(*BOARD.first_tiles.values()) == yellow


def test_keeping_track_is_a_real_test():
    tiles = BOARD.tiles
    assert keeps_track(tiles["7"], tiles["16"]) is None  # a sharp curve is not in two gentle ones
    assert keeps_track(tiles["9"], tiles["7"]) is None  # not the same kind of tile
    assert keeps_track(tiles["57"], tiles["15"]) is not None


# ---- errors in the data files --------------------------------------------------------------------

def _text(name):
    return (hexmap.resources.files("engine.games.g1870") / "data" / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name, old, new, says", [
    ("hexes.yaml", "B9:   {city: \"Topeka\"", "B9:   {city: \"Topeka\", cots: 20",
     r"hexes.yaml, line \d+, at 'hexes.B9.cots': unknown key 'cots'. Did you mean 'cost'"),
    ("hexes.yaml", "N19:  {terrain: lake, cost: 80, impassable: [SW, W]}",
     "N19:  {terrain: lake, cost: 80, impassable: [SW, N]}", r"at 'hexes.N19.impassable.1': 'N' is not a side"),
    ("hexes.yaml", "  A4:   {}", "  A3:   {}", r"at 'hexes.A3': 'A3' is not a hex of this grid"),
    ("tiles.yaml", '"8": {colour: yellow', '"8": {colour: blue', r"tiles.yaml, line \d+, at 'tiles.8.colour'"),
    ("tiles.yaml", "track: [SW-NW]}", "track: [SW-SW]}", r"should join two different sides"),
    ("upgrades.yaml", "  17: [47]", "  17: [74]", r"upgrades.yaml, line \d+, at 'upgrades.17.0': there is no tile 74"),
])
def test_a_mistake_in_the_data_names_the_file_line_and_key(name, old, new, says):
    text = _text(name)
    assert old in text
    with pytest.raises(MapDataError, match=says) as raised:
        hexmap.load({name: text.replace(old, new, 1)})
    line = int(raised.value.message.split("line ")[1].split(",")[0])
    assert new.strip().split(":")[0].strip('"') in text.replace(old, new, 1).splitlines()[line - 1]


def test_broken_yaml_is_reported_with_its_line():
    with pytest.raises(MapDataError, match=r"upgrades.yaml, line 3: this is not valid YAML"):
        hexmap.load({"upgrades.yaml": "first_tiles: {}\nupgrades: [1, 2\n"})


def test_a_hex_written_twice_is_reported_with_both_lines():
    text = _text("hexes.yaml")
    with pytest.raises(MapDataError, match=r"hexes.yaml, line \d+: 'B9' is written twice \(first on line \d+\)"):
        hexmap.load({"hexes.yaml": text.replace("  B11:", "  B9:", 1)})


@settings(max_examples=60)
@given(st.sampled_from(sorted(BOARD.tiles)), st.integers(-12, 12))
def test_a_tile_turned_keeps_its_shape(number, turns):
    """Turning a tile moves its track but never changes it: six turns are none, a turned tile
    still keeps the track of the unturned one, and each upgrade still finds a position."""
    tile = BOARD.tiles[number]
    assert tile.paths(turns + 6) == tile.paths(turns)
    assert len(tile.paths(turns)) == len(tile.paths())
    def turn(sides):
        return frozenset(rotate(side, turns) for side in sides)
    turned = dataclasses.replace(tile, track=frozenset(turn(pair) for pair in tile.track),
                                 stations=tuple(dataclasses.replace(s, sides=turn(s.sides)) for s in tile.stations))
    assert turned.paths() == tile.paths(turns)
    assert keeps_track(tile, turned) is not None and keeps_track(turned, tile) is not None
    for new in BOARD.upgrades.get(number, ()):
        assert keeps_track(turned, BOARD.tiles[new]) is not None
