"""rulewright.game.squares: the laws of a square board, and move arrows drawn over its squares."""
import doctest
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright import dot
from rulewright.book.diagrams import render
from rulewright.game import squares
from rulewright.game.squares import Grid, Square

GRIDS = st.builds(Grid, st.integers(1, 30), st.integers(1, 30), st.sampled_from([0, 1]),
                  st.sampled_from(["top", "bottom"]), st.booleans())
FEW = settings(max_examples=100)


def squares_of(grid):
    return st.builds(Square, st.integers(0, grid.columns - 1), st.integers(0, grid.rows - 1))


@FEW
@given(st.data(), GRIDS)
def test_a_label_names_its_square_and_neighbours_touch_both_ways(data, grid):
    square = data.draw(squares_of(grid))
    assert grid.square(grid.label(square)) == square
    assert grid.square(grid.label(square).lower()) == square
    for other in grid.neighbours(square):
        assert grid.on_board(other) and grid.distance(square, other) == 1
        assert square in grid.neighbours(other)
    inside = [d for d in grid.directions() if grid.neighbour(square, d) is not None]
    assert len(grid.neighbours(square)) == len(inside) <= (8 if grid.diagonals else 4)


@FEW
@given(st.data(), GRIDS)
def test_distance_counts_the_steps_between_squares(data, grid):
    a, b = data.draw(squares_of(grid)), data.draw(squares_of(grid))
    reached, steps, frontier = {a}, 0, {a}
    while b not in reached:  # a breadth-first walk through neighbours
        frontier = {n for s in frontier for n in grid.neighbours(s)} - reached
        reached |= frontier
        steps += 1
    assert grid.distance(a, b) == steps


def test_labels_and_drawing_positions_follow_the_board():
    chess = Grid(8, 8, rows_from="bottom", diagonals=True)
    assert chess.labels()[:2] == ["A1", "A2"] and chess.label(Square(7, 7)) == "H8"
    assert chess.centre(chess.square("A8"), 1.0) == (0.0, 0.0)  # row 8 is the top row of a chessboard
    assert chess.centre(chess.square("A1"), 1.0) == (0.0, -7.0)
    assert len(chess.neighbours(chess.square("D4"))) == 8
    tiles = Grid(10, 10, first_row=0)
    assert tiles.centre(tiles.square("C4"), 0.5) == (1.0, -2.0)
    assert tiles.neighbour(tiles.square("A0"), "N") is None and tiles.neighbour(tiles.square("A0"), "s") == Square(0, 1)


@pytest.mark.parametrize("label", ["K3", "A10", "3A", "", "C-1"])
def test_a_label_off_the_board_says_how_to_write_one(label):
    with pytest.raises(ValueError, match=r"There is no square .*: write a column letter A-J and a row number "
                                         r"0-9, such as C3\."):
        Grid(10, 10, first_row=0).square(label)


def test_the_module_examples_hold():
    assert doctest.testmod(squares).failed == 0


def board_with_arrow(arrows_on_top: bool) -> str:
    """A 3x3 board of touching squares and a move arrow from B1 to its neighbour B2."""
    grid, size = Grid(3, 3, rows_from="bottom"), 0.6
    out = dot.graph_header("board", arrows_on_top=arrows_on_top)
    out.append("  node [" + ", ".join(f"{k}={v}" for k, v in grid.node_shape(size).items()) + ", style=filled];")
    for square in grid.squares():
        x, y = grid.centre(square, size)
        out.append(f'  {dot.node_id("sq", grid.label(square))} [pos="{x},{y}!", fillcolor="#dddddd"];')
    centre = lambda label: grid.centre(grid.square(label), size)  # noqa: E731
    out += dot.move_arrow("move", centre("B1"), centre("B2"), colour=dot.REFUSED, stop_short=0.1)
    return "\n".join(out + ["}"])


def test_a_move_arrow_between_touching_squares_is_drawn_over_them_with_its_head():
    svg = render(board_with_arrow(arrows_on_top=True), "test", fmt="svg").decode()
    edge = svg.index('class="edge')
    assert edge > svg.rindex('class="node"')  # drawn after (over) every square
    path = re.search(r'<path[^>]*stroke="#d62728"[^>]*d="M([-\d.]+),([-\d.]+)[^"]*?([-\d.]+),([-\d.]+)"', svg[edge:])
    head = re.search(r'<polygon fill="#d62728"[^>]*points="([^"]+)"', svg[edge:])
    assert path and head, svg[edge:]
    tip_y = min(float(p.split(",")[1]) for p in head.group(1).split())  # the head points up, to B2
    # From B1's centre nearly to B2's (0.6 in = 43 pt apart; it stops 0.1 in short), not cut at the
    # squares' borders, where nothing of it would be left.
    assert float(path.group(2)) - tip_y > 0.5 * 0.6 * 72
    assert "outputorder=edgesfirst" in board_with_arrow(arrows_on_top=False)


def test_a_numbered_move_arrow_keeps_clear_of_the_squares_labels():
    """The number sits in a ring beside the arrow (on the squares' shared border), and with the
    squares' size the arrow starts and ends a quarter of a square from their centres: neither
    covers a square's name ("B2" read as "E 2" under a number drawn on the arrow)."""
    grid, size = Grid(3, 3, rows_from="bottom"), 0.6
    b1, b2 = (grid.centre(grid.square(label), size) for label in ("B1", "B2"))
    lines = dot.move_arrow("move", b1, b2, label="1", cell=size)
    points = {m.group(1): (float(m.group(2)), float(m.group(3)))
              for m in (re.search(r'"move_(\w+)" \[.*pos="([-\d.]+),([-\d.]+)!"', line) for line in lines) if m}
    edge = lines[-1]
    assert "label=" not in edge  # the number is not written on the arrow itself
    (_, fy), (_, ty), (lx, ly) = points["from"], points["to"], points["label"]
    assert abs(fy - b1[1]) == pytest.approx(0.3 * size) and abs(ty - b2[1]) == pytest.approx(0.3 * size)
    assert ly == pytest.approx((b1[1] + b2[1]) / 2) and abs(lx - b1[0]) == pytest.approx(0.42 * size)
    svg = render("\n".join(dot.graph_header("b", arrows_on_top=True) + lines + ["}"]), "test", fmt="svg").decode()
    assert ">1</text>" in svg


def test_a_diagonal_move_s_number_sits_on_the_squares_border_not_on_a_third_square():
    grid, size = Grid(3, 3, rows_from="bottom"), 0.6
    b1, c2 = (grid.centre(grid.square(label), size) for label in ("B1", "C2"))
    lines = dot.move_arrow("move", b1, c2, label="1", cell=size)
    ring = next(line for line in lines if '"move_label"' in line)
    x, y = map(float, re.search(r'pos="([-\d.]+),([-\d.]+)!"', ring).groups())
    assert x == pytest.approx((b1[0] + c2[0]) / 2)  # on the border between B and C, above or below the corner
    for label in ("B2", "C1"):  # the two squares the arrow passes between keep their names clear
        cx, cy = grid.centre(grid.square(label), size)
        assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 > 0.45 * size


def labelled_board(*arrows) -> str:
    """A 3x3 board whose squares show their names, and the given move arrows."""
    grid, size = Grid(3, 3, rows_from="bottom"), 0.6
    out = dot.graph_header("board", arrows_on_top=True)
    out.append("  node [" + ", ".join(f"{k}={v}" for k, v in grid.node_shape(size).items())
               + ', style=filled, fontname="' + dot.FONT + '", fontsize=12];')
    for square in grid.squares():
        x, y = grid.centre(square, size)
        out.append(f'  {dot.node_id("sq", grid.label(square))} [pos="{x},{y}!", fillcolor="#eeeeee", '
                   f'label={dot.quote(grid.label(square))}];')
    centre = lambda label: grid.centre(grid.square(label), size)  # noqa: E731
    for n, (start, end, cell) in enumerate(arrows):
        out += dot.move_arrow(f"move{n}", centre(start), centre(end), label=str(n + 1), cell=size if cell else None)
    return "\n".join(out + ["}"])


def test_a_move_arrow_across_a_square_s_name_is_found():
    """A1 to C3 runs straight over B2's name, with the cell's size or without: the advice is to write
    the names off the centres; B1 to B2 without the cell's size starts on B1's own name (the advice:
    give cell=), and with it does not."""
    from rulewright.game import legibility

    for cell in (False, True):
        across = render(labelled_board(("A1", "C3", cell)), "test", fmt="svg").decode()
        found = legibility.problems(across, drawn_by_the_build=False)
        assert any("move arrow 1 runs across the label 'B2' (the move passes over them" in f
                   and "cell=" not in f for f in found), found
    own = render(labelled_board(("B1", "B2", False)), "test", fmt="svg").decode()
    found = legibility.problems(own, drawn_by_the_build=False)
    assert any("runs across the label 'B1' (give move_arrow the cell's size, cell=" in f for f in found), found
    clear = render(labelled_board(("B1", "B2", True)), "test", fmt="svg").decode()
    assert not [f for f in legibility.problems(clear, drawn_by_the_build=False) if "move arrow" in f]



def test_a_diagram_hard_to_read_is_given_the_colours_advice_only_for_a_colour():
    """An arrow over a name is no matter of colour: the warning does not send the designer to the
    colour helpers; a faint label does."""
    from types import SimpleNamespace

    import pytest

    from rulewright.problems import Where
    from rulewright.testing.sybil_parser import DiagramHardToRead, _check_legibility

    result = SimpleNamespace(scenario=SimpleNamespace(where=Where("rules.md", 4, "a-move")))
    across = render(labelled_board(("A1", "C3", True)), "test", fmt="svg").decode()
    faint = across.replace('fill="#eeeeee"', 'fill="#222222"', 1)
    for svg, colours in ((across, False), (faint, True)):
        with pytest.warns(DiagramHardToRead) as caught:
            _check_legibility(result, [svg])
        said = str(caught[0].message)
        assert "runs across the label 'B2'" in said and ("colours from rulewright.dot" in said) == colours, said


def test_the_labels_one_arrow_runs_across_are_said_together_with_the_advice_each_needs():
    """A1 to C1 without the cell's size: the name at its start (give cell=) and the name it passes
    (draw it off the path) are two sentences, each with its own advice."""
    from rulewright.game import legibility

    drawn = render(labelled_board(("A1", "C1", False)), "test", fmt="svg").decode()
    found = [f for f in legibility.problems(drawn, drawn_by_the_build=False) if "move arrow" in f]
    assert len(found) == 2, found  # (its head stops short of C1's name)
    assert "move arrow 1 runs across the label 'A1' (give move_arrow the cell's size" in found[0]
    assert "move arrow 1 runs across the label 'B1' (the move passes over them" in found[1]
