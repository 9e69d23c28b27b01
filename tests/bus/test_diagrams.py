"""The street-map diagrams: what they draw, and that Graphviz can render every Bus example's map."""
from __future__ import annotations

import subprocess

import pytest

from rulewright.book import scanner
from engine.games.bus import diagram as bus
from rulewright.book.diagrams import dot_program
from rulewright.problems import Where
from rulewright.scenario import evaluate, parse
from tests.bus.helpers import new

SHARED = """
game: bus
setup:
  players:
    red: {line: 18-13-14}
    blue: {line: 2-6-14}
    yellow: {line: 5-6-14}
do:
  - red: add 14-6
expect:
  streets.6-14: [red, blue, yellow]
"""

REFUSED = """
game: bus
setup:
  preset: worked-examples
do:
  - blue: add 20-15
expect:
  refused: bus.expand.empty-street
"""


def run_of(body: str):
    result = evaluate(parse(body, Where("test.md", 1), options={"id": "bus-test"}))
    assert result.ok, result.report()
    return result.run


def strokes(dot: str, prefix: str, colour: str) -> int:
    return sum(1 for line in dot.splitlines() if line.lstrip().startswith(prefix) and "--" in line
               and f'color="{colour}"' in line)


def test_three_lines_on_one_street_are_drawn_side_by_side():
    dot = bus.draw(run_of(SHARED), "after")
    band_lines = [line for line in dot.splitlines() if line.lstrip().startswith("line") and "[shape=point" in line]
    positions = {line.split("pos=")[1] for line in band_lines if "_6_14_0 " in line}
    assert len(positions) == 3  # three bands of street 6-14 start at three different points
    assert strokes(dot, "halo_6_14", bus.HALO) == 1  # the added street is highlighted
    assert 'order_6_14 [' in dot and 'label="1"' in dot


def test_legal_streets_are_dotted_in_the_movers_colour_unlike_a_refused_street():
    dot = bus.draw(run_of(SHARED), "after", frozenset({"legal"}))
    legal = [line for line in dot.splitlines() if line.lstrip().startswith("legal_") and "--" in line]
    # from 6 only 6-7 is empty (blue and yellow pass through 6); from 18 all three are empty
    assert sorted(line.split()[0] for line in legal) == ["legal_18_10_12", "legal_18_19_12", "legal_18_22_12",
                                                         "legal_6_7_12"]
    assert all("style=dotted" in line and bus.COLOURS["red"] in line for line in legal)
    refused = [line for line in bus.draw(run_of(REFUSED), "after").splitlines() if "--" in line and "dashed" in line]
    assert refused and not any("dotted" in line for line in refused)


def test_before_shows_no_additions_and_after_marks_a_refusal():
    run = run_of(REFUSED)
    assert "halo_" not in bus.draw(run, "before")
    after = bus.draw(run, "after")
    assert "refused_20_15_12" in after and 'label="X"' in after


def test_a_closed_circle_is_ringed_in_the_players_colour():
    body = SHARED.replace("red: {line: 18-13-14}", "red: {line: 14-11-15-20}").replace(
        "red: add 14-6", "red: add 14-20").replace("streets.6-14: [red, blue, yellow]", "players.red.circle: 20")
    dot = bus.draw(run_of(body), "after")
    ring = next(line for line in dot.splitlines() if line.lstrip().startswith("c20 ["))
    assert "doublecircle" in ring and bus.COLOURS["red"] in ring


BUS_EXAMPLES = [e for e in scanner.scan().examples if e.id.startswith("bus-") and e.options.get("diagram")]


@pytest.mark.parametrize("example", BUS_EXAMPLES, ids=lambda e: e.id)
def test_every_bus_diagram_renders(example):
    if example.problem is not None:  # the example's own test names the problem, plainly
        pytest.skip(str(example.problem))
    scenario = example.parse()
    result = evaluate(scenario)
    for when in ("before", "after") if scenario.diagram == "both" else (scenario.diagram,):
        dot = bus.draw(result.run, when, scenario.diagram_options)
        done = subprocess.run([dot_program(), "-Tsvg"], input=dot, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "<svg" in done.stdout


def test_end_dots_depend_on_the_position_not_on_how_a_line_is_written():
    """Red's line 16-17-8-16-21 can end at 16 by 16-17 or by 16-8, however it is written."""
    dots = [sorted(bus._ends(new({"players": {"red": {"line": line}}}), {"red": "#d62728"}))
            for line in ("16-17-8-16-21", "21-16-8-17-16", "16-8-17-16-21")]
    assert dots[0] == dots[1] == dots[2] and len(dots[0]) == 3
