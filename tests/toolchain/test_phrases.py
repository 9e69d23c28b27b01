"""Phrases: a game's state paths and events in words, and the check that the book has words for
everything it shows."""
import pytest

from rulewright.book import phrases
from rulewright.checks import check, narration
from rulewright.game import Event
from tests.toolchain.pages import EXAMPLE_BOB_FIRST, RULE_ADD, RULE_TURN, EXAMPLE_TOO_MANY, assemble
from tests.toolchain.toy_game import Toy

TOY_PHRASES = {
    "paths": {"pile": {"say": "the pile", "value": "{} counters"}, "players.*.name": "{1}'s name",
              "players.ann.name": "the first player's name"},
    "events": {"added": "{count} counters are added.", "won": "{by} wins."},
    "presets": {"small": "a pile of none, played to five"},
}


def test_values_are_written_as_a_reader_writes_them():
    assert phrases.words(["Liverpool-Manchester", "Manchester-Leeds"]) == "Liverpool-Manchester and Manchester-Leeds"
    assert phrases.words(["a", "b", "c"]) == "a, b and c"
    assert [phrases.words(v) for v in (None, True, False, [], 7)] == ["none", "yes", "no", "none", "7"]
    # A phrase's "share(s)" is written as the count asks once the count is filled in.
    assert phrases.plural("ann sells 1 share(s) of SP; bob sells 11 share(s).") == \
        "ann sells 1 share of SP; bob sells 11 shares."


def test_paths_events_and_units_are_said_by_the_game_s_phrases():
    said = phrases.load(TOY_PHRASES, "toy phrases")
    assert said.path("players.bob.name") == "bob's name"
    assert said.path("players.ann.name") == "the first player's name"  # the most specific pattern wins
    assert said.path("players.bob") is None and said.path("winner") is None
    assert said.value("pile", 5) == "5 counters" and said.value("pile", None) == "none"
    # (Events built from variables: the checks read this folder, the toy game's, for Event("...").)
    added, won, lost = "added", "won", "lost"
    assert said.event(Event(added, {"count": 2})) == "2 counters are added."
    assert said.event(Event(won, {})) is None  # a sentence whose detail is missing is not printed half-filled
    assert said.event(Event(lost, {"by": "ann"})) is None


def test_a_word_after_a_number_takes_its_plural_as_the_number_asks():
    said = phrases.load({"paths": {"basket": {"say": "the basket", "value": "{} apple(s)"},
                                   "crates": {"say": "the crates", "value": "{count} crate(s) of {fruit}"}},
                         "events": {"harvested": "{player} harvests {count} apple(s)."}}, "orchard phrases")
    assert [said.value("basket", n) for n in (1, 3)] == ["1 apple", "3 apples"]
    assert said.value("crates", [{"count": 1, "fruit": "pears"}, {"count": 2, "fruit": "plums"}]) == \
        "1 crate of pears and 2 crates of plums"
    harvested = "harvested"
    assert said.event(Event(harvested, {"player": "ann", "count": 1})) == "Ann harvests 1 apple."


def test_a_value_with_named_fields_writes_each_mapping_with_them():
    said = phrases.load({"paths": {"routes": {"say": "the routes", "value": "{train}-train: {route}, ${value}"}}},
                        "routes phrases")
    two = [{"train": 3, "route": "C18-D19", "value": 80}, {"train": 4, "route": "J3-J5", "value": 90}]
    assert said.value("routes", two) == "3-train: C18-D19, $80 and 4-train: J3-J5, $90"
    assert said.value("routes", two[0]) == "3-train: C18-D19, $80"
    # Not every field there (an expectation on the length, say): written as any mapping is.
    assert said.value("routes", {"length": 2}) == "holds 2"
    assert said.value("routes", [{"train": 3}]) == "train: 3"
    assert said.value("routes", []) == "none"


def test_a_phrase_file_that_is_not_a_mapping_is_named():
    with pytest.raises(phrases.PhraseError, match="toy.yaml: unknown section 'path'"):
        phrases.load({"path": {}}, "toy.yaml")


@pytest.fixture
def phrased(monkeypatch):
    def use(table):
        monkeypatch.setattr(Toy, "phrases", table)
        phrases._cache.pop(Toy, None)
    yield use
    phrases._cache.pop(Toy, None)


def make(tmp_path):
    (tmp_path / "rulebook").mkdir(parents=True)
    (tmp_path / "rulebook" / "toy.md").write_text(assemble(RULE_ADD, RULE_TURN, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST))
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "toy.py").write_text("")
    return [str(p) for p in check(tmp_path / "rulebook", tmp_path / "engine")]


def test_the_checks_pass_when_every_path_and_event_has_words(tmp_path, phrased):
    phrased(TOY_PHRASES)
    assert make(tmp_path) == []


def test_a_checked_path_without_words_fails_the_checks(tmp_path, phrased):
    phrased({**TOY_PHRASES, "paths": {"players.*.name": "{1}'s name"}})
    found = make(tmp_path)
    assert any("toy.md" in m and "no words for the state path 'pile'" in m for m in found), found


def test_a_missing_phrase_is_one_problem_however_many_examples_show_its_paths(tmp_path, phrased):
    """'pile' checked by two examples is one phrase to write; 'players.ann.name' and
    'players.bob.name' are one pattern: two problems, each at its first place, naming the rest."""
    phrased({**TOY_PHRASES, "paths": {}})
    names = EXAMPLE_BOB_FIRST.replace("  pile: 0\n", "  pile: 0\n  players.ann.name: ann\n  players.bob.name: bob\n")
    text = assemble(RULE_ADD, RULE_TURN, EXAMPLE_TOO_MANY.replace("  refused: toy.add\n", "  refused: toy.add\n  pile: 0\n"),
                    names)
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "toy.md").write_text(text)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "toy.py").write_text("")
    found = [str(p) for p in check(tmp_path / "rulebook", tmp_path / "engine") if "no words for the state path" in str(p)]
    lines = text.splitlines()
    piles = [n for n, line in enumerate(lines, 1) if line == "  pile: 0"]
    ann = next(n for n, line in enumerate(lines, 1) if line == "  players.ann.name: ann")
    assert len(found) == 2, found
    assert f"line {piles[0]}" in found[0] and "state path 'pile'" in found[0]
    assert f"(The book shows it also at line {piles[1]}.)" in found[0]
    assert f"line {ann}" in found[1] and "state paths 'players.ann.name' and 'players.bob.name'" in found[1]
    assert 'players.*.name: "... {1} ..."' in found[1] and "(ann, ...)" in found[1]


def test_a_misspelt_expected_event_is_one_problem_at_its_line(tmp_path, page, phrased):
    """'wno' for 'won': the example's own evaluation says it at the event's line, with the near
    name; the whole-book check leaves it to the example's test under pytest (besides_pages), and
    says it once where it runs alone."""
    from rulewright.problems import ExampleProblem
    from tests.toolchain.test_scenario import GOOD, result_of

    phrased(TOY_PHRASES)
    text = GOOD.replace("events: [won]", "events: [wno]")
    with pytest.raises(ExampleProblem) as caught:
        result_of(page(text))
    line = next(n for n, row in enumerate(text.lstrip("\n").splitlines(), 1) if "events: [wno]" in row)
    assert caught.value.where.line == line
    assert "The event 'wno' is not in the game's event catalogue (the phrases of " in str(caught.value)
    assert str(caught.value).endswith("Did you mean 'won'?")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "toy.py").write_text("")
    for besides_pages, times in ((True, 0), (False, 1)):
        found = [str(p) for p in check(tmp_path / "rulebook", tmp_path / "engine", besides_pages=besides_pages)]
        assert sum("'wno' is not in the game's event catalogue" in m for m in found) == times, found


def test_an_event_the_engine_emits_without_a_sentence_fails_the_checks(tmp_path, phrased):
    phrased({**TOY_PHRASES, "events": {"added": "{count} counters are added."}})
    found = make(tmp_path)
    assert any("toy_game.py" in m and "can emit the event 'won'" in m for m in found), found


def test_every_build_names_an_event_the_engine_emits_without_a_sentence(phrased):
    """The build's closing checks (``phrase_file_problems``) say it too: a strict build fails on it,
    as ``make test`` and ``rulewright check`` do, instead of printing "'won' happens"."""
    from rulewright.checks.book import phrase_file_problems

    phrased({**TOY_PHRASES, "events": {"added": "{count} counters are added."}})
    found = [str(p) for p in phrase_file_problems(["toy"])]
    assert len(found) == 1 and "toy_game.py" in found[0] and "can emit the event 'won'" in found[0], found


def test_an_event_sentence_naming_a_detail_the_engine_never_gives_is_said(phrased):
    """'{amount}' where the engine's 'added' events give 'count': the book would print the event's
    bare name, so every build says it (once), naming the details there are and where."""
    from rulewright.checks.book import phrase_file_problems

    phrased({**TOY_PHRASES, "events": {"added": "{amount} counters are added.", "won": "{by} wins."}})
    found = [str(p) for p in phrase_file_problems(["toy"])]
    assert len(found) == 1, found
    assert "The sentence of the event 'added' names {amount}, but the engine's 'added' events have the detail " \
           "count (tests/toolchain/toy_game.py, line 102)" in found[0] and "Write one of those in the sentence" in found[0]
    phrased({**TOY_PHRASES, "events": {"added": "{count} counters ({before:pile} before).", "won": "{by} wins."}})
    assert phrase_file_problems(["toy"]) == []  # (a figure of the position is no detail)


def test_an_expected_event_without_a_sentence_is_said_once_at_the_engine_s_line(tmp_path, page, phrased):
    """The example is not misspelt: the phrase is missing, said where the engine emits the event,
    not also at the example with a 'did you mean' another event."""
    from tests.toolchain.test_scenario import GOOD

    phrased({**TOY_PHRASES, "events": {"added": "{count} counters are added."}})
    page(GOOD)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "toy.py").write_text("")
    found = [str(p) for p in check(tmp_path / "rulebook", tmp_path / "engine", besides_pages=False)]
    assert sum("'won'" in m for m in found) == 1 and any("can emit the event 'won'" in m for m in found), found


def test_a_setup_key_reads_as_the_game_s_phrases_say():
    from rulewright.sphinx.setup_text import describe_setup

    said = phrases.load({"setup": {"floes": {"say": "Floes", "each": "{value} floes of {key}", "then": "{value} of {key}"},
                                   "board": {"say": "The board", "grid": True}, "rows": {"grid": True},
                                   "seats": "Around the table"}}, "toy phrases")
    table, = describe_setup({"setup": {"floes": {1: 5, 2: 3, 3: 2}, "seats": ["ann", "bob"],
                                       "board": {"A1": "ann", "C2": "bob"}, "rows": ["x . o", ". x ."],
                                       "pile": {"a": 1}, "players": {"ann": {}, "bob": {"cash": 5}}}}, said)
    rows = [[entry for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")
            if row.parent.parent.parent is table]
    text = {row[0].astext(): row[1] for row in rows}
    assert text["Floes"].astext() == "5 floes of 1, 3 of 2 and 2 of 3"
    assert text["Around the table"].astext() == "ann, bob"
    assert text["Pile"].astext() == "a 1"  # a key without words reads as before
    # An entry left as the position has it ({}) has no row ("Players: ann | unchanged"), whether the
    # key has words of its own, mirrors the view's paths or neither (issue 42).
    assert "Players: ann" not in text and text["Players: bob"].astext() == "cash 5", list(text)
    assert not any("unchanged" in row[1].astext() for row in rows)
    said = phrases.load({"setup": {"players": {"say": "{key}", "names": {"cash": "cash $"}}}}, "toy phrases")
    table, = describe_setup({"setup": {"players": {"ann": {}, "bob": {"cash": 2400}, "cat": {}}}}, said)
    assert [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")] \
        == [["Bob", "cash $2,400"]]  # (a name ending in "$" is the sum's sign: "cash $2,400", not "cash $ 2400")
    table, = describe_setup({"setup": {"players": {"ann": {}, "cat": {}}, "pile": 3}}, None)
    assert [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")] \
        == [["Pile", "3"]]
    # A mapping that mirrors the view reads as the view's paths, each in its words; an entry left as
    # the position has it ({}) says nothing.
    said = phrases.load({"paths": {"players.*.cash": {"say": "{1}'s cash", "value": "${}"},
                                   "players.*.shares.*": "{1}'s shares of {3}"}}, "toy phrases")
    table, = describe_setup({"setup": {"players": {"ann": {}, "bob": {"cash": 5, "shares": {"SP": 2}}}}}, said)
    rows = [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]
    assert rows == [["Bob's cash", "$5"], ["Bob's shares of SP", "2"]], rows
    board = [[cell.astext() for cell in row.children] for row in text["The board"].findall(
        lambda n: n.tagname == "row")]
    assert board == [["", "A", "B", "C"], ["1", "ann", "", ""], ["2", "", "", "bob"]]
    assert [[cell.astext() for cell in row.children] for row in text["Rows"].findall(lambda n: n.tagname == "row")] \
        == [["x", ".", "o"], [".", "x", "."]]


def test_a_board_grid_with_its_corners_shows_the_whole_board():
    """``grid: A1:D4``: a setup naming two cells shows all sixteen, the others empty; with no cell
    named, the empty board. A grid that is neither true nor two corners is said at the phrase file."""
    from rulewright.sphinx.setup_text import describe_setup

    said = phrases.load({"setup": {"board": {"say": "The board", "grid": "A1:D4"}}}, "toy phrases")
    for placed, expected in (({"B2": "ann", "C3": "bob", "D1": None}, {("2", "B"): "ann", ("3", "C"): "bob",
                                                                       ("1", "D"): "—"}),
                             ({}, {})):  # (a cell set to nothing, D1: ~, is printed as a dash, not "none")
        table, = describe_setup({"setup": {"board": placed}}, said)
        board = [[cell.astext() for cell in row.children] for row in table.findall(lambda n: n.tagname == "row")][1:]
        assert board[0] == ["", "A", "B", "C", "D"] and [row[0] for row in board[1:]] == ["1", "2", "3", "4"]
        assert {(row[0], "ABCD"[n]): cell for row in board[1:] for n, cell in enumerate(row[1:]) if cell} == expected
    with pytest.raises(phrases.PhraseError, match="'grid: A1-D4'.*the board's first and last cells.*'grid: A1:D4'"):
        phrases.load({"setup": {"board": {"grid": "A1-D4"}}}, "toy phrases")


def test_a_setup_phrase_s_counted_words_take_their_plural():
    said = phrases.load({"setup": {"bag": {"say": "The bag", "each": "{value} {key}(s)"}}}, "toy phrases")
    assert said.setup["bag"].entries({"crab": 3, "star": 1}) == "3 crabs and 1 star"


def test_a_setup_label_naming_the_key_gives_each_entry_a_row_of_its_own():
    from rulewright.sphinx.setup_text import describe_setup

    said = phrases.load({"setup": {"hexes": "Hex {key}", "floes": {"say": "Floes of {key}", "each": "{value} floes"}}},
                        "toy phrases")
    table, = describe_setup({"setup": {"hexes": {"H13": {"tile": 57, "tokens": ["MP"]}, "N17": {"tokens": ["TP"]}},
                                       "floes": {1: 5}}}, said)
    rows = [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]
    assert rows == [["Hex H13", "tile 57, tokens MP"], ["Hex N17", "tokens TP"], ["Floes of 1", "5 floes"]]
    table, = describe_setup({"setup": {"hexes": "none"}}, said)  # not a mapping: the key's own name
    assert [[e.astext() for e in row.children] for row in table.findall(lambda n: n.tagname == "row")] == [
        ["Hexes", "none"]]


def test_a_setup_phrase_names_an_entry_s_fields_in_the_book_s_words():
    from rulewright.sphinx.setup_text import describe_setup

    said = phrases.load({"setup": {"hexes": {"say": "Hex {key}", "names": {"rotated": "turned"}},
                                   "pile": {"say": "Pile", "names": {"size": "counters"}}}}, "toy phrases")
    table, = describe_setup({"setup": {"hexes": {"N17": {"tile": 5, "rotated": 2, "tokens": ["TP"]}},
                                       "pile": {"size": 3, "owner": "ann"}}}, said)
    rows = [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]
    assert rows == [["Hex N17", "tile 5, turned 2, tokens TP"], ["Pile", "counters 3, owner ann"]]
    with pytest.raises(phrases.PhraseError, match="'names:', a mapping of each field's name"):
        phrases.load({"setup": {"hexes": {"say": "Hex {key}", "names": ["rotated", "turned"]}}}, "toy.yaml")


def test_a_setup_phrase_s_names_say_an_entry_s_key_and_a_player_s_row_begins_with_a_capital():
    """``names`` reads an entry's key too (``{key}`` in a label or in ``each``) and a field holding a
    mapping ("shares: ES 5", not "shares (ES 5)"); a label that is a player's name is a sentence's start."""
    from rulewright.sphinx.setup_text import describe_setup

    said = phrases.load({"setup": {"players": {"say": "{key}", "names": {"hand": "tiles in hand:", "shares": "shares:"}},
                                   "board": {"say": "{key} on the board", "each": "{value}",
                                             "names": {"neutral": "neutral tiles"}}}}, "toy phrases")
    table, = describe_setup({"setup": {"players": {"ann": {"hand": ["A2"], "shares": {"ES": 5}}, "bob": {}},
                                       "board": {"neutral": ["A0", "A1"], "ES": ["B1"]}}}, said, designer=False)
    rows = [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]
    assert rows == [["Ann", "tiles in hand: A2, shares: ES 5"],  # (Bob, as the game starts him: no row)
                    ["Neutral tiles on the board", "A0 and A1"], ["ES on the board", "B1"]]


def test_stated_dice_read_as_one_list_in_their_order_under_the_game_s_label():
    from rulewright.sphinx.setup_text import describe_setup

    def rows(data, said=None):
        table, = describe_setup(data, said, designer=False)
        return [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]

    assert rows({"draws": [2, 5, 3, 3]}) == [["Chance", "2, 5, 3 and 3, in that order"]]
    assert rows({"draws": [4, ["ace", "queen"]]}) == [["Chance", "4; then the order ace, queen"]]
    said = phrases.load({"setup": {"draws": {"say": "The dice"}}}, "dice phrases")
    assert rows({"draws": [6, 6]}, said) == [["The dice", "6 and 6, in that order"]]


def test_a_setup_phrase_that_cannot_be_read_is_named():
    with pytest.raises(phrases.PhraseError, match="toy.yaml: the setup key 'floes' reads with some of say, each"):
        phrases.load({"setup": {"floes": {"sya": "Floes"}}}, "toy.yaml")
    with pytest.raises(phrases.PhraseError, match=r"has \{count\} in its 'each:', but an entry has only"):
        phrases.load({"setup": {"floes": {"each": "{count} floes"}}}, "toy.yaml")
    with pytest.raises(phrases.PhraseError, match=r"has \{value\} in its 'say:'; a label may name only \{key\}"):
        phrases.load({"setup": {"floes": "Floes of {value}"}}, "toy.yaml")


def test_an_expected_event_reads_as_its_sentence_in_the_outcome(page, phrased):
    from rulewright.sphinx.examples import _outcome
    from tests.toolchain.test_scenario import GOOD, result_of

    phrased(TOY_PHRASES)
    result = result_of(page(GOOD))
    table, = _outcome(result, phrases.for_game(Toy()), designer=False)
    assert "Bob wins." in table.astext() and "“won” happens" not in table.astext()


def _happening(result, designer):
    from rulewright.sphinx.examples import _outcome

    table, = _outcome(result, phrases.for_game(Toy()), designer=designer)
    rows = [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]
    return [row for row in rows if row[0].startswith("What happens")]


def test_the_events_of_one_move_read_as_one_row_of_sentences(page, phrased):
    from tests.toolchain.test_scenario import GOOD, result_of

    phrased(TOY_PHRASES)
    result = result_of(page(GOOD.replace("events: [won]", "events: [{added: {count: 3}}, won]")))
    assert result.ok, result.report()
    for designer in (False, True):
        assert _happening(result, designer) == [["What happens in step 2", "3 counters are added. Bob wins."]]


def test_an_event_checked_at_the_end_says_which_move_set_it_off(page, phrased):
    """Two moves; the first move's 'added' and the second's 'won' are checked at the end: two rows,
    each naming its move, not one sentence that reads as what the last move did."""
    from tests.toolchain.test_scenario import GOOD, result_of

    phrased(TOY_PHRASES)
    result = result_of(page(GOOD.replace("events: [won]", "events: [added, won]")))
    assert result.ok, result.report()
    for designer in (False, True):
        assert _happening(result, designer) == [["What happens in step 1", "2 counters are added."],
                                                ["What happens in step 2", "Bob wins."]]


def test_a_setting_s_sentences_are_asked_for_with_its_own_choices():
    from rulewright.game import Setting

    class Editions:
        settings = {"edition": Setting("2019", "Which printing's rules.", ("2019", "2024"))}

    with pytest.raises(phrases.PhraseError, match=r"""e\.g\. edition: \{'2019': "\.\.\.", '2024': "\.\.\."\}"""):
        phrases.load({"settings": {"edition": "the 2019 rules"}}, "toy.yaml", game=Editions())


def test_a_setting_the_game_has_no_such_choice_for_is_not_also_asked_for_words(tmp_path, phrased):
    """`max_add: 9` is the example's own problem (the game offers 2, 3 or 4): the checks do not also
    ask the book for words for it; a real choice without words is asked for, written as in YAML."""
    phrased(TOY_PHRASES)
    settled = EXAMPLE_TOO_MANY.replace("setup:", "settings: {max_add: 9, crowd_first: true}\nsetup:")
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "toy.md").write_text(assemble(RULE_ADD, RULE_TURN, settled, EXAMPLE_BOB_FIRST))
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "toy.py").write_text("")
    found = [str(p) for p in check(tmp_path / "rulebook", tmp_path / "engine")]
    assert not any("setting max_add" in m for m in found), found
    assert any("no words for the setting crowd_first: true." in m for m in found), found


def test_a_setting_s_choice_yaml_read_as_true_or_false_is_named_at_its_line_in_the_phrase_file():
    """`off:` under a setting whose choices are the words 'on' and 'off' is false to YAML: the phrase
    file says so at its line, instead of the book later asking for words for 'off' with a fix that
    repeats the mistake."""
    from rulewright.book import source
    from rulewright.game import Setting
    from rulewright.problems import Where

    class Hooked(Toy):
        settings = {"hook": Setting("on", "Whether the hook rule applies.", ("on", "off"))}

    def load(text, game=Hooked()):
        data, lines = source.load(text, Where("phrases.yaml", 1), "phrases")
        return phrases.load(data, "phrases.yaml", lines, game=game)

    with pytest.raises(phrases.PhraseError) as caught:
        load("settings:\n  hook:\n    'on': the hook applies\n    off: no hook\n")
    assert str(caught.value) == ("phrases.yaml, line 4: the setting 'hook': without quotes, YAML reads off as true "
                                 "or false, not as a word: write it in quotes: 'off' (its choices are 'on', 'off').")
    assert load("settings:\n  hook: {'on': the hook applies, 'off': no hook}\n").setting("hook", "off") == "no hook"
    with pytest.raises(phrases.PhraseError) as both:  # both unquoted: one problem, naming both lines
        load("settings:\n  hook:\n    on: the hook applies\n    off: no hook\n")
    assert str(both.value).startswith("phrases.yaml, line 3: the setting 'hook': without quotes, YAML reads on as ")
    assert "Also at line 4: without quotes, YAML reads off as true or false" in str(both.value), str(both.value)

    class Editions(Hooked):
        settings = {**Hooked.settings, "edition": Setting("2019", "Which printing.", ("2019", "2024"))}

    with pytest.raises(phrases.PhraseError) as two:  # in two settings: one problem, mended in one go
        load("settings:\n  edition:\n    2019: old\n    '2024': new\n  hook:\n    'on': yes\n    off: no hook\n",
             Editions())
    assert str(two.value).startswith("phrases.yaml, line 3: the setting 'edition': without quotes, YAML reads 2019")
    assert "Also at line 7: the setting 'hook': without quotes, YAML reads off" in str(two.value), str(two.value)


def test_a_setup_key_written_as_a_view_path_reads_as_that_path_s_words():
    """A setup key without words of its own that is also a path of the view (the setup's keys
    mirror the view's) reads as the game's words for that path: "Whose turn it is: bob", not
    "Next: bob"; a key that is no path reads as its own name."""
    from rulewright.sphinx.setup_text import describe_setup

    said = phrases.load({"paths": {"next": "whose turn it is", "bank": {"say": "the bank's cash", "value": "${}"}}},
                        "toy phrases")
    table, = describe_setup({"setup": {"next": "bob", "bank": 40, "round": 2}}, said)
    rows = [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]
    assert rows == [["Whose turn it is", "bob"], ["The bank's cash", "$40"], ["Round", "2"]]


def test_a_path_into_a_setup_key_reads_as_the_setup_words_for_its_pattern():
    """'setup:' words for a pattern of paths into a key's mapping (``players.*.sold``, a part the
    view names otherwise) say those rows; the view's words say the rest, and a single value reads
    with its key's ``each`` ("the 4-train")."""
    from rulewright.sphinx.setup_text import describe_setup

    said = phrases.load({"paths": {"players.*.cash": {"say": "{1}'s cash", "value": "${}"}},
                         "setup": {"players.*.sold": "what {1} has sold this round",
                                   "next_train": {"say": "The next train", "each": "the {value}-train"}}}, "toy phrases")
    table, = describe_setup({"setup": {"players": {"ann": {"cash": 30, "sold": ["SP"]}, "bob": {}},
                                       "next_train": 4}}, said)
    rows = [[entry.astext() for entry in row.children] for row in table.findall(lambda n: n.tagname == "row")]
    assert rows == [["Ann's cash", "$30"], ["What ann has sold this round", "SP"], ["The next train", "the 4-train"]]
    assert said.setup_path("players.ann.cash") == "ann's cash" and said.setup_path("players.ann.shares") is None
    with pytest.raises(phrases.PhraseError, match=r"the phrase of 'players.\*.sold' has \{2\}"):
        phrases.load({"setup": {"players.*.sold": "what {2} sold"}}, "toy phrases")


def test_a_setup_key_printed_by_its_engine_name_is_a_problem_at_its_line(tmp_path, phrased):
    """An example's setup key with no words ('target', 'players') is said at its line, one problem
    a key however many examples write it; 'setup:' words (or a view path's) mend it (setup-words)."""
    from rulewright.checks.book import SETUP_WORDS
    from rulewright.checks.levels import CHECKS

    assert CHECKS[SETUP_WORDS].level == "0.5"
    phrased(TOY_PHRASES)
    example = EXAMPLE_BOB_FIRST.replace("setup: {preset: small}", "setup: {preset: small, target: 7}")
    text = assemble(RULE_ADD, RULE_TURN, EXAMPLE_TOO_MANY.replace("setup: {preset: small}",
                                                                  "setup:\n  preset: small\n  target: 8"), example)
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "toy.md").write_text(text)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "toy.py").write_text("")
    found = [p for p in check(tmp_path / "rulebook", tmp_path / "engine") if getattr(p, "check", None) == SETUP_WORDS]
    first = text.splitlines().index("  target: 8") + 1
    assert len(found) == 1, found
    assert found[0].where.line == first and "no words for the setup key 'target'" in found[0].message
    assert "under 'setup:'" in found[0].message and "(The book shows it also at line" in found[0].message
    phrased({**TOY_PHRASES, "setup": {"target": "The score to reach"}})
    assert not [p for p in check(tmp_path / "rulebook", tmp_path / "engine") if getattr(p, "check", None) == SETUP_WORDS]


def test_a_shared_position_is_named_by_its_title_without_saying_position_twice():
    from rulewright.sphinx.setup_text import _position_words

    assert _position_words("Three players, pile at four") == "the position “Three players, pile at four”"
    assert _position_words("The opening position") == "the opening position"
    assert _position_words("Position after the first deal") == "“Position after the first deal”"


# --- moves in the players' words ------------------------------------------------------------

LAYS = {
    "moves": {"lay {tile} on {hex}": "{actor} lays tile #{tile} on {hex}.",
              "lay {tile} on {hex} with {private}": "{actor} lays tile #{tile} on {hex}, using {private}.",
              "buy {corporation}": "{actor} buys a share of {corporation}.",
              "buy {private:GRSC MRBC}": "{actor} buys {private}.",
              "buy {count} {corporation}": "{actor} buys {count} share(s) of {corporation}.",
              "redeem {corporation} from {player}": "{actor} has {corporation} redeem a share from {player}.",
              "pay {amount}": "{actor} pays out ${amount}.",
              "play {tile} order {order}": "{actor} plays {tile}, absorbing {order} in that order."},
    "names": {"MP": "the MP", "SP": "the SP", "MRBC": "the Bridge Company"},
}


def test_a_move_reads_as_the_pattern_that_says_most_about_it():
    said = phrases.load(LAYS, "lays")
    assert said.move("lay 5 on C18 with MRBC", "MP") == "The MP lays tile #5 on C18, using the Bridge Company."
    assert said.move("lay 5 on C18", "MP") == "The MP lays tile #5 on C18."
    # a placeholder held to some words wins over one that takes any; a count over the last word's rest
    assert said.move("buy MRBC", "ann") == "Ann buys the Bridge Company."
    assert said.move("buy SP", "ann") == "Ann buys a share of the SP."
    assert said.move("buy 1 SP", "ann") == "Ann buys 1 share of the SP."
    # a player's name begins with a capital wherever it stands; a sum has its thousands separated
    assert said.move("redeem SP from bob", "ann", {"ann", "bob"}) == "Ann has the SP redeem a share from Bob."
    assert said.move("pay 11250", "SP") == "The SP pays out $11,250."
    assert said.move("play E5 order MT ES", "ann") == "Ann plays E5, absorbing MT and ES in that order."
    assert said.move("withhold 40", "SP") is None  # no pattern fits: the check says so (move-words)


def test_a_refusal_s_reason_names_pieces_as_the_sentences_do():
    """The player's edition prints an engine's reason for refusing a move with each piece named as the
    moves' sentences name it ("Only the SP's president", not "Only SP's president"), the name
    beginning a sentence with a capital, an article not said twice, and a quoted move left as written."""
    said = phrases.load(LAYS, "lays")
    assert said.codes_named("Only SP’s president may protect it.") == "Only the SP’s president may protect it."
    assert said.codes_named("MRBC is closed. SP waits; SP’s turn ends.") == \
        "The Bridge Company is closed. The SP waits; the SP’s turn ends."
    assert said.codes_named("Set the SP’s par: ‘par SP 90’.") == "Set the SP’s par: ‘par SP 90’."
    assert said.codes_named("SPX and MP-1 are no codes.") == "SPX and MP-1 are no codes."
    # a word that stands for the name's own "the" keeps it out ("no the SP share" was printed)
    assert said.codes_named("The market has no SP share.") == "The market has no SP share."
    assert said.codes_named("Each SP share; its MRBC.") == "Each SP share; its Bridge Company."
    assert said.codes_named("Cat holds 1 SP share, not 2.") == "Cat holds 1 SP share, not 2."
    # so does a setup's value in the player's edition (the designer's keeps the codes the example writes)
    from rulewright.sphinx.setup_text import describe_setup

    for designer, owned in ((False, "the Bridge Company the SP"), (True, "MRBC SP")):
        table, = describe_setup({"setup": {"privates": {"MRBC": "SP"}}}, said, designer=designer)
        assert [[cell.astext() for cell in row.children] for row in table.findall(lambda n: n.tagname == "row")] \
            == [["Privates", owned]]


@pytest.mark.parametrize("moves, wanted, line", [
    ({"take {n}": "{actor} takes {count}."}, "names {count}, which the pattern does not have", 3),
    ({"take {n} {n}": "{actor} takes {n}."}, "names {n} twice", 3),
    ({"take {actor}": "{actor} takes."}, "{actor} is the one who moves", 3),
    ({"take {n}{m}": "{actor} takes {n}."}, "two placeholders side by side", 3),
    ({"take {n}": ""}, "needs its sentence in quotes", 3),
    ({"take {n}": {"say": "{actor} takes {n}.", "tells": {"taken": ""}}}, "tells the event 'taken', which", 3),
    ({"take {n}": {"say": "{actor} takes {n}.", "tells": "taken"}}, "a mapping with 'say:' and 'tells:'", 3),
    (["take {n}"], "'moves:' is a mapping", 2),
])
def test_a_move_phrase_that_cannot_be_read_is_named_at_its_line(tmp_path, moves, wanted, line):
    import yaml

    path = tmp_path / "phrases.yaml"
    path.write_text("events: {}\n" + yaml.safe_dump({"moves": moves}))
    with pytest.raises(phrases.PhraseError) as raised:
        phrases.load_file(path)
    assert wanted in raised.value.message and f"line {line}:" in raised.value.message, raised.value.message


def test_a_move_without_words_fails_the_checks_at_its_line_once_the_game_says_its_moves(tmp_path, phrased):
    """Check 'move-words': a phrase file with 'moves:' must have words for every move the book
    shows; one without the section yet (a book written before) prints the notation, as before."""
    phrased({**TOY_PHRASES, "moves": {"add {count}": "{actor} adds {count} counter(s)."}})
    assert make(tmp_path / "said") == []
    phrased({**TOY_PHRASES, "moves": {"take {count}": "{actor} takes {count}."}})
    found = [m for m in make(tmp_path / "unsaid") if "no words for the move" in m]
    text = assemble(RULE_ADD, RULE_TURN, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST).splitlines()
    first = next(n for n, line in enumerate(text, 1) if line.strip().startswith("- ") and " add " in line)
    assert len(found) == 1 and f"line {first}" in found[0], found
    assert "'add 4'" in found[0] and "'add 1'" in found[0] and '"add {a}": "{actor} ... ."' in found[0], found
    phrased(TOY_PHRASES)
    assert make(tmp_path / "before") == []


def test_the_player_s_edition_prints_moves_in_words_and_the_designer_s_the_notation(phrased):
    from docutils import nodes

    from rulewright.problems import Where
    from rulewright.scenario import evaluate, parse
    from rulewright.sphinx import examples

    phrased({**TOY_PHRASES, "moves": {"add {count}": "{actor} adds {count} counter(s)."}})
    body = "game: toy\nsetup: {preset: small}\ndo:\n  - ann: add 1\n  - bob: add 9\nexpect:\n  refused: toy.add\n"
    result = evaluate(parse(body, Where("toy.md", 1), options={"id": "toy-words"}))
    words = phrases.for_game(result.run.game)
    told = examples.narrated(result, words, designer=False)
    player = examples._actions(result, told, moved=examples.said_moves(result, words, designer=False))[0]
    assert not list(player.findall(nodes.literal))
    first, refused = (item.astext() for item in player.children)
    assert first.startswith("Ann adds 1 counter. ") and refused.startswith("Bob adds 9 counters — not allowed by ")
    designer = examples._actions(result, told, moved=examples.said_moves(result, words, designer=True))[0]
    assert [node.astext() for node in designer.findall(nodes.literal)] == ["add 1", "add 9"]
    # the move's line says it is not allowed and by which rule: the player's outcome does not say it again
    assert "is refused by" not in examples._outcome(result, words, False, told=told)[0].astext()
    assert "is refused by" in examples._outcome(result, words, True, told=told)[0].astext()


def test_the_player_s_edition_says_each_move_once_and_its_own_event_by_what_it_adds(phrased):
    """A move's sentence says its own event (``tells``): the player's edition does not say the event
    again beside it ("Ann adds 1 counter. Ann adds 1 to the pile."), only what it adds, and its outcome
    does not list it; the designer's edition, which prints the notation, tells the event whole."""
    from rulewright.problems import Where
    from rulewright.scenario import evaluate, parse
    from rulewright.sphinx import examples

    body = ("game: toy\nsetup: {preset: small}\ndo:\n  - ann: add 1\n  - bob: add 2\n"
            "expect:\n  events: [added]\n")
    events = {**TOY_PHRASES["events"], "added": "Ann adds {count} to the pile."}
    for tells, beside in (({}, ["Ann adds 1 to the pile."]), ({"added": ""}, []),
                          ({"added": "[The pile grows by {count}.]"}, ["The pile grows by 1."])):
        phrased({**TOY_PHRASES, "events": events,
                 "moves": {"add {count}": {"say": "{actor} adds {count} counter(s).", "tells": tells}}})
        result = evaluate(parse(body, Where("toy.md", 1), options={"id": "toy-once"}))
        words = phrases.for_game(result.run.game)
        told = examples.narrated(result, words, designer=False)
        assert told[0] == beside, tells
        outcome = examples._outcome(result, words, False, told=told)[0].astext()
        assert "to the pile" not in outcome, outcome  # (the event checked: said in the play, once)
        assert examples.narrated(result, words, designer=True)[0] == ["Ann adds 1 to the pile."]


# --- words that read right: optional parts and verbs that agree ------------------------------------

SCORING = phrases.load({
    "paths": {"players.*.cash": {"say": "{1}'s cash", "value": "${}"}},
    "events": {"scored": "{player}[ pays {coins} coins][ and loses {points} points].",
               "over": "{winners} {verb:wins|win}[ with {score} points].",
               "paid": "{player} pays ${fee}[; {player}'s cash is now {after:players.<player>.cash}]."}}, "phrases.yaml")


@pytest.mark.parametrize("data, said", [
    ({"player": "ann", "coins": 3, "points": 2}, "Ann pays 3 coins and loses 2 points."),
    ({"player": "ann", "coins": 3, "points": 0}, "Ann pays 3 coins."),  # a part worth 0 is left out
    ({"player": "ann", "coins": 0, "points": 2}, "Ann and loses 2 points."),
])
def test_a_part_in_square_brackets_is_left_out_when_its_value_is_0_or_empty(data, said):
    assert SCORING.event(Event("scored", data), players={"ann"}) == said
    assert not narration.sentence_faults(said, {"ann"})


@pytest.mark.parametrize("winners, said", [
    (["ann"], "Ann wins with 12 points."),
    (["ann", "bob"], "Ann and Bob win with 12 points."),
    (["ann", "bob", "cy"], "Ann, Bob and Cy win with 12 points."),
])
def test_a_verb_agrees_with_a_list_of_players(winners, said):
    assert SCORING.event(Event("over", {"winners": winners, "score": 12}), players={"ann", "bob", "cy"}) == said
    assert not narration.sentence_faults(said, {"ann", "bob", "cy"})


def test_an_optional_part_reads_a_figure_of_the_position_too():
    broke, flush = {"players": {"ann": {"cash": 0}}}, {"players": {"ann": {"cash": 40}}}
    assert SCORING.event(Event("paid", {"player": "ann", "fee": 5}), broke, broke, players={"ann"}) == "Ann pays $5."
    assert (SCORING.event(Event("paid", {"player": "ann", "fee": 5}), flush, flush, players={"ann"})
            == "Ann pays $5; Ann's cash is now $40.")


def test_brackets_with_no_detail_in_them_are_printed_as_they_are():
    said = phrases.load({"paths": {}, "events": {"noted": "{player} notes [sic] the rule."}}, "phrases.yaml")
    assert said.event(Event("noted", {"player": "ann"}), players={"ann"}) == "Ann notes [sic] the rule."


@pytest.mark.parametrize("sentence, fault", [
    ("Ann builds the the town hall.", "the word 'the' twice"),
    ("Ann pays 0 coins and loses 0 points.", "a part whose value is 0 or empty is said"),
    ("Ann and Bob wins.", "the verb does not agree with a list of players"),
    # (an engine that joins its players' names itself gives them as written: "ann and bob")
    ("The hand is over: ann and bob scores most.", "the verb does not agree with a list of players"),
    ("Ann draws. then she plays.", "a sentence that starts in lower case"),
])
def test_a_sentence_that_reads_wrong_is_said_with_its_fix(sentence, fault):
    faults = narration.sentence_faults(sentence, {"ann", "bob"})
    assert any(fault in said for said in faults), faults
