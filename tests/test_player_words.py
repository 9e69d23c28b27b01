"""The player's edition says every move in the players' words (the games' ``moves:`` phrases),
read back from the built book: no move is printed as a command in monospace, and each move of
each example the edition prints reads as its sentence, on the example's HTML page and in the PDF."""
from __future__ import annotations

import html
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

from rulewright.book import phrases
from rulewright.book import scanner
from rulewright.sphinx import examples
from rulewright.sphinx.editions import page_edition
from tests.player_html import _Page, id_pattern, played_player_examples

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "player" / "html"
PLAY = re.compile(r'<div class="[^"]*rw-part-play[^"]*">(.*?)</ol>', re.S)


@lru_cache(maxsize=1)
def _played() -> list:
    return played_player_examples(ROOT)


@lru_cache(maxsize=1)
def said_moves() -> list[tuple[Path, str, int, str | None, str]]:
    """(page, example ID, move number, its sentence, the move as written) for every move of every
    example the player's edition prints."""
    out = []
    for page, example, result in _played():
        words = phrases.for_game(result.run.game)
        for step, sentence in zip(result.run.steps, examples.said_moves(result, words, designer=False)):
            out.append((page, example, step.index, sentence, str(step)))
    return out


def _subject_and_verb(sentence: str) -> str:
    """A sentence's first two words after an article: "Ann plays", "TP lays" (of "The TP lays")."""
    return " ".join(re.sub(r"^(The|A|An) ", "", sentence).split()[:2])


def test_the_player_s_edition_says_each_move_once():
    """What a move did is told after its sentence; no sentence there says the move again ("Ann
    plays tile B2. Ann plays B2 (merge).", "The TP lays tile #8 on M16. The TP lays tile 8 on M16
    for $0."), as the game's events would: a move's own event is said by what it adds, if anything
    (issue 42)."""
    again, moves = [], 0
    for page, example, result in _played():
        words = phrases.for_game(result.run.game)
        told = examples.narrated(result, words, designer=False)
        for step, sentence, after in zip(result.run.steps, examples.said_moves(result, words, designer=False), told):
            if sentence is None:
                continue
            moves += 1
            again += [f"{page}: {example} move {step.index}: {sentence} {said}" for said in after
                      if said == sentence or _subject_and_verb(said) == _subject_and_verb(sentence)]
    assert moves > 500, "is the book read?"
    assert not again, f"{len(again)} moves said twice, e.g. {again[:5]}"


def test_every_move_of_every_game_has_its_words():
    moves = said_moves()
    assert len(moves) > 500, "is the book read?"
    games = {decl.parse().game_name for decl in scanner.scan().examples if page_edition(Path(decl.where.path)) != "designer"}
    assert {"muck-and-brass", "bus", "powerup", "1870", "hush"} <= games
    unsaid = [f"{page}: {example} move {number} ({written})" for page, example, number, sentence, written in moves
              if sentence is None]
    assert not unsaid, f"{len(unsaid)} moves without words, e.g. {unsaid[:5]}"
    # the players' names begin with capitals; the sentences too
    assert all(sentence[:1].isupper() for *_, sentence, _ in moves), [m for m in moves if not m[3][:1].isupper()][:3]
    lower = [m for m in moves if re.search(r"\b(ann|bob|cat|dan|red|blue)\b", m[3])]
    assert not lower, f"player's names in lower case: {lower[:3]}"


def test_the_player_s_html_prints_each_move_in_words_and_no_command():
    if not (HTML / "index.html").exists():
        pytest.skip("The player's edition in HTML is not built here; `make html-player` builds it (CI does, "
                    "before the tests).")
    pages: dict[Path, str] = {}
    missing, commands = [], []
    for page, example, number, sentence, written in said_moves():
        text = pages.setdefault(page, (HTML / page.with_suffix(".html")).read_text(encoding="utf-8"))
        start = text.find(f'id="{examples.anchor(example)}"')
        end = text.find(f'id="end-of-{examples.anchor(example)}"', start)
        box = html.unescape(re.sub(r"<[^>]+>", "", text[start:end])).replace("’", "'").replace("“", '"').replace("”", '"')
        if start < 0 or " ".join(sentence.rstrip(".").split()) not in " ".join(box.split()):
            missing.append(f"{page}: {example} move {number}: {sentence!r}")
    for page, text in pages.items():
        commands += [f"{page}: {re.sub('<[^>]+>', '', code)[:60]!r}" for play in PLAY.findall(text)
                     for code in re.findall(r"<code[^>]*>.*?</code>", play, re.S)]
    assert not missing, f"{len(missing)} moves not printed in words, e.g. {missing[:5]}"
    assert not commands, f"{len(commands)} moves printed as commands, e.g. {commands[:5]}"


def _letters(text: str) -> str:
    """Only the letters and digits: a sentence broken over lines, hyphenated or justified reads alike."""
    return re.sub(r"[^0-9A-Za-z]", "", text.replace("ﬁ", "fi").replace("ﬂ", "fl"))


def test_the_player_s_pdf_prints_each_move_in_words_and_no_monospace():
    found = sorted((ROOT / "_build" / "player" / "pdf").glob("*.pdf"))
    if not shutil.which("pdftotext") or not found:
        pytest.skip("The player's edition PDF is not built here (or poppler-utils is missing); `make rulebook` "
                    "builds it, and .ci/run installs poppler-utils.")
    fonts = subprocess.run(["pdffonts", str(found[0])], capture_output=True, text=True, check=True).stdout
    mono = [line.split()[0] for line in fonts.splitlines()[2:] if re.search(r"mono|courier|code", line, re.I)]
    assert not mono, f"the player's PDF prints text in monospace fonts: {mono}"
    text = _letters(subprocess.run(["pdftotext", str(found[0]), "-"], capture_output=True, text=True,
                                   check=True).stdout)
    missing = [f"{page}: {example} move {number}: {sentence!r}" for page, example, number, sentence, _ in said_moves()
               if _letters(sentence) not in text]
    assert not missing, f"{len(missing)} moves not printed in words in the PDF, e.g. {missing[:5]}"


def test_the_player_s_pdf_and_html_print_players_names_with_capitals():
    """A player's name reads the same wherever the player's edition prints it: "Ann" in the moves'
    sentences and the tables, and so in the example titles, the setups and outcomes, a refusal's
    reason, the book's prose and the diagrams (the PDF's text holds the diagrams' words too), never
    "ann" as the examples write it (issue 42). Each game's names are looked for in its own chapter:
    Bus's players are colours ("Red"), and "a yellow tile" in 1870's chapters is no name."""
    found = sorted((ROOT / "_build" / "player" / "pdf").glob("*.pdf"))
    if not shutil.which("pdftotext") or not found or not (HTML / "index.html").exists():
        pytest.skip("The player's edition is not built here (or poppler-utils is missing); `make rulebook` "
                    "builds it, and .ci/run installs poppler-utils.")
    names: dict[str, set[str]] = {}  # a chapter's folder: its players' names as the examples write them
    for page, _, result in _played():
        names.setdefault(page.parts[0], set()).update(n for n in phrases.run_players(result.run) if n[:1].islower())
    assert {"ann", "bob", "cat", "dan"} <= names.get("1870-market", set()) and "red" in names.get("bus", ()), names
    patterns = {folder: id_pattern(said) for folder, said in names.items() if said}
    # The PDF: each page read for the names of the chapter it is in (a chapter starts on a new page).
    out = subprocess.run(["pdfinfo", "-dests", str(found[0])], capture_output=True, text=True, check=True).stdout
    starts = sorted((int(page), -float(y), name[len("document-"):].split("/")[0])
                    for page, y, name in re.findall(r'^\s*(\d+) \[ XYZ\s+\S+\s+(\S+).*?\] "(document-[^"]*/[^"]*)"$',
                                                    out, re.M))
    assert len(starts) > 20, out[:500]
    pages = subprocess.run(["pdftotext", "-layout", str(found[0]), "-"], capture_output=True, text=True,
                           check=True).stdout.split("\f")
    in_pdf = []
    for number, text in enumerate(pages, start=1):
        folders = [folder for page, _, folder in starts if page <= number]
        pattern = patterns.get(folders[-1]) if folders else None
        in_pdf += [f"page {number}: {text[max(0, m.start() - 40):m.end() + 20]!r}" for m in
                   (pattern.finditer(text) if pattern else ())]
    assert not in_pdf, f"{len(in_pdf)} players' names in lower case in the player's PDF, e.g. {in_pdf[:6]}"
    # The HTML pages (the search index holds every word in lower case, and is not read).
    in_html = []
    for page in sorted(HTML.rglob("*.html")):
        pattern = patterns.get(page.relative_to(HTML).parts[0])
        if pattern is not None:
            parser = _Page(pattern)
            parser.feed(page.read_text(encoding="utf-8"))
            in_html += [f"{page.relative_to(HTML)}: {where}" for where in parser.found]
    assert not in_html, f"{len(in_html)} players' names in lower case in the player's HTML, e.g. {in_html[:6]}"


QUOTED_MOVE = re.compile(r"(?<!\w)'[^'\n]+'(?!\w)|‘[^’\n]+’")


def test_no_refusal_the_player_s_edition_prints_quotes_a_move_as_written():
    """A refused move's reason is the engine's, written for designers, who write moves: "start it with
    'par ATSF <price>'", "write 'add' with the street ...", "as in 'play A1 found CP'". The player's
    edition prints no notation, so each reason is said without it (``Phrases.reason_for_players``),
    for every refused move of every example the edition prints (issue 42: 14 of them quoted one)."""
    quoting, refused = [], 0
    for page, example, result in _played():
        words = phrases.for_game(result.run.game)
        for step in result.run.steps:
            if step.refusal is None:
                continue
            refused += 1
            said = words.reason_for_players(step.refusal.reason, step.text)
            if QUOTED_MOVE.search(said) or re.search(r"\bwrite\b|\bwritten\b", said):
                quoting.append(f"{page.name} {example} move {step.index}: {said}")
    assert refused > 14
    assert not quoting, f"{len(quoting)} refusals quote a move as the notation writes it: " + "\n".join(quoting)


@pytest.mark.parametrize("reason, move, said", [
    ("The ATSF has not been started; start it with 'par ATSF <price>'.", "", "The ATSF has not been started."),
    ("'par SP 90' is not something Ann can do now.", "par SP 90", "This move is not something Ann can do now."),
    ("It must first set the SLSF's par: 'par SLSF <price>'.", "", "It must first set the SLSF's par."),
    ("It has $100: sell shares first ('sell 2 SP'), or 'go bankrupt' when no sale can raise it.", "",
     "It has $100: sell shares first, or go bankrupt when no sale can raise it."),
    ("Lines grow from their ends: write 'add' with the street from one of your ends.", "", "Lines grow from their ends."),
    ("It needs a company: pick an inactive one (CP, SO), as in 'play A1 found CP'.", "",
     "It needs a company: pick an inactive one (CP, SO)."),
    ("It cannot follow. A double build that stops there is written 'expand LMR double M-L'.", "", "It cannot follow."),
    ("It is Bob's turn: markers are placed in seat order.", "", "It is Bob's turn: markers are placed in seat order."),
])
def test_a_refusal_s_reason_is_said_without_notation(reason, move, said):
    assert phrases.without_notation(reason, move) == said
