"""The chapter's printed example of a check Ann cannot see is reported as the chapter says, at the
line it names; and the chapter's diagrams draw the viewer's cards face up, others face down."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from sybil import Document

from rulewright.book import scanner
from rulewright.problems import ExampleProblem
from rulewright.scenario import evaluate

RULES = Path(__file__).resolve().parents[2] / "rulebook" / "hush" / "rules.md"


def test_the_printed_peek_is_reported_in_the_words_and_at_the_line_the_chapter_prints(tmp_path):
    text = RULES.read_text(encoding="utf-8")
    shown = re.search(r"````markdown\n(.*?)````", text, re.S).group(1)
    printed = re.search(r"```text\n(.*?)\n```", text[text.index(shown):], re.S).group(1)
    page = tmp_path / "rules.md"
    page.write_text(shown, encoding="utf-8")
    decl, = scanner.examples_in(Document(shown, str(page)))
    with pytest.raises(ExampleProblem) as caught:
        evaluate(decl.parse())
    line, message = re.match(r".*?, line (\d+), example hush-peek: (.*)", printed).groups()
    assert caught.value.where.line == int(line)
    assert shown.splitlines()[int(line) - 1].strip().startswith("players.bob.hand:")
    assert caught.value.message == message


def test_a_diagram_for_ann_shows_her_cards_and_hides_bobs():
    decl = next(d for d in scanner.scan().examples if d.id == "hush-play-and-draw")
    result = evaluate(decl.parse())
    from rulewright.book.diagrams import draw
    seen_by_ann = draw(result.run, "after")
    faces = re.findall(r"<b>(\d)</b>", seen_by_ann)
    assert sorted(faces) == ["2", "3", "5", "7"]  # her hand and the row; Bob's three cards and the deck face down
    assert seen_by_ann.count('bgcolor="#8c8c8c"') == 3 + 1 + 1  # Bob's hand, the deck, the set-aside card
    result.run.viewer = None  # the whole truth: every card face up, the hidden ones dashed
    truth = draw(result.run, "after")
    assert sorted(re.findall(r"<b>(\d)</b>", truth)) == ["1", "1", "2", "3", "4", "5", "6", "6", "7"]
    assert 'style="dashed"' in truth and 'style="dashed"' not in seen_by_ann
