"""The store of results plays each example once and never hands back a stale result."""
import pickle

import pytest
from sybil import Document

from rulewright.book import scanner
from rulewright.store import cache
from rulewright.problems import ExampleProblem
from tests.toolchain.pages import EXAMPLE_ADD, assemble


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    return tmp_path / "store"


def scenario_of(text, tmp_path):
    path = tmp_path / "page.md"
    path.write_text(text)
    decl, = scanner.examples_in(Document(text, str(path)))
    return decl.parse()


def played(fn):
    before = cache.played
    value = fn()
    return value, cache.played - before


def test_the_same_example_is_played_once(tmp_path):
    s = scenario_of(assemble(EXAMPLE_ADD), tmp_path)
    first, n1 = played(lambda: cache.evaluate(s))
    again, n2 = played(lambda: cache.evaluate(scenario_of(assemble(EXAMPLE_ADD), tmp_path)))
    assert (n1, n2) == (1, 0)
    assert first.ok and again.ok
    assert [c.actual for c in again.checks] == [c.actual for c in first.checks] == [2]
    assert again.run.after.pile == 2 and again.run.game.name == "toy"  # the diagram drawer needs both


def test_a_changed_expectation_is_played_again_and_fails(tmp_path):
    cache.evaluate(scenario_of(assemble(EXAMPLE_ADD), tmp_path))
    result, n = played(lambda: cache.evaluate(scenario_of(assemble(EXAMPLE_ADD.replace("pile: 2", "pile: 3")),
                                                          tmp_path)))
    assert n == 1 and not result.ok


def test_a_moved_example_is_played_again_so_its_lines_are_right(tmp_path):
    cache.evaluate(scenario_of(assemble(EXAMPLE_ADD), tmp_path))
    result, n = played(lambda: cache.evaluate(scenario_of("\n\n" + assemble(EXAMPLE_ADD.replace("pile: 2", "pile: 3")),
                                                          tmp_path)))
    assert n == 1 and "line 5" in result.report()


def test_a_change_to_the_game_code_changes_the_key(tmp_path, monkeypatch):
    s = scenario_of(assemble(EXAMPLE_ADD), tmp_path)
    before = cache.key(s)
    monkeypatch.setattr(cache, "game_fingerprint", lambda name: "changed")
    assert cache.key(s) != before


def test_a_problem_is_kept_too_and_raised_the_same(tmp_path):
    text = assemble(EXAMPLE_ADD.replace("add 2", "explode"))
    with pytest.raises(ExampleProblem) as first:
        cache.evaluate(scenario_of(text, tmp_path))
    before = cache.played
    with pytest.raises(ExampleProblem) as again:
        cache.evaluate(scenario_of(text, tmp_path))
    assert cache.played == before
    assert str(again.value) == str(first.value) and again.value.where == first.value.where


def test_the_store_can_be_turned_off(tmp_path, monkeypatch, store):
    monkeypatch.setenv("RULEWRIGHT_CACHE", "off")
    s = scenario_of(assemble(EXAMPLE_ADD), tmp_path)
    _, n = played(lambda: [cache.evaluate(s), cache.evaluate(s)])
    assert n == 2 and not store.exists()


def test_the_engine_refusals_are_read_again_only_when_a_file_changes(tmp_path, store):
    """An engine file is read once for all the checks (``engine_source``), and again only when its
    text changes."""
    from rulewright.checks.book import refusal_sites

    engine = tmp_path / "engine.py"
    engine.write_text('raise Refusal("toy.add", "No.")\n')
    assert [s.rule for s in refusal_sites(engine)[0]] == ["toy.add"]
    assert len(list((store / "engine-source").glob("*.pickle"))) == 1
    engine.write_text('raise Refusal("toy.turn", "No.")\n')
    assert [s.rule for s in refusal_sites(engine)[0]] == ["toy.turn"]  # never the stale reading
    assert len(list((store / "engine-source").glob("*.pickle"))) == 2


def test_a_change_anywhere_in_the_toolchain_changes_the_key(tmp_path):
    """The evaluator, the scanner, the checks: a kept result depends on all of Rulewright, not only
    on the store's own folder (a move of the store into rulewright/store/ once narrowed it so)."""
    import rulewright
    from pathlib import Path

    assert cache.TOOLCHAIN == Path(rulewright.__file__).resolve().parent
    copy = tmp_path / "rulewright"
    for path in cache.TOOLCHAIN.rglob("*.py"):
        if "__pycache__" not in path.parts:
            (copy / path.relative_to(cache.TOOLCHAIN)).parent.mkdir(parents=True, exist_ok=True)
            (copy / path.relative_to(cache.TOOLCHAIN)).write_bytes(path.read_bytes())
    before = cache.files_digest(copy)
    evaluator = copy / "scenario" / "checking.py"
    evaluator.write_text(evaluator.read_text() + "\n# a change to the evaluator\n")
    assert cache.files_digest(copy) != before


# ------------------------------------------------- every option of an example is in the key

SEEN = """
```{example} Ann draws
:id: secret-draw
:as: ann
:reveals: deck

game: secret
setup: {preset: two, players: {ann: {}, bob: {hand: [x]}}}
draws: [{top: [c, a]}]
do:
  - ann: draw
expect:
  players.ann.hand: [c]
  players.bob.hand: {length: 1}
```
"""


def outcome(s):
    """What one run against the store says of ``s``: its problem's words, or its checks, whether it
    is pending and whose view it read (what the three channels show)."""
    return outcome_of(lambda: cache.evaluate(s))


@pytest.mark.parametrize("before, after, said", [
    (":as: ann\n", ":as: anne\n", "'anne' is not a player of this example"),  # not a player
    (":as: ann\n", ":as: bob\n", "bob cannot see players.ann.hand"),  # another player's view
    (":reveals: deck\n", ":reveals: score\n", "':reveals: score' names no hidden part"),  # not hidden
    (":reveals: deck\n", ":reveals: players.bob.hand\n", None),
    (":as: ann\n", ":as: ann\n:status: pending\n", None),
    (":as: ann\n", ":as: ann\n:diagram: after\n", None),
    (":as: ann\n", ":as: ann\n:rules: secret.draw\n", None),
    (":id: secret-draw\n", ":id: secret-draw-2\n", None),
])
def test_an_option_changed_between_two_runs_against_one_store_gives_the_new_outcome(tmp_path, before, after, said):
    """The store once ignored ':as:' and ':reveals:' (a stale pass, then a failure only 'make clean'
    put right): each option is now in the key, the changed example is played again, and the first
    is still kept."""
    original = scenario_of(SEEN, tmp_path)
    first, n1 = played(lambda: outcome(original))
    changed = scenario_of(SEEN.replace(before, after), tmp_path)
    second, n2 = played(lambda: outcome(changed))
    fresh = evaluate_now(changed)
    again, n3 = played(lambda: outcome(scenario_of(SEEN, tmp_path)))
    assert (n1, n2, n3) == (1, 1, 0)
    assert first == again and first[0] is True
    if said is not None:
        assert isinstance(second, str) and said in second, second
    else:
        assert second == fresh and cache.key(changed) != cache.key(original)


def evaluate_now(s):
    from rulewright.scenario import evaluate

    return outcome_of(lambda: evaluate(s))


def outcome_of(play):
    try:
        result = play()
    except ExampleProblem as problem:
        return f"problem at line {problem.where.line}: {problem.message}"
    return (result.ok, result.scenario.pending, result.run.viewer, [(c.key, c.ok) for c in result.checks])


def changed(value):
    """``value`` made different, by its kind; a kind this does not know fails the test below, so a
    field of a new kind added to the parsed example is looked at, not silently left out of the key."""
    import dataclasses
    from collections.abc import Mapping

    from rulewright.book.source import LineMap
    from rulewright.problems import Where

    if isinstance(value, bool):
        return not value
    if value is None or isinstance(value, str):
        return (value or "") + "x"
    if isinstance(value, Where):
        return value.at(value.line + 1)
    if isinstance(value, LineMap):
        return dataclasses.replace(value, lines={**value.lines, ("expect", "x"): 99})
    if isinstance(value, frozenset):
        return value | {"x"}
    if isinstance(value, tuple):
        return value + ("x",)
    if isinstance(value, list):
        return value + ["x"]
    if isinstance(value, Mapping):
        return {**value, "x": 1}
    raise AssertionError(f"an example field of a kind this test does not know: {type(value).__name__}")


def test_every_field_of_the_parsed_example_is_in_its_key(tmp_path):
    """The key is made from the example as a whole: change any one field of the parsed example and
    the key changes (the shared positions only through the one the example starts from, below)."""
    import dataclasses

    s = scenario_of(SEEN, tmp_path)
    same = [field.name for field in dataclasses.fields(s) if field.name != "positions"
            and cache.key(dataclasses.replace(s, **{field.name: changed(getattr(s, field.name))})) == cache.key(s)]
    assert same == []
    assert cache.key(dataclasses.replace(s, lines=dataclasses.replace(s.lines, first_line=s.lines.first_line + 1))) \
        != cache.key(s)


def test_the_position_an_example_starts_from_is_in_its_key_as_a_whole(tmp_path):
    import dataclasses

    from tests.toolchain.test_format import FROM, POSITION

    path = tmp_path / "rulebook" / "page.md"
    path.parent.mkdir()
    path.write_text(assemble(POSITION, FROM))
    s = scanner.scan(path.parent).examples[0].parse()
    crowd = s.positions["crowd"]
    moved = dataclasses.replace(crowd, lines=dataclasses.replace(crowd.lines, first_line=crowd.lines.first_line + 1))
    assert cache.key(dataclasses.replace(s, positions={"crowd": moved})) != cache.key(s)  # its problems' lines
    assert cache.key(dataclasses.replace(s, positions={"crowd": crowd, "other": crowd})) == cache.key(s)
    missing = dataclasses.replace(s, positions={"crowds": crowd})  # the message lists the names there are
    assert cache.key(missing) != cache.key(dataclasses.replace(s, positions={"crowds": crowd, "more": crowd}))


def test_a_refusal_kept_in_the_store_reads_back_with_its_rule_and_reason():
    """A played example's result keeps the engine's refusal (pickled): it must come back whole,
    its rule ID and its reason, not only its message."""
    from rulewright.game import Refusal

    kept = pickle.loads(pickle.dumps(Refusal("toy.turn", "It is Bob's turn.")))
    assert (type(kept), kept.rule, kept.reason, str(kept)) == (Refusal, "toy.turn", "It is Bob's turn.",
                                                                "It is Bob's turn. (rule toy.turn)")
