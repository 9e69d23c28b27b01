"""An example's game, read quickly from its plain ``game:`` line, is the name YAML reads there (as
the example read whole reads it); anything less plain is read whole."""
import pytest
import yaml

from rulewright.book import scanner


def decl(body: str) -> scanner.ExampleDecl:
    text = "# Page\n\n```{example} One\n:id: one\n\n" + body + "```\n"
    (found,) = scanner.read_page(text, "page.md").examples
    return found


@pytest.mark.parametrize("body, named", [
    ("game: bus\nexpect: {}\n", "bus"),
    ('game: "1870"\nexpect: {}\n', "1870"),
    ("game: 1870  # the railway game\nexpect: {}\n", "1870"),
    ("setup: {preset: demo}\ngame: muck-and-brass\n", "muck-and-brass"),
    ("setup:\n  game: bus\ngame: toy\n", "toy"),
])
def test_a_plain_game_line_is_read_as_yaml_reads_it(body, named):
    assert decl(body).game_name() == named == str(yaml.safe_load(body)["game"])


@pytest.mark.parametrize("body", [
    "game: {name: bus}\n",  # not plain
    "game: bus\ngame: powerup\n",  # written twice
    "game: yes\n",  # YAML's true, no name
])
def test_anything_less_plain_is_read_whole(body):
    example = decl(body)
    try:
        whole = example.parse().game_name
    except Exception:  # noqa: BLE001 - an example that cannot be read names no game
        whole = None
    assert example.game_name() == whole
