"""What the prose around an example says of its position (rulewright/checks/lead_in.py, and the
prose after an example in rulewright/checks/narration.py): in a project `rulewright new` makes, a
sentence after an example that states a value the example does not end with, and a lead-in that
the next example does not start from, fail `rulewright check` and the project's own pytest run
(`make test`) at their line, naming the game's value; the same sentences told right pass. Then
the reading itself: which sentences claim what, of which part of a position."""
from __future__ import annotations

import pytest

from rulewright.book import phrases
from rulewright.checks import lead_in
from tests.toolchain.test_typed_figures import run, slipped

AFTER_FIRST_TURN = """  counters: 10
  next: bob
```
"""
SECOND_TURN = """
Then Bob takes two counters from the middle heap.

```{example} Bob's turn
:id: heaps-second-turn
:rules: heaps.take.limit heaps.turn.order

game: heaps
setup:
  preset: standard
  heaps: {left: 1}
  next: bob
  taken: {ann: 2}
do:
  - bob: take 2 from middle
expect:
  heaps.middle: 2
```
"""
RIGHT = {  # (where it goes, the sentence told right)
    "after": (AFTER_FIRST_TURN, AFTER_FIRST_TURN + "\nAfter Ann's turn the left heap is now 1 counter.\n"
              + SECOND_TURN),
    "lead-in": ("A setup can also state a game in progress, or a finished one:",
                ("A setup can also state a game in progress, or a finished one. Here Ann has taken 1 counter\n"
                 "and the last heap holds 1 counter:")),
}
SLIPS = {  # one number changed in the prose only: (old, new, the game's value the message names)
    "a sentence after an example": ("the left heap is now 1 counter", "the left heap is now 2 counters",
                                    "the left heap is 1 (heaps.left)"),
    "a lead-in the next example contradicts": ("Ann has taken 1 counter", "Ann has taken 3 counters",
                                               "the counters Ann has taken is 1 (taken.ann)"),
    "a lead-in naming a part": ("the last heap holds 1 counter", "the last heap holds 2 counters",
                                "the last heap is 1 (heaps.last)"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lead-in") / "heaps"
    made = run(["-m", "rulewright.cli", "new", str(folder), "--title", "Heaps"], folder.parent)
    assert made.returncode == 0, made.stdout + made.stderr
    rules = folder / "rulebook" / "rules.md"
    text = rules.read_text(encoding="utf-8")
    for old, new in RIGHT.values():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    rules.write_text(text, encoding="utf-8")
    return folder


def test_sentences_the_examples_bear_out_pass(project):
    checked = run(["-m", "rulewright.cli", "check"], project)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "The rulebook is sound" in checked.stdout


@pytest.mark.parametrize("slip", list(SLIPS))
def test_a_number_changed_in_the_prose_fails_check_and_make_test_at_its_line(project, slip, tmp_path):
    old, new, value = SLIPS[slip]
    mine, tested, said = slipped(project, old, new, ": This sentence", tmp_path)
    assert len(mine) == 1 and value in mine[0] and new.split(" is now")[0].split(" has")[0] in mine[0], mine
    assert said in tested and value in tested, tested[-3000:]


def test_an_example_told_as_going_on_from_the_one_before_starts_where_it_ended(project, tmp_path):
    """"Then Bob takes ..." between two examples: the second must start where the first ended; one
    number changed in its setup fails check and make test at the example's line, naming the parts
    that differ and what the first ended with."""
    mine, tested, said = slipped(project, "  heaps: {left: 1}\n  next: bob", "  heaps: {left: 2}\n  next: bob",
                                 ", example heaps-second-turn: The example 'heaps-second-turn' reads as going on",
                                 tmp_path, at="```{example} Bob's turn")
    assert "the left heap is 2 (heaps.left), where the example above ended with 1" in mine[0], mine
    assert said in tested and "where the example above ended with 1" in tested, tested[-3000:]


@pytest.mark.parametrize("lead, goes_on", [
    ("Then Bob takes two counters.", True),
    ("After her turn, the heap holds 3. Then Bob takes two.", True),
    ("Continuing the same game, Bob takes two.", True),
    ("The game continues where it left off.", True),
    ("Later, Bob takes two.", False),  # time has passed: the position may have changed
    ("To show the deal, the next example turns every card face up.", False),
    ("Bob takes two counters.", False),
])
def test_what_says_an_example_goes_on_from_the_one_before(lead, goes_on):
    assert any(lead_in.GOES_ON.search(s) for s in lead_in._SENTENCE.findall(lead)) is goes_on


@pytest.mark.parametrize("lead", ["Then, in a new game, Bob takes two.", "Then Bob takes two instead.",
                                  "Then the same move in another game."])
def test_a_lead_in_may_say_the_example_starts_afresh(lead):
    assert lead_in.STARTS_AFRESH.search(lead)


def test_the_differences_between_two_positions_are_said_in_the_game_s_words():
    ended = {"players": {"ann": {"hand": [2, 7, 3], "cash": 30}}, "row": [5]}
    starts = {"players": {"ann": {"hand": [2, 7], "cash": 30}}, "row": [5]}
    said = lead_in.differences(SAID, ended, starts, {"ann"})
    assert said == ["Ann's hand is 2 and 7 (players.ann.hand), where the example above ended with 2, 7 and 3"]
    assert not lead_in.differences(SAID, ended, ended)


# --- what a sentence claims of a position -----------------------------------------------------------

SAID = phrases.load({"paths": {"players.*.hand": "{1}'s hand", "players.*.cash": {"say": "{1}'s cash", "value": "${}"},
                               "players.*.taken": "how many cards {1} has taken",
                               "corporations.*.price": {"say": "{1}'s share price", "value": "${}"},
                               "corporations.*.par": {"say": "{1}'s par price", "value": "${}"},
                               "heaps.*": "the {1} heap"}}, "phrases.yaml")
VIEW = {"players": {"ann": {"hand": [2, 5, 7], "cash": 30, "taken": 0}, "bob": {"hand": [1, 4], "cash": 12, "taken": 2}},
        "corporations": {"MP": {"price": 90, "par": 100}}, "heaps": {"left": 3}}


@pytest.mark.parametrize("sentence, claimed, holds", [
    ("Ann holds a 5.", "Ann holds a 5", True),
    ("Ann holds a 4.", "Ann holds a 4", False),
    ("Ann lays her 5 and draws.", "Ann lays her 5", True),
    ("Bob lays his 6.", "Bob lays his 6", False),
    ("Bob has $12 left to spend.", "Bob has $12", True),
    ("Bob has $30.", "Bob has $30", False),
    ("The MP's price is 90.", "MP's price is 90", True),
    ("The MP's price is 95.", "MP's price is 95", False),
    ("Bob holds two cards.", "Bob holds two cards", True),  # his hand, counted
    ("Bob holds three cards.", "Bob holds three cards", False),  # neither his hand nor what he has taken
    ("The left heap holds 3 counters.", "left heap holds 3 counters", True),
    ("Ann's cash is $31.", "Ann's cash is $31", False),
    ("Bob's purse holds $12.", "Bob's purse holds $12", True),  # money: the parts the phrases write as money
    ("Bob's purse holds $13.", "Bob's purse holds $13", False),
])
def test_what_a_sentence_claims_of_the_position(sentence, claimed, holds):
    claims = lead_in.Position(SAID, VIEW, ["ann", "bob"]).claims(sentence)
    assert len(claims) == 1, claims
    assert claimed.lower() in claims[0].said.lower()
    assert lead_in.wrong(claims[0]) is not holds


@pytest.mark.parametrize("sentence", [
    "Ann has three friends.",  # nothing of Ann's the phrases name counts friends
    "Cy holds a 5.",  # no Cy in this game
    "The row holds 3 cards.",  # no part the phrases call the row
])
def test_a_sentence_about_nothing_in_the_position_claims_nothing(sentence):
    assert not lead_in.Position(SAID, VIEW, ["ann", "bob"]).claims(sentence)


def test_a_claim_about_another_moment_is_no_lead_in():
    assert lead_in._ANOTHER_TIME.search("after Bob's turn, Ann knows Bob holds one card")
    assert not lead_in._ANOTHER_TIME.search("Here Ann has taken 3 counters")
