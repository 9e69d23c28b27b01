"""The market grid and every kind of movement, including the ledge in both readings."""
import pytest

from engine.games.g1870 import market


def labels(path):
    return [market.label(p) for p in path]


def at(label):
    return market.parse_label(label)


def test_grid_shape_zones_and_pars():
    cells = market.cells()
    assert len([c for c in cells.values() if c.row == 0]) == 21
    assert max(c.row for c in cells.values()) == 10
    assert market.par_values() == [100, 90, 82, 76, 72, 68]
    assert market.cell(at("A4")).zone == "green" and market.cell(at("A5")).zone == "brown"
    assert market.cell(at("A1")).zone == "yellow" and market.cell(at("A9")).zone == "closing"
    assert market.cell(at("Q3")).zone == "below-ledge" and market.cell(at("Q2")).price == 275


@pytest.mark.parametrize("start,path", [
    ("G1", ["G1", "H1"]),          # plain move right
    ("J5", ["J5", "K5"]),          # K5 (90) is white: no deflection
    ("K5", ["K5", "K4"]),          # L5 is below the ledge: deflected up
    ("U1", ["U1"]),                # the end of the top row: stays
    ("U2", ["U2", "U1"]),          # the end of a row: up
    ("P5", ["P5", "P4"]),          # inside the lower area at its row end: up
    ("L5", ["L5", "M5"]),          # inside the lower area, moving right stays in it
])
def test_full_payout_moves_right_or_up(start, path):
    assert labels(market.right(at(start))) == path


@pytest.mark.parametrize("start,path", [("G1", ["G1", "F1"]), ("A3", ["A3", "A4"]), ("L5", ["L5", "K5"]),
                                        ("A8", ["A8", "A9"])])
def test_withhold_moves_left_or_down_in_column_a(start, path):
    assert labels(market.left(at(start))) == path


@pytest.mark.parametrize("start,path", [("G3", ["G3", "G2"]), ("G1", ["G1", "H1", "H2"]), ("U1", ["U1"])])
def test_sold_out_moves_up_or_right_then_down_on_top_row(start, path):
    assert labels(market.up(at(start))) == path


@pytest.mark.parametrize("start,shares,publisher,absorb", [
    ("O3", 1, "O3", "O3"),   # on the ledge, one share: stays in both readings
    ("O3", 2, "O5", "O4"),   # on the ledge, two shares: the readings differ
    ("O2", 2, "O3", "O3"),   # one above: would end just under the ledge, so stops on it
    ("O2", 3, "O5", "O4"),
    ("G1", 3, "G4", "G4"),   # no ledge in column G
    ("H8", 2, "H9", "H9"),   # two from the ledge but the column ends one row below it
    ("M5", 1, "M6", "M6"),   # already below the ledge: moves normally
])
def test_sales_and_the_ledge(start, shares, publisher, absorb):
    assert labels(market.down(at(start), shares))[-1] == publisher
    assert labels(market.down(at(start), shares, "absorb-one"))[-1] == absorb


def test_sale_stops_at_the_bottom_of_a_column():
    assert labels(market.down(at("A7"), 5)) == ["A7", "A8", "A9", "A10", "A11"]


def test_reissue_price_rounds_to_the_nearest_top_row_price_ties_up():
    assert market.top_row_nearest(0.75 * 120) == 90
    assert market.top_row_nearest(0.75 * 350) == 275     # 262.5 is nearer 275 than 250
    assert market.top_row_nearest(95) == 100            # halfway between 90 and 100: up
    assert market.top_row_nearest(300, cap=200) == 200


def test_bad_cell_names_are_input_errors():
    from rulewright.game import InputError
    with pytest.raises(InputError, match="not a cell"):
        market.parse_label("Z9")
    with pytest.raises(InputError):
        market.parse_label("U9")
