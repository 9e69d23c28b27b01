"""The map diagram (option ``map``) of a played example: the region of the printed map it is about,
each route run as a band in its corporation's colour over the hexes it passes through, a refused
route dashed red, the routes' table; the market diagram is unchanged without the option."""
import re

from engine.games.g1870 import diagram as g1870
from engine.games.g1870 import map_picture
from rulewright.dot import REFUSED
from rulewright.problems import Where
from rulewright.scenario import parse, play

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


def banded(dot: str) -> dict[str, set[str]]:
    """The hexes each route's band covers, by route number."""
    out: dict[str, set[str]] = {}
    for number, label in re.findall(r'"route (\d+) ([A-O]\d+) ', dot):
        out.setdefault(number, set()).add(label)
    return out


def test_each_route_is_a_band_in_the_corporation_colour_over_its_hexes():
    dot = g1870.draw(run_of(TWO_TRAINS), "after", frozenset({"map"}))
    bands = banded(dot)
    assert bands == {"0": set(ST_LOUIS_TO_LITTLE_ROCK.split("-")), "1": {"C18", "C20", "B21", "A22"}}
    colour = g1870.corporation_colour("MP")
    assert re.search(rf'"route 0 H15 \(1, 4\) \d+" \[.*fillcolor="{colour}"', dot)  # tile 9 turned once: W-E
    assert "C18 D19 E18 F17 G16 H17 H15 H13" in dot and "$80" in dot and "$70" in dot
    assert not banded(g1870.draw(run_of(TWO_TRAINS), "before", frozenset({"map"})))
    # The region holds the routes and what is near them, not the whole map.
    hexes = set(re.findall(r'^  "hex ([A-O]\d+)"', dot, re.M))
    assert set(ST_LOUIS_TO_LITTLE_ROCK.split("-")) | {"A22"} <= hexes and "N1" not in hexes


def test_a_refused_route_is_dashed_red_and_marked_refused():
    dot = g1870.draw(run_of(BLOCKED), "after", frozenset({"map"}))
    assert banded(dot) == {"0": {"M20", "L19", "K18", "K16", "J17", "I18", "H17"}}
    red = [line for line in dot.splitlines() if line.startswith('  "route 0') and f'fillcolor="{REFUSED}"' in line]
    drawn = [line for line in dot.splitlines() if line.startswith('  "route 0')]
    assert red == drawn and len(drawn) > 10
    assert "refused" in dot


def test_the_whole_option_draws_every_hex():
    dot = g1870.draw(run_of(TWO_TRAINS), "after", frozenset({"map", "whole"}))
    assert len(re.findall(r'^  "hex [A-O]\d+"', dot, re.M)) == len(map_picture.hexmap.board().hexes)


def test_without_the_map_option_the_market_is_drawn():
    dot = g1870.draw(run_of(TWO_TRAINS), "after")
    assert dot.count("fixedsize=") == 157 and '"hex C18"' not in dot
