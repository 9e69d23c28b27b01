"""The moves of every example of the book as the book narrates them, cross-checked against the
played example: a sentence that says a part of the position "is now" some value names that part
as its game's phrases do, and the value is the one in the position the move left; no sentence
says a thing moved "from X to X". The narration is generated from the engine's events, so nothing
but this test reads what it claims."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from rulewright.book import scanner as book
from rulewright.book import config
from rulewright.book import phrases
from rulewright.store.cache import evaluate
from rulewright.game import Event
from rulewright.problems import ExampleProblem

ROOT = Path(__file__).resolve().parents[1]
IS_NOW = re.compile(r"(?:^|(?<=\. ))([^.]*?) is now (.+?)\.(?= |$)")
FROM_TO = re.compile(r"\bfrom (\S+) to (\S+?)[ .,;)]")


@lru_cache(maxsize=1)
def narrated():
    """(example ID, game phrases, step, its sentences, the position after it) for every move of
    every example that plays."""
    config.load(ROOT).activate()
    out = []
    for decl in book.scan().examples:
        try:
            result = evaluate(decl.parse())
        except ExampleProblem:
            continue  # an example that cannot be read is reported by the book's own tests
        said = phrases.for_game(result.run.game)
        for step, sentences in zip(result.run.steps, said.moves(result.run)):
            out.append((decl.id, said, step, sentences, result.run.game.view(step.state)))
    return out


def _subjects(said: phrases.Phrases, view, prefix=()):
    """Each part of the view that has a phrase, as {phrase in words: dotted path}."""
    found = {}
    if isinstance(view, dict):
        for key, value in view.items():
            path = prefix + (str(key),)
            words = said.path(".".join(path))
            if words is not None:  # (as a sentence begins it: "The SP's cash")
                found.setdefault(phrases.sentence(words), ".".join(path))
            found.update({k: v for k, v in _subjects(said, value, path).items() if k not in found})
    return found


def wrong_figures(said: phrases.Phrases, sentences: list[str], after) -> list[str]:
    """Each "<part> is now <value>" in ``sentences`` whose part is not a phrase of the position, or
    whose value is not the position's; and each "from X to X"."""
    wrong, subjects = [], None
    for sentence in sentences:
        for subject, value in IS_NOW.findall(sentence):
            subjects = subjects if subjects is not None else _subjects(said, after)
            key = subjects.get(phrases.sentence(subject))
            if key is None:
                wrong.append(f"{sentence!r}: '{subject}' is no part of the position the phrases name")
            elif value != said.value(key, phrases.look_up(after, key)):
                wrong.append(f"{sentence!r}: {key} is {said.value(key, phrases.look_up(after, key))}")
        wrong += [f"{sentence!r}: from {a} to {b}" for a, b in FROM_TO.findall(sentence) if a == b]
    return wrong


def test_every_narrated_figure_is_the_played_example_s():
    moves = narrated()
    assert len(moves) > 500
    wrong = [f"{example} step {step.index}: {problem}" for example, said, step, sentences, after in moves
             for problem in wrong_figures(said, sentences, after)]
    assert not wrong, f"{len(wrong)} narrated figures the example does not bear out, e.g. {wrong[:5]}"
    stated = sum(bool(IS_NOW.search(s)) for *_, sentences, _ in moves for s in sentences)
    assert stated >= 25, f"only {stated} narrated sentences state a value: is the cross-check reading them?"


TOY = {"paths": {"companies.*.income": {"say": "{1}'s income", "value": "${}"}},
       "events": {"built": {"say": "{company} builds {link}, which adds ${income} to its income.",
                            "then": "{company}'s income is now {after:companies.<company>.income}."},
                  "moved": {"say": "The price moves from {from} to {to}.", "unless-same": ["from", "to"]},
                  "misread": "{company}'s income is now ${income}."}}


def test_the_cross_check_catches_an_event_detail_read_as_the_position():
    said = phrases.load(TOY, "toy phrases")
    before, after = {"companies": {"LMR": {"income": 9}}}, {"companies": {"LMR": {"income": 15}}}
    double = [Event("built", {"company": "LMR", "link": "A-B", "income": 4}),
              Event("built", {"company": "LMR", "link": "B-C", "income": 2})]
    sentences = said.narrate(double, before, after)
    assert sentences == ["LMR builds A-B, which adds $4 to its income.", "LMR builds B-C, which adds $2 to its income.",
                         "LMR's income is now $15."]
    assert not wrong_figures(said, sentences, after)
    misread = said.narrate([Event("misread", {"company": "LMR", "income": 4})], before, after)
    assert wrong_figures(said, misread, after) == ["\"LMR's income is now $4.\": companies.LMR.income is $15"]
    assert wrong_figures(said, ["Its income is now $15."], after)  # a subject the phrases do not name
    assert said.narrate([Event("moved", {"from": "H2", "to": "H2"})]) == []
    assert said.narrate([Event("moved", {"from": "H2", "to": "G3"})]) == ["The price moves from H2 to G3."]
    assert wrong_figures(said, ["X moves from H2 to H2."], after)


def test_a_sentence_naming_a_part_of_the_position_that_is_not_there_is_not_printed():
    said = phrases.load(TOY, "toy phrases")
    assert said.narrate([Event("built", {"company": "GWR", "link": "A-B", "income": 4})], {}, {}) == [
        "GWR builds A-B, which adds $4 to its income."]
