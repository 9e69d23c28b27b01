"""Mistakes that look right: numbers beyond the game, thousands separators, look-alike characters,
and an example that never finishes (rulewright/book/source.py, rulewright/scenario/timelimit.py)."""
import io
import time

import pytest

from rulewright.scenario import timelimit
from rulewright.game import InputError, values
from rulewright.problems import ExampleProblem, Where
from rulewright.book.registry import register
from rulewright.scenario import evaluate, parse
from rulewright.book.source import load, lookalike

register("slow", "tests.slow_game:GAME")

BODY = "game: {game}\nsetup: {{pile: {pile}, target: 5, players: [ann, bob]}}\ndo:\n  - ann: add 1\nexpect:\n  pile: 1\n"


def scenario(game="toy", pile=0):
    return parse(BODY.format(game=game, pile=pile), Where("page.md", 10), options={"id": "an-example"},
                 directive_line=8)


def test_a_number_beyond_the_game_is_refused_at_its_line_and_a_game_may_widen_the_bound(monkeypatch):
    with pytest.raises(ExampleProblem) as caught:
        evaluate(scenario(pile=10 ** 22))
    assert caught.value.where.line == 11 and "out of range" in caught.value.message
    from tests.toolchain.toy_game import GAME

    monkeypatch.setattr(GAME, "largest_number", 10 ** 30, raising=False)
    assert evaluate(scenario(pile=10 ** 22)).checks  # widened: played (and the pile is simply wrong)


def test_values_have_sane_bounds_by_default_that_a_game_can_widen():
    with pytest.raises(InputError, match="out of range"):
        values.whole(10 ** 12, "players.ann.cash", "a player's cash")
    with pytest.raises(InputError, match="out of range"):
        values.money(10 ** 12, "bank", "the bank's cash")
    assert values.whole(10 ** 12, "bank", "the bank's cash", high=None) == 10 ** 12


@pytest.mark.parametrize("text, line, said", [
    ("players: {ann: {cash: 1,000}}\n", 5, "'1,000' is written with a thousands separator"),
    ("draws: [4,000, 2]\n", 5, "Write the number without it: 4000"),
    ("a: 1\nb: [2,500,000]\n", 6, "Write the number without it: 2500000"),
])
def test_a_thousands_separator_is_named_with_the_number_to_write(text, line, said):
    with pytest.raises(ExampleProblem) as caught:
        load(text, Where("page.md", 5))
    assert caught.value.where.line == line and said in caught.value.message


@pytest.mark.parametrize("text", ["draws: [4, 000]\n", "draws: [1,2]\n", "cash: 1,000\n", "a: [x,000]\n"])
def test_what_is_not_a_thousands_separator_is_read_as_written(text):
    load(text, Where("page.md", 1))


@pytest.mark.parametrize("text, path, hint", [
    ("setup: {next: bob, ann}\n", ("setup", "ann"), 'put that value in quotes (next: "bob, ann")'),
    ("setup: {say: 'Take one, two'}\n", ("setup", "two"), ""),           # quoted: one value
    ("setup: {left: 3, right}\n", ("setup", "right"), ""),               # a number's value left out
    ("setup: {ann, bob}\n", ("setup", "bob"), ""),                       # keys alone: no entry before
    ("setup: {next: bob, ann}\n", ("setup", "next"), ""),                # the entry itself is fine
])
def test_a_value_split_by_a_comma_in_braces_is_said_with_the_quotes_that_mend_it(text, path, hint):
    _, lines = load(text, Where("page.md", 1))
    assert lines.hint(*path) == "" if not hint else hint in lines.hint(*path)


@pytest.mark.parametrize("character, named, instead", [
    ("\u00a0", "a non-breaking space (U+00A0", "Type an ordinary space"),
    ("\u201c", "a curly quote (“)", 'Type a straight quote (")'),
    ("\u2013", "an en dash (–)", "Type a plain hyphen (-)"),
    ("\u200b", "an invisible zero-width space", "delete it"),
])
def test_a_look_alike_character_is_named_with_what_to_type(character, named, instead):
    with pytest.raises(ExampleProblem) as caught:
        load(f"game: toy\nsetup: {{players: [ann,{character}bob]}}\n", Where("page.md", 3))
    assert caught.value.where.line == 4
    assert named in caught.value.message and instead in caught.value.message
    assert "\\x" not in caught.value.message
    assert lookalike("plain text - with 'quotes'") is None
    load("game: toy  # a comment may say “anything” – freely\n", Where("page.md", 1))


def test_a_slow_example_is_named_while_it_runs_and_stopped_at_the_limit(monkeypatch):
    said = io.StringIO()
    monkeypatch.setattr(timelimit, "stream", said)
    monkeypatch.setattr(timelimit, "PROGRESS", 0.3)
    monkeypatch.setattr(timelimit, "TICK", 0.05)
    monkeypatch.setenv("RULEWRIGHT_TIME_LIMIT", "1")
    started = time.monotonic()
    with pytest.raises(ExampleProblem) as caught:
        evaluate(scenario(game="slow"))
    assert time.monotonic() - started < 5
    message = str(caught.value)
    assert "page.md, line 8, example an-example" in message
    assert "stopped after 1 seconds while checking what the example expects, in the game's view" in message
    assert "slow_game.py, line" in message and "time-limit" in message
    assert "page.md, line 8, example an-example: still playing after" in said.getvalue()
    time.sleep(0.3)  # the stop does not land later, somewhere else
    assert evaluate(scenario()).ok


def test_the_time_limit_is_a_number_of_seconds(monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_TIME_LIMIT", "soon")
    with pytest.raises(ExampleProblem, match="number of seconds"):
        timelimit.limit()
    monkeypatch.setenv("RULEWRIGHT_TIME_LIMIT", "0")
    assert timelimit.limit() == 0


def test_the_project_sets_the_time_limit_under_tool_rulewright(tmp_path):
    from rulewright.book import config

    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "book"\ntime-limit = 5\n')
    assert config.load(tmp_path).time_limit == 5
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "book"\ntime-limit = "soon"\n')
    with pytest.raises(ExampleProblem) as caught:
        config.load(tmp_path)
    assert caught.value.where.line == 3 and "seconds an example may run" in caught.value.message


def test_a_stopped_example_is_not_kept_in_the_store_of_results(monkeypatch, tmp_path):
    from rulewright.store import cache

    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    monkeypatch.setenv("RULEWRIGHT_TIME_LIMIT", "1")
    monkeypatch.setattr(timelimit, "TICK", 0.05)
    with pytest.raises(timelimit.TimeLimitReached):
        cache.evaluate(scenario(game="slow"))
    assert not any(p.suffix == ".pickle" for p in (tmp_path / "store").rglob("*"))
    with pytest.raises(ExampleProblem):  # a problem found in reading is kept as before
        cache.evaluate(scenario(game="toy", pile="lots"))
    assert any(p.suffix == ".pickle" for p in (tmp_path / "store").rglob("*"))
