"""What the book says about play, checked against play (``rulewright.checks.narration``, the one
check every project's ``rulewright check`` runs): the moves of every example of this book as the
book narrates them, the prose after each example, and the words of every generated sentence."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulewright.book import scanner
from rulewright.book import config
from rulewright.book import phrases
from rulewright.checks import narration
from rulewright.checks.narration import IS_NOW, sentence_faults, wrong_figures
from rulewright.game import Event
from rulewright.problems import ExampleProblem

ROOT = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=1)
def played():
    """This book, and every example of it that plays, with its game's phrases."""
    config.load(ROOT).activate()
    scanned = scanner.scan()
    scenarios = []
    for decl in scanned.examples:
        try:
            scenarios.append(decl.parse())
        except ExampleProblem:
            continue  # an example that cannot be read is reported by the book's own tests
    return scanned, narration.played(scenarios)


def test_every_narrated_figure_is_the_played_example_s():
    _, games = played()
    assert len(games) > 400
    wrong = narration.narration_problems(games)
    assert not wrong, f"{len(wrong)} narrated figures the example does not bear out, e.g. {wrong[:5]}"
    stated = sum(bool(IS_NOW.search(s)) for one in games for sentences in one.said.moves(one.result.run)
                 for s in sentences)
    assert stated >= 25, f"only {stated} narrated sentences state a value: is the cross-check reading them?"


def test_the_prose_after_every_example_and_every_generated_sentence_read_right():
    scanned, games = played()
    assert not narration.prose_problems(scanned, games)
    assert not narration.words_problems(games)


def test_a_sentence_that_reads_wrong_is_named():
    players = {"ann", "bob"}
    assert "the word 'the' twice" in sentence_faults("Ann builds the the town hall.", players)[0]
    assert "'pays 0'" in sentence_faults("Ann pays 0 coins and loses 0 points.", players)[0]
    assert "does not agree" in sentence_faults("Ann and Bob wins the game.", players)[0]
    assert sentence_faults("The round ends. the next begins.", players) == ["a sentence that starts in lower case"]
    assert not sentence_faults("Ann and Bob win the game. Ann pays 10 coins.", players)
    assert not sentence_faults("Ann and Bob pass.", players)


def test_a_value_stated_in_prose_is_held_to_the_position_and_an_unknown_part_is_let_be():
    said = phrases.load(TOY, "toy phrases")
    after = {"companies": {"LMR": {"income": 15}}}
    assert wrong_figures(said, ["After the second link, LMR's income is now $14."], after, strict=False) == [
        "\"After the second link, LMR's income is now $14.\": LMR's income is $15 (companies.LMR.income)"]
    assert not wrong_figures(said, ["Then LMR's income is now $15."], after, strict=False)
    assert not wrong_figures(said, ["The weather is now fine."], after, strict=False)


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
    assert wrong_figures(said, misread, after) == ["\"LMR's income is now $4.\": LMR's income is $15 (companies.LMR.income)"]
    assert wrong_figures(said, ["Its income is now $15."], after)  # a subject the phrases do not name
    assert said.narrate([Event("moved", {"from": "H2", "to": "H2"})]) == []
    assert said.narrate([Event("moved", {"from": "H2", "to": "G3"})]) == ["The price moves from H2 to G3."]
    assert wrong_figures(said, ["X moves from H2 to H2."], after)


def test_a_sentence_naming_a_part_of_the_position_that_is_not_there_is_not_printed():
    said = phrases.load(TOY, "toy phrases")
    assert said.narrate([Event("built", {"company": "GWR", "link": "A-B", "income": 4})], {}, {}) == [
        "GWR builds A-B, which adds $4 to its income."]


def test_a_typed_figure_is_tied_by_what_its_sentence_claims_of_an_example_s_position():
    """"Bob holds three cards" before Hush's deal, "GMO's treasury holds $165" before the forced
    train: read as the lead-in check reads them, they are checked against the position (the report
    names the part), not listed as tied to nothing."""
    from types import SimpleNamespace

    from rulewright.checks import typed_figures

    scanned, games = played()
    pages = ("hush/rules.md", "1870-market/from-real-games.md")
    book_part = SimpleNamespace(pages={key: page for key, page in scanned.pages.items()
                                       if str(page.path).endswith(pages)})
    found = typed_figures.survey(book_part, [], [one for one in games if str(one.scenario.where.path).endswith(pages)])
    said: dict = {}
    for f in found:
        if f.typed.said in ("three cards", "$165"):
            said.setdefault((f.typed.said, f.status), []).extend(f.truth)
    assert any("hand (3)" in truth for truth in said.get(("three cards", "agrees"), [])), said
    assert any("cash ($165)" in truth for truth in said.get(("$165", "agrees"), [])), said


def test_the_book_s_rule_figures_come_from_the_game_or_are_checked():
    """Figures of the rules that were typed beside no value of the game (issue 40): 1870's ten
    shares, Muck & Brass's two links of a double build, powerUp's $100 of two price steps, Hush's
    deck after the deal and Bus's two setup markers are printed from the data or no longer typed;
    1870's par values in a setup's table and its $400 end are checked against (or printed from) its
    data, not matched loosely against any market cell."""
    from types import SimpleNamespace

    from rulewright.checks import typed_figures

    scanned, games = played()
    pages = ("1870-market/shares.md", "1870-market/notation.md", "1870-market/rounds.md", "1870-market/market.md",
             "1870-connections/notation.md", "muck-and-brass/index.md", "powerup/founding.md", "hush/rules.md",
             "bus/setup.md")
    book_part = SimpleNamespace(pages={key: page for key, page in scanned.pages.items()
                                       if str(page.path).endswith(pages)})
    found = typed_figures.survey(book_part, [], [one for one in games if str(one.scenario.where.path).endswith(pages)])
    at = {(str(f.typed.where.path).split("rulebook/")[-1], f.typed.said.lower()): f.status for f in found}
    for page, said in (("1870-market/shares.md", "ten shares"), ("1870-market/notation.md", "ten shares"),
                       ("muck-and-brass/index.md", "two links"), ("powerup/founding.md", "$100"),
                       ("hush/rules.md", "four cards"), ("hush/rules.md", "seven cards"),
                       ("1870-market/market.md", "$90")):
        assert at.get((page, said)) in (None, "agrees"), (page, said, at.get((page, said)))
    assert not [f for f in found if str(f.typed.where.path).endswith("bus/setup.md") and f.typed.where.line < 5]
    typed_at = {(str(f.typed.where.path), f.typed.where.line) for f in found if f.typed.said == "$400"}
    lines = (ROOT / "rulebook" / "1870-market" / "rounds.md").read_text(encoding="utf-8").splitlines()
    for words in ("price reaches", "stand at", "past a", "the end at"):  # (the titles aside)
        line = next(n for n, text in enumerate(lines, 1) if words in text)
        assert (str(ROOT / "rulebook" / "1870-market" / "rounds.md"), line) not in typed_at, words
    assert at[("1870-connections/notation.md", "$90")] == "agrees"
    assert not [key for key, status in at.items() if key[0] in ("1870-connections/notation.md",) and status == "differs"]


def test_the_book_s_titles_repeat_the_figures_their_rules_print_and_are_checked():
    """The titles of this book that repeat a rule's figure (1870's auction step, reissue cap and $400
    end; Muck & Brass's $5 link) are checked against what their rules print from the game, and 1870's
    half-payout rounding, least sale price and reissue cap are printed from its data, no longer typed."""
    from types import SimpleNamespace

    from rulewright.checks import typed_figures

    scanned, games = played()
    pages = ("1870-market/privates.md", "1870-market/redemption.md", "1870-market/rounds.md", "1870-market/market.md",
             "1870-market/operating.md", "muck-and-brass/before-third.md", "muck-and-brass/choosing.md",
             "muck-and-brass/limits.md", "muck-and-brass/double.md")
    book_part = SimpleNamespace(pages={key: page for key, page in scanned.pages.items()
                                       if str(page.path).endswith(pages)}, rules=scanned.rules)
    found = typed_figures.survey(book_part, [], [one for one in games if str(one.scenario.where.path).endswith(pages)])

    def status(page: str, words: str, said: str) -> list[str]:
        lines = (ROOT / "rulebook" / page).read_text(encoding="utf-8").splitlines()
        line = next(n for n, text in enumerate(lines, 1) if words in text)
        return [f.status for f in found if str(f.typed.where.path).endswith(page) and f.typed.where.line == line
                and f.typed.said == said]

    for page, words, said in (("1870-market/privates.md", "A bid of less than", "$5"),
                              ("1870-market/privates.md", "Four passes make", "$5"),
                              ("1870-market/redemption.md", "Reissue above", "$200"),
                              ("1870-market/rounds.md", ":title: A share price of", "$400"),
                              ("1870-market/rounds.md", "Without the optional rule, a price of", "$400"),
                              ("muck-and-brass/before-third.md", ":title: One link per Expand", "$5"),
                              ("muck-and-brass/choosing.md", "does not buy a", "$5"),
                              ("muck-and-brass/choosing.md", "Exactly $5 is enough", "$5"),
                              ("muck-and-brass/double.md", "short double build costs only", "$5")):
        assert status(page, words, said) == ["agrees"], (page, words, said)
    assert "differs" not in {f.status for f in found}  # (Muck & Brass's limits.md: "Three of Preston's four links")
    # What is left of these figures typed (a title: "SP buys TP's 2-train for $1") is checked, never listed.
    for page, said in (("1870-market/market.md", "$10"), ("1870-market/rounds.md", "$10"),
                       ("1870-market/operating.md", "$1"), ("1870-market/privates.md", "$1"),
                       ("1870-market/redemption.md", "$200")):
        assert {f.status for f in found if str(f.typed.where.path).endswith(page) and f.typed.said == said} <= {"agrees"}, \
            (page, said)
