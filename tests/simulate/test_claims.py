"""Balance claims in a book: read from the designer's words, checked by simulated play, failing at
their line with what was claimed and what was found; a block that cannot be read is said plainly."""
from pathlib import Path

import pytest
from sybil import Document

from rulewright.book import scanner
from rulewright.game import InputError
from rulewright.play import claims
from rulewright.problems import ExampleProblem
from rulewright.testing.sybil_parser import ExampleParser

pytest.importorskip("scipy")

ROOT = Path(__file__).resolve().parents[2]


def page(claim: str, options: str, body: str = "") -> str:
    return f"# Balance\n\nSome words.\n\n```{{balance}} {claim}\n{options}\n{body}```\n"


def decl_of(text: str, path: str = "balance.md") -> claims.ClaimDecl:
    read = scanner.read_page(text, path)
    assert not read.problems and len(read.claims) == 1
    return read.claims[0]


@pytest.mark.parametrize("words, subject, which, op, bound", [
    ("No seat wins more than 55% of the games.", "every-seat", None, "<=", 0.55),
    ("In two-player games neither seat wins more than 55%", "every-seat", None, "<=", 0.55),
    ("Every seat wins at least 20%", "every-seat", None, ">=", 0.2),
    ("The first player wins at most 60% of games", "seat", 1, "<=", 0.6),
    ("Seat 3 wins fewer than 10%", "seat", 3, "<", 0.1),
    ("Shared wins at most 5%", "shared", None, "<=", 0.05),
    ("Every game ends.", "stopped", None, "<=", 0.0),
    ("The median game lasts at most 40 moves", "median-moves", None, "<=", 40),
    ("The move buy is made in at least 90% of games", "move", "buy", ">=", 0.9),
    ("The event merger comes up in at least 10% of games", "event", "merger", ">=", 0.1),
])
def test_a_claim_is_read_from_the_designers_words(words, subject, which, op, bound):
    claim = claims.read_claim(words)
    assert (claim.subject, claim.which, claim.op, claim.bound) == (subject, which, op, bound)


def test_a_claim_that_cannot_be_read_lists_the_forms_a_claim_takes():
    with pytest.raises(InputError) as error:
        claims.read_claim("The game feels fair")
    assert "'The game feels fair' cannot be read" in error.value.message
    assert "'no seat wins more than 55%'" in error.value.message


def test_a_claim_that_holds_passes_and_says_what_was_found():
    decl = decl_of(page("No seat wins more than 70% of the games", ":game: duel\n:games: 200\n:seed: 3"))
    finding = claims.check(decl)
    assert finding.ok and "seat 1 (ann) won" in finding.found and "95% interval" in finding.found


def test_the_same_claim_fails_when_a_setting_breaks_it_at_its_line_with_what_was_found():
    text = page("No seat wins more than 70% of the games", ":game: duel\n:games: 200\n:seed: 3\n:setting: head_start=10")
    decl = decl_of(text, "/book/balance.md")
    finding = claims.check(decl)
    assert not finding.ok
    message = claims.failure_text(decl, finding)
    assert message.startswith("/book/balance.md, line 5: The balance claim 'No seat wins more than 70% of the games' "
                              "does not hold: seat 1 (ann) won ")
    assert "200 games of Duel from the preset 'start', agents: random, seed 3" in message
    assert "seat 2" not in message.split("(200 games")[0]  # only the seat that breaks the claim is named


def test_sybil_collects_a_claim_and_fails_it_with_the_report():
    text = page("The first player wins at most 60% of the games", ":game: duel\n:games: 150\n:setting: head_start=10")
    regions = [r for r in ExampleParser()(Document(text, "balance.md")) if isinstance(r.parsed, claims.ClaimDecl)]
    assert len(regions) == 1
    report = regions[0].evaluator(type("Example", (), {"parsed": regions[0].parsed})())
    assert report and "does not hold: seat 1 (ann) won" in report
    fair = page("The first player wins at most 60% of the games", ":game: duel\n:games: 150")
    region = next(r for r in ExampleParser()(Document(fair, "balance.md")) if isinstance(r.parsed, claims.ClaimDecl))
    assert region.evaluator(type("Example", (), {"parsed": region.parsed})()) is None


@pytest.mark.parametrize("options, line, words", [
    (":game: duel\n:gmaes: 20", 7, "has no option ':gmaes:'"),
    (":games: 20", 5, "add ':game: NAME'"),
    (":game: duel\n:games: many", 7, "':games: many' must be a whole number"),
    (":game: duel\n:agents: clever", 7, "'clever' is not an agent"),
    (":game: duel\n:setting: head_start=7", 7, "Setting 'head_start' cannot be 7"),
    (":game: duel\n:preset: finish", 7, "Duel has no preset 'finish'"),
])
def test_a_block_that_cannot_be_read_is_said_at_its_line(options, line, words):
    decl = decl_of(page("Every game ends", options), "balance.md")
    with pytest.raises(ExampleProblem) as problem:
        claims.check(decl)
    assert problem.value.where.line == line and words in problem.value.message


def test_a_claim_that_cannot_be_read_is_said_at_the_claims_line():
    decl = decl_of(page("The game feels fair", ":game: duel"), "balance.md")
    with pytest.raises(ExampleProblem) as problem:
        claims.check(decl)
    assert problem.value.where.line == 5 and "cannot be read" in problem.value.message


def test_a_misspelt_balance_directive_is_named():
    read = scanner.read_page("```{balanse} Every game ends\n:game: duel\n```\n", "balance.md")
    assert any("Did you mean '{balance}'" in p.message for p in read.problems)


def test_the_books_own_claims_hold_and_one_fails_when_its_setting_is_changed_to_break_it():
    """The designer's page *What the rules do to play* states claims about this book's games; the
    first-player claim of powerUp fails when the planted reading is chosen."""
    path = ROOT / "rulebook" / "simulation.md"
    found = scanner.read_page(path.read_text(encoding="utf-8"), str(path)).claims
    assert len(found) >= 2
    for decl in found:
        assert claims.check(decl).ok, claims.failure_text(decl, claims.check(decl))
    breakable = next(d for d in found if d.options.get("game") == "hush")
    broken = claims.ClaimDecl(breakable.text, {**breakable.options, "agents": "greedy, random"}, breakable.body,
                              breakable.where, breakable.option_lines)
    finding = claims.check(broken)
    assert not finding.ok and "seat 1 (ann) won" in finding.found
