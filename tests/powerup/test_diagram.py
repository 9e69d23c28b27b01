"""The powerUp board diagram: what it marks, checked on the DOT source it produces."""
from __future__ import annotations

import re
from xml.etree import ElementTree
import textwrap

from rulewright import scenario
from engine.games.powerup import diagram as powerup
from rulewright.problems import Where

MERGER = textwrap.dedent("""
    game: powerup
    setup:
      players:
        ann: {hand: [B2, J9], shares: {MT: 4}}
        bob: {shares: {MT: 2}}
      board:
        ES: [A0-A3]
        MT: [C1-C3]
        neutral: [H8]
    do:
      - ann: play B2
    expect:
      companies.ES.size: 8
""")


def run_of(body: str):
    s = scenario.parse(body, Where("test.md", 1, "t"), options={"id": "t", "diagram": "after"})
    run, stopped = scenario.play(s)
    assert stopped is None
    return run


def node(dot: str, tile: str) -> str:
    match = re.search(rf"^  t{tile} \[(.*)\];$", dot, re.M)
    assert match, f"no square for {tile}"
    return match.group(1)


def test_after_a_merger_the_board_marks_played_changed_and_payouts():
    dot = powerup.draw(run_of(MERGER), "after", frozenset())
    assert "penwidth=3.5" in node(dot, "B2") and "peripheries" not in node(dot, "B2")
    assert "peripheries=2" in node(dot, "C2")            # was Maniac Timber, now Eclipse Solar
    assert "peripheries" not in node(dot, "A1")          # Eclipse Solar all along
    assert powerup.COLOURS["ES"] in node(dot, "C2")
    assert powerup.NEUTRAL_FILL in node(dot, "H8")
    assert "Payouts" in dot and "majority bonus" in dot and "$2,500" in dot and "$1,000" in dot
    assert "into ES" in dot
    assert len(re.findall(r"^  t[A-J]\d ", dot, re.M)) == 100


def test_before_shows_where_the_tile_goes_and_the_hand_on_request():
    dot = powerup.draw(run_of(MERGER), "before", frozenset({"hand"}))
    assert 'style="filled,dashed"' in node(dot, "B2")
    assert powerup.HAND_FILL in node(dot, "J9")
    assert 'label="J9\\nneut."' in node(dot, "J9")     # what playing it would do (neutral, shortened)
    assert "in Ann&#x27;s hand" in dot or "in Ann's hand" in dot
    assert powerup.COLOURS["MT"] in node(dot, "C2")
    assert "Payouts" not in dot


def _extent(svg: str, title: str) -> tuple[float, float]:
    """The left and right of what the SVG draws for the node called ``title`` (its shapes and words)."""
    from rulewright.game.legibility import SVG, _box, text_width

    root = ElementTree.fromstring(svg)
    for group in root.iter(f"{SVG}g"):
        if group.findtext(f"{SVG}title") != title:
            continue
        xs = [x for element in group.iter() if (box := _box(element)) for x in box[:2]]
        for text in group.iter(f"{SVG}text"):
            x, width = float(text.get("x")), text_width(text.text or "", float(text.get("font-size", 14)))
            xs += {"middle": [x - width / 2, x + width / 2], "end": [x - width, x]}.get(text.get("text-anchor"),
                                                                                       [x, x + width])
        return min(xs), max(xs)
    raise AssertionError(f"no node {title} in the picture")


LONG_NAMES = MERGER.replace("ann", "bartholomew-alexandrina")


def test_legend_and_payouts_start_right_of_the_last_column_however_long_they_are():
    from rulewright.book.diagrams import render

    pictures = [(MERGER, "after", frozenset()), (MERGER, "before", frozenset({"hand"})),
                (LONG_NAMES, "before", frozenset({"hand"})), (LONG_NAMES, "after", frozenset())]
    for body, when, options in pictures:
        svg = render(powerup.draw(run_of(body), when, options), None).decode()
        board_right = max(_extent(svg, f"t{powerup.COLUMNS[-1]}{row}")[1] for row in range(powerup.ROWS))
        for table in ("legend", "payouts") if when == "after" else ("legend",):
            left, _ = _extent(svg, table)
            assert left > board_right + 5, f"the {table} ({when}, {options}) reaches over the last column"
