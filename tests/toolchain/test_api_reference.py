"""The book's game API reference is made from the docstrings: the square and hex board helpers and
the diagram helpers are on it, each name as a game imports it (``rulewright.game.Action``, not the
module it is defined in), and what a diagram's ``draw(run, when, options)`` is given is described."""
import html
import inspect
import re
import subprocess
import sys

import pytest

import rulewright.game
from tests.toolchain.pages import toy_conf

# The modules whose names a game imports from ``rulewright.game``, never from them.
INTERNAL = ("rulewright.game.interface.", "rulewright.game.refusal.", "rulewright.game.events.",
            "rulewright.game.rng.", "rulewright.game.setups.", "rulewright.game.importer.", "rulewright.scenario.")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("api")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf())
    (src / "index.md").write_text("# Reference\n\n```{game-api-reference}\n```\n")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(src), str(tmp_path / "out")],
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return (tmp_path / "out" / "index.html").read_text()


def signatures(page: str) -> list[str]:
    """Each documented name's signature line as a reader sees it."""
    return [html.unescape(re.sub(r"<[^>]+>", "", dt)).strip()
            for dt in re.findall(r'<dt class="sig sig-object py"[^>]*>(.*?)</dt>', page, re.S)]


def test_the_api_reference_documents_the_board_helpers(page):
    for documented in ("Square boards", "rulewright.game.squares.Grid.neighbours", "Hex boards",
                       "rulewright.dot.move_arrow", "arrows_on_top"):
        assert documented in page, documented


def test_each_name_is_written_as_a_game_imports_it(page):
    shown = signatures(page)
    for name in rulewright.game.__all__:
        if not inspect.ismodule(getattr(rulewright.game, name)):  # modules, imported whole: their names are theirs
            assert f'id="rulewright.game.{name}"' in page, name
    assert any(s.startswith("class rulewright.game.Action") for s in shown)
    assert any(s.startswith("exception rulewright.game.InputError(") for s in shown)
    assert [s for s in shown if s.startswith(INTERNAL) or " " + INTERNAL[0] in s] == []
    assert not re.search(r'id="(' + "|".join(map(re.escape, INTERNAL)) + ")", page)


def test_every_part_of_the_game_api_has_its_own_section():
    """A name added to ``rulewright.game`` from a new module lands under "More of the game API";
    give the module a section of its own in rulewright/sphinx/api_reference.py."""
    from rulewright.sphinx.api_reference import unlisted_names

    assert unlisted_names() == []


def test_what_a_diagram_is_given_and_its_colours_are_described(page):
    shown = signatures(page)
    # Given, never imported: shown by the bare name, without the arguments the toolchain makes it with.
    for given in ("class Run", "class Step", "class Outcome"):
        assert given in shown, given
    for member in ("before: Any", "after: Any", "steps: list[Step]", "property refusal: Refusal | None",
                   "action: Action | None = None", "refusal: Refusal | None = None"):
        assert member in shown, member
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "It is the run a game’s draw(run, when, options) is given" in text
    for constant in ("REFUSED", "MUTED"):
        assert f"rulewright.dot.{constant} = " in "\n".join(shown), constant
    assert "The red that marks the move a rule refused" in text


def test_each_kit_s_section_shows_its_examples(page):
    """The kits' sections open with their module's description, and each shows the kit at work
    (tests/kits/test_documented_examples.py holds those examples to the code)."""
    from rulewright.sphinx.api_reference import SECTIONS

    kits = [s for s in SECTIONS if s.module and s.module.rsplit(".", 1)[-1] in
            ("cards", "goods", "spaces", "turns", "tracks", "hexes", "squares")]
    assert len(kits) == 7
    parts = re.split(r"<h2>", page)
    for kit in kits:
        section = next(part for part in parts if part.startswith(html.escape(kit.title, quote=False)))
        assert 'class="doctest' in section and "&gt;&gt;&gt;" in section, kit.title
