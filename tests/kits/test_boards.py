"""The square board as a kit (``rulewright.game.squares``): a board read from the game's data with
each mistake at its key, the squares a setup names read and written back, and the board drawn with
what stands on its squares."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.book.diagrams import render
from rulewright.game import InputError, legibility, squares
from rulewright.game.squares import Grid, Square

BOARDS = st.fixed_dictionaries({"columns": st.integers(1, 26), "rows": st.integers(1, 40)},
                               optional={"first_row": st.sampled_from([0, 1]),
                                         "rows_from": st.sampled_from(["top", "bottom"]),
                                         "diagonals": st.booleans()})


@settings(max_examples=100, deadline=None)
@given(data=BOARDS, picks=st.data(), lower=st.booleans())
def test_a_board_and_a_setup_s_squares_read_back_as_they_are_written(data, picks, lower):
    grid = Grid.read(data)
    assert (grid.columns, grid.rows, grid.first_row, grid.rows_from, grid.diagonals) == (
        data["columns"], data["rows"], data.get("first_row", 1), data.get("rows_from", "top"),
        data.get("diagonals", False))
    chosen = picks.draw(st.lists(st.builds(Square, st.integers(0, grid.columns - 1), st.integers(0, grid.rows - 1)),
                                 unique=True, max_size=8))
    written = grid.labels_of(chosen)
    assert grid.read_squares([w.lower() if lower else w for w in written], "holds") == chosen  # the round trip
    assert grid.labels_of(grid.read_squares(written, "holds")) == written


@settings(max_examples=100, deadline=None)
@given(data=BOARDS, picks=st.data())
def test_every_square_a_board_lists_reads_and_each_neighbour_is_one_step(data, picks):
    """What the kit offers (the squares of the board, the neighbours of one) is what it accepts:
    every square read from its label, every neighbour one step away and on the board."""
    grid = Grid.read(data)
    square = picks.draw(st.sampled_from(grid.squares()))
    assert grid.read_square(grid.label(square), "at") == square
    for neighbour in grid.neighbours(square):
        assert grid.on_board(neighbour) and grid.distance(square, neighbour) == 1
        assert square in grid.neighbours(neighbour)


@pytest.mark.parametrize("data, where, words", [
    ({"columns": 5}, "board", "gives the board's size, e.g. '{columns: 5, rows: 5}', not {columns: 5}"),
    ({"columns": 5, "rows": 5, "diagonal": True}, "board.diagonal", "has no key 'diagonal'. Did you mean 'diagonals'?"),
    ({"columns": 0, "rows": 5}, "board.columns", "columns"),
    ({"columns": 5, "rows": 5, "rows_from": "left"}, "board.rows_from", "'top' or 'bottom', not left"),
    ({"columns": 5, "rows": 5, "diagonals": "yes please"}, "board.diagonals", "write 'true' or 'false'"),
])
def test_a_board_that_cannot_be_read_is_named_at_its_key(data, where, words):
    with pytest.raises(InputError) as error:
        Grid.read(data)
    assert error.value.where == where and words in str(error.value), (error.value.where, str(error.value))


def test_a_setup_s_square_off_the_board_or_listed_twice_is_named_at_its_place():
    grid = Grid.read({"columns": 5, "rows": 5})
    with pytest.raises(InputError) as error:
        grid.read_squares(["A1", "F2"], "players.ann.holds")
    assert error.value.where == "players.ann.holds.1"
    assert "There is no square 'F2': write a column letter A-E and a row number 1-5, such as C4." in str(error.value)
    with pytest.raises(InputError) as error:
        grid.read_squares(["A1", "a1"], "players.ann.holds")
    assert error.value.where == "players.ann.holds.1" and "A1 is listed twice" in str(error.value)
    assert grid.read_squares("B2", "home") == [Square(1, 1)] and grid.read_squares(None, "home") == []


def test_the_board_is_drawn_with_what_stands_on_its_squares_and_reads_well():
    grid = Grid.read({"columns": 4, "rows": 3})
    cells = {"A1": ("Ann", squares.FILLS[0]), "D3": ("Bob", squares.FILLS[1]), "B2": ("water", "#9fc5e8")}
    source = squares.draw_board(grid, cells, title="Round 2", notes=["Ann: 3 points · to play", "Bob: 1 point"],
                                refused=["C2"])
    assert source.count('fixedsize=true') == 1 and source.count('pos="') == 4 * 3 + 2  # the squares, the title, the notes
    assert '"A1\\nAnn"' in source and '"B2\\nwater"' in source and '"C3"' in source
    refused = next(line for line in source.splitlines() if '"sq_C2"' in line)
    assert "penwidth=3" in refused and squares.style.REFUSED in refused
    svg = render(source, "test", fmt="svg").decode()
    assert "Ann: 3 points · to play" in svg and "Round 2" in svg
    assert legibility.problems(svg, drawn_by_the_build=False) == []
