"""Figures from the game: the {value} role and the {values} table print what the toy game has (its
view of a preset, its starting position) in both editions, the designer's saying where it came from;
a path, a preset or a game it does not have is named at its line, in the same words, by the build
and by `rulewright check`."""
import re

import pytest

from rulewright.book import figures
from rulewright.checks import check
from rulewright.problems import ExampleProblem, Where
from tests.toolchain.test_sphinx import build

PAGE = """---
orphan: true
---
# Numbers

In the small game {value}`toy next@small` moves first; the pile starts at {value}`toy pile`, {value}`toy #pile`.

```{values}
game: toy
preset: small
rows:
  - {say: "First to move", view: next}
  - {view: pile}
  - {say: Players, value: "2 or more"}
```
%s
"""


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<(?!/?(?:p|td|tr)\b)[^>]+>", "", re.sub(r"</?(?:p|td|tr)\b[^>]*>", " ", html)))


@pytest.mark.parametrize("tags", [(), ("player",)])
def test_the_role_and_the_table_print_the_game_s_values(tmp_path, tags):
    done, out = build(tmp_path, tags=tags, extra_pages={"numbers.md": PAGE % ""})
    assert done.returncode == 0, done.stderr
    html = (out / "numbers.html").read_text()
    text = _text(html)
    assert "In the small game ann moves first; the pile starts at 0, zero." in text  # the preset's target, the start's pile
    assert "First to move ann" in text and "Pile 0" in text and "Players 2 or more" in text
    if tags:
        assert "from the game:" not in html
    else:  # the designer's edition says where each came from, on hover
        assert 'title="from the game: next&#64;small"' in html and 'title="from the game: pile"' in html
        assert 'title="from the game: #pile"' in html


@pytest.mark.parametrize("mistake, said", [
    ("{value}`toy nxt@small`", "The game's view in the preset 'small' has no 'nxt'. Did you mean 'next'?"),
    ("{value}`toy next@smal`", "Toy has no preset 'smal' to read 'next' in. Did you mean 'small'?"),
    ("{value}`next`", "Which game's value is {value}`next`? This page belongs to no one game"),
    ("{value}`toyy next`", "There is no game called 'toyy'. Did you mean 'toy'?"),
])
def test_a_value_the_game_does_not_have_is_named_at_its_line(tmp_path, mistake, said):
    page = PAGE % f"\nSee {mistake}.\n"
    if "toy" not in mistake:  # (a page that names no game)
        page = f"# Numbers\n\nSee {mistake}.\n"
    line = page.splitlines().index(f"See {mistake}.") + 1
    done, _ = build(tmp_path, extra_pages={"numbers.md": page})
    assert done.returncode != 0
    assert f"numbers.md:{line}: WARNING: {said}" in done.stderr, done.stderr
    found = [str(p) for p in check(tmp_path / "src")]
    assert sum(f"numbers.md, line {line}: {said}" in m for m in found) == 1, found


def test_a_table_row_the_game_does_not_have_is_named_at_its_row(tmp_path):
    page = (PAGE % "").replace("{view: pile}", "{view: piles}")
    line = page.splitlines().index("  - {view: piles}") + 1
    found = [str(p) for p in check(build(tmp_path, extra_pages={"numbers.md": page})[1].parent / "src")]
    assert any(f"numbers.md, line {line}: The game's view in the preset 'small' has no 'piles'. Did you mean "
               "'pile'?" in m for m in found), found


def test_the_role_reads_a_path_a_preset_a_data_file_and_a_game():
    where = Where("p.md", 4)
    assert figures.parse_role("companies.LMR.treasury@demo", where) == Figure("companies.LMR.treasury", where,
                                                                             preset="demo")
    assert figures.parse_role("bus most_buses@new-game", where).game == "bus"
    assert figures.parse_role("data/board.yaml:cities.Leeds", where).file == "data/board.yaml"
    for wrong in ("bank@", "@demo", "a b c"):
        with pytest.raises(ExampleProblem, match="p.md, line 4"):
            figures.parse_role(wrong, where)


Figure = figures.Figure


def test_a_count_of_what_counts_nothing_is_named_at_its_line():
    from rulewright.book.registry import get_game

    where = Where("p.md", 7)
    figure = figures.parse_role("#data/corporations.yaml:SSW.name", where)
    assert figure.count and figure.written == "#data/corporations.yaml:SSW.name"
    with pytest.raises(ExampleProblem, match=r"p.md, line 7: .*counts what is at 'SSW.name', but that holds "
                                             r"\"St. Louis Southwestern\", which is no list.*leave out the #"):
        figures.read(get_game("1870"), figure)
    with pytest.raises(ExampleProblem, match="p.md, line 7"):  # a whole file is read only as a count
        figures.read(get_game("1870"), figures.parse_role("data/corporations.yaml", where))


@pytest.mark.parametrize("game, written, shown", [
    ("powerup", "data/game.yaml:start.cash", "$6,000"),           # a sum in a data file: the game's sign, separated
    ("powerup", "players.ann.cash@demo", "$6,000"),               # a sum in the position, as its phrase writes it
    ("powerup", "data/game.yaml:start.hand", "5"),                # a count stays a number
    ("1870", "data/tables.yaml:bank", "$12,000"),                 # "bank": a path the phrases write as money
    ("1870", "data/tables.yaml:trains.7.price", "$1,100"),
    ("1870", "data/tables.yaml:cert_limit.2.10", "28"),
    # a count (#): how many entries, or a whole number, in words to twelve as the book writes counts
    ("powerup", "#data/game.yaml:start.hand", "five"),
    ("powerup", "#data/game.yaml:companies", "six"),              # a list's length
    ("1870", "#data/corporations.yaml", "ten"),                   # a whole file's entries
    ("1870", "#data/corporations.yaml:SSW.tokens", "two"),
    ("hush", "#deck@three", "four"),                              # a hidden pile: how many is what the table sees
    ("bus", "#board.json:streets", "70"),                         # above twelve, in digits
])
def test_the_role_prints_money_and_large_numbers_as_the_game_writes_them(game, written, shown):
    """One place turns a figure's value into text, for both editions: a sum the rules text prints is
    never "$6000" where the tables beside it say "$6,000"."""
    from rulewright.book import phrases
    from rulewright.book.registry import get_game

    figure = figures.parse_role(f"{game} {written}", Where("p.md", 1))
    engine = get_game(game)
    found = figures.read(engine, figure)
    assert figures.said(phrases.for_game(engine), figure, figure.path, found.value) == shown
