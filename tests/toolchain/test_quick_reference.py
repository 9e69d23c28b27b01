"""A game's quick reference (``{quick-reference}``) in a small book: its turn with rule references,
its numbers stated or read from the game's view, and a mistake in the declaration named at its
line. And a phrase file with a misfit placeholder, named at its line by the build."""
import re

import pytest

from rulewright.book import phrases
from rulewright.checks import check
from tests.toolchain.test_sphinx import build

PAGE = """---
orphan: true
---
# Quick reference

```{quick-reference}
game: toy
turn:
  - {say: "Add counters to the pile.", rules: [toy.add]}
  - Then the next player goes.
numbers:
  - {say: "Players", value: "2"}
  - {say: "Counters in the pile at the start", view: pile, preset: small}
%s
```
"""


def test_a_quick_reference_lists_the_turn_and_reads_its_numbers_from_the_game(tmp_path):
    done, out = build(tmp_path, extra_pages={"quick.md": PAGE % ""})
    assert done.returncode == 0, done.stderr
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (out / "quick.html").read_text()))
    assert "Add counters to the pile. ( rule 1a )" in text and "Then the next player goes." in text
    assert "Counters in the pile at the start 0" in text  # read from the toy's view of its 'small' preset
    assert 'class="rw-quick-reference-page' in (out / "quick.html").read_text()


@pytest.mark.parametrize("mistake, line, said", [
    ("colour: blue", 14, "'colour' is not part of a quick reference"),
    ("  - {say: Heaps, view: heaps, preset: small}", 14, "The game's view in the preset 'small' has no 'heaps'"),
    ("choices: [max_add, colour]", 14, "'choices' is true, false or a list of the game's settings; 'colour' is "
                                       "not one. The settings are: crowd_first, max_add."),
])
def test_a_mistake_in_a_quick_reference_is_named_at_its_line(tmp_path, mistake, line, said):
    """By the build, and the same words at the same line by `rulewright check` (and so `make test`)."""
    done, _ = build(tmp_path, extra_pages={"quick.md": PAGE % mistake})
    assert done.returncode != 0
    assert f"quick.md:{line}: WARNING: {said}" in done.stderr, done.stderr
    assert any(f"quick.md, line {line}: {said}" in str(p) for p in check(tmp_path / "src")), check(tmp_path / "src")


@pytest.mark.parametrize("step, said", [
    ('  - {say: "Add counters.", rules: [toy.addd]}', "A step of the quick reference names the rule 'toy.addd', "
                                                     "which the book does not declare. Did you mean 'toy.add'?"),
    ("  - Then: the next player goes.", "Each step of 'turn' is a sentence, or {say: \"...\", rules: [rule IDs]}. "
                                        "This one was read as a mapping because of the ': ' in it ('Then: the next "
                                        "player goes.'): put the sentence in quotes"),
])
def test_a_step_naming_no_rule_or_read_as_a_mapping_is_named_by_the_build_and_the_checks(tmp_path, step, said):
    page = PAGE.replace("  - Then the next player goes.", step) % ""
    done, _ = build(tmp_path, extra_pages={"quick.md": page})
    assert done.returncode != 0
    line = page.splitlines().index(step) + 1
    assert f"quick.md:{line}: WARNING: {said}" in done.stderr, done.stderr
    found = [str(p) for p in check(tmp_path / "src")]
    assert sum(f"quick.md, line {line}: {said}" in m for m in found) == 1, found


def test_the_build_names_a_misfit_placeholder_at_its_line_of_the_phrase_file(tmp_path):
    from rulewright.checks.book import phrase_file_mistakes
    from rulewright.sphinx import wording

    path = tmp_path / "phrases.yaml"
    path.write_text('paths:\n  pile: the pile\n  players.*.name: "{2}\'s name"\n  players.*.cash: "{3}\'s cash"\n')

    class Broken:
        phrases = str(path)
        name = "broken"

    said = wording.game_phrases(Broken())
    assert said.paths == [] and said.unreadable  # no words rather than wrong ones; the build fails under -W
    problem, second = phrase_file_mistakes(Broken())  # said with the book's problems, at the file's lines: both
    assert (str(problem.where), problem.message) == (
        f"{path}, line 3", "The phrase of 'players.*.name' has {2}, but part 2 of the path is 'name', not *. "
                           "The parts written * in this path are {1}.")
    assert str(second.where) == f"{path}, line 4" and "has {3}, but the path has 3 parts" in second.message
    phrases._cache.pop(Broken, None)
