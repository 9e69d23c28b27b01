"""The player-only patterns: each kind of designer's word is found, a player's sentence is not."""
from rulewright.checks import player_words as player_only

PATTERNS = player_only.patterns(positions=["mb-late-ann-lnwr"], games=["muck-and-brass"],
                                rules=["mb.expand.city-limit", "hush"])

DESIGNER = {
    "In the engine: view companies.*.network.": {"a line naming the engine's view", "a state path of the engine",
                                                 "the test's language"},
    "Checked with `rulewright check` (see /authoring).": {"a tool for designers"},
    "Starts from the shared position ‘mb-late-ann-lnwr’": {"a shared position's name"},
    "The same tie, with plurality_ties on": {"a setting's name in the engine"},
    "Setting plurality ties = yes": {"a setting's name in the engine"},
    "settings: {plurality_ties: true}": {"the example format", "a setting's name in the engine"},
    "Random seeds: played once with each seed 1..200": {"the test's language"},
    "Every rule below carries an ID and is played by the rules engine.": {"the test's language"},
    "It is reported as a mistake in the example's setup; the engine refuses it.": {"the test's language"},
    "settled in designer’s notes": {"a designer's note this edition leaves out"},
    ":diagram: after map": {"a directive option"},
    # check level 0.5 (player-words): what a production editor found in the printed player's edition
    "Not: company (except in: private company).": {"the glossary's list of words to avoid"},
    "Not: draw pile, stock.": {"the glossary's list of words to avoid"},
    "No moves: the outcome describes the position as set up.": {"the test's wording"},
    "Chance: the draws of one particular game": {"the test's wording"},
    "any draws: the play below is one game's; what happened holds however they fall": {"the test's wording"},
    "An example can begin with a corporation that has already closed": {"a sentence about writing the book's examples"},
    "An example need not state the whole shuffle.": {"a sentence about writing the book's examples"},
    "It can also start with the sale already waiting, by listing it under protection.":
        {"a sentence about writing the book's examples"},
    "Cat protects the SLSF share Bob sold (game 210018, action 425)": {"a game record's numbers"},
    "Bob sells for $120 (the record's action 423), and ends his turn.": {"a game record's numbers"},
    "He lays B19 and A20 (actions 52 and 53).": {"a game record's numbers"},
    "Move 196 of the record": {"a game record's numbers"},
    "This is rule mb.expand.city-limit at work.": {"a rule's ID", "a state path of the engine"},
}

PLAYER = [
    "The end at 14 is blocked: the street leaves from: the other end.",
    "The other limits on tokens, each shown refused: one token a turn.",
    "LMR builds Liverpool-Manchester, which adds $4 to its income. LMR's income is now $13.",
    "Rules read as: a player tied for the most shares holds a plurality.",
    "Chance: any draws, e.g. the order B8, A2.",
    "Starts from the position “the late position, with Ann leading the London & North Western”.",
    "Not a private company, which is a different thing.",
    "Nobody plays in this example: it shows the position after the deal.",
    "This turn: actions 3, 2. The game 1870 ends when the bank breaks; Hush is played with a deck.",
    "Chance: whatever is drawn, it ends as below",
    "In the third game for four, Ann declines (Bob agrees as president).",
]


def test_each_kind_of_designer_s_word_is_found():
    for text, kinds in DESIGNER.items():
        assert {pattern.what for pattern, _ in player_only.found_in(text, PATTERNS)} == kinds, text


def test_a_player_s_sentence_is_left_alone():
    for text in PLAYER:
        assert player_only.found_in(text, PATTERNS) == [], text


def test_designer_s_notes_may_be_mentioned_where_the_edition_keeps_them():
    kept = player_only.patterns(games=[], notes=True)
    assert player_only.found_in("See the designer's note.", kept) == []


def test_a_position_whose_title_says_its_name_has_a_name_of_the_rules_words():
    """Named 'opening' and titled "The opening position": 'opening' is a word the player's edition
    may print (in the title itself, and anywhere else); a name such as 'mb-late' is still looked for."""
    from types import SimpleNamespace

    found = player_only.patterns(positions={"opening": SimpleNamespace(title="The Opening position"),
                                            "mb-late": SimpleNamespace(title="Late in the game")}, games=[])
    assert player_only.found_in("Starts from the position “The opening position”.", found) == []
    assert {pattern.what for pattern, _ in player_only.found_in("Starts from mb-late.", found)} \
        == {"a shared position's name"}



def test_a_designer_s_word_made_where_no_source_line_is_known_is_said_at_its_page(tmp_path):
    """The player's build says such a word at its page, by the docname Sphinx turns into the page's
    file: given the file's path, Sphinx named it "rules/turns.md.md"."""
    from types import SimpleNamespace

    from docutils import nodes
    from docutils.utils import new_document

    from rulewright.sphinx import editions

    doctree = new_document("rules/turns.md")
    doctree += nodes.paragraph("", "", nodes.Text("It depends on the random seed."))  # (made, with no source line)
    warned = []
    env = SimpleNamespace(doc2path=lambda docname: tmp_path / f"{docname}.md")
    app = SimpleNamespace(config=SimpleNamespace(rulewright_edition="player"), env=env,
                          _rulewright_player_only=editions_patterns())
    original = editions.logger.warning
    editions.logger.warning = lambda said, **where: warned.append((said, where))
    try:
        editions.player_only(app, doctree, "rules/turns")
    finally:
        editions.logger.warning = original
    assert [(where["location"], said.split(",")[0]) for said, where in warned] == [
        ("rules/turns", "The player's edition would print 'random seed'")]


def editions_patterns():
    return player_only.patterns(games=[])
