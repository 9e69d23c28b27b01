"""The whole-book checks work both ways: they pass a sound book and catch each kind of gap."""
from rulewright.checks.book import check, refusal_sites
from tests.toolchain.pages import EXAMPLE_BOB_FIRST, EXAMPLE_TOO_MANY, RULE_ADD, RULE_TURN, line_of, assemble

ENGINE = '''
from rulewright.game import Refusal

def apply(state, action):
    if action.count > 3:
        raise Refusal("toy.add", "A turn adds 1 to 3 counters.")
    if action.actor != state.next:
        raise Refusal("toy.turn", "It is not your turn.")
'''

BOOK = assemble(RULE_ADD, RULE_TURN, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST)


def make(tmp_path, book=BOOK, engine=ENGINE):
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "toy.md").write_text(book)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "toy.py").write_text(engine)
    return check(tmp_path / "rulebook", tmp_path / "engine")


def messages(problems):
    return [str(p) for p in problems]


def test_a_sound_book_has_no_problems(tmp_path):
    assert messages(make(tmp_path)) == []


def test_refusal_sites_are_read_from_the_engine_source(tmp_path):
    make(tmp_path)
    sites, problems = refusal_sites(tmp_path / "engine")
    assert [(s.rule, s.where.line) for s in sites] == [("toy.add", 6), ("toy.turn", 8)]
    assert problems == []


def test_an_engine_refusal_not_declared_in_the_book(tmp_path):
    found = messages(make(tmp_path, engine=ENGINE.replace('"toy.turn"', '"toy.order"')))
    assert any("toy.py, line 8" in m and "refuses with rule 'toy.order', which the rulebook does not declare" in m
               for m in found), found


def test_a_refusal_no_example_shows(tmp_path):
    book = BOOK.replace("  refused: toy.turn\n", "").replace("- bob: add 1", "- ann: add 1")
    found = messages(make(tmp_path, book=book))
    assert any(f"toy.md, line {line_of(book, '{rule} toy.turn')}" in m and "no example shows that refusal" in m
               for m in found), found


def test_a_rule_without_an_example(tmp_path):
    book = BOOK + "\n```{rule} toy.extra\nAn extra rule.\n```\n"
    found = messages(make(tmp_path, book=book))
    assert any(f"toy.md, line {line_of(book, '{rule} toy.extra')}" in m and "The rule toy.extra has no example" in m
               for m in found), found


def test_an_example_naming_an_undeclared_rule(tmp_path):
    book = BOOK.replace(":rules: toy.add", ":rules: toy.add toy.sub")
    found = messages(make(tmp_path, book=book))
    # the line of the ':rules:' option that names it
    where = f"toy.md, line {line_of(book, '{example} Adding too many') + 2}, example toy-add-too-many"
    assert any(where in m and "The rule 'toy.sub' is not declared anywhere in the rulebook." in m
               for m in found), found


def test_a_rule_renamed_with_formerly_is_named_by_its_new_id_wherever_the_old_one_is_left(tmp_path):
    """The engine's refusal, an example's ':rules:' and a {ruleref} still naming the old ID each
    say what it was renamed to, not 'did you mean' three other rules."""
    book = BOOK.replace("```{rule} toy.turn\n", "```{rule} toy.order\n:formerly: toy.turn\n") + \
        "\nSee {ruleref}`toy.turn`.\n"
    found = messages(make(tmp_path, book=book))
    renamed = "It was renamed 'toy.order' (the ':formerly:' of that rule): write the new ID."
    assert any("toy.py, line 8" in m and "refuses with rule 'toy.turn'" in m and m.endswith(renamed) for m in found)
    assert any("example toy-turn" in m and f"The rule 'toy.turn' is not declared anywhere in the rulebook. {renamed}"
               in m for m in found), found
    assert any("{ruleref}`toy.turn` refers to a rule the book does not declare. " + renamed in m for m in found)
    assert not any("Did you mean" in m for m in found), found


def test_a_misspelt_refused_rule_is_one_problem_not_also_a_refusal_no_example_shows(tmp_path):
    book = BOOK.replace("  refused: toy.turn\n", "  refused: toy.trun\n").replace(":rules: toy.turn", ":rules: toy.trun")
    found = messages(make(tmp_path, book=book))
    assert len(found) == 1 and "The rule 'toy.trun' is not declared" in found[0] and "Did you mean 'toy.turn'?" in found[0]
    # under make test, the example's own test says it: the whole-book check says nothing more
    assert messages(check(tmp_path / "rulebook", tmp_path / "engine", besides_pages=True)) == []


def test_duplicate_and_badly_formed_ids(tmp_path):
    book = BOOK.replace(":id: toy-turn", ":id: toy-add-too-many").replace("{rule} toy.turn", "{rule} Toy Turn")
    found = messages(make(tmp_path, book=book))
    assert any("'Toy Turn' is not a valid rule ID" in m for m in found), found
    assert any("The example ID 'toy-add-too-many' is used twice" in m for m in found), found


def test_a_refusal_whose_rule_is_not_a_literal(tmp_path):
    found = messages(make(tmp_path, engine=ENGINE + '\nRULE = "toy.add"\nraise Refusal(RULE, "x")\n'))
    assert any("does not name its rule ID as a plain string" in m for m in found), found


def test_a_rule_shown_inside_a_longer_code_fence_is_not_a_declaration(tmp_path):
    shown = '\n````markdown\n```{rule} toy.add\nShown, not declared.\n```\n````\n'
    assert messages(make(tmp_path, book=BOOK + shown)) == []


def test_a_misspelt_example_directive_is_named_not_silently_skipped(tmp_path):
    book = BOOK.replace("{example} Adding too many", "{exmaple} Adding too many")
    found = messages(make(tmp_path, book=book))
    assert any(f"toy.md, line {line_of(book, '{exmaple}')}" in m and "'{exmaple}' is not a directive Rulewright "
               "knows. Did you mean '{example}'?" in m for m in found), found


def test_one_reading_of_an_engine_file_gives_every_check_what_it_looks_for():
    """Refusals (with or without a plain rule ID), events (and who sees them), the first words of
    strings and the functions, nested and innermost first, from one parse of the file."""
    from rulewright.checks import engine_source

    reading = engine_source.read_text(
        "class Game:\n"
        "    def apply(self, state, action):\n"
        "        if action == 'Buy a share':\n"
        "            def price():\n"
        "                return 3\n"
        "            raise Refusal('toy.buy.cash', 'Not enough cash.')\n"
        "        try:\n"
        "            pass\n"
        "        except KeyError:\n"
        "            def fallback():\n"
        "                pass\n"
        "        raise Refusal(RULE, 'Unnamed.')\n"
        "        return Event('bought', {'share': s}, seen_by=['ann']), Event('passed'), Event('sold', data)\n")
    assert sorted(reading.refusals, key=lambda refusal: refusal[1]) == [("toy.buy.cash", 6), (None, 12)]
    assert sorted(reading.events) == [("bought", 13, True, ("share",)), ("passed", 13, False, ()),
                                      ("sold", 13, False, None)]  # (details made elsewhere: not known)
    assert {"buy", "not", "toy.buy.cash", "bought"} <= reading.first_words
    assert reading.functions == (("Game.apply.price", 4, 5, 5), ("Game.apply.fallback", 10, 11, 11),
                                 ("Game.apply", 2, 13, 3))


PHASES = """\
# the phases of a round, as data
phases:
  - {name: adding, moves: [add], rule: toy.add, then: waiting}
  - name: waiting
    moves: [wait]
    rule: toy.wait
"""


def test_a_phase_written_as_data_is_a_refusal_site_at_its_line(tmp_path):
    make(tmp_path)
    (tmp_path / "engine" / "rounds.yaml").write_text(PHASES)
    (tmp_path / "engine" / "phrases.yaml").write_text("events: {}\nnotes: {rule: not.a.phase}\n")
    sites, problems = refusal_sites(tmp_path / "engine")
    data = [(s.rule, s.where.line, s.in_data) for s in sites if s.where.path.endswith("rounds.yaml")]
    assert data == [("toy.add", 3, True), ("toy.wait", 6, True)] and problems == []
    assert not [s for s in sites if s.where.path.endswith("phrases.yaml")]  # a 'rule:' without 'moves:' is none


def test_a_phase_s_rule_that_is_undeclared_or_never_shown_refused_is_named_with_the_data_file_s_line(tmp_path):
    from rulewright.checks.book import DATA_REFUSALS

    make(tmp_path)
    (tmp_path / "engine" / "rounds.yaml").write_text(PHASES.replace("toy.add", "toy.turn"))
    found = check(tmp_path / "rulebook", tmp_path / "engine")
    undeclared = [p for p in found if "refuses with rule 'toy.wait'" in str(p)]
    assert len(undeclared) == 1 and undeclared[0].where.line == 6 and undeclared[0].check == DATA_REFUSALS
    assert str(undeclared[0]).startswith(f"{tmp_path / 'engine' / 'rounds.yaml'}, line 6: The game's data (a phase")
    book = BOOK + ("\n```{rule} toy.wait\n:title: Waiting\nWait.\n```\n\n```{example} Waiting\n:id: toy-wait\n"
                   ":rules: toy.wait\n\ngame: toy\nsetup: {preset: small}\nexpect:\n  pile: 0\n```\n")
    (tmp_path / "rulebook" / "toy.md").write_text(book)
    found = check(tmp_path / "rulebook", tmp_path / "engine")
    unshown = [str(p) for p in found if "by rule toy.wait" in str(p)]
    assert len(unshown) == 1 and "rounds.yaml, line 6), but no example shows that refusal" in unshown[0], found
    assert unshown[0].startswith(f"{tmp_path / 'rulebook' / 'toy.md'}, line {line_of(book, '{rule} toy.wait')}: ")
