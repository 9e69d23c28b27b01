"""rulewright.game.hexes: the laws of a hex grid, on both layouts and both ways of lettering."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game.hexes import (FLAT, POINTY, Grid, Hex, distance, letters_of, index_of, opposite, pos, rotate,
                                   rotate_sides)

GRIDS = st.builds(Grid, st.sampled_from([POINTY, FLAT]), st.sampled_from(["rows", "columns"]), st.booleans())
HEXES = st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40))
SIDES = st.integers(0, 5)
SIZE = st.floats(1, 100)
FEW = settings(max_examples=150)


def close(a, b, tol=1e-6):
    return all(math.isclose(x, y, abs_tol=tol) for x, y in zip(a, b))


@FEW
@given(GRIDS, HEXES, SIDES)
def test_neighbours_are_symmetric_and_the_sides_between_them_opposite(grid, h, side):
    other = grid.neighbour(h, side)
    assert other != h and distance(h, other) == 1
    assert grid.neighbour(other, opposite(side)) == h
    assert grid.side_towards(h, other) == side
    assert grid.side_towards(other, h) == opposite(side)
    assert len(set(grid.neighbours(h).values())) == 6


@FEW
@given(SIDES, st.integers(-20, 20), st.integers(-20, 20))
def test_rotation_by_six_is_the_identity_and_turns_add_up(side, a, b):
    assert rotate(side, 6) == side and rotate(side, -6) == side
    assert rotate(rotate(side, a), b) == rotate(side, a + b)
    assert rotate(opposite(side), a) == opposite(rotate(side, a))
    assert rotate_sides((side, opposite(side)), a) == (rotate(side, a), rotate(opposite(side), a))


@FEW
@given(GRIDS, HEXES, HEXES, HEXES)
def test_distance_is_a_metric(grid, a, b, c):
    assert distance(a, a) == 0 and distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    # One step towards b shortens the distance by one (a shortest path exists through neighbours).
    if a != b:
        assert min(distance(n, b) for n in grid.neighbours(a).values()) == distance(a, b) - 1


@FEW
@given(GRIDS, HEXES, SIZE)
def test_pixel_centres_of_neighbours_are_equally_far_and_sides_meet_halfway(grid, h, size):
    x, y = grid.centre(h, size)
    for side, n in grid.neighbours(h).items():
        nx, ny = grid.centre(n, size)
        assert math.isclose(math.dist((x, y), (nx, ny)), math.sqrt(3) * size, rel_tol=1e-9)
        # The shared side's middle is halfway between the centres, and both hexes name it.
        assert close(grid.side_midpoint(h, side, size), ((x + nx) / 2, (y + ny) / 2))
        assert close(grid.side_midpoint(n, opposite(side), size), ((x + nx) / 2, (y + ny) / 2))
    for corner in grid.corners(h, size):
        assert math.isclose(math.dist((x, y), corner), size, rel_tol=1e-9)


@FEW
@given(GRIDS, HEXES)
def test_labels_round_trip(grid, h):
    try:
        label = grid.label(h)
    except ValueError:  # before row or column A / 1: no label
        col, row = grid._doubled(h)
        assert min(col, row) < 0
        return
    assert grid.hex(label) == h


@FEW
@given(st.integers(0, 2000))
def test_letters_count_like_spreadsheet_columns(n):
    assert index_of(letters_of(n)) == n


def test_the_1870_lettering_matches_the_printed_map():
    """Pointy hexes, letters for rows from the north, numbers from the west, A1 not a hex."""
    grid = Grid(POINTY, "rows", a1_is_hex=False)
    b9 = grid.hex("B9")
    assert {grid.side_name(s): grid.label(n) for s, n in grid.neighbours(b9).items()} == {
        "SW": "C8", "W": "B7", "NW": "A8", "NE": "A10", "E": "B11", "SE": "C10"}
    x9, y9 = grid.centre(b9, 10)
    xe, ye = grid.centre(grid.hex("B11"), 10)
    xs, ys = grid.centre(grid.hex("C10"), 10)
    assert xe > x9 and math.isclose(ye, y9) and ys < y9  # east is right, south is down (y up)
    assert grid.side("ne") == 3


def test_a_flat_grid_lettered_by_columns():
    grid = Grid(FLAT, "columns", a1_is_hex=True)
    a1 = grid.hex("A1")
    assert {grid.side_name(s): grid.label_or(n) for s, n in grid.neighbours(a1).items()}["S"] == "A3"
    assert grid.label(grid.neighbour(a1, "SE")) == "B2"


@pytest.mark.parametrize("label, says", [("A1", "not a hex of this grid"), ("11B", "not a hex label"),
                                         ("A0", "not a hex of this grid"), ("", "not a hex label")])
def test_bad_labels_are_refused_with_the_reason(label, says):
    with pytest.raises(ValueError, match=says):
        Grid(POINTY, "rows", a1_is_hex=False).hex(label)


def test_bad_sides_and_non_neighbours_are_refused():
    grid = Grid(POINTY)
    with pytest.raises(ValueError, match="use one of SW, W, NW, NE, E, SE"):
        grid.side("N")
    with pytest.raises(ValueError, match="not neighbours"):
        grid.side_towards(Hex(0, 0), Hex(2, 0))
    with pytest.raises(ValueError, match="layout"):
        Grid("round")


def test_graphviz_node_shape_and_pos():
    shape = Grid(POINTY).node_shape(36)
    assert shape["orientation"] == "30" and math.isclose(float(shape["height"]), 1.0)
    assert math.isclose(float(shape["width"]), math.sqrt(3) / 2, rel_tol=1e-3)
    assert Grid(FLAT).node_shape(36)["orientation"] == "0"
    assert pos((1, -2.5)) == "1.00,-2.50!"


def test_the_documented_examples_hold():
    import doctest

    from rulewright.game import hexes
    assert doctest.testmod(hexes).failed == 0
