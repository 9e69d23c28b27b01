"""A diagram Graphviz cannot draw is reported at the example's file and line in one plain
sentence, not as pages of DOT source and not as a traceback."""
import subprocess
import sys
from pathlib import Path

import pytest

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


def build(tmp_path, builder="html", **env):
    page = assemble(RULE_ADD, EXAMPLE_ADD.replace(":rules: toy.add", ":rules: toy.add\n:diagram: after"))
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(CONF)
    (src / "toy.md").write_text(page)
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", builder, str(src), str(tmp_path / builder)],
                          capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin", **env})
    return page, done.stdout + done.stderr


def test_a_diagram_graphviz_cannot_draw_is_named_at_the_example(tmp_path):
    page, said = build(tmp_path)
    line = line_of(page, "{example}")
    assert f"toy.md:{line}: WARNING: The after diagram of example toy-add could not be drawn: Graphviz said" in said, said
    assert "This is a bug in the game's diagram code (the DOT source it writes), not in your example" in said
    assert 'b [label="x"]' not in said, "the DOT source is not dumped on the designer"
    assert "Traceback" not in said


def test_make_rulebook_says_a_picture_that_cannot_be_drawn_once_per_edition(tmp_path):
    """An edition's HTML and its PDF write the same pictures side by side: the one make rulebook
    names (its HTML, rulewright.sphinx.both) says the failure, the other leaves it out."""
    _, by_html = build(tmp_path, "html", RULEWRIGHT_PICTURES_SAID_BY="html")
    _, by_other = build(tmp_path, "singlehtml", RULEWRIGHT_PICTURES_SAID_BY="html")
    assert "could not be drawn" in by_html and "could not be drawn" not in by_other, by_other
    _, alone = build(tmp_path, "singlehtml")  # built alone (make pdf-designer), it says it
    assert "could not be drawn" in alone


RAISING = "\n".join("type(GAME).diagram = staticmethod(lambda run, when, options: run.after.pile_size)"
                    if line.startswith("type(GAME).diagram") else line for line in CONF.splitlines())


@pytest.mark.parametrize("conf", [RAISING, CONF], ids=["the drawer raises", "Graphviz cannot read its DOT"])
def test_a_bug_in_the_diagram_code_is_said_once_by_the_build(tmp_path, conf):
    """Two examples whose diagrams meet the same slip in the drawer (an error in its code, or DOT that
    Graphviz cannot read): one warning, at the first, in its own words (the warning's location names
    the file and line: they are not said twice)."""
    drawn = EXAMPLE_ADD.replace(":rules: toy.add", ":rules: toy.add\n:diagram: after")
    page = assemble(RULE_ADD, drawn, drawn.replace(":id: toy-add", ":id: toy-add-again"))
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(conf)
    (src / "toy.md").write_text(page)
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(tmp_path / "html")],
                          capture_output=True, text=True, env={"RULEWRIGHT_STRICT": "0", "PATH": "/usr/bin:/bin"})
    said = done.stdout + done.stderr
    assert said.count("could not be drawn") == 1, said
    line = line_of(page, "{example}")
    assert f"toy.md:{line}: WARNING: The after diagram " in said and "toy.md, line" not in said, said
    assert "Every other diagram" in said and "not reported again" in said
