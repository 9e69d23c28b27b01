"""Names from examples reach the diagrams as written: each game's drawer escapes them (with the
helpers in ``rulewright.dot``), so Graphviz draws ``R&D``, ``Mary-Ann``, quotes, backslashes and
``<i>x</i>`` as text, and never fails or draws stray nodes because of a name."""
from __future__ import annotations

import subprocess
from xml.etree import ElementTree

import pytest
import yaml

from rulewright import dot
from rulewright.book.diagrams import dot_program, draw
from rulewright.problems import Where
from rulewright.scenario import evaluate, parse

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["R&D", "Mary-Ann", 'Jo "JJ"', "back\\slash", "<i>x</i>", "O'Neil"]


def _svg(body: dict, when: str = "after", options=frozenset()) -> str:
    scenario = parse(yaml.safe_dump(body, sort_keys=False), Where("escaping.md", 1), "Names",
                     {"id": "names", "diagram": when})
    result = evaluate(scenario)
    code = draw(result.run, when, options)
    done = subprocess.run([dot_program(), "-Tsvg"], input=code, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _shown(svg: str, name: str) -> bool:
    """The name is one of the SVG's texts, exactly (read as XML, so entities are undone)."""
    texts = {" ".join("".join(t.itertext()).split()) for t in ElementTree.fromstring(svg).iter(SVG + "text")}
    return any(name in text for text in texts)


def test_quote_and_html_escape_what_each_kind_of_dot_string_needs():
    assert dot.quote('a"b\\c') == '"a\\"b\\\\c"'
    assert dot.quote("two\nlines") == '"two\\nlines"'
    assert dot.html('<i>R&D</i> "q" \'s') == "&lt;i&gt;R&amp;D&lt;/i&gt; &quot;q&quot; &#39;s"
    assert dot.node_id("end", "R&D", 3) == '"end_R&D_3"'


@pytest.mark.parametrize("name", NAMES)
def test_bus_draws_any_player_name(name):
    svg = _svg({"game": "bus", "setup": {"players": {name: {"line": "13-14", "buses": 2},
                                                       "blue": {"line": "20-24"}}, "spaces": ["blue", name]},
                "do": [{name: "add 14-19"}], "expect": {"most_buses": 2}}, options=frozenset({"legal"}))
    assert _shown(svg, dot.player(name)), name  # (begun with a capital, as the book prints a player's name)


@pytest.mark.parametrize("name", NAMES)
def test_powerup_draws_any_player_name(name):
    svg = _svg({"game": "powerup", "setup": {"preset": "demo"}, "expect": {"turn.player": "ann"}},
               "before", frozenset({"hand"}))
    assert "Ann" in svg
    svg = _svg({"game": "powerup", "setup": {"players": {name: {"hand": ["B2"]}, "bob": {}},
                                             "board": {"ES": ["A0-A3"]}},
                "expect": {"turn.player": name}}, "before", frozenset({"hand"}))
    assert _shown(svg, dot.player(name)), name


@pytest.mark.parametrize("name", NAMES)
def test_muck_and_brass_draws_any_company_name(name):
    svg = _svg({"game": "muck-and-brass", "setup": {"preset": "demo", "companies": {
        "LMR": {"home": "Liverpool", "name": name, "links": ["Liverpool-Manchester"]}}},
        "expect": {"bank": 0}})
    assert _shown(svg, name), name
