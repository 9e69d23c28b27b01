"""A diagram Graphviz cannot draw is reported at the example's file and line in one plain
sentence, not as pages of DOT source and not as a traceback."""
import subprocess
import sys
from pathlib import Path

from tests.toolchain.pages import EXAMPLE_ADD, RULE_ADD, assemble, line_of

ROOT = Path(__file__).resolve().parents[2]

CONF = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from rulewright.book.registry import register
register("toy", "tests.toolchain.toy_game:GAME")
from tests.toolchain.toy_game import GAME
# a drawer with a bug: it writes DOT that Graphviz cannot read
type(GAME).diagram = staticmethod(lambda run, when, options: 'graph G {{ a -- ; ' + 'b [label="x"]; ' * 200 + '}}')
extensions = ["myst_parser", "rulewright.sphinx"]
root_doc = "toy"
"""


def test_a_diagram_graphviz_cannot_draw_is_named_at_the_example(tmp_path):
    page = assemble(RULE_ADD, EXAMPLE_ADD.replace(":rules: toy.add", ":rules: toy.add\n:diagram: after"))
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "toy.md").write_text(page)
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(tmp_path / "out")],
                          capture_output=True, text=True, env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"})
    said = done.stdout + done.stderr
    line = line_of(page, "{example}")
    assert f"toy.md, line {line}, example toy-add: the after diagram could not be drawn: Graphviz said" in said, said
    assert "This is a bug in the game's diagram code, not in your example" in said
    assert 'b [label="x"]' not in said, "the DOT source is not dumped on the designer"
    assert "Traceback" not in said
