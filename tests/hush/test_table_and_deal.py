"""A Hush diagram drawn for nobody in particular: the whole truth with hidden cards marked in the
designer's edition, the table as everyone sees it (face down) in the player's; and a deal said in
the game's words (``deal:``), printed with its path phrases and, as a player, what they cannot see
as unseen."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from sybil import Document

from rulewright.book import scanner
from rulewright.book import phrases
from rulewright.book.diagrams import draw
from rulewright.problems import ExampleProblem
from rulewright.scenario import evaluate
from rulewright.sphinx.setup_text import describe_setup, seen_setup

BACK = 'bgcolor="#8c8c8c"'


def played(example_id: str):
    decl = next(d for d in scanner.scan().examples if d.id == example_id)
    return evaluate(decl.parse())


def faces(dot: str) -> list[str]:
    return re.findall(r"<b>(\d)</b>", dot)


def test_the_table_is_drawn_face_down_for_players_and_marked_for_designers():
    run = played("hush-deal-three").run  # three hands of three, four cards in the deck, one aside
    table = draw(dataclasses.replace(run, shows_hidden=False), "after")
    assert faces(table) == [] and table.count(BACK) == 3 * 3 + 1 + 1 and "as everyone sees it" in table
    truth = draw(run, "after")
    assert len(faces(truth)) == 14 and BACK not in truth
    assert truth.count('style="dashed"') == 14 + 1  # every card hidden from the table, and the key's card
    assert "hidden: face down at the table" in truth


def test_a_card_the_game_reveals_is_face_up_for_the_table_and_not_marked():
    run = dataclasses.replace(played("hush-end").run, viewer=None)  # the set-aside card turned up at the end
    aside = str(run.game.view(run.after)["aside"])
    table = draw(dataclasses.replace(run, shows_hidden=False), "after")
    assert aside in faces(table) and BACK not in table
    assert draw(run, "after").count('style="dashed"') == 1  # the key's card only: the hands and deck are empty


def example(text: str, tmp_path: Path):
    page = tmp_path / "rules.md"
    page.write_text(text, encoding="utf-8")
    decl, = scanner.examples_in(Document(text, str(page)))
    return decl.parse()


DEAL = """
```{example} A deal
:id: a-deal
:as: ann

game: hush
setup: {preset: two}
deal:
  aside: 4
  players.ann.hand: [1, 3, 6]
  players.bob.hand: [2, 5]
expect:
  players.ann.hand: [1, 3, 6]
```
"""


def test_a_deal_in_the_game_s_words_deals_those_cards(tmp_path):
    result = evaluate(example(DEAL, tmp_path))
    assert result.ok, result.report()
    view = result.run.game.view(result.run.before)
    assert view["aside"] == 4 and view["players"]["bob"]["hand"][:2] == [2, 5]


def test_a_deal_reads_in_the_game_s_words_and_as_a_player_hides_what_they_cannot_see(tmp_path):
    s = example(DEAL, tmp_path)
    game = evaluate(s).run.game
    said = phrases.for_game(game)
    truth = describe_setup(s.data, said)[0].astext()
    assert "Dealt" in truth and "the set-aside card: 4; ann's hand: 1, 3 and 6; bob's hand: 2 and 5" in truth
    seen = seen_setup(s, game, said)[0].astext()
    assert "the set-aside card: unseen; ann's hand: 1, 3 and 6; bob's hand: 2 unseen" in seen


@pytest.mark.parametrize("deal, line_text, words", [
    ("  players.ann.hand: [1, 3, seven]\n", "players.ann.hand", "'seven' is not a Hush card"),
    ("  aside: 4\n  players.anne.hand: [2]\n", "players.anne.hand", "Did you mean 'players.ann.hand'"),
    ("  aside: 9\n", "aside: 9", "9 is not a Hush card"),
])
def test_a_deal_that_cannot_be_dealt_is_named_at_its_line(tmp_path, deal, line_text, words):
    text = DEAL.replace("  aside: 4\n  players.ann.hand: [1, 3, 6]\n  players.bob.hand: [2, 5]\n", deal)
    with pytest.raises(ExampleProblem) as caught:
        evaluate(example(text, tmp_path))
    assert words in caught.value.message
    assert line_text in text.splitlines()[caught.value.where.line - 1]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_deal_may_say_one_hand_alone_and_any_card_before_one_that_matters(tmp_path, seed):
    """The cards dealt before the ones a deal names are whichever the shuffle gives: Ann's hand
    alone can be said, and Bob's second card without his first ('any')."""
    text = DEAL.replace("  aside: 4\n", "").replace("[2, 5]", "[any, 5]").replace("game: hush", f"game: hush\nseed: {seed}")
    run = evaluate(example(text, tmp_path)).run
    view = run.game.view(run.before)
    assert view["players"]["ann"]["hand"] == [1, 3, 6] and view["players"]["bob"]["hand"][1] == 5
    assert sorted(view["deck"] + [view["aside"]] + view["players"]["ann"]["hand"] + view["players"]["bob"]["hand"]) \
        == sorted(list(range(1, 8)) * 2)


TABLE_PAGE = """
# Hush

```{rule} hush.setup.deal
:title: The deal
Deal.
```

```{example} Dealing for three
:id: table-three
:rules: hush.setup.deal
:diagram: after

game: hush
setup: {preset: three}
expect:
  deck: {length: 4}
```
"""


@pytest.mark.parametrize("edition", ["player", "designer"])
def test_each_edition_draws_the_table_its_way(tmp_path, edition):
    import subprocess
    import sys

    from tests.toolchain.pages import toy_conf

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf(before="from rulewright.book.registry import register as _r\n"
                                                 "_r('hush', 'engine.games.hush:GAME')\n"))
    (src / "index.md").write_text(TABLE_PAGE)
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-t", edition, "-b", "html", str(src),
                           str(tmp_path / "out")], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "0", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    pictures = "".join(p.read_text() for p in (tmp_path / "out").rglob("*.svg"))
    pictures += (tmp_path / "out" / "index.html").read_text()
    if edition == "player":
        assert "as everyone sees it" in pictures and "hidden cards shown" not in pictures
    else:
        assert "hidden cards shown" in pictures and "as everyone sees it" not in pictures


def test_a_dealt_place_without_words_is_named_at_its_line(tmp_path, monkeypatch):
    from rulewright.checks.book import phrase_problems

    said = phrases.Phrases.path  # as if the game's phrases had no words for the set-aside card
    monkeypatch.setattr(phrases.Phrases, "path", lambda self, key: None if key == "aside" else said(self, key))
    problem, = phrase_problems([example(DEAL, tmp_path)])
    assert "no words for the state path 'aside'" in problem.message
    assert DEAL.splitlines()[problem.where.line - 1].strip() == "aside: 4"


def test_the_diagram_command_draws_either_edition_s_table(capsys):
    from rulewright.cli import main

    assert main(["diagram", "hush-deal-three", "--edition", "player"]) == 0
    assert "as everyone sees it" in capsys.readouterr().out
    assert main(["diagram", "hush-deal-three"]) == 0
    assert "hidden cards shown" in capsys.readouterr().out
