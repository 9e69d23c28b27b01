"""The book's game API reference is made from the docstrings: the square and hex board helpers and
the diagram helpers are on it."""
import subprocess
import sys

from tests.toolchain.pages import toy_conf


def test_the_api_reference_documents_the_board_helpers(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf())
    (src / "index.md").write_text("# Reference\n\n```{game-api-reference}\n```\n")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(src), str(tmp_path / "out")],
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    for documented in ("Square boards", "rulewright.game.squares.Grid.neighbours", "Hex boards",
                       "rulewright.dot.move_arrow", "arrows_on_top"):
        assert documented in html, documented
