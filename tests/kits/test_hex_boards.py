"""The hex board as a kit (``rulewright.game.hexes.Board``): a board read from the game's data with
each mistake at its key or entry, the hexes a setup names read and written back, and the board
drawn with what stands on its hexes (the square board's counterpart: tests/kits/test_boards.py)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.book.diagrams import render
from rulewright.game import InputError, hexes, legibility
from rulewright.game.hexes import Board, distance


@st.composite
def boards(draw) -> dict:
    """A board's data: a grid, and some of its rows, each a run of hexes or its hexes one by one."""
    layout = draw(st.sampled_from(["pointy", "flat"]))
    a1_is_hex = draw(st.booleans())
    data = {"layout": layout, "a1_is_hex": a1_is_hex, "hexes": []}
    if draw(st.booleans()):
        data["letters"] = draw(st.sampled_from(["rows", "columns"]))
    for row in draw(st.lists(st.integers(0, 8), min_size=1, max_size=5, unique=True)):
        letter = chr(ord("A") + row)
        parity = (row + (0 if a1_is_hex else 1)) % 2  # (the first number of the line is odd when 0)
        first = draw(st.integers(0, 6)) * 2 + (1 if parity == 0 else 2)
        length = draw(st.integers(1, 6))
        numbers = [first + 2 * i for i in range(length)]
        data["hexes"] += [f"{letter}{numbers[0]}-{letter}{numbers[-1]}"] if draw(st.booleans()) else \
            [f"{letter}{n}" for n in numbers]
    return data


@settings(max_examples=150, deadline=None)
@given(data=boards(), picks=st.data(), lower=st.booleans())
def test_a_board_and_a_setup_s_hexes_read_back_as_they_are_written(data, picks, lower):
    board = Board.read(data)
    assert (board.grid.layout, board.grid.a1_is_hex) == (data["layout"], data["a1_is_hex"])
    listed = [label for entry in data["hexes"] for label in _labels(entry)]
    assert board.labels() == listed  # every hex of a run, in the order the data lists them
    chosen = picks.draw(st.lists(st.sampled_from(board.hexes), unique=True, max_size=6))
    written = board.labels_of(chosen)
    assert board.read_hexes([w.lower() if lower else w for w in written], "holds") == chosen  # the round trip


def _labels(entry: str) -> list[str]:
    if "-" not in entry:
        return [entry]
    first, last = entry.split("-")
    return [f"{first[0]}{n}" for n in range(int(first[1:]), int(last[1:]) + 1, 2)]


@settings(max_examples=150, deadline=None)
@given(data=boards(), picks=st.data())
def test_each_neighbour_on_the_board_is_one_step_across_a_side_and_sees_the_hex_back(data, picks):
    """What the kit offers is what it accepts: every hex read from its label, every neighbour on
    the board and one step away, across the side facing it."""
    board = Board.read(data)
    h = picks.draw(st.sampled_from(board.hexes))
    assert board.read_hex(board.grid.label(h), "at") == h
    for side, there in board.neighbours(h).items():
        assert board.on_board(there) and distance(h, there) == 1
        assert board.neighbours(there)[hexes.opposite(side)] == h
    assert board.connected(h, [h]) == {h}
    assert board.connected(h, board.hexes) >= {h, *board.neighbours(h).values()}


@pytest.mark.parametrize("data, where, words", [
    ({"layout": "pointy"}, "board", "lists the board's hexes, e.g. '{layout: pointy, hexes: [A1-A9, B2-B8]}'"),
    ({"hexes": ["A1"], "lettres": "rows"}, "board.lettres", "has no key 'lettres'. Did you mean 'letters'?"),
    ({"hexes": ["A1"], "layout": "round"}, "board.layout", "'pointy' (a corner at the top) or 'flat'"),
    ({"hexes": ["A1"], "letters": "diagonals"}, "board.letters", "'rows' or 'columns', not diagonals"),
    ({"hexes": ["A1"], "a1_is_hex": "maybe"}, "board.a1_is_hex", "write 'true' or 'false'"),
    ({"hexes": []}, "board.hexes", "each a label or a run of a row's hexes"),
    ({"hexes": ["A1", "A2"]}, "board.hexes.1", "'A2' is not a hex of this grid"),
    ({"hexes": ["A1-B9"]}, "board.hexes.0", "A run of hexes goes along one row, from its first hex to its last"),
    ({"hexes": ["A9-A1"]}, "board.hexes.0", "A1-A9, not A9-A1"),
    ({"hexes": ["A1-A6"]}, "board.hexes.0", "'A6' is not a hex of this grid"),
    ({"hexes": ["A1-A5", "A3"]}, "board.hexes.1", "A3 is listed twice"),
    ({"hexes": ["A1", "the sea"]}, "board.hexes.1", "is not a hex label: write letters then a number"),
])
def test_a_board_that_cannot_be_read_is_named_at_its_key_or_entry(data, where, words):
    with pytest.raises(InputError) as error:
        Board.read(data)
    assert error.value.where == where and words in str(error.value), (error.value.where, str(error.value))


def test_a_setup_s_hex_off_the_board_or_listed_twice_is_named_at_its_place():
    board = Board.read({"a1_is_hex": False, "hexes": ["A2-A6", "B1-B7", "C4"]})
    with pytest.raises(InputError) as error:
        board.read_hexes(["A2", "C8"], "players.ann.holds")
    assert error.value.where == "players.ann.holds.1"
    assert str(error.value).startswith("There is no hex C8 on this board: the nearest is B7.")
    with pytest.raises(InputError) as error:
        board.read_hexes(["A2", "a2"], "players.ann.holds")
    assert error.value.where == "players.ann.holds.1" and "A2 is listed twice" in str(error.value)
    with pytest.raises(InputError) as error:
        board.read_hex("A3", "home")
    assert error.value.where == "home" and "'A3' is not a hex of this grid" in str(error.value)
    assert board.read_hexes("B3", "home") == [board.grid.hex("B3")] and board.read_hexes(None, "home") == []


def test_the_board_is_drawn_with_what_stands_on_its_hexes_and_reads_well():
    board = Board.read({"a1_is_hex": False, "hexes": ["A2-A6", "B1-B7", "C2-C6"]})
    cells = {"A2": ("Ann", "#fce5cd"), "C6": ("Bob", "#d9ead3"), "B3": ("lake", "#9fc5e8")}
    source = hexes.draw_board(board, cells, title="Round 2", notes=["Ann: 3 points · to play", "Bob: 1 point"],
                              refused=["B5"])
    assert source.count('sides=6') == 1 and source.count('pos="') == len(board.hexes) + 2  # hexes, title, notes
    assert '"A2\\nAnn"' in source and '"B3\\nlake"' in source and '"C4"' in source
    refused = next(line for line in source.splitlines() if '"hex_B5"' in line)
    assert "penwidth=3" in refused and hexes.style.REFUSED in refused
    svg = render(source, "test", fmt="svg").decode()
    assert "Ann: 3 points · to play" in svg and "Round 2" in svg and "lake" in svg
    assert legibility.problems(svg, drawn_by_the_build=False) == []
