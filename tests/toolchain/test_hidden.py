"""Points of view: an example (or one check) written "as" a player reads that player's view; an
expectation on what the player cannot see is reported at its line; ``length`` says how many
items a hidden list holds; a shuffle may be stated by its top only; ``run --as`` shows the view."""
import pytest
from hypothesis import given, settings, strategies as st

from rulewright.game import Rng, hide_view, is_hidden
from tests.toolchain.test_scenario import problem_of, result_of

SEEN = """
```{example} Ann draws
:id: secret-draw
:as: ann

game: secret
setup: {preset: two, players: {ann: {}, bob: {hand: [x]}}}
draws: [{top: [c, a]}]
do:
  - ann: draw
  - expect: {as: bob, players.bob.hand: [x], players.ann.hand: {length: 1}}
  - bob: draw
expect:
  players.ann.hand: [c]
  players.bob.hand: {length: 2}
  deck: {length: 3}
```
"""


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.lstrip("\n").splitlines(), 1) if needle in line)


def test_an_example_as_a_player_reads_what_that_player_sees(page):
    result = result_of(page(SEEN))
    assert result.ok, result.report()
    assert [c.key for c in result.checks] == ["players.bob.hand", "players.ann.hand", "players.ann.hand",
                                              "players.bob.hand", "deck"]
    assert result.run.after.hands["bob"] == ["x", "a"]  # the stated top: c to ann, then a to bob


@pytest.mark.parametrize("written, path, hidden", [
    ("  players.bob.hand: {length: 2}\n", "  players.bob.hand: [x, a]\n", "players.bob.hand"),
    ("  players.bob.hand: {length: 2}\n", "  players.bob.hand.0: x\n", "players.bob.hand"),
    ("  deck: {length: 3}\n", "  deck: {contains: b}\n", "deck"),
])
def test_an_expectation_the_player_cannot_see_is_reported_at_its_line(page, written, path, hidden):
    text = SEEN.replace(written, path)
    problem = problem_of(page(text))
    assert problem.where.line == line_of(text, path.strip())
    assert f"cannot be checked as ann: ann cannot see {hidden}" in problem.message


def test_a_check_between_moves_can_be_another_players(page):
    text = SEEN.replace("{as: bob, players.bob.hand: [x]", "{players.bob.hand: [x]")
    problem = problem_of(page(text))
    assert problem.where.line == line_of(text, "- expect:")
    assert "ann cannot see players.bob.hand" in problem.message


def test_a_viewer_who_is_not_a_player_is_named(page):
    problem = problem_of(page(SEEN.replace(":as: ann", ":as: anne")))
    assert problem.where.line == line_of(SEEN, ":as: ann")
    assert "'anne' is not a player" in problem.message and "Did you mean 'ann'?" in problem.message


def test_without_a_viewer_the_whole_truth_is_checked(page):
    text = SEEN.replace(":as: ann\n", "").replace("players.bob.hand: {length: 2}", "players.bob.hand: [x, a]") \
        .replace("{as: bob, ", "{").replace("deck: {length: 3}", "deck: {contains: [b, d, e]}")
    result = result_of(page(text))
    assert result.ok, result.report()


def test_that_a_value_is_hidden_from_the_reader_can_be_checked(page):
    """'{hidden: true}': what the reader sees is the mark of a hidden value (a hand, or a single
    card); without a reader the whole truth is read, where nothing is hidden."""
    text = SEEN.replace("  deck: {length: 3}\n", "  deck: {length: 3}\n  players.bob.hand: {hidden: true}\n") \
        .replace("  players.bob.hand: {length: 2}\n", "")
    result = result_of(page(text))
    assert result.ok, result.report()
    assert [c.key for c in result.checks][-1] == "players.bob.hand"
    truth = text.replace(":as: ann\n", "").replace("{as: bob, ", "{").replace("players.ann.hand: {length: 1}",
                                                                                "players.ann.hand: [c]")
    whole = result_of(page(truth))
    assert not whole.ok
    assert (f"players.bob.hand (line {line_of(truth, 'players.bob.hand: {hidden')}): expected {{hidden: true}}, but "
            "it is [x, a], which this check's reader sees (without ':as:'") in whole.report(), whole.report()
    problem = problem_of(page(text.replace("{hidden: true}", "{hidden: false}")))
    assert problem.where.line == line_of(text, "players.bob.hand: {hidden")
    assert "'hidden' takes only true" in problem.message
    unseen = problem_of(page(SEEN.replace("  players.bob.hand: {length: 2}\n", "  players.bob.hand.0: x\n")))
    assert "(that it is hidden: 'players.bob.hand: {hidden: true}'; how many items" in unseen.message


def test_a_wrong_length_says_how_many_there_are(page):
    result = result_of(page(SEEN.replace("deck: {length: 3}", "deck: {length: 4}")))
    assert not result.ok
    assert f"deck (line {line_of(SEEN, 'deck: {length')}): expected length 4, but it holds 3 items." in result.report()


def test_a_stated_top_that_is_not_in_the_deck_is_reported_at_its_line(page):
    text = SEEN.replace("{top: [c, a]}", "{top: [c, z]}")
    problem = problem_of(page(text))
    assert problem.where.line == line_of(text, "draws:")
    assert "z is not there" in problem.message


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("abcdef"), max_size=8), st.data(), st.integers(0, 50))
def test_a_stated_top_comes_first_and_the_seed_orders_the_rest(items, data, seed):
    top = data.draw(st.permutations(items)).copy()[:data.draw(st.integers(0, len(items)))]
    dealt = Rng(seed, [{"top": top}]).shuffled(items)
    assert dealt[:len(top)] == top
    assert sorted(dealt) == sorted(items)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("abcdef"), min_size=1, max_size=8), st.data(), st.integers(0, 50))
def test_a_placeholder_in_a_stated_top_is_whichever_item_the_seed_gives(items, data, seed):
    order = data.draw(st.permutations(items))
    top = [item if data.draw(st.booleans()) else None for item in order[:data.draw(st.integers(1, len(items)))]]
    dealt = Rng(seed, [{"top": top}]).shuffled(items)
    assert sorted(dealt) == sorted(items)
    assert all(got == wanted for got, wanted in zip(dealt, top) if wanted is not None)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(["ann", "bob", "cy"]), st.lists(st.integers(), max_size=4), min_size=1),
       st.sampled_from(["ann", "bob", "cy", None]))
def test_only_the_owner_sees_a_hand_and_nobody_the_deck(hands, viewer):
    view = {"players": {p: {"hand": h, "score": 1} for p, h in hands.items()}, "deck": [1, 2]}
    seen = hide_view(view, ("players.<player>.hand", "deck"), viewer)
    assert seen["deck"] == {"hidden": 2}
    for player, hand in hands.items():
        assert seen["players"][player]["score"] == 1
        assert seen["players"][player]["hand"] == (hand if player == viewer else {"hidden": len(hand)})
        assert is_hidden(seen["players"][player]["hand"]) is (player != viewer)


def test_run_as_shows_that_players_view(page, capsys):
    from rulewright.cli.run import _seen_by
    result = result_of(page(SEEN))
    shown = _seen_by(result, "bob")
    assert "hand: [x, a]" in shown and "hand: {hidden: 1}" in shown and "deck: {hidden: 3}" in shown



def test_rulewright_check_and_run_report_it_at_the_same_line(tmp_path, monkeypatch, capsys):
    from rulewright.book import scanner
    from rulewright.book import config
    from rulewright.cli import main
    text = SEEN.replace("  players.bob.hand: {length: 2}\n", "  players.bob.hand: [x, a]\n")
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "rulebook"\n')
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "page.md").write_text(text.lstrip("\n"))
    monkeypatch.setattr(config, "_current", None)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    config.load(tmp_path).activate()
    scanner.pages._declared_rules.cache_clear()
    try:
        wanted = f"page.md, line {line_of(text, 'players.bob.hand: [x, a]')}, example secret-draw: " \
                 "'players.bob.hand' cannot be checked as ann"
        assert main(["check"]) == 1
        assert wanted in capsys.readouterr().out
        assert main(["run", "secret-draw", "--as", "ann"]) == 1
        assert wanted in capsys.readouterr().out
    finally:
        scanner.pages._declared_rules.cache_clear()


def test_a_hidden_bag_of_counts_is_marked_with_how_many_things_it_holds():
    """What a player's view shows of a bag written as counts: how many things (the engine's
    hide_view and the book's setup say the same), not how many kinds; a hand as a list, its length."""
    from rulewright.game import hidden_marker

    assert hidden_marker({"crab": 3, "star": 2}) == {"hidden": 5}
    assert hidden_marker({"crab": 0, "star": 0}) == {"hidden": 0}
    assert hidden_marker({"ann": {"score": 2}}) == {"hidden": 1}
    assert hidden_marker(["crab", "star"]) == {"hidden": 2} and hidden_marker("crab") == {"hidden": True}


def test_nothing_held_is_no_secret():
    """A card nobody holds (``cards.ann: null`` after a pass) is marked as nothing, as an empty hand
    is, and reads "none" to a reader who may not see the place: not "unseen"."""
    from rulewright.game import hidden_marker
    from rulewright.sphinx.secrecy import hidden_words

    assert hidden_marker(None) == hidden_marker([]) == {"hidden": 0}
    assert hidden_words(None) == "none" and hidden_words("7") == "unseen"
