"""Figures checked where they are typed (rulewright/checks/typed_figures.py): in a project
`rulewright new` makes, a number changed on one side only (the rule text, a table, a designer's
note) fails `rulewright check` and the project's own pytest run (`make test`) at its line, naming
the game's value; the same numbers as the game's data pass, and are listed as checked by
`rulewright check --figures`. Then the reading itself: what is a figure and what is not."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulewright.checks import typed_figures
from rulewright.problems import Where

DATA = """# How much a turn may take, and what the heaps of a new game hold.
take:
  most_counters: 3
heaps:
  left: {counters: 3}
  middle: {counters: 4}
sizes:
  - {name: Small, most: 2}
  - {name: Large, most: 5}
bonus_grants: [3, 4, 5]
"""

PAGE = """
## Figures

On your turn you may take at most 3 counters.

| Heap | Counters |
|------|----------|
| Left | 3 |
| Middle | 4 |

```{note}
A note for the designer: the middle heap holds 4 counters.
```

| Size | Small | Large |
|------|-------|-------|
| Most counters | 2 | 5 |

A variant gives a player a bonus grant of 3 counters, 4 or 5.
"""

SLIPS = {  # one number changed on one side only: (old, new, the line's words, the game's value named)
    "rule text": ("at most 3 counters", "at most 4 counters", "take.most_counters = 3"),
    "a table": ("| Middle | 4 |", "| Middle | 5 |", "heaps.middle.counters = 4"),
    "a note": ("holds 4 counters", "holds 6 counters", "heaps.middle.counters = 4"),
    "a table of the game's list": ("| 2 | 5 |", "| 2 | 6 |", "sizes.1.most = 5"),  # the item its column names
    "one of a list's values": ("grant of 3 counters", "grant of 2 counters", "bonus_grants.0 = 3"),  # its name near
}


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    environment = {**os.environ, "CI": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    environment.pop("PYTEST_XDIST_WORKER", None)
    environment.pop("PYTEST_ADDOPTS", None)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=environment, capture_output=True, text=True,
                          timeout=600)


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("figures") / "heaps"
    made = run(["-m", "rulewright.cli", "new", str(folder), "--title", "Heaps"], folder.parent)
    assert made.returncode == 0, made.stdout + made.stderr
    (folder / "heaps" / "limits.yaml").write_text(DATA, encoding="utf-8")
    rules = folder / "rulebook" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + PAGE, encoding="utf-8")
    return folder


def line_of(path: Path, words: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if words in line)


def test_figures_that_agree_with_the_game_pass_and_are_listed_as_checked(project):
    checked = run(["-m", "rulewright.cli", "check", "--figures"], project)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    rules = project / "rulebook" / "rules.md"
    for words, entry in (("at most 3 counters", "take.most_counters = 3"), ("| Middle | 4 |", "heaps.middle.counters = 4"),
                         ("holds 4 counters", "heaps.middle.counters = 4"), ("| 2 | 5 |", "sizes.1.most = 5")):
        assert f"rulebook/rules.md, line {line_of(rules, words)}: " in checked.stdout
        assert entry in checked.stdout
    assert "Checked against the game and bearing it out (" in checked.stdout


def slipped(project: Path, old: str, new: str, first_words: str, tmp_path: Path,
            at: str | None = None) -> tuple[list[str], str, str]:
    """A copy of ``project`` with ``old`` (once on its rules page) made ``new``: the lines of
    `rulewright check` at the line of the new words (or of ``at``) that begin with ``first_words``,
    the text pytest (the project's `make test`) printed, and where (file, line) the problem should
    be said."""
    copy = tmp_path / project.name
    subprocess.run(["cp", "-r", str(project), str(copy)], check=True)
    rules = copy / "rulebook" / "rules.md"
    text = rules.read_text(encoding="utf-8")
    assert text.count(old) == 1
    rules.write_text(text.replace(old, new), encoding="utf-8")
    said = f"rulebook/rules.md, line {line_of(rules, at or new)}{first_words}"
    checked = run(["-m", "rulewright.cli", "check"], copy)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    tested = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "--rootdir", str(copy),
                  "tests/test_rulebook.py"], copy)
    assert tested.returncode == 1, tested.stdout + tested.stderr
    return [line for line in checked.stdout.splitlines() if line.startswith(said)] or [checked.stdout], \
        tested.stdout, said


@pytest.mark.parametrize("slip", list(SLIPS))
def test_a_number_changed_on_one_side_fails_check_and_make_test_at_its_line(project, slip, tmp_path):
    old, new, value = SLIPS[slip]
    mine, tested, said = slipped(project, old, new, ": The text says ", tmp_path)
    assert value in mine[0] and "limits.yaml" in mine[0], mine
    assert said in tested and value in tested, tested[-3000:]


# --- what is a figure ---------------------------------------------------------------------------

WORDS = typed_figures.Vocabulary(money="$", words={form: [("heaps", "*")] for form in ("counter", "counters")})


def said(text: str) -> list[str]:
    return [figure.said for figure in typed_figures.figures_in(text, Where("page.md", 1), WORDS)]


@pytest.mark.parametrize("text, figures", [
    ("Take 3 counters, then pay $30.", ["$30", "3 counters"]),
    ("Take three counters.", ["three counters"]),
    ("Take one counter.", []),  # "one" is nearly always "a"
    ("See rule demo.3 counters and version 1.2 counters.", []),
    ("In 1870 counters were cheaper; 2.5 counters; 10% counters; 3-counter heaps.", []),
    ("Page 12 says so, section 4.2 too; it costs $1.50.", []),
])
def test_what_is_read_as_a_figure(text, figures):
    assert sorted(said(text)) == sorted(figures)


def test_a_figure_tied_to_a_data_entry_the_words_near_it_name():
    entries = [typed_figures.Entry("limits.yaml", "take.most_counters", 3, ("take", "most counters")),
               typed_figures.Entry("limits.yaml", "heaps.left.counters", 3, ("heaps", "left", "counters"))]
    positions = typed_figures.Positions([], None, WORDS)
    typed, = typed_figures.figures_in("You may take at most 5 counters.", Where("page.md", 7), WORDS)
    found = typed_figures.judge(typed, WORDS, entries, positions)
    assert found.status == "differs" and "take.most_counters = 3" in found.truth[0]
    assert typed.where.line == 7
    # Alternatives and counts of something else are not the data's value: listed, never failed.
    for text in ("Take 4 or 5 counters.", "A heap with 5 counters is large."):
        typed = typed_figures.figures_in(text, Where("page.md", 1), WORDS)[-1]
        assert typed_figures.judge(typed, WORDS, entries, positions).status == "untied", text


def test_how_strict_a_project_is_is_its_setting(tmp_path):
    from rulewright.book import config
    from rulewright.problems import ExampleProblem

    differs = typed_figures.Finding(typed_figures.Typed(Where("page.md", 3), "5 counters", 5, "counters", ""),
                                    "differs", ["the game's data gives take.most_counters = 3 (limits.yaml)"], "fix")
    untied = typed_figures.Finding(typed_figures.Typed(Where("page.md", 4), "9 counters", 9, "counters", ""), "untied")
    loose = typed_figures.Finding(typed_figures.Typed(Where("page.md", 5), "3 counters", 3, "counters", ""), "loose",
                                  ["limits.yaml:take.most_counters"])
    found = [differs, untied, loose]
    assert [p.where.line for p in typed_figures.problems(found, "check")] == [3]
    assert [p.where.line for p in typed_figures.problems(found, "strict")] == [3, 4]
    assert typed_figures.problems(found, "list") == []
    assert all(p.check == typed_figures.CHECK for p in typed_figures.problems(found, "strict"))
    report = typed_figures.report(found)
    assert "page.md, line 4: '9 counters'" in report and "page.md, line 5: '3 counters'" in report
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "rulebook"\ntyped-figures = "strcit"\n')
    with pytest.raises(ExampleProblem) as raised:
        config.load(tmp_path)
    assert raised.value.where.line == 3 and "'strict'" in raised.value.message
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\ntyped-figures = "list"\n')
    assert config.load(tmp_path).typed_figures == "list"


def test_the_report_shows_a_figure_where_it_is_as_the_page_reads():
    """The report names the sentence or the table cell a figure is in as the reader reads it (code
    kept, not dropped to a garbled "( to , (e.g. ), ..."), and a table row's name as its own words,
    not the whole row under the first column's heading."""
    page = ("# Heaps\n\nSee `heaps` (e.g. `left`) and `{take: 2}`: each heap holds\nfour counters at most. "
            "Then more.\n\n| Key | Meaning |\n|---|---|\n| `heaps` | name to `counters` (e.g. `3`): three counters"
            " |\n| all five counters | 2 |\n")
    found = {one.said: one for one in typed_figures.page_figures(page, "page.md", WORDS)}
    assert found["four counters"].read == "each heap holds four counters at most."
    assert found["four counters"].where.line == 4
    assert found["three counters"].read == "heaps, Meaning: name to counters (e.g. 3): three counters"
    assert found["five counters"].read == "all five counters"
    report = typed_figures.report([typed_figures.Finding(found["three counters"], "untied")])
    assert '"heaps, Meaning: name to counters (e.g. 3): three counters"' in report


def test_a_sum_the_next_word_names_as_one_of_a_list_s_values():
    """"MP places its $40 token" is one of the MP's tokens; a sum none of them is fails, naming them."""
    entries = typed_figures._leaves("data/corps.yaml", {"MP": {"tokens": [0, 40, 100]}, "IC": {"tokens": [0, 50]}}, ())
    positions = typed_figures.Positions([], None, WORDS)
    for text, status in (("MP places its $40 token.", "agrees"), ("MP places its $50 token.", "differs"),
                         ("MP pays $50 for it.", "untied")):  # (no list named, and "tokens" says no sum)
        typed, = typed_figures.figures_in(text, Where("page.md", 1), WORDS)
        found = typed_figures.judge(typed, WORDS, entries, positions)
        assert found.status == status, (text, found)
    typed, = typed_figures.figures_in("MP places its $50 token.", Where("page.md", 1), WORDS)
    assert "MP.tokens.1 = $40" in typed_figures.judge(typed, WORDS, entries, positions).truth[0]


def test_a_sum_the_list_s_name_just_before_or_its_column_heads_is_one_of_its_values():
    """"par $90", "its par value is $90" and a column headed "Par" name the list
    ``par_values``: a sum in it agrees, one not in it fails naming the list; a list named by one word
    is named only after the figure ("the cattle token $10" is no token's price)."""
    entries = typed_figures._leaves("data/tables.yaml", {"par_values": [100, 90, 82], "tokens": [0, 40]}, ())
    positions = typed_figures.Positions([], None, WORDS)
    for text, status in (("SP starts at par $90.", "agrees"), ("SP starts at par $95.", "differs"),
                         ("Its par value is $90.", "agrees"), ("Its par value is $95.", "differs"),
                         ("The cattle token $40 is worth it.", "untied")):  # ("tokens" names no sum either)
        found = [typed_figures.judge(one, WORDS, entries, positions).status
                 for one in typed_figures.figures_in(text, Where("page.md", 1), WORDS)]
        assert set(found) == {status}, (text, found)
    typed, = typed_figures.figures_in("SP starts at par $95.", Where("page.md", 1), WORDS)
    assert "par_values.1 = $90" in typed_figures.judge(typed, WORDS, entries, positions).truth[0]
    page = "# Heaps\n\n| Corporation | Par |\n|---|---|\n| SP | $90 |\n| TP | $95 |\n"
    found = [typed_figures.judge(one, WORDS, entries, positions).status
             for one in typed_figures.page_figures(page, "page.md", WORDS)]
    assert found == ["agrees", "differs"], found


def test_a_number_in_a_column_of_things_named_by_numbers_is_a_name_not_a_count():
    """The 4-train in a column "Trains" is one of the game's trains by name, not four trains."""
    page = "# Heaps\n\n| Heap | Counters |\n|---|---|\n| Left | 4 |\n"
    assert [one.said for one in typed_figures.page_figures(page, "page.md", WORDS)] == ["4 counters"]
    assert typed_figures.page_figures(page, "page.md", WORDS, {"counter": {"4"}}) == []
    # A row whose name counts something itself, typed or printed from the game, gives its cells no unit.
    for name in ("all five counters", "all {value}`#limits.yaml:heaps` counters"):
        page = f"# Heaps\n\n| Players | 2 | 3 |\n|---|---|---|\n| {name} | 28 | 20 |\n"
        assert [one.said for one in typed_figures.page_figures(page, "page.md", WORDS)] == (
            ["five counters"] if "five" in name else []), name
    entries = typed_figures._leaves("data/kinds.yaml", {"counters": [{"name": "4", "size": 2}]}, ())
    assert typed_figures.item_names(entries) == {"counter": {"4"}}


def test_a_figure_the_moves_of_an_example_beside_it_say_is_held_by_that_example():
    """"Ann pays the other $635": no part of a position, but what the example's moves say."""
    from types import SimpleNamespace

    told = SimpleNamespace(moves=lambda run: [["Ann takes 2 counters."], ["Ann pays $1,635 for the heap."]])
    one = SimpleNamespace(scenario=SimpleNamespace(id="heaps-pay", where=Where("page.md", 9)), said=told,
                          result=SimpleNamespace(run=None))
    positions = typed_figures.Positions([one], told, WORDS, "# Heaps\n\nAnn pays the other $1,635.\n\n```{example}\n")
    positions._subjects = {1: []}  # (no position holds it)
    typed, = typed_figures.figures_in("Ann pays the other $1,635.", Where("page.md", 3), WORDS)
    found = typed_figures.judge(typed, WORDS, [], positions)
    assert found.status == "held" and "example 'heaps-pay'" in found.truth[0] and "$1,635" in found.truth[0]
    typed, = typed_figures.figures_in("Ann pays the other $1,636.", Where("page.md", 3), WORDS)
    assert typed_figures.judge(typed, WORDS, [], positions).status == "untied"


def test_a_figure_a_part_of_what_its_sentence_names_holds_is_checked_against_it():
    """"Bob sells his three MKT shares at $82": the MKT's price in the example of the section; a
    figure it does not hold is not failed, but left as before (listed)."""
    from types import SimpleNamespace

    words = typed_figures.Vocabulary(money="$", money_paths=[("corporations", "*", "price"), ("players", "*", "cash")],
                                     words={"counters": [("players", "*", "counters")]})
    said = SimpleNamespace(path=lambda path: {"corporations.MKT.price": "the MKT's share price",
                                              "players.bob.cash": "bob's cash"}.get(path, path))
    view = {"corporations": {"MKT": {"price": 82}, "SP": {"price": 90}}, "players": {"bob": {"cash": 90, "counters": [1, 2]}}}
    page = "# Heaps\n\nBob sells his MKT shares at $82.\n\n```{example}\n"
    one = SimpleNamespace(scenario=SimpleNamespace(id="sale", where=Where("page.md", 5)),
                          said=SimpleNamespace(moves=lambda run: []), result=SimpleNamespace(run=None))
    positions = typed_figures.Positions([one], said, words, page)
    positions._subjects = {1: [("example 'sale', before its moves", view, {})]}

    def judged(text: str) -> typed_figures.Finding:
        typed, = typed_figures.figures_in(text, Where("page.md", 3), words)
        return typed_figures.judge(typed, words, [], positions)

    found = judged("Bob sells his MKT shares at $82.")
    assert found.status == "agrees" and found.truth == ["the MKT's share price in example 'sale', before its moves = $82"]
    assert judged("Bob sells his MKT shares at $83.").status == "untied"  # no part holds it: listed, not failed
    assert judged("Bob sells his shares at $82.").status == "held"  # MKT unnamed: only held loosely, listed
    # Bob's cash is $90, but the sentence names the price: only the part it names counts.
    assert judged("Bob sells MKT at $90, its price.").status == "held"
    assert judged("Bob keeps two counters.").status == "agrees"  # a count of a named player's list
    # The name far from the figure, and the part not said: no tie ("the MKT ... for $82 less").
    assert judged("MKT, the railroad the company of the bridge owns, lays a tile for $82 less.").status == "held"


def test_a_figure_in_an_example_s_title_or_told_by_a_named_move_is_checked_against_that_example():
    """"Two counters taken" as an example's title: that example's own position; "Ann pays the other
    $635" beside an example whose moves say "Ann pays $635": borne out by a move that names Ann. A sum
    in a title is borne out only by a part the title names, or by the moves."""
    from types import SimpleNamespace

    words = typed_figures.Vocabulary(money="$", money_paths=[("players", "*", "cash")],
                                     words={"counters": [("players", "*", "counters")]})
    said = SimpleNamespace(path=lambda path: path)
    moves = SimpleNamespace(moves=lambda run: [["Ann pays $635 towards the heap."], ["Bob takes 3 counters."]])
    page = "# Heaps\n\nAnn pays the other $635.\n\n```{example} Two counters taken for $90\n"
    one = SimpleNamespace(scenario=SimpleNamespace(id="take", where=Where("page.md", 5), rules=[]), said=moves,
                          result=SimpleNamespace(run=None))
    positions = typed_figures.Positions([one], said, words, page)
    view = {"players": {"ann": {"cash": 90, "counters": [1, 2]}, "bob": {"cash": 100, "counters": [1, 2, 3]}}}
    positions._subjects = {1: [("example 'take', before its moves", view, {})]}

    def judged(text: str, line: int) -> typed_figures.Finding:
        found = [typed_figures.judge(t, words, [], positions)
                 for t in typed_figures.figures_in(text, Where("page.md", line), words)]
        assert len(found) == 1, text
        return found[0]

    found = judged("Ann pays the other $635.", 3)
    assert found.status == "agrees" and "Ann pays $635" in found.truth[0]
    assert judged("Ann pays the other $636.", 3).status == "untied"
    assert judged("Bob pays the other $635.", 3).status == "held"  # the move names another: held loosely
    found = judged("Two counters taken", 5)  # the example's title: its own position
    assert found.status == "agrees" and "players.ann.counters in example 'take'" in found.truth[0]
    assert judged("Four counters taken", 5).status == "untied"
    assert judged("Counters taken for $90", 5).status == "held"  # a sum no part the title names holds
    assert judged("Counters taken for Ann's $90", 5).status == "agrees"
    assert judged("Bob takes 3 counters", 5).status == "agrees"  # the moves say "3 counters"
    # A number after "phase", "round" or "page" is a label, not a count.
    assert typed_figures.figures_in("In phase 1 counters cannot be taken.", Where("page.md", 1), words) == []


def _title_positions(page: str, rule_text: str, example_line: int | None):
    """Positions for a page of 1870 (the real game and its data): one rule, printing what
    ``rule_text`` prints, and, at ``example_line``, an example showing it, whose positions hold
    nothing (``_subjects`` empty) and whose moves say nothing."""
    from types import SimpleNamespace

    from rulewright.book import phrases
    from rulewright.book.registry import get_game
    from rulewright.book.scanner.pages import RuleDecl

    said = phrases.for_game(get_game("1870"))
    words = typed_figures.vocabulary(said)
    rule = RuleDecl("test.auction.bid", "A bid", Where("page.md", 3), rule_text)
    games = [] if example_line is None else [SimpleNamespace(
        scenario=SimpleNamespace(id="test-bid", where=Where("page.md", example_line), rules=["test.auction.bid"]),
        said=SimpleNamespace(moves=lambda run: []), result=SimpleNamespace(run=None))]
    positions = typed_figures.Positions(games, said, words, page, rules={rule.id: rule}, game="1870")
    positions._subjects = {1: []}
    return words, positions


def test_a_figure_in_a_title_is_checked_against_what_the_rule_it_shows_prints():
    """An example's title is a directive's argument, which cannot hold a {value} role: "A bid of
    less than $5 over the cost is refused" repeats the figure its rule prints from the game
    (``data/tables.yaml:auction_price_step``), and is checked against it; so is a rule's own
    ``:title:``. Changed on one side only, it fails naming the rule's role; a sum the example
    itself holds, or another money value of the game's data, is left to the other ties."""
    from rulewright.game import data_file

    step = data_file("engine.games.g1870", "data/tables.yaml")["auction_price_step"]
    rule = "A bid is at least {value}`data/tables.yaml:auction_price_step` over the cost."
    page = f"# Auction\n\n```{{rule}} test.auction.bid\n:title: Bids rise by ${step}\n{rule}\n```\n\n" \
           f"```{{example}} A bid of less than ${step} over the cost is refused\n"
    words, positions = _title_positions(page, rule, 8)
    entries = typed_figures.data_entries(__import__("rulewright.book.registry", fromlist=["get_game"]).get_game("1870"))

    def judged(text: str, line: int) -> typed_figures.Finding:
        typed, = typed_figures.figures_in(text, Where("page.md", line), words)
        return typed_figures.judge(typed, words, entries, positions)

    found = judged(f"A bid of less than ${step} over the cost is refused", 8)
    assert found.status == "agrees" and "auction_price_step` in rule test.auction.bid" in found.truth[0], found
    found = judged(f"A bid of less than ${step + 2} over the cost is refused", 8)  # the title changed alone
    assert found.status == "differs", found
    assert f"prints ${step}" in found.truth[0] and "rulebook" not in found.fix and "title" in found.fix
    assert judged(f":title: Bids rise by ${step}", 4).status == "agrees"  # the rule's own title
    assert judged(f":title: Bids rise by ${step + 2}", 4).status == "differs"
    # Another money value of the game's data (a private's cost): not this rule's figure, left loose.
    assert judged("A bid of less than $40 over the cost is refused", 8).status == "loose"
    # The data changed alone: the rule prints the new step, the title's copy now differs.
    words, positions = _title_positions(page.replace(f"${step}", f"${step + 2}"), rule, 8)
    assert judged(f"A bid of less than ${step + 2} over the cost is refused", 8).status == "differs"


def test_a_sum_right_before_what_a_price_in_the_data_is_of_is_that_price():
    """"$4 does not buy a $5 link": the link's price, ``link_cost``; money never ties loosely to a
    number of the data that is no sum (a city's place on the map, a count)."""
    entries = typed_figures._leaves("data/expand.yaml", {"link_cost": 5, "city": {"pos": [4, 7]}}, ())
    positions = typed_figures.Positions([], None, WORDS)
    for text, status in (("A company cannot buy a $5 link.", "agrees"), ("A company cannot buy a $6 link.", "differs"),
                         ("A company with $4 cannot build.", "untied"), ("A company with $5 cannot sell.", "loose")):
        found = [typed_figures.judge(one, WORDS, entries, positions).status
                 for one in typed_figures.figures_in(text, Where("page.md", 1), WORDS)]
        assert found == [status], (text, found)


def test_a_figure_in_a_title_that_names_a_setting_of_its_example_is_that_setting():
    """"The same, when a short double build costs only $5" and the example's ``settings:
    {short_double_cost: 5}``: checked against the setting, failing when one side changes."""
    from types import SimpleNamespace

    page = "# Heaps\n\n```{example} The same, when a short double build costs only $5\n"
    one = SimpleNamespace(scenario=SimpleNamespace(id="cheap", where=Where("page.md", 3), rules=[],
                                                   data={"settings": {"short_double_cost": 5, "ports": True}}),
                          said=SimpleNamespace(moves=lambda run: []), result=SimpleNamespace(run=None))
    positions = typed_figures.Positions([one], None, WORDS, page)
    positions._subjects = {1: []}

    def judged(text: str) -> typed_figures.Finding:
        typed, = typed_figures.figures_in(text, Where("page.md", 3), WORDS)
        return typed_figures.judge(typed, WORDS, [], positions)

    found = judged("The same, when a short double build costs only $5")
    assert found.status == "agrees" and "short_double_cost of example 'cheap' = $5" in found.truth[0]
    assert judged("The same, when a short double build costs only $6").status == "differs"
    assert judged("The same, when a double build costs only $6").status == "untied"  # the setting not named
