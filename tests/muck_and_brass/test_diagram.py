"""The diagram module: what the DOT says about built, new, refused and legal links."""
import subprocess

from rulewright import scenario
from rulewright.book.diagrams import dot_program
from engine.games.muck_and_brass import diagram
from rulewright.problems import Where
from rulewright.dot import REFUSED

EXAMPLE = """
game: muck-and-brass
setup:
  preset: late
do:
  - ann: expand LMR {move}
expect:
  general_dividends: 3
"""


def run_of(move: str, refused: str | None = None):
    body = EXAMPLE.format(move=move) + (f"  refused: {refused}\n" if refused else "")
    s = scenario.parse(body, Where("test.md", 1), "t", {"id": "mb-test"})
    result = scenario.evaluate(s)
    assert result.ok, result.report()
    return result.run


def edge(dot: str, a: str, b: str) -> str:
    line = next((l for l in dot.splitlines() if f'"{a}" -- "{b}"' in l or f'"{b}" -- "{a}"' in l), None)
    assert line is not None, f"no edge {a}-{b}"
    return line


def test_new_links_are_thicker_than_old_ones_and_in_the_company_colour():
    dot = diagram.draw(run_of("Preston-Lancaster-Carlisle"), "after")
    new, old = edge(dot, "Lancaster", "Preston"), edge(dot, "Liverpool", "Preston")
    assert "#2e7d32" in new and "#2e7d32" in old
    assert f'penwidth="{diagram.NEW_WIDTH}"' in new and f'penwidth="{diagram.BUILT_WIDTH}"' in old
    before = diagram.draw(run_of("Preston-Lancaster-Carlisle"), "before")
    assert "#2e7d32" not in edge(before, "Lancaster", "Preston")


def test_a_refused_link_is_dashed_red_and_named_in_the_key():
    dot = diagram.draw(run_of("Manchester-Leeds-York", "mb.expand.double.stops"), "after")
    for a, b in [("Manchester", "Leeds"), ("Leeds", "York")]:
        line = edge(dot, a, b)
        assert REFUSED in line and "dashed" in line
    assert ">refused<" in dot


def test_home_stations_have_a_double_border_and_merged_components_are_marked():
    dot = diagram.draw(run_of("Liverpool-Chester", "mb.expand.last-connection"), "after")
    derby = next(l for l in dot.splitlines() if l.startswith('  "Derby" ['))
    assert 'peripheries="2"' in derby and "LNWR home" in derby
    assert '"LNWR Der."' in dot and "Der. = Derby" in dot


def test_legal_option_draws_the_links_the_company_could_build_next():
    run = run_of("Manchester-Sheffield")
    dot = diagram.draw(run, "after", frozenset({"legal"}))
    assert "dotted" in edge(dot, "Manchester", "Crewe") and "#2e7d32" in edge(dot, "Manchester", "Crewe")
    assert "#2e7d32" not in edge(dot, "Leeds", "York")  # not reachable for LMR
    assert "could build next" in dot
    assert "could build next" not in diagram.draw(run, "after")


def test_the_dot_renders():
    dot = diagram.draw(run_of("Liverpool-Dublin"), "after")
    done = subprocess.run([dot_program(), "-Tsvg"], input=dot, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "<svg" in done.stdout and "Dublin" in done.stdout


OWN_BOARD = """
game: muck-and-brass
setup:
  cities: {Hull: 2, York: 3, Selby: 1}
  links: [Hull-Selby, Selby-York]
  companies:
    HSR: {home: Hull, treasury: 20}
    YNM: {home: York, treasury: 20}
    NER: {home: Selby, colour: "#2e7d32", active: false}
  players:
    ann: {shares: {HSR: 1}}
do:
  - ann: expand HSR Hull-Selby
expect:
  companies.HSR.links: [Hull-Selby]
"""


def test_a_board_the_example_built_is_not_called_illustrative_and_each_company_has_its_own_colour():
    s = scenario.parse(OWN_BOARD, Where("test.md", 1), "t", {"id": "mb-own"})
    result = scenario.evaluate(s)
    assert result.ok, result.report()
    dot = diagram.draw(result.run, "after")
    assert "Illustrative board" not in dot and "This example's board" in dot
    colours = [c.colour for c in result.run.after.companies.values()]
    assert len(set(colours)) == 3 and colours[2] == "#2e7d32" and "" not in colours
    assert "Illustrative board" in diagram.draw(run_of("Preston-Lancaster-Carlisle"), "after")
