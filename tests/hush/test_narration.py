"""A move's events are told as the example's reader sees them: a card drawn is named to its drawer
and to the designer (marked), and is "a card" to everyone else, in the moves and in the figure's
description alike (rulewright.book.phrases, rulewright.sphinx.secrecy)."""
from __future__ import annotations

import pytest

from rulewright.book import phrases
from rulewright.book import scanner
from rulewright.game import Event
from rulewright.scenario import evaluate
from rulewright.sphinx import examples, secrecy

WORDS = None


def result_of(example_id: str):
    decl = next(d for d in scanner.scan().examples if d.id == example_id)
    return evaluate(decl.parse())


def said(example_id: str, designer: bool) -> str:
    result = result_of(example_id)
    return " ".join(" ".join(move) for move in examples.narrated(result, phrases.for_game(result.run.game), designer))


def drawn(example_id: str) -> int:
    result = result_of(example_id)
    return next(e.data["card"] for step in result.run.steps for e in step.events if e.name == "card-drawn")


def test_the_drawer_is_told_the_card_and_the_table_is_not():
    card = drawn("hush-play-and-draw")  # told as ann, who draws
    assert f"Ann draws the {card}." in said("hush-play-and-draw", designer=False)
    watched = said("hush-watching-a-draw", designer=False)  # told as bob
    assert "Ann draws a card." in watched and f"the {card}" not in watched


def test_the_designer_is_told_the_card_marked_as_hidden():
    card = drawn("hush-watching-a-draw")
    assert f"Ann draws the {card} (hidden: only ann sees it)." in said("hush-watching-a-draw", designer=True)


def test_the_figure_s_description_keeps_the_secret_too():
    result = result_of("hush-watching-a-draw")
    words = phrases.for_game(result.run.game)
    card = drawn("hush-watching-a-draw")
    for_players, for_designers = (examples.narrated(result, words, designer) for designer in (False, True))
    assert f"the {card}" not in examples.figure_description(result, for_players)
    assert f"the {card}" in examples.figure_description(result, for_designers)


@pytest.mark.parametrize("reader, expected", [
    (phrases.TRUTH, "Ann draws the 6."), ("ann", "Ann draws the 6."), ("bob", "Ann draws a card."),
    (None, "Ann draws a card."),
])
def test_an_event_is_said_as_its_reader_sees_it(reader, expected):
    words = phrases.Phrases(events={"card-drawn": "{player} draws the {card}."},
                            unseen={"card-drawn": "{player} draws a card."})
    event = Event("card-drawn", {"player": "ann", "card": 6}, seen_by=("ann",))
    assert words.narrate([event], reader=reader) == [expected]


def test_a_figure_read_from_the_position_is_said_as_unseen_to_a_reader_who_may_not_see_it():
    words = phrases.Phrases(events={"drew": "{player} now holds {after:players.<player>.hand}."})
    event = Event("drew", {"player": "ann"})
    assert words.narrate([event], after={"players": {"ann": {"hand": {"hidden": 3}}}}) == ["Ann now holds 3 unseen."]
    assert words.narrate([event], after={"players": {"ann": {"hand": [2, 7]}}}) == ["Ann now holds 2 and 7."]


def test_a_secret_event_without_an_unseen_sentence_is_named_at_its_source_line(tmp_path):
    from rulewright.checks.book import secret_event_sites
    (tmp_path / "game.py").write_text("from rulewright.game import Event\n\n"
                                      "E = Event('card-drawn', {'player': 'ann'}, seen_by=('ann',))\n"
                                      "F = Event('card-played', {'player': 'ann'})\n")
    assert [(name, where.line) for name, where in secret_event_sites(tmp_path)] == [("card-drawn", 3)]


def test_the_designer_s_mark_names_who_sees():
    assert secrecy.mark_seen(("ann",)) == "hidden: only ann sees it"
    assert secrecy.mark_seen(("ann", "bob")) == "hidden: only ann and bob see it"
    assert secrecy.mark_seen(()) == "hidden: nobody sees it"


def test_an_expected_event_in_the_outcome_table_is_said_as_the_reader_sees_it():
    from rulewright.problems import Where
    from rulewright.scenario import parse

    body = ("game: hush\nsetup:\n  players: {ann: {hand: [2, 5, 7]}, bob: {hand: [1, 4, 6]}}\n  deck: [3, 6]\n"
            "  aside: 1\ndo:\n  - ann: play 5\nexpect:\n  events: [card-drawn]\n")
    result = evaluate(parse(body, Where("rules.md", 1), options={"id": "watching", "as": "bob"}))
    assert result.ok
    words = phrases.for_game(result.run.game)
    for_bob = " ".join(node.astext() for node in examples._outcome(result, words, designer=False))
    for_designers = " ".join(node.astext() for node in examples._outcome(result, words, designer=True))
    assert "Ann draws a card." in for_bob and "the 3" not in for_bob
    assert "Ann draws the 3 (hidden: only ann sees it)." in for_designers
