"""The example format beyond 'setup, moves, expect': checks along the way, event details,
comparisons, many seeds, settings that cannot matter, and shared positions."""
import textwrap

import pytest

from rulewright.book import scanner
from rulewright.problems import ExampleProblem
from rulewright.scenario import evaluate
from tests.toolchain.pages import EXAMPLE_ADD as EXAMPLE_ADD_TEXT, assemble, line_of
from tests.toolchain.test_scenario import only_example

KNOWN = {"toy.add", "toy.turn"}


def example(body: str, example_id: str = "toy-x") -> str:
    return assemble(f"\n```{{example}} An example\n:id: {example_id}\n:rules: toy.add\n\n"
                    + textwrap.dedent(body).strip("\n") + "\n```\n")


def run(page, body: str):
    path = page(example(body))
    return evaluate(only_example(path).parse(), known_rules=KNOWN), path.read_text()


def problem(page, body: str):
    path = page(example(body))
    with pytest.raises(ExampleProblem) as caught:
        evaluate(only_example(path).parse(), known_rules=KNOWN)
    return caught.value, path.read_text()


# ------------------------------------------------------------ checks along the way

STEPS = """
game: toy
setup: {preset: small}
do:
  - ann: add 2
  - expect: {pile: 2, next: bob}
  - bob: add 4
  - expect: {refused: toy.add, pile: 2}
  - bob: add 1
expect:
  pile: 3
"""


def test_checks_between_moves_hold_and_a_refused_step_lets_play_go_on(page):
    result, _ = run(page, STEPS)
    assert result.ok, result.report()
    assert [(c.key, c.step) for c in result.checks] == [("pile", 1), ("next", 1), ("refused", 2), ("pile", 2),
                                                       ("pile", None)]
    assert [len(step.checks) for step in result.run.steps] == [2, 2, 0]
    assert result.run.steps[1].refusal.rule == "toy.add"


def test_a_check_between_moves_that_fails_names_the_step_and_its_line(page):
    result, text = run(page, STEPS.replace("pile: 2, next", "pile: 7, next"))
    assert not result.ok
    assert f"after step 1, pile (line {line_of(text, 'pile: 7')}): expected 7, but it is 2." in result.report()


def test_a_step_expected_refused_that_is_accepted_fails(page):
    result, text = run(page, STEPS.replace("bob: add 4", "bob: add 2").replace("bob: add 1", "ann: add 1")
                       .replace("pile: 3", "pile: 5"))
    assert f"after step 2, refused (line {line_of(text, 'refused: toy.add')}): expected 'toy.add', but step 2, " \
           "'bob: add 2', was accepted" in result.report()


def test_an_unexpected_refusal_before_a_check_says_how_to_expect_it(page):
    result, _ = run(page, STEPS.replace("refused: toy.add, ", ""))
    assert "'bob: add 4', was refused" in result.stopped
    assert "'- expect: {refused: toy.add}' on the line under this move" in result.stopped


# ------------------------------------------------------------ event details

EVENTS = """
game: toy
setup: {preset: small}
do:
  - ann: add 2
  - bob: add 3
expect:
  events: [{added: {count: 3}}, {added: {count: 2}}, {won: {by: bob}}]
"""


def test_event_details_are_checked(page):
    result, _ = run(page, EVENTS)
    assert result.ok, result.report()


def test_event_details_that_differ_say_what_the_events_were(page):
    result, text = run(page, EVENTS.replace("{won: {by: bob}}", "{won: {by: ann}}"))
    assert f"events: won (by 'ann') (line {line_of(text, 'events:')}): expected {{won: {{by: ann}}}}, but no " \
           "'won' event had those details: the 'won' events were won (by bob)." in result.report()


def test_two_lines_alike_need_two_events(page):
    result, _ = run(page, EVENTS.replace("{added: {count: 2}}", "{added: {count: 3}}"))
    assert "is already matched by an earlier line" in result.report()


# ------------------------------------------------------------ comparisons

COMPARE = """
game: toy
setup: {preset: small, players: [ann, bob, cat]}
do:
  - ann: add 2
  - bob: add 1
expect:
  pile: {between: [1, 8]}
  turns: {contains: bob}
  next: {one-of: [cat, ann]}
  moved: [ann, bob]
  neighbours.cat-bob: side by side
"""


def test_ranges_membership_unordered_lists_and_pairs_hold(page):
    result, _ = run(page, COMPARE)
    assert result.ok, result.report()


@pytest.mark.parametrize("change, words", [
    (("between: [1, 8]", "between: [4, 8]"), "pile (line 13): expected between 4 and 8, but it is 3."),
    (("between: [1, 8]", "at-least: 4"), "expected at least 4, but it is 3."),
    (("between: [1, 8]", "at-most: 2"), "expected at most 2, but it is 3."),
    (("contains: bob", "contains: cat"), "expected contains 'cat', but it is [ann, bob], without [cat]."),
    (("[cat, ann]", "[ann, bob]"), "expected one of [ann, bob], but it is 'cat'."),
    (("moved: [ann, bob]", "moved: [ann, cat]"),
     "expected [ann, cat], but it is [bob, ann] (in any order): [cat] missing, [bob] not expected."),
])
def test_comparisons_that_fail_say_how(page, change, words):
    result, _ = run(page, COMPARE.replace(*change))
    assert not result.ok
    assert words in result.report()


def test_an_ordered_list_in_another_order_says_only_the_order_differs(page):
    result, _ = run(page, COMPARE.replace("turns: {contains: bob}", "turns: [bob, ann]"))
    assert "expected [bob, ann], but it is [ann, bob]: the same items in another order, and here the " \
           "order counts." in result.report()


# ------------------------------------------------------------ many seeds

SEEDS = """
game: toy
seeds: 1..40
setup: {preset: small, pile: random}
expect:
  pile: {between: [0, 3]}
"""


def test_a_bound_that_holds_for_every_seed_holds(page):
    result, _ = run(page, SEEDS)
    assert result.ok, result.report()
    assert result.seeds == list(range(1, 41))


def test_a_bound_broken_by_one_seed_names_that_seed(page):
    result, _ = run(page, SEEDS.replace("[0, 3]", "[1, 3]"))
    assert not result.ok
    seed = result.run.seed
    assert f"with seed {seed} (of the seeds 1..40)" in result.report()
    assert "expected between 1 and 3, but it is 0." in result.report()


@pytest.mark.parametrize("seeds, played", [
    ("\n  - 1\n  - 40", [1, 40]),  # two seeds, one per line: not a range
    ("[1, 2]", [1, 2]),  # the same as 1..2
    ("[40, 1]", [40, 1]),  # no range runs backwards
    ("[1, 20, 40]", [1, 20, 40]),
])
def test_a_list_of_seeds_that_cannot_be_a_range_plays_each_seed(page, seeds, played):
    result, _ = run(page, SEEDS.replace("1..40", seeds))
    assert result.ok, result.report()
    assert result.seeds == played


# ------------------------------------------------------------ misuse

@pytest.mark.parametrize("body, change, words, at", [
    (STEPS, ("  - expect: {refused", "  - expect: {pile: 2}\n  - expect: {refused"),
     "must come right after the move it refuses", "{refused: toy.add"),
    (STEPS, ("- expect: {pile: 2, next: bob}", "- expect: {}"), "give it at least one check", "- expect: {}"),
    (STEPS, ("- ann: add 2\n  - expect: {pile: 2, next: bob}", "- {ann: add 2, expect: {pile: 2}}"),
     "A check goes on its own line under the move: write '- ann: add 2' and then '- expect: {...}'", "{ann: add 2"),
    (EVENTS, ("{won: {by: bob}}", "{won: {bye: bob}}"), "'won' events have no detail 'bye'. Did you mean 'by'?",
     "events:"),
    (EVENTS, ("{won: {by: bob}}", "{won: bob}"), "an event with details to check", "events:"),
    (COMPARE, ("between: [1, 8]", "between: [1, many]"), "'between' compares numbers, and 'many' is not a number",
     "between"),
    (COMPARE, ("neighbours.cat-bob", "players.bob-cat"), "players has no 'bob-cat'", "bob-cat"),
    (SEEDS, ("1..40", "200..1"), "'seeds: 200..1' runs backwards", "seeds:"),
    (SEEDS, ("1..40", "lots"), "'seeds:' is a range such as '1..200'", "seeds:"),
    (SEEDS, ("1..40", "1..5000"), "at most 1000", "seeds:"),
    (SEEDS, ("1..40", "[1, 40]"), "'seeds: [1, 40]' reads like a range but is just two seeds, 1 and 40. For every "
     "seed from 1 to 40, write 'seeds: 1..40'. For only these two, list them one per line: 'seeds:', then '- 1' "
     "and '- 40' on the lines below.", "seeds:"),
    (SEEDS, ("seeds: 1..40", "seeds: 1..40\nseed: 3"), "either 'seed:' (one play) or 'seeds:'", "seeds:"),
])
def test_misused_forms_get_a_plain_message_at_their_line(page, body, change, words, at):
    found, text = problem(page, body.replace(*change))
    assert words in found.message
    assert found.where.line == line_of(text, at), str(found)


# ------------------------------------------------------------ settings that cannot matter

def test_a_setting_that_cannot_matter_here_is_reported_at_its_line(page):
    found, text = problem(page, """
        game: toy
        settings: {crowd_first: true}
        setup: {preset: small}
        expect: {pile: 0}
        """)
    assert found.where.line == line_of(text, "settings:")
    assert "The setting 'crowd_first' cannot change this example: it matters only with three or more players." \
        in found.message


def test_a_setting_that_matters_is_accepted(page):
    result, _ = run(page, """
        game: toy
        settings: {crowd_first: true}
        setup: {preset: small, players: [ann, bob, cat]}
        expect: {next: cat}
        """)
    assert result.ok, result.report()


# ------------------------------------------------------------ shared positions

POSITION = """
```{position} Three players, pile at four
:name: crowd

game: toy
settings: {max_add: 2}
setup:
  preset: small
  players: [ann, bob, cat]
  pile: 4
  target: 9
```
"""

FROM = """
```{example} Starting from the shared position
:id: toy-from
:rules: toy.add

game: toy
setup: {from: crowd, pile: 5}
do:
  - ann: add 2
expect:
  pile: 7
  next: bob
```
"""


def examples_of(path):
    return [d for d in scanner.scan(path.parent).examples]


def test_an_example_starts_from_a_shared_position_with_its_changes(page):
    path = page(assemble(POSITION, FROM))
    result = evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert result.ok, result.report()
    assert result.run.settings["max_add"] == 2  # the position's setting
    assert "crowd" in scanner.scan(path.parent).positions


def test_a_position_on_another_page_of_the_book_is_found(page):
    page(assemble(POSITION), "positions.md")
    path = page(assemble(FROM))
    result = evaluate(scanner.scan(path.parent).examples[0].parse(), known_rules=KNOWN)
    assert result.ok, result.report()


def test_the_position_settings_are_the_positions_but_the_example_may_change_them(page):
    path = page(assemble(POSITION, FROM.replace("  - ann: add 2", "  - ann: add 3")))
    result = evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert "A turn adds 1 to 2 counters" in result.stopped
    path = page(assemble(POSITION, FROM.replace("  - ann: add 2", "  - ann: add 3").replace(
        "game: toy\nsetup: {from", "game: toy\nsettings: {max_add: 3}\nsetup: {from").replace("pile: 7", "pile: 8")))
    result = evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert result.ok, result.report()


def test_an_unknown_position_gets_a_suggestion_at_its_line(page):
    text = assemble(POSITION, FROM.replace("from: crowd", "from: crwod"))
    path = page(text)
    with pytest.raises(ExampleProblem) as caught:
        evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert caught.value.where.line == line_of(text, "from: crwod")
    assert "There is no shared position called 'crwod' in this book. Did you mean 'crowd'?" in caught.value.message


def test_a_position_for_another_game_is_refused_plainly(page):
    text = assemble(POSITION.replace("game: toy", "game: muck-and-brass").replace("settings: {max_add: 2}\n", "")
                    .replace("preset: small\n  players: [ann, bob, cat]\n  pile: 4\n  target: 9", "preset: demo"), FROM)
    path = page(text)
    with pytest.raises(ExampleProblem) as caught:
        evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert "is for muck-and-brass, but this example plays toy" in caught.value.message


# A position that starts from another: the crowd, with the pile at six (and the crowd's settings).
BIGGER = """
```{position} The crowd, pile at six
:name: bigger

game: toy
setup: {from: crowd, pile: 6}
```
"""


def test_a_position_starts_from_another_with_its_changes_and_settings(page):
    """An example from 'bigger' starts from 'crowd' changed as 'bigger' says, then as it says itself;
    'crowd' counts as used (through 'bigger'), and the settings come down the chain."""
    from rulewright.checks.book import _position_problems

    text = assemble(POSITION, BIGGER, FROM.replace("from: crowd, pile: 5", "from: bigger").replace("pile: 7", "pile: 8"))
    path = page(text)
    result = evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert result.ok, result.report()
    refused = FROM.replace("from: crowd, pile: 5", "from: bigger").replace("add 2", "add 3")  # max_add: 2, from crowd
    result = evaluate(examples_of(page(assemble(POSITION, BIGGER, refused)))[0].parse(), known_rules=KNOWN)
    assert "A turn adds 1 to 2 counters" in result.stopped
    scanned = scanner.scan(path.parent)
    assert _position_problems(scanned, [e.parse() for e in scanned.examples]) == []


def test_positions_that_start_from_each_other_are_named_as_a_circle(page):
    text = assemble(POSITION.replace("  preset: small\n", "  from: bigger\n"), BIGGER,
                    FROM.replace("from: crowd, pile: 5", "from: bigger"))
    path = page(text)
    with pytest.raises(ExampleProblem) as caught:
        evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert "start from each other in a circle: bigger -> crowd -> bigger" in caught.value.message, caught.value
    assert caught.value.where.line == line_of(text, "from: bigger", after=":id: toy-from")


def test_one_walk_of_a_chain_serves_the_circle_check_the_store_key_and_the_page_digests(page):
    """``position_chain`` is the one walk from position to position: an example from 'bigger' starts
    from the chain bigger, crowd; its result's key and its page's digests change when 'crowd' (the
    far end) changes, and a chain that comes back is named as its circle."""
    from rulewright.scenario import position_chain
    from rulewright.sphinx.examples import position_digests
    from rulewright.store import cache

    text = assemble(POSITION, BIGGER, FROM.replace("from: crowd, pile: 5", "from: bigger"))
    s = examples_of(page(text))[0].parse()
    assert position_chain(s) == (["bigger", "crowd"], None)
    assert set(position_digests(s)) == {"bigger", "crowd"}
    key, digests = cache.key(s), position_digests(s)
    s = examples_of(page(text.replace("pile: 4", "pile: 3")))[0].parse()  # (only the far end changes)
    assert cache.key(s) != key and position_digests(s)["crowd"] != digests["crowd"]
    assert position_digests(s)["bigger"] == digests["bigger"]
    circle = examples_of(page(assemble(POSITION.replace("  preset: small\n", "  from: bigger\n"), BIGGER,
                                       FROM.replace("from: crowd, pile: 5", "from: bigger"))))[0].parse()
    assert position_chain(circle) == (["bigger", "crowd"], ["bigger", "crowd", "bigger"])
    lacking = examples_of(page(assemble(BIGGER.replace("from: crowd", "from: crwod"), POSITION,
                                        FROM.replace("from: crowd, pile: 5", "from: bigger"))))[0].parse()
    assert position_chain(lacking) == (["bigger", "crwod"], None)  # (the name there is none for is the last)


def test_a_position_from_one_the_book_lacks_is_named_at_its_line(page):
    text = assemble(BIGGER.replace("from: crowd", "from: crwod"), POSITION, FROM.replace("from: crowd, pile: 5",
                                                                                         "from: bigger"))
    path = page(text)
    with pytest.raises(ExampleProblem) as caught:
        evaluate(examples_of(path)[0].parse(), known_rules=KNOWN)
    assert "There is no shared position called 'crwod' in this book. Did you mean 'crowd'?" in str(caught.value)
    assert f"line {line_of(text, 'from: crwod')}" in str(caught.value), caught.value


@pytest.mark.parametrize("change, words, at", [
    ((":name: crowd\n", ""), "This position has no ':name:'", "{position}"),
    (("target: 9", "target: 9\ndo: [ann: add 1]"), "The key 'do' is not part of a position", "do:"),
    (("setup:\n  preset: small", "setup:\n  from: crowd\n  preset: small"), "The position 'crowd' starts from itself",
     "from: crowd"),
])
def test_a_malformed_position_is_a_book_problem_at_its_line(page, change, words, at):
    text = assemble(POSITION.replace(*change))
    path = page(text)
    problems = scanner.scan(path.parent).problems
    assert len(problems) == 1 and words in problems[0].message, problems
    assert problems[0].where.line == line_of(text, at)


def test_a_position_name_used_twice_is_a_book_problem(page):
    page(assemble(POSITION), "one.md")
    path = page(assemble(POSITION), "two.md")
    problems = scanner.scan(path.parent).problems
    assert len(problems) == 1 and "The position name 'crowd' is used twice" in problems[0].message


def test_the_book_checks_report_an_unused_position_and_one_that_cannot_be_set_up(tmp_path):
    from rulewright.checks import check
    from tests.toolchain.pages import RULE_ADD

    (tmp_path / "rulebook").mkdir()
    (tmp_path / "engine").mkdir()
    text = assemble(RULE_ADD, POSITION, POSITION.replace("crowd", "typo").replace("pile: 4", "pyle: 4"), FROM)
    (tmp_path / "rulebook" / "toy.md").write_text(text)
    problems = [str(p) for p in check(tmp_path / "rulebook", tmp_path / "engine")]
    assert len(problems) == 1 and "Unknown setup key 'pyle'" in problems[0], problems
    text = assemble(RULE_ADD, POSITION, POSITION.replace("crowd", "spare"), FROM)
    (tmp_path / "rulebook" / "toy.md").write_text(text)
    problems = [str(p) for p in check(tmp_path / "rulebook", tmp_path / "engine")]
    assert problems == [f"{tmp_path / 'rulebook' / 'toy.md'}, line {line_of(text, 'spare', after='crowd') - 1}: "
                        "The position 'spare' is used by no example. Start an example from it "
                        "('setup: {from: spare}') or remove it."]


def test_the_command_line_plays_an_example_from_a_shared_position_with_its_checks(page, monkeypatch, capsys):
    from rulewright import cli
    from rulewright.book import config

    from tests.toolchain.pages import RULE_ADD

    path = page(assemble(RULE_ADD, POSITION, FROM.replace("  - ann: add 2\n", "  - ann: add 2\n  - expect: {pile: 7}\n")))
    monkeypatch.setattr(config, "_current", None)
    config.load(path.parent.parent).activate()
    assert cli.main(["run", "toy-from"]) == 0
    out = capsys.readouterr().out
    assert "1. ann: add 2 -> added (count 2)" in out and "ok: pile 7" in out
    assert "toy-from: holds (3 expectations)." in out
    assert cli.main(["list"]) == 0
    assert f"position crowd\t{path}, line {line_of(path.read_text(), '{position}')}" in capsys.readouterr().out


def test_yes_no_and_nothing_are_shown_as_the_example_writes_them(page):
    result, text = run(page, """
        game: toy
        setup: {preset: small}
        expect: {winner: false}
        """)
    assert f"winner (line {line_of(text, 'expect:')}): expected false, but it is null." in result.report()


# ------------------------------------------------------------ values and slips as the designer wrote them

def test_values_in_messages_are_written_as_yaml_writes_them():
    from rulewright.game.values import written

    assert written(["A1", "C4"]) == "[A1, C4]"
    assert written({"ann": 2, "bob": None, "on": True}) == "{ann: 2, bob: null, 'on': true}"
    # A text that YAML would read as something else is quoted, so it can be copied back as it is.
    assert [written(v) for v in ("2019", "no", "a: b", "", "it's", "1870-auction")] == \
        ["'2019'", "'no'", "'a: b'", "''", "it's", "1870-auction"]


def test_a_tab_in_an_example_says_use_spaces(page):
    path = page(assemble(EXAMPLE_ADD_TEXT.replace("  pile: 2", "\tpile: 2")))
    with pytest.raises(ExampleProblem) as caught:
        only_example(path).parse()
    assert caught.value.where.line == line_of(path.read_text(), "pile: 2")
    assert "this line has a tab" in caught.value.message and "Use spaces instead" in caught.value.message


def test_a_move_with_its_colon_missing_is_said_so(page):
    path = page(assemble(EXAMPLE_ADD_TEXT.replace("- ann: add 2", "- ann add 2")))
    with pytest.raises(ExampleProblem) as caught:
        evaluate(only_example(path).parse(), known_rules={"toy.add"})
    assert "In step 1, 'ann add 2': This reads as ann's move with the colon missing after the player: write " \
           "'- ann: add 2'." in caught.value.message and caught.value.message.count("ann add 2") == 1
    assert caught.value.where.line == line_of(path.read_text(), "- ann add 2")


def test_a_number_or_yes_no_meant_as_a_word_is_said_to_need_quotes():
    from rulewright.game import InputError, Setting
    from rulewright.game.values import quoting_hint
    from tests.toolchain.toy_game import Toy

    class Editions(Toy):
        settings = {"edition": Setting("first", "Which edition's rules.", ("first", "2019")),
                    "lights": Setting("on", "Whether the lights are on.", ("on", "off"))}

    with pytest.raises(InputError) as caught:
        Editions().resolve_settings({"edition": 2019})
    assert caught.value.message == ("Setting 'edition': without quotes, YAML reads 2019 as a number, not as a word: "
                                    "write it in quotes: '2019' (its choices are first, '2019').")
    with pytest.raises(InputError, match="reads off as true or false, not as a word: write it in quotes: 'off'"):
        Editions().resolve_settings({"lights": False})
    assert Editions().resolve_settings({"edition": "2019"})["edition"] == "2019"
    assert quoting_hint(7, ["first", "2019"]) == "" and quoting_hint("2019", ["2019"]) == ""
    # `edition: off`, no choice of that setting: still said to be YAML's reading of a bare word
    with pytest.raises(InputError) as caught:
        Editions().resolve_settings({"edition": False})
    assert caught.value.message == ("Setting 'edition' cannot be false; it must be one of first, '2019'. Without "
                                    "quotes, YAML reads no, off and false as false, not as a word: write a word in "
                                    "quotes.")


def test_a_board_label_yaml_misread_says_so():
    from rulewright.game import hexes, squares

    with pytest.raises(ValueError) as caught:
        squares.Grid(6, 6).square(False)  # `hedges: [B1, no]`
    assert str(caught.value).startswith("There is no square false: write a column letter A-F")
    assert "YAML reads no, off and false as false" in str(caught.value)
    with pytest.raises(ValueError, match="^'Z9' is not a hex label|^There is no square 'Z9': write"):
        squares.Grid(6, 6).square("Z9")
    with pytest.raises(ValueError, match="^null is not a hex label: .* YAML reads an empty value, null and ~ as nothing"):
        hexes.Grid().hex(None)


def test_an_expected_value_yaml_misread_is_said_to_need_quotes():
    from rulewright.scenario.comparing import compare

    assert compare(None, 2019, "2019") == (False, "it is '2019', a word. Without quotes, YAML reads 2019 as a "
                                                  "number, not as a word: write it in quotes: '2019'.")
    assert compare(None, False, "off")[1].endswith("write it in quotes: 'off'.")
    assert compare(None, 2018, "2019") == (False, "") and compare(None, "2019", "2019") == (True, "")


def test_did_you_mean_offers_the_close_name_not_those_sharing_only_a_long_prefix():
    from rulewright.game import did_you_mean

    rules = ["court.drift.step", "court.smother", "court.win", "court.pass", "court.turn.order"]
    assert did_you_mean("court.drift.stpe", rules) == "Did you mean 'court.drift.step'?"
    assert did_you_mean("ann", ["anna", "ann2", "bob"]) == "Did you mean 'anna' or 'ann2'?"  # both as close


def test_a_sentence_the_seeds_games_tell_otherwise_says_the_draws_decide(page):
    """An example played with many seeds shows one game's moves: a sentence another seed's game tells
    otherwise (here the pile, dealt at random, is said after the move) says the draws decide it;
    a sentence every game tells alike is printed as it is."""
    from rulewright.book import phrases
    from rulewright.sphinx.examples import DRAWS_DECIDE, narrated

    words = phrases.load({"events": {"added": {"say": "{count} counters are added.", "then": "The pile is now {after:pile}."},
                                     "won": "{by} wins."}}, "toy phrases")
    body = SEEDS.replace("expect:", "do: [ann: add 1]\nexpect:").replace("[0, 3]", "[1, 4]")
    result, _ = run(page, body)
    assert result.ok, result.report()
    assert len(result.others) == 39
    (added, pile), = narrated(result, words, designer=False)
    assert added == "1 counters are added."  # (the same in every game: no mark)
    assert pile.startswith("The pile is now ") and pile.endswith(f" {DRAWS_DECIDE}.")
    one_seed, _ = run(page, body.replace("seeds: 1..40", "seed: 3"))
    assert not one_seed.others and DRAWS_DECIDE not in " ".join(narrated(one_seed, words, designer=False)[0])
