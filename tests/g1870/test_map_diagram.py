"""The map diagram (option ``map``) of a played example: the region of the printed map it is about,
each route run as a band in its corporation's colour over the hexes it passes through, a refused
route dashed red, the routes' table; the market diagram is unchanged without the option."""

from engine.games.g1870 import diagram as g1870
from engine.games.g1870 import map_picture
from rulewright.dot import REFUSED
from rulewright.problems import Where
from rulewright.scenario import parse, play
from tests.g1870.helpers import backdrop, bands, hex_under, hexes_drawn

ST_LOUIS_TO_LITTLE_ROCK = "C18-D19-E18-F17-G16-H17-H15-H13"
TWO_TRAINS = f"""
game: "1870"
setup: {{preset: gulf, turn: MP}}
do:
  - MP: run 4 {ST_LOUIS_TO_LITTLE_ROCK}
  - MP: run 3 C18-C20-B21-A22
expect:
  corporations.MP.revenue: 150
"""

BLOCKED = """
game: "1870"
setup: {preset: gulf, turn: GMO, hexes: {K16: {tokens: [TP]}}}
do:
  - GMO: run 3 M20-L19-K18-K16-J17-I18-H17
expect:
  refused: 1870.route.blocked
"""


def run_of(body: str):
    scenario = parse(body, Where("test_map_diagram.py", 1), options={"id": "1870-test", "diagram": "after map"})
    run, stopped = play(scenario)
    assert stopped is None
    return run


def test_each_route_is_a_band_in_the_corporation_colour_over_its_hexes():
    dot = g1870.draw(run_of(TWO_TRAINS), "after", frozenset({"map"}))
    colour = g1870.corporation_colour("MP")
    assert bands(dot, colour) == set(ST_LOUIS_TO_LITTLE_ROCK.split("-")) | {"C18", "C20", "B21", "A22"}
    # tile 9 turned once runs W-E in H15: its band runs level, from the west side to the east side
    (piece,) = [s for s in backdrop(dot) if s.kind == "line" and s.pen == colour and s.width >= 4.5
                and hex_under(s.points[len(s.points) // 2]) == "H15"]
    assert abs(piece.points[0][1] - piece.points[-1][1]) < 0.01 and abs(piece.points[0][0] - piece.points[-1][0]) > 50
    assert "C18 D19 E18 F17 G16 H17 H15 H13" in dot and "$80" in dot and "$70" in dot
    assert not bands(g1870.draw(run_of(TWO_TRAINS), "before", frozenset({"map"})), colour)
    # The region holds the routes and what is near them, not the whole map.
    hexes = set(hexes_drawn(dot))
    assert set(ST_LOUIS_TO_LITTLE_ROCK.split("-")) | {"A22"} <= hexes and "N1" not in hexes


def test_a_refused_route_is_dashed_red_and_marked_refused():
    dot = g1870.draw(run_of(BLOCKED), "after", frozenset({"map"}))
    assert bands(dot, REFUSED) == {"M20", "L19", "K18", "K16", "J17", "I18", "H17"}
    drawn = [s for s in backdrop(dot) if s.kind == "line" and s.width >= 4.5]
    assert len(drawn) >= 7 and all(s.pen == REFUSED and s.dashed for s in drawn)
    assert "refused" in dot


def test_the_whole_option_draws_every_hex():
    dot = g1870.draw(run_of(TWO_TRAINS), "after", frozenset({"map", "whole"}))
    assert set(hexes_drawn(dot)) == set(map_picture.hexmap.board().hexes)


def test_without_the_map_option_the_market_is_drawn():
    dot = g1870.draw(run_of(TWO_TRAINS), "after")
    assert dot.count("fixedsize=") == 157 and '"hex C18"' not in dot
