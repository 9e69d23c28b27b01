"""The book's front matter (``{front-matter}``): a project made by ``rulewright new`` prints what its
book covers, how to read an example, and its credits and rights from ``[tool.rulewright.front-matter]``
on its first page, in the player's edition as in the designer's; a mistake in the settings is named
at its line."""
import re
import subprocess
import sys

import pytest

from rulewright import scaffold
from rulewright.book import config
from rulewright.problems import ExampleProblem
from rulewright.sphinx import front_matter


def _text(page) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = tmp_path_factory.mktemp("front") / "frontispiece"
    scaffold.create(folder, scaffold.Names("Frontispiece", "frontispiece"), bare=True)
    return folder


def test_a_new_project_s_first_page_has_the_front_matter_from_its_settings(made):
    pyproject = made / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8").replace(
        "credits = \"*Frontispiece* is the work of its designers.\"",
        "credits = \"*Frontispiece* is by Ada Quill, drawn by Ben Ink.\""), encoding="utf-8")
    assert "Ada Quill" in pyproject.read_text(encoding="utf-8"), "the template's credits line changed"
    out = made / "_build" / "player"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-t", "player", "-b", "html", "-c", str(made),
                           str(made / "rulebook"), str(out)], cwd=made, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    text = _text(out / "index.html")
    for title in (front_matter.COVERS, front_matter.READING, front_matter.CREDITS):
        assert text.count(title) == 1, (title, text[:2000])
    assert "The whole of Frontispiece, from the setup to the end of the game." in text
    assert "Frontispiece is by Ada Quill, drawn by Ben Ink." in text  # (Markdown: the title in italics)
    assert "<em>Frontispiece</em> is by Ada Quill" in (out / "index.html").read_text(encoding="utf-8")
    assert "© the designers of Frontispiece. All rights reserved." in text
    assert "Its Setup gives the position it starts from" in text
    # the order: what it covers, how to read an example, then the credits
    assert text.index(front_matter.COVERS) < text.index(front_matter.READING) < text.index(front_matter.CREDITS)
    assert "A variant" not in text and "as Ann sees it" not in text  # (the blank game has no settings, hides nothing)


@pytest.mark.parametrize("table, wanted, line", [
    ('[tool.rulewright.front-matter]\ncover = "All of it."\n', "'cover' is not part of the front matter", 4),
    ('[tool.rulewright.front-matter]\n\ncredits = 3\n', "'credits' in [tool.rulewright.front-matter] is text", 5),
])
def test_a_front_matter_setting_that_cannot_be_used_is_named_at_its_line(tmp_path, table, wanted, line):
    (tmp_path / "pyproject.toml").write_text("[tool.rulewright]\nrulebook = \"book\"\n" + table, encoding="utf-8")
    with pytest.raises(ExampleProblem) as raised:
        config.load(tmp_path)
    assert wanted in raised.value.message and f"line {line}" in str(raised.value), str(raised.value)


def test_how_to_read_an_example_speaks_of_hidden_hands_and_variants_only_when_a_game_has_them():
    assert "as Ann sees it" in front_matter.reading(hides=True, variants=False)
    assert "as Ann sees it" not in front_matter.reading(hides=False, variants=True)
    assert "A variant" in front_matter.reading(hides=False, variants=True)
    assert "A variant" not in front_matter.reading(hides=True, variants=False)
