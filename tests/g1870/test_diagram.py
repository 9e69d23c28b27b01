"""The market diagram: the whole chart, the ledge, tokens, and one arrow per leg of each move."""
from engine.games.g1870 import market
from engine.games.g1870 import diagram as g1870
from rulewright.problems import Where
from rulewright.scenario import parse, play


def run_of(body: str):
    scenario = parse(body, Where("test_diagram.py", 1), options={"id": "1870-test", "diagram": "after"})
    run, stopped = play(scenario)
    assert stopped is None
    return run


TOP_ROW_SOLD_OUT = """
game: "1870"
setup:
  preset: stock
  players:
    ann: {shares: {SP: 5}}
    bob: {shares: {SP: 3}}
    cat: {shares: {SP: 2}}
  corporations:
    SP: {cell: G1, par: 100}
do:
  - ann: pass
  - bob: pass
  - cat: pass
  - dan: pass
expect:
  corporations.SP.cell: H2
"""


def test_every_cell_is_drawn_in_its_zone_colour():
    dot = g1870.draw(run_of(TOP_ROW_SOLD_OUT), "before")
    assert dot.count("fixedsize=") == len(market.cells()) == 157  # 21 x 4 rows, then 16, 13, 11, 10, 9, 7, 7
    assert dot.count(g1870.ZONE_FILL["closing"]) >= 6


def test_the_ledge_is_one_segment_under_each_ledge_cell_and_beside_each_step():
    segments = g1870.ledge_segments()
    under = [s for s in segments if s[0][0] == s[1][0]]
    beside = [s for s in segments if s[0][1] == s[1][1]]
    assert len(under) == 14                # H8, I7, J6, K5, L4, M4, N3, O3, P3, Q2..U2
    assert len(beside) == 7                # the ledge's steps down to the left
    dot = g1870.draw(run_of(TOP_ROW_SOLD_OUT), "before")
    assert dot.count("penwidth=3.5") == len(segments)


def test_a_top_row_sold_out_move_is_drawn_as_two_legs_only_after():
    run = run_of(TOP_ROW_SOLD_OUT)
    assert g1870.moves(run)[0]["path"] == ["G1", "H1", "H2"]
    after, before = g1870.draw(run, "after"), g1870.draw(run, "before")
    assert after.count("dir=forward") == 2 and before.count("dir=forward") == 0
    assert g1870.corporation_colour("SP") in after
    assert ">SP<" in after.split("c1_7 [")[1].split("\n")[0]   # the token now sits in H2


def test_nolegend_hides_the_legend():
    run = run_of(TOP_ROW_SOLD_OUT)
    assert "legend [" in g1870.draw(run, "after") and "legend [" not in g1870.draw(run, "after", {"nolegend"})
