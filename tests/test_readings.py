"""The player's edition plays one reading of the rules: read back from the built book, no setup says
"Rules read as" and no quick reference lists how the book reads the rules; each game's chapter ends
with its "Clarifications and variants" table, and every example the edition prints under another
reading is marked as a variant and named in that table."""
from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

from rulewright.book import config
from rulewright.book import scanner
from rulewright.sphinx import clarifications, examples, wording
from tests.player_html import played_player_examples

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "player" / "html"
READINGS = ("Rules read as", "How this book reads the rules")


def _built() -> None:
    if not (HTML / "index.html").exists():
        pytest.skip("The player's edition in HTML is not built here; `make html-player` builds it (CI does, "
                    "before the tests).")


@lru_cache(maxsize=1)
def variants() -> list[tuple[Path, str]]:
    """(page, example ID) of each example the player's edition prints under a reading other than the book's."""
    return [(page, example) for page, example, result in played_player_examples(ROOT)
            if clarifications.variant_readings(result.run.game, result.run.settings or {})]


def chapters() -> list[Path]:
    rulebook = config.load(ROOT).rulebook
    return sorted(p.parent.relative_to(rulebook) for p in rulebook.glob("*/index.md")
                  if (p.parent / "glossary.md").exists())  # a game's chapter (not the records' folder)


def test_the_player_s_html_prints_no_reading_of_the_rules_but_the_book_s():
    _built()
    found = [f"{page.relative_to(HTML)}: {words}" for page in sorted(HTML.rglob("*.html"))
             for words in READINGS if words in page.read_text(encoding="utf-8")]
    assert not found, found


def test_each_game_s_chapter_ends_with_its_clarifications_and_each_variant_is_named_there():
    _built()
    assert variants(), "the book has examples under other readings: the test would show nothing without them"
    unnamed, unmarked, tables = [], [], 0
    for chapter in chapters():
        page = HTML / chapter / "clarifications.html"
        assert page.exists(), f"{chapter} has no Clarifications and variants page"
        text = page.read_text(encoding="utf-8")
        assert "Clarifications and variants" in text
        tables += 'class="rw-clarifications' in text
    listed = "".join((HTML / chapter / "clarifications.html").read_text(encoding="utf-8") for chapter in chapters())
    pages: dict[Path, str] = {}
    for page, example in variants():
        if f'{page.with_suffix(".html").name}#{examples.anchor(example)}"' not in listed:
            unnamed.append(f"{page}: {example}")
        text = pages.setdefault(page, (HTML / page.with_suffix(".html")).read_text(encoding="utf-8"))
        start = text.find(f'id="{examples.anchor(example)}"')
        box = text[start:text.find(f'id="end-of-{examples.anchor(example)}"', start)]
        if "rw-variant-note" not in box or 'href="clarifications.html"' not in box:
            unmarked.append(f"{page}: {example}")
    assert tables >= 5, "every game with settings has a settings table"  # (Hush has none)
    assert not unnamed, f"{len(unnamed)} variant examples not named in their Clarifications, e.g. {unnamed[:5]}"
    assert not unmarked, f"{len(unmarked)} variant examples not marked as variants, e.g. {unmarked[:5]}"


def test_the_player_s_pdf_prints_no_reading_of_the_rules_and_a_clarifications_section_per_chapter():
    found = sorted((ROOT / "_build" / "player" / "pdf").glob("*.pdf"))
    if not shutil.which("pdftotext") or not found:
        pytest.skip("The player's edition PDF is not built here (or poppler-utils is missing); `make rulebook` "
                    "builds it, and .ci/run installs poppler-utils.")
    # (as laid out: a table's rows read across, so a reading wrapped in its cell is read in order,
    # the other cells of its first line between its lines)
    text = " ".join(subprocess.run(["pdftotext", "-layout", str(found[0]), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert not [words for words in READINGS if words in text]
    heads = re.findall(r"\d+\.\d+\.? Clarifications and variants", text)
    assert len(heads) >= len(chapters()), heads
    letters = _letters(text)
    shown = _tabled_settings()
    missing = [f"{game.name}: {said!r}" for game in _games() for name, choices in wording.game_phrases(game).settings.items()
               if name in shown.get(game.name, game.settings)
               for said in choices.values() if not _in_order(_letters(said[:1].upper() + said[1:]), letters)]
    # (capitalised, as the table's rows print them: a variant's note says the reading in mid-sentence)
    assert not missing, f"readings not printed in the PDF's Clarifications and variants: {missing}"


def _letters(text: str) -> str:
    """Only the letters and digits: a sentence broken over lines or table cells' order aside."""
    return re.sub(r"[^0-9A-Za-z]", "", text.replace("ﬁ", "fi").replace("ﬂ", "fl"))


def _in_order(wanted: str, text: str) -> bool:
    """Whether ``wanted``'s letters are in ``text`` in order, from where its start is, with at most
    as many letters again between them: a table's cells are read row by row, so the lines of a
    sentence wrapped in its cell come between the other cells' words."""
    head = wanted[:12]
    for start in (m.start() for m in re.finditer(re.escape(head), text)):
        window, at = text[start:start + 2 * len(wanted) + 60], 0
        for letter in wanted:
            at = window.find(letter, at) + 1
            if not at:
                break
        else:
            return True
    return False


def _tabled_settings() -> dict[str, set[str]]:
    """The settings each game's ``{clarifications}`` blocks print: those a block lists (one listing
    none prints them all, and is left out here: every setting is then looked for)."""
    import yaml

    listed: dict[str, set[str]] = {}
    everything: set[str] = set()
    for page in config.load(ROOT).rulebook.rglob("*.md"):
        for block in re.findall(r"```\{clarifications\}\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            declared = yaml.safe_load(block) or {}
            game = str(declared.get("game"))
            if declared.get("settings") is None:
                everything.add(game)
            else:
                listed.setdefault(game, set()).update(declared["settings"])
    return {game: names for game, names in listed.items() if game not in everything}


def _games():
    from rulewright.book.registry import get_game

    config.load(ROOT).activate()
    names = {decl.game_name() for decl in scanner.scan().examples} - {None}
    return [get_game(name) for name in sorted(names) if get_game(name).settings]
