"""The map diagram (option ``map``): fixed positions, routes in company colours, refused routes,
blocked cities crossed, the revenue table; the market diagram is unchanged without the option."""
import re

from engine.games.g1870 import network
from engine.games.g1870 import diagram as g1870
from rulewright.problems import Where
from rulewright.scenario import parse, play

TWO_TRAINS = """
game: "1870"
setup: {preset: network, turn: MP}
do:
  - MP: run 4 St. Louis-Memphis-Little Rock
  - MP: run 3 St. Louis-Chicago
expect:
  corporations.MP.revenue: 150
"""

BLOCKED = """
game: "1870"
setup: {preset: network, turn: GMO, tokens: {Jackson: [TP]}}
do:
  - GMO: run 3 Mobile-Jackson-Memphis
expect:
  refused: 1870.route.blocked
"""


def run_of(body: str):
    scenario = parse(body, Where("test_map_diagram.py", 1), options={"id": "1870-test", "diagram": "after map"})
    run, stopped = play(scenario)
    assert stopped is None
    return run


def positions(dot: str) -> dict[str, str]:
    return dict(re.findall(r'  (st_\w+) \[shape=point[^\]]*pos="([^"]+)"', dot))


def test_every_station_is_at_the_same_place_in_every_picture():
    first = positions(g1870.draw(run_of(TWO_TRAINS), "before", frozenset({"map"})))
    second = positions(g1870.draw(run_of(BLOCKED), "after", frozenset({"map"})))
    assert len(first) == len(network.stations()) == 23
    assert first == second


def test_each_link_of_a_route_is_drawn_bold_in_the_company_colour():
    dot = g1870.draw(run_of(TWO_TRAINS), "after", frozenset({"map"}))
    colour = g1870.corporation_colour("MP")
    bold = [line for line in dot.splitlines() if f'color="{colour}", penwidth=3.6' in line]
    assert len(bold) == 3  # St. Louis-Memphis, Memphis-Little Rock, St. Louis-Chicago
    table = dot[dot.index("  revenue ["):]
    assert "St. Louis-Memphis-Little Rock</TD><TD ALIGN=\"RIGHT\">80<" in table
    assert "St. Louis-Chicago</TD><TD ALIGN=\"RIGHT\">70<" in table
    assert "penwidth=3.6" not in g1870.draw(run_of(TWO_TRAINS), "before", frozenset({"map"}))


def test_a_refused_route_is_dashed_red_and_the_full_city_crossed():
    dot = g1870.draw(run_of(BLOCKED), "after", frozenset({"map"}))
    dashed = [line for line in dot.splitlines() if "style=dashed" in line and "st_" in line]
    assert len(dashed) == 2
    assert "refused" in dot
    crosses = [line for line in dot.splitlines() if re.match(r"  x\d+_\d+a -- ", line)]
    assert len(crosses) == 2  # one cross (two strokes): Jackson, full of IC and TP; GMO's own Mobile is not
    x, y = (float(v) for v in positions(dot)["st_Jackson"].rstrip("!").split(","))
    assert f'x0_0a [shape=point, width=0.01, style=invis, pos="{x - 0.3:.3f},{y - 0.16:.3f}!"]' in dot


def test_without_the_map_option_the_market_is_drawn():
    dot = g1870.draw(run_of(TWO_TRAINS), "after")
    assert dot.count("fixedsize=") == 157 and "st_Dallas" not in dot
