"""The store of results plays each example once and never hands back a stale result."""
import pytest
from sybil import Document

from rulewright.book import scanner as book
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
    decl, = book.examples_in(Document(text, str(path)))
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
