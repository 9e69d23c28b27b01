"""Hidden hands stay hidden wherever the player's edition shows a position: a designer's own game
with hidden hands (tests/toolchain/hidden_game: Whisper) in a project made by `rulewright new`,
its examples told from one player's point of view (`:as:`). Whisper is written as a designer new to
hidden information might: a card passed face down has an event that says nothing of who sees it,
and the diagram draws the discard pile from the true position. Over the whole built player's
edition (its pages, search index and pictures) no card the example's reader cannot see appears:
not in the moves' lines, their narration, a check told as another player, nor a picture; the
designer's edition prints each, marked as hidden."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulewright import cli, scaffold
from tests.player_html import reader_text

HIDDEN_GAME = Path(__file__).parent / "hidden_game"
# Each card some example's reader never sees (the pass, the discard, the other hands, the move
# refused out of turn), and each the readers do see (their own hands, the row).
SECRET = ("stork", "crane", "egret", "plover", "avocet", "gannet")
SEEN = ("heron", "curlew", "wren", "robin", "dunlin")


def make_project(folder: Path) -> Path:
    names = scaffold.Names("Whisper", "whisper")
    assert cli.main(["new", str(folder), "--title", names.title, "--game", names.game, "--bare"]) == 0
    package = folder / names.package
    for file in HIDDEN_GAME.iterdir():
        if file.suffix not in (".py", ".yaml", ".md") or file.name.startswith("test"):
            continue
        text = file.read_text(encoding="utf-8")
        for placeholder, value in (("@@GAME@@", names.game), ("@@PREFIX@@", names.prefix),
                                   ("@@PACKAGE@@", names.package)):
            text = text.replace(placeholder, value)
        (folder / "rulebook" / "rules.md" if file.name == "rules.md" else package / file.name).write_text(
            text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = make_project(tmp_path_factory.mktemp("whisper") / "whisper")
    out = {}
    for edition in ("player", "designer"):
        target = folder / "_out" / edition
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-t", edition, "-b", "html", "-c", ".",
                               "rulebook", str(target)], cwd=folder, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        out[edition] = (target, done.stderr)
    return out


def test_the_player_s_edition_prints_no_card_its_reader_cannot_see(built):
    out, said = built["player"]
    page = reader_text((out / "rules.html").read_text(encoding="utf-8"))
    everything = "".join(p.read_text(encoding="utf-8", errors="replace") for p in out.rglob("*")
                         if p.is_file() and p.suffix in (".html", ".js", ".svg", ".txt"))
    assert [card for card in SECRET if card in everything] == []
    assert [card for card in SEEN if card not in page] == [], page
    # the pass told as Ann sees it: a move she cannot see, not its card; the discard by its unseen sentence
    assert "Bob makes a move that Ann cannot see." in page, page
    assert "Ann discards a card face down." in page and "Ann discards the" not in page, page
    # a check told as Bob in an example told as Ann: how many, not which
    assert "as bob sees it, bob’s hand 2 unseen by ann" in page.lower().replace("'", "’"), page
    # the picture drawn from the true discard pile is left out, and the designer is told why, where
    assert "whisper-discard" not in said or "diagram" in said
    assert re.search(r"rules\.md:\d+: WARNING: The after diagram of this example would show players 'plover', "
                     r"in the discard pile, which bob cannot see: the game's diagram code \(whisper/diagram\.py\)",
                     said), said
    pictures = re.findall(r'alt="([^"]*)"', (out / "rules.html").read_text(encoding="utf-8"))
    assert "Ann discards, Bob watches: the position after the move" not in pictures
    assert "Bob passes a card: the position before the move" in pictures  # (what Ann sees: drawn)


def test_the_designer_s_edition_prints_each_hidden_card_marked(built):
    out, _ = built["designer"]
    page = reader_text((out / "rules.html").read_text(encoding="utf-8"))
    assert [card for card in SECRET if card not in page] == [], page
    assert "pass stork (hidden from ann)" in page, page
    assert "dunlin and gannet (hidden: only bob sees it)" in page, page


def test_a_book_at_an_older_check_level_is_advised_and_stays_green(tmp_path):
    """The picture check is new (`hidden-in-pictures`, level 0.5): a book written for 0.4 builds
    green in the strict build, told of the picture as advice, and the picture is still left out."""
    folder = make_project(tmp_path / "whisper")
    pyproject = folder / "pyproject.toml"
    pyproject.write_text(re.sub(r'(?m)^check-level = .*$', 'check-level = "0.4"',
                                pyproject.read_text(encoding="utf-8")), encoding="utf-8")
    out = folder / "_out"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-t", "player", "-b", "html",
                           "-c", ".", "rulebook", str(out)], cwd=folder, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "RULEWRIGHT_STRICT": "1"})
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "hidden-in-pictures" in said and "'plover', in the discard pile" in said, said
    assert "plover" not in "".join(p.read_text(encoding="utf-8", errors="replace") for p in out.rglob("*.svg"))
