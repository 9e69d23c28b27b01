"""``rulewright.dot.Backdrop``: a board's shapes drawn under every node, in the order given, as one
graph attribute that the book's Graphviz draws (polygons filled and outlined, lines of a width,
dashed or with round ends)."""
import re

from rulewright import dot
from rulewright.book.diagrams import render


def picture(backdrop: dot.Backdrop) -> str:
    return "\n".join(dot.graph_header("backdrop", layout="nop2") + [
        '  a [pos="0,0!", shape=point, style=invis, width=0.01];',
        '  b [pos="200,100!", shape=point, style=invis, width=0.01];',
        '  word [pos="100,50!", shape=plaintext, label="over"];',
        f"  graph [{backdrop.attribute()}];", "}"])


def test_shapes_are_drawn_in_order_under_the_nodes_with_their_colours_and_widths():
    backdrop = dot.Backdrop()
    backdrop.polygon([(0, 0), (200, 0), (200, 100), (0, 100)], "#fff2a8", "#7a7a7a", 0.8)
    backdrop.line([(10, 50), (100, 50), (190, 90)], "#d62728", 10)
    backdrop.line([(10, 10), (190, 10)], "#0072B2", 3.2, dashed=True)
    svg = render(picture(backdrop), "a test picture").decode()
    body = svg[svg.index('class="graph"'):]
    hexagon = body.index('fill="#fff2a8"')
    band = body.index('stroke="#d62728" stroke-width="10"')
    dashed = re.search(r'<polyline[^>]*stroke="#0072b2"[^>]*stroke-dasharray', body, re.I)
    word = body.index(">over</text>")
    assert hexagon < band < dashed.start() < word  # in the order added, all under the node
    assert 'stroke="#7a7a7a"' in body and 'stroke-width="0.8"' in body
    # the band's two ends are round: a disc of its width at each end, in its colour
    discs = re.findall(r'<ellipse fill="#d62728"[^>]*rx="5"', body)
    assert len(discs) == 2


def test_a_colour_is_said_once_until_it_changes():
    backdrop = dot.Backdrop()
    for k in range(3):
        backdrop.line([(0, k), (10, k)], "#222222", 2, round_ends=False)
    ops = backdrop.attribute()
    assert ops.count("c 7 -#222222") == 1 and ops.count("L 2") == 3
